#!/bin/sh
# The order in which outputs get each piece of input, where it shows: among
# pipes whose reader has gone (a write raises SIGPIPE, or fails with EPIPE),
# files, and /dev/full (as standard output or a FILE).  GNU's tee writes
# each piece to standard output, then to the FILEs in command-line order:
# what is reported, and what each file holds when SIGPIPE ends tee, follow
# from that.  Under the default mode (SIGPIPE default, and ignored), -p and
# each other --output-error mode (-p is warn-nopipe, whose spelling
# options.sh checks); one byte and a few KiB of input (one piece for both
# tools).  Compared with GNU.
. "$(dirname "$0")/lib.sh"

printf x > one
make_random_ some 5000 3

# gone_ ARGS: the tee_twin_ options that make p and q, where ARGS names
# them, pipes whose reader has gone.
gone_ ()
{
  for f in p q; do
    case " $1 " in *" $f "*) printf ' -g %s' $f ;; esac
  done
}

for mode in '' -n -p --output-error=warn --output-error=exit \
            --output-error=exit-nopipe; do
  # A pipe between files, last, first, after /dev/full, and two pipes.
  for args in 'a b p' 'p a b' 'a /dev/full p b' 'a p b q c'; do
    for out in /dev/full out; do
      # shellcheck disable=SC2086
      tee_twin_ -i one -o $out $(gone_ "$args") $mode $args || fail=1
    done
  done
  # The reader of standard output gone too.
  for out in epipe sigpipe; do
    case $out$mode in sigpipe-n) continue ;; esac
    # shellcheck disable=SC2086
    tee_twin_ -i one -o $out -g p $mode a /dev/full p b || fail=1
  done
done

# A few KiB.
for mode in '' -n --output-error=warn --output-error=exit; do
  for args in 'a b p c' 'a /dev/full p b'; do
    # shellcheck disable=SC2086
    tee_twin_ -i some -o out $(gone_ "$args") $mode $args || fail=1
  done
done

# Files over the size limit (SIGXFSZ ignored: writes fail with EFBIG) before
# a pipe that kills tee: every file's failure is reported, and each holds
# what the limit let in, before tee dies.
tt_ign_= tt_fifos_=' p'
for s in gnu brisk; do
  eval "bin=\$${s}_bin_"
  mkdir $s.d && cp some $s.d && mkfifo $s.d/p || framework_failure_ mkdir
  (cd $s.d && trap '' XFSZ && ulimit -f 2 \
   && { tee_run_ "$bin" some '' a b c p > out 2> err; echo $? > status; }) \
   || framework_failure_ "ulimit -f"
  rm $s.d/p
done
diff -r gnu.d brisk.d \
  || { echo "differ: tee a b c p > out, over the size limit" >&2; fail=1; }

Exit $fail
