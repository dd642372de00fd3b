#!/bin/sh
# A file onto a directory: cp, mv and install name both, as GNU 9.5 and
# later do ("cannot overwrite directory 'D' with non-directory 'F'";
# 9.1 names the directory only, so this is asserted, not compared),
# exit 1 and leave the directory and the file as they were: with -T,
# into a directory that holds one of the file's name, and mv across
# file systems (/dev/shm, where it is one).
. "$(dirname "$0")/../init.sh"
for t in cp mv install; do use_tool_ $t; done

# check_ TOOL DIR ARG...: Brisk's TOOL with ARG refuses to put f over
# the directory DIR.
check_ ()
{
  ck_tool_=$1 ck_dir_=$2
  shift 2
  rm -rf f t && mkdir -p t/d t/f && printf x > f \
    || framework_failure_ "set-up"
  returns_ 1 brisk_ $ck_tool_ "$@" > out 2> err || fail=1
  printf "%s: cannot overwrite directory '%s' with non-directory '%s'\n" \
    $ck_tool_ "$ck_dir_" f > exp
  compare exp err || fail=1
  test -d t/d && test -d t/f && test "$(cat f)" = x || fail=1
}

check_ cp t -T f t
check_ cp t/f f t
check_ cp t/d -T f t/d
check_ mv t -T f t
check_ mv t/f f t
check_ install t -T f t
check_ install t/f f t
check_ install t/f -t t f
shm=$(mktemp -d /dev/shm/brisk-dnd.XXXXXX) \
  || framework_failure_ "mktemp /dev/shm"
mkdir "$shm/f" || framework_failure_ "mkdir $shm/f"
check_ mv "$shm/f" f "$shm"
check_ cp "$shm/f" f "$shm"
test -d "$shm/f" || fail=1
rm -rf "$shm"

Exit $fail
