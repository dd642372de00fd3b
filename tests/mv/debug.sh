#!/bin/sh
# NOT COMPARED WITH GNU (9.1 has no --debug): mv --debug against the
# model of GNU 9.2 and later: it implies -v; a file moved across file
# systems is "copied 'SRC' -> 'DST'", then the line of tests/cp/debug.sh
# ("copy offload: ..., method: ..."), then "removed 'SRC'"; a rename
# copies nothing and adds no line; a destination that -n, -u,
# --update=none or -i leaves be is "skipped 'DST'" (GNU 9.3 and later).
# Across file systems: from tmpfs (/dev/shm) to the test's directory,
# where copy_file_range cannot go: read/write, and the sparse rung for
# a sparse file.
. "$(dirname "$0")/../init.sh"

use_tool_ mv
w=$PWD
shm_dir_
shm=$PWD
cd "$w" || framework_failure_ "cd $w"

printf 'some data\n' > "$shm/a" && cp "$shm/a" keep \
  && truncate -s 1M "$shm/sparse" && printf x >> "$shm/sparse" \
  && cp "$shm/sparse" keep-sparse || framework_failure_ "files"


brisk_ mv --debug "$shm/a" b > out 2> err || fail=1
{ echo "copied '$shm/a' -> 'b'"
  debug_line_ unsupported unsupported no read/write
  echo "removed '$shm/a'"; } > exp
compare exp out || fail=1
compare /dev/null err || fail=1
cmp keep b || fail=1

brisk_ mv --debug "$shm/sparse" s > out 2> err || fail=1
{ echo "copied '$shm/sparse' -> 's'"
  debug_line_ unsupported unsupported SEEK_HOLE sparse
  echo "removed '$shm/sparse'"; } > exp
compare exp out || fail=1
compare /dev/null err || fail=1
cmp keep-sparse s || fail=1

brisk_ mv --debug b c > out 2> err || fail=1
echo "renamed 'b' -> 'c'" | compare - out || fail=1
compare /dev/null err || fail=1

cp keep d && touch -d '2001-01-01' d || framework_failure_ d
for opt in -n --update=none -u; do
  brisk_ mv --debug $opt d c > out 2> err || fail=1
  echo "skipped 'c'" | compare - out || fail=1
  compare /dev/null err || fail=1
done
echo n > no
# A "no" exits 1 (GNU 9.2 and later; 9.1: 0).
returns_ 1 brisk_ -i no mv --debug -i d c > out 2> err || fail=1
echo "skipped 'c'" | compare - out || fail=1
cmp keep d || fail=1

Exit $fail
