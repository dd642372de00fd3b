#!/bin/sh
# A reader that closes the pipe early, under the default mode (SIGPIPE kills,
# or EPIPE is silent when SIGPIPE is ignored), -p, and each --output-error
# mode.  Short input against a reader already gone: stdout, stderr, status
# and files compared with GNU.  Long input against a reader that goes after
# its first bytes: status and stderr compared with GNU, and the file outputs
# whole wherever tee must go on.
. "$(dirname "$0")/lib.sh"

printf 'some data\n' > small
make_random_ big 4000000 13

for i in small pipe:small; do
  for out in epipe sigpipe; do
    for mode in '' -p --output-error --output-error=warn \
                --output-error=warn-nopipe --output-error=exit \
                --output-error=exit-nopipe; do
      # shellcheck disable=SC2086
      tee_twin_ -i $i -o $out $mode f || fail=1
      # shellcheck disable=SC2086
      tee_twin_ -i $i -o $out $mode || fail=1
    done
  done
done

# early_ BIN SIG MODE: run "tee MODE f g" from BIN's directory on big through
# a pipe, stdout to a reader that takes 1000 bytes and exits, SIGPIPE as SIG
# says (default, or ignore); print tee's status, its stderr, and whether f
# and g are whole.
early_ ()
{
  (
    rm -f f g
    {
      if test "$2" = ignore; then
        # shellcheck disable=SC2086
        cat big | PATH=$1:$PATH perl -e '$SIG{PIPE} = "IGNORE"; exec @ARGV' \
          tee $3 f g 2> err
      else
        # shellcheck disable=SC2086
        cat big | PATH=$1:$PATH tee $3 f g 2> err
      fi
      echo "status $?" > st
    } | head -c 1000 > /dev/null
    cat st err
    cmp -s big f && echo "f whole"
    cmp -s big g && echo "g whole"
  )
}

for sig in default ignore; do
  for mode in '' -p --output-error=warn --output-error=warn-nopipe \
              --output-error=exit --output-error=exit-nopipe; do
    early_ "$gnu_bin_" $sig "$mode" > exp
    early_ "$brisk_bin_" $sig "$mode" > out
    compare exp out \
      || { echo "differ: tee $mode f g, SIGPIPE $sig, early reader" >&2
           fail=1; }
  done
done

Exit $fail
