#!/bin/sh
# NOT COMPARED WITH GNU (9.1 has no --debug): install --debug against
# the model of GNU 9.2 and later (its install copies with cp's code):
# it implies -v ("removed 'DST'" for a destination replaced, then
# "'SRC' -> 'DST'"), then the line of tests/cp/debug.sh ("copy
# offload: ..., method: ..."); nothing for a file that -C leaves be,
# nor for a directory.  On tmpfs (/dev/shm): copy_file_range, the
# sparse rung, read/write from /dev/null (install copies from special
# files); across file systems, read/write.  The clone rung:
# tests/cp/debug-xfs.sh.
. "$(dirname "$0")/../init.sh"

use_tool_ install
shm_dir_
printf 'some data\n' > a && truncate -s 1M sparse && printf x >> sparse \
  || framework_failure_ "files"

# check_ EXP ARG...: install --debug ARG... exits 0, silent on stderr,
# and prints EXP's lines.
check_ ()
{
  printf '%s\n' "$1" > exp
  shift
  brisk_ install --debug "$@" > out 2> err || fail=1
  compare exp out || fail=1
  compare /dev/null err || fail=1
}

range=$(debug_line_ yes unsupported no copy_file_range)
check_ "'a' -> 'b'
$range" a b
cmp a b || fail=1
check_ "removed 'b'
'a' -> 'b'
$range" a b
check_ "'sparse' -> 's'
$(debug_line_ yes unsupported SEEK_HOLE sparse)" sparse s
cmp sparse s || fail=1
check_ "'/dev/null' -> 'n'
$(debug_line_ unsupported unsupported no read/write)" /dev/null n
compare /dev/null n || fail=1
check_ "'a' -> '$tmp_root_/w/x'
$(debug_line_ unsupported unsupported no read/write)" a "$tmp_root_/w/x"
cmp a "$tmp_root_/w/x" || fail=1

# -C: b already is what it would be made; nothing is said.
brisk_ install --debug -C a b > out 2> err || fail=1
compare /dev/null out || fail=1
compare /dev/null err || fail=1

check_ "install: creating directory 'd'" -d d

Exit $fail
