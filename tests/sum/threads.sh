#!/bin/sh
# -j/--threads: with -j 1, 2, 8 and 0, the output is GNU's without -j,
# byte for byte: standard output, standard error, the two merged (their
# interleaving) and the exit status.  On a corpus of files that cannot
# be read (a directory, missing files, a dangling symbolic link, a
# symbolic link loop, a path through a regular file), duplicates, odd
# names (newline, backslash, carriage return, invalid UTF-8), '-' and a
# FIFO, in generate and --check modes (OK, FAILED, missing and
# improperly formatted lines, with --quiet, --status, --strict, --warn
# and --ignore-missing); then 10,000 tiny files; then -j arguments that
# are not numbers, rejected as GNU sort rejects them for --parallel.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.

# 10,000 files are made and removed in a fraction of a second on tmpfs,
# in tens of seconds on some disks: use /dev/shm unless TMPDIR says.
test -z "${TMPDIR-}" && test -d /dev/shm && test -w /dev/shm \
  && { TMPDIR=/dev/shm; export TMPDIR; }
. "$(dirname "$0")/../init.sh"

# ---- The corpus -------------------------------------------------------------

nl='new
line'
bs='back\slash'
cr=$(printf 'car\rreturn')
bad=$(printf 'bad\377utf8')
printf 'a\n' > a
: > empty
make_random_ big 300000 7
printf 'newline\n' > "$nl"
printf 'backslash\n' > "$bs"
printf 'cr\n' > "$cr"
printf 'invalid\n' > "$bad"
printf 'from stdin\n' > in
printf 'through a FIFO\n' > fifo.data
mkdir dir || framework_failure_ mkdir
ln -s nowhere dangling && ln -s loop loop || framework_failure_ "ln -s"
mkfifo fifo || framework_failure_ mkfifo

# feed_fifo_: start the writer of fifo for one run, as $fifo_mode says:
# "now" opens it at once, "late" once the reader has waited a while,
# "empty" late and writes nothing, "none" starts no writer.
fifo_mode=now
feed_fifo_ ()
{
  case $fifo_mode in
    none) return ;;
    now) (printf 'through a FIFO\n' > fifo) & ;;
    late) (sleep 0.2; printf 'through a FIFO\n' > fifo) & ;;
    empty) (sleep 0.2; : > fifo) & ;;
  esac
  ff_pid_=$!
}

# end_fifo_: stop the writer of the last run, if it is still there
# (waiting to open a FIFO that no one opened).
# SIGKILL: a subshell killed before it has reset the traps it was
# forked with would run this shell's, whose cleanup_ removes the test's
# directory under it.
end_fifo_ ()
{
  test $fifo_mode = none && return
  kill -KILL $ff_pid_ 2>/dev/null
  wait $ff_pid_ 2>/dev/null
}

# brisk_run_ IN OUT TOOL ARG...: run Brisk's TOOL, as gnu_run_ runs
# GNU's (or its emulation, for md2sum and md4sum).
brisk_run_ ()
{
  run_in_ "$brisk_bin_" "$@"
}

# jrun_ RUN IN TAG TOOL ARG...: run TOOL with RUN (gnu_run_ or
# brisk_run_), standard input IN, twice: into TAG.out and TAG.err, then
# with both merged into TAG.all.  The two exit statuses go to TAG.st.
jrun_ ()
{
  jr_run_=$1 jr_in_=$2 jr_tag_=$3
  shift 3
  feed_fifo_
  $jr_run_ "$jr_in_" '' "$@" > $jr_tag_.out 2> $jr_tag_.err
  echo $? > $jr_tag_.st
  end_fifo_
  feed_fifo_
  $jr_run_ "$jr_in_" merged "$@" > $jr_tag_.all
  echo $? >> $jr_tag_.st
  end_fifo_
}

# jcase_ IN TOOL ARG...: GNU's TOOL ARG... against Brisk's with each
# of $jays (-j 1, 2, 8 as --threads=8, and 0); print what differs, and
# fail if anything does.
jcase_ ()
{
  jc_in_=$1 jc_t_=$2
  shift 2
  jrun_ gnu_run_ $jc_in_ gnu $jc_t_ "$@"
  jc_ok_=0
  for j in $jays; do
    # shellcheck disable=SC2086 # $j is an option and its argument
    jrun_ brisk_run_ $jc_in_ brisk $jc_t_ $j "$@"
    for s in out err all st; do
      cmp -s gnu.$s brisk.$s && continue
      show_cmd_ "$j: $s differs from GNU's (no -j)" $jc_t_ "$@"
      compare gnu.$s brisk.$s >&2
      jc_ok_=1
    done
  done
  return $jc_ok_
}

jays="-j1 -j2 --threads=8 -j0"

# The operands: every kind of file, '-' and the FIFO once each (a
# second open of either would wait for a writer that is gone).
set -- a empty dir missing big "$nl" a dangling - "$bs" loop fifo "$cr" \
  "$bad" a/x big a empty

for t in $some_sum_tools; do
  jcase_ in $t "$@" || fail=1
done
jcase_ in md5sum --tag "$@" || fail=1
jcase_ in md5sum -z -- "$@" || fail=1
# The same with files opened one at a time, not in io_uring batches.
BRISK_URING=0 && export BRISK_URING
jays="-j1 -j2"
jcase_ in md5sum "$@" || fail=1
unset BRISK_URING
jays="-j1 -j2 --threads=8 -j0"

# Waiting for the FIFO's writer: one that comes late, and one that
# writes nothing.
jays=-j2
for fifo_mode in late empty; do
  jcase_ in md5sum a fifo big || fail=1
done
jays="-j1 -j2 --threads=8 -j0"
fifo_mode=now

# ---- --check ----------------------------------------------------------------

# sum_as_ TOOL FILE NAME: FILE's checksum line, naming NAME.
sum_as_ ()
{
  ref_ -i "$2" $1 | sed "s| -\$| $3|"
}

for t in $some_sum_tools; do
  ref_ $t a empty big "$nl" "$bs" "$cr" "$bad" > good.chk \
    || framework_failure_ "GNU's $t"
  {
    sed 2q good.chk
    sum_as_ $t a missing
    echo '# a comment'
    sum_as_ $t a empty                  # FAILED
    echo 'not a checksum line'
    sum_as_ $t in -
    sum_as_ $t a dir
    sed 1,2d good.chk
    echo
    sum_as_ $t a dangling
    sum_as_ $t fifo.data fifo
    printf '0123  short\n'
    sum_as_ $t a loop
    sed 1q good.chk
    sum_as_ $t a a | tr -d '\n'; printf '\r\n'
  } > mixed.chk
  { sed 3q good.chk; sum_as_ $t a a/x; echo junk; } > more.chk
  { sum_as_ $t a missing; sum_as_ $t a gone; } > missing.chk
  printf 'nothing\nproper\n' > none.chk

  fifo_mode=now
  jcase_ in $t -c mixed.chk || fail=1
  fifo_mode=none
  jcase_ more.chk $t -c --warn - none.chk missing.chk nosuch.chk good.chk \
    || fail=1
done

# The options of --check, with md5sum.
fifo_mode=now
for o in --quiet --status '--ignore-missing --strict --warn'; do
  # shellcheck disable=SC2086 # $o: options
  jcase_ in md5sum -c $o mixed.chk || fail=1
done
fifo_mode=none
for o in '--quiet --strict' '--ignore-missing --status'; do
  # shellcheck disable=SC2086
  jcase_ in md5sum -c $o more.chk none.chk missing.chk good.chk || fail=1
done

# ---- 10,000 tiny files ------------------------------------------------------

mkdir many && cd many || framework_failure_ "mkdir many"
seq 10000 | split -l 1 -a 4 - t || framework_failure_ "split"
test "$(ls | wc -l)" = 10000 || framework_failure_ "10,000 files"
ref_ md5sum t* > ../many.exp && ref_ md5sum -c ../many.exp > ../many.c.exp \
  || framework_failure_ "GNU md5sum on 10,000 files"
for j in 1 2 8 0; do
  brisk_ md5sum -j $j t* > ../many.out || fail=1
  compare ../many.exp ../many.out || fail=1
  brisk_ md5sum -j $j -c ../many.exp > ../many.out || fail=1
  compare ../many.c.exp ../many.out || fail=1
done
cd .. || framework_failure_ "cd .."

# ---- Arguments that are not numbers -----------------------------------------

# GNU sort's words for --parallel, with md5sum's failure status (1).
for arg in x -1 '' 1k 2x ' x'; do
  sort --parallel="$arg" < /dev/null > /dev/null 2> sort.err
  test $? = 2 || framework_failure_ "sort --parallel='$arg' succeeded"
  sed 's/^sort:/md5sum:/; s/--parallel/--threads/' sort.err > exp
  returns_ 1 brisk_ md5sum --threads="$arg" a > out 2> err || fail=1
  compare exp err || fail=1
  compare /dev/null out || fail=1
  sed 's/--threads/-j/' exp > exp.j
  returns_ 1 brisk_ md5sum -j "$arg" a > out 2> err || fail=1
  compare exp.j err || fail=1
done
# What sort takes, -j takes: a leading '+' or blank, a number too large
# (as many threads as it runs at most).
ref_ md5sum a > exp || framework_failure_ "GNU md5sum a"
for arg in +2 ' 3' 99999999999999999999999 00; do
  brisk_ md5sum -j "$arg" a > out || fail=1
  compare exp out || fail=1
done

Exit $fail
