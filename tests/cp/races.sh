#!/bin/sh
# Files that change while cp copies them, and a cp interrupted.  strace
# holds cp still for a while on the return of one chosen system call
# (an injected delay), and the test changes the files meanwhile.
# (a) A source that grows, shrinks (below and above what was copied
#     already, and into the hole of the one with holes) or is removed
#     after 256 KiB of it were written, read and written in 128 KiB
#     pieces (copy_file_range made to fail with EXDEV, FICLONE with
#     EOPNOTSUPP), with and without holes: the copy, the status and the
#     messages are GNU's, and the copy holds no byte that was not read:
#     it is a prefix of the source as it was made, followed by zeros
#     (a hole, or the zeros appended); but for the source with holes
#     truncated into its hole, where GNU 9.1 writes zeros it did not
#     read and Brisk must not.
# (b) The directory cp is filling in the destination swapped for a
#     symbolic link to another directory, just after cp made it: nothing
#     is written through the link (GNU 9.1 follows it; Brisk must not),
#     cp names the directory and exits 1.  Brisk's own: not run when the
#     cp under test is GNU's.
# (c) cp -a interrupted (SIGINT) half-way through a file: the source is
#     intact, and the copy does not look complete: it is shorter than
#     the source and has not got its mtime.
# When cp finishes before the change was made (a busy machine), that
# run is made again with a longer hold.
. "$(dirname "$0")/lib.sh"
require_strace_

held_pid_=

# held_cp_ SIDE HOLD CALL N ARG...: start "cp ARG..." as SIDE's cp (gnu
# or brisk) in the background (its pid: $held_pid_; standard error:
# file err), under strace, held HOLD seconds after its Nth call of
# CALL; copy_file_range fails with EXDEV and ioctl with EOPNOTSUPP, so
# that data goes through read and write, 128 KiB at a time.
held_cp_ ()
{
  hc_dir_=$gnu_bin_
  test "$1" = gnu || hc_dir_=$brisk_bin_
  hc_inject_="inject=$3:delay_exit=${2}s:when=$4"
  shift 4
  (
    PATH=$hc_dir_:$PATH BRISK_IO_BUFSIZE=131072
    export PATH BRISK_IO_BUFSIZE
    # SIGINT as by default, even where this test inherits it ignored
    # (a run started in the background), for (c).
    exec env --default-signal=INT \
      strace -f -o /dev/null -e inject=copy_file_range:error=EXDEV \
      -e inject=ioctl:error=EOPNOTSUPP -e "$hc_inject_" cp "$@" 2> err
  ) &
  held_pid_=$!
}

# at_least_ FILE N: FILE exists and has N bytes or more.
at_least_ ()
{
  test -f "$1" && test "$(stat -c %s "$1")" -ge "$2"
}

# change_ MODE: change file src as MODE says.
change_ ()
{
  case $1 in
    grow) head -c 300000 /dev/zero >> src ;;
    shrink-below) truncate -s 200000 src ;;
    shrink-above) truncate -s 400000 src ;;
    shrink-hole) truncate -s 3M src ;;
    remove) rm src ;;
  esac
}

# Sources of 1 MiB: one plain, one with a hole of 4 MiB in the middle.
make_random_ plain 1048576 3 && make_random_ part 1048576 4 \
  && cp part sparse && truncate -s 5M sparse && cat part >> sparse \
  || framework_failure_ "make sources"

# read_only_ KIND: dst holds only bytes that were read: it is a prefix
# of KIND followed by 5 MiB of zeros (the hole of a source truncated to
# 3 MiB, or the zeros appended).
read_only_ ()
{
  { cat $1 && head -c 5M /dev/zero; } > read \
    || framework_failure_ "make read"
  cmp -n "$(stat -c %s dst)" dst read > /dev/null
}

# (a) For each side, source kind and change: the status, size,
# checksum and messages of the copy, in $cmp_/SIDE/a.
for side in gnu brisk; do
  : > "$cmp_/$side/a"
  for kind in plain sparse; do
    for mode in grow shrink-below shrink-above shrink-hole remove; do
      # Truncated into its hole, the source with holes is 3 MiB; GNU
      # 9.1 gives a copy of 6 MiB, the size it saw first, whose last MiB
      # is zeros where it read nothing (and reading gives nothing).
      # Brisk's own: its copy is the source as it was then.
      own=false
      if test $kind,$mode = sparse,shrink-hole; then
        test $side = brisk && test -z "$twin_self_" || continue
        own=true
      fi
      for hold in 0.3 2 5; do
        rm -f src dst err && "$gnu_cp_" --sparse=always $kind src \
          || framework_failure_ "cp $kind"
        held_cp_ $side $hold write 2 src dst
        hit=false
        if wait_for_ 200 at_least_ dst 262144; then
          change_ $mode
          kill -0 $held_pid_ 2> /dev/null && hit=true
        fi
        wait $held_pid_
        st=$?
        $hit && break
      done
      $hit || { echo "$side: $kind, $mode: cp ended before the change"
                fail=1; }
      read_only_ $kind \
        || { echo "$side: $kind, $mode: the copy holds bytes not read"
             fail=1; }
      if $own; then
        test $st = 0 && test ! -s err \
          && test "$(stat -c %s dst)" = $((3 << 20)) \
          || { echo "$side: $kind, $mode: status $st," \
                    "$(stat -c %s dst) bytes, not 0 and 3 MiB:"
               cat err; fail=1; }
        continue
      fi
      { echo "== $kind, $mode: status $st, $(stat -c %s dst) bytes," \
             "$(cksum < dst)"
        cat err; } >> "$cmp_/$side/a"
    done
  done
done
compare "$cmp_/gnu/a" "$cmp_/brisk/a" || fail=1

# (b) cp -r and cp -a of s (s/top, s/sub/f): hold cp after it made d/sub
# (its second mkdir), and put a link to ../out there meanwhile.
if "$BRISK_CP" --version | sed 1q | grep 'GNU coreutils' > /dev/null; then
  echo "(b) not run: the cp under test is GNU's, which follows the link"
else
  for opt in -r -a; do
    for hold in 0.3 2 5; do
      rm -rf s d out err && mkdir -p s/sub out && echo f > s/sub/f \
        && echo top > s/top || framework_failure_ "make s"
      held_cp_ brisk $hold mkdir,mkdirat 2 $opt s d
      hit=false
      if wait_for_ 200 test -d d/sub; then
        mv d/sub d/sub.real && ln -s ../out d/sub \
          || framework_failure_ "swap d/sub"
        kill -0 $held_pid_ 2> /dev/null && hit=true
      fi
      wait $held_pid_
      st=$?
      $hit && break
    done
    $hit || { echo "(b) cp $opt: cp ended before the swap"; fail=1; }
    test -z "$(ls out)" \
      || { echo "cp $opt wrote through the link: out holds $(ls out)"
           fail=1; }
    test $st = 1 || { echo "cp $opt: status $st, expected 1"; fail=1; }
    grep "^cp: .*'d/sub'" err > /dev/null \
      || { echo "cp $opt: no message naming 'd/sub':"; cat err; fail=1; }
    compare s/top d/top || fail=1
  done
fi

# (c) SIGINT to cp -a, held after its second write.
for hold in 0.3 2 5; do
  rm -f src dst err && cp plain src && touch -d '2001-02-03 04:05:06' src \
    || framework_failure_ "make src"
  held_cp_ brisk $hold write 2 -a src dst
  hit=false
  if wait_for_ 200 at_least_ dst 262144; then
    # cp is the child of strace.
    pid=$(child_of_ $held_pid_)
    test -n "$pid" && kill -INT $pid && kill -0 $held_pid_ 2> /dev/null \
      && hit=true
  fi
  wait $held_pid_
  # A cp that copied it all was not interrupted: it had written its
  # last byte when the signal came (a loaded machine); hold it longer.
  # (Not strace's status: as a background job it ignores SIGINT, and
  # exits 0 whatever cp did.)
  test "$(stat -c %s dst)" -lt 1048576 || hit=false
  $hit && break
done
$hit || { echo "(c): cp ended before the signal"; fail=1; }
compare plain src || { echo "(c): the source changed"; fail=1; }
test "$(stat -c %s dst)" -lt 1048576 \
  || { echo "(c): the interrupted copy has the whole size"; fail=1; }
test "$(stat -c %Y dst)" != "$(stat -c %Y src)" \
  || { echo "(c): the interrupted copy has the source's mtime"; fail=1; }

Exit $fail
