#!/bin/sh
# NOT COMPARED WITH GNU (9.1 has no --debug): cp --debug against the
# model of GNU 9.2 and later (src/copy.c's emit_debug, the manual, the
# greps of GNU's tests cp/debug.sh and cp/sparse-2.sh): --debug implies
# -v, then after each file whose data was copied (or tried) one line
#   copy offload: WAY, reflink: WAY, sparse detection: HOW
# to which Brisk adds, last, ", method: M", the rung of its copy engine
# that finished the copy.  Each rung this machine can run, on tmpfs
# (/dev/shm), where copy_file_range copies and FICLONE cannot:
# copy_file_range, the sparse rung (SEEK_DATA, then copy_file_range),
# read/write (zeros made holes under --sparse=always; a pipe; an empty
# file; across file systems, where copy_file_range cannot), a failed
# --reflink=always.  Also: nothing for --attributes-only, and "skipped
# 'DST'" for a file that -n, -u, --update=none or -i leaves be (GNU
# 9.3 and later).  The clone rung: tests/cp/debug-xfs.sh.
. "$(dirname "$0")/../init.sh"

use_tool_ cp
shm_dir_
shm=$PWD

printf 'some data\n' > a || framework_failure_ a
: > empty || framework_failure_ empty
truncate -s 1M sparse && printf x >> sparse || framework_failure_ sparse
head -c 65536 /dev/zero > zeros && printf y >> zeros \
  || framework_failure_ zeros

# check_ EXIT 'VERBOSE' 'DEBUG' [ARG...]: cp --debug ARG... exits with
# EXIT, prints the lines VERBOSE and DEBUG (none if empty), and the
# copy's bytes are the source's.
check_ ()
{
  c_st=$1 c_v=$2 c_d=$3
  shift 3
  rm -f out && brisk_ -i "${c_in-/dev/null}" cp --debug "$@" > out 2> err
  echo $? > st && echo "$c_st" | compare - st || fail=1
  { test -z "$c_v" || echo "$c_v"; test -z "$c_d" || echo "$c_d"; } > exp
  compare exp out || fail=1
}

check_ 0 "'a' -> 'b'" "$(debug_line_ yes unsupported no copy_file_range)" a b
cmp a b || fail=1
compare /dev/null err || fail=1
check_ 0 "'a' -> 'b2'" "$(debug_line_ yes no no copy_file_range)" \
  --reflink=never a b2
cmp a b2 || fail=1
# A sparse file: its data by copy_file_range, its zeros as they are
# (GNU 9.2 and later; 9.1 made holes of them and used read/write).
check_ 0 "'sparse' -> 's2'" \
  "$(debug_line_ yes unsupported SEEK_HOLE sparse)" sparse s2
cmp sparse s2 || fail=1
test "$(stat -c %b s2)" -lt 100 || fail=1
check_ 0 "'zeros' -> 'z2'" \
  "$(debug_line_ avoided unsupported zeros read/write)" \
  --sparse=always zeros z2
cmp zeros z2 || fail=1
# --sparse=never: neither a clone nor copy_file_range, which could keep
# holes (GNU 9.4 and later).
for f in a sparse; do
  check_ 0 "'$f' -> '$f-never'" "$(debug_line_ avoided no no read/write)" \
    --sparse=never $f $f-never
  cmp $f $f-never || fail=1
done
check_ 0 "'empty' -> 'e2'" "$(debug_line_ unknown unsupported no read/write)" \
  empty e2
cmp empty e2 || fail=1

# A pipe: neither FICLONE nor copy_file_range can read it.
printf 'piped\n' > piped || framework_failure_ piped
c_in=pipe:piped
check_ 0 "'/dev/stdin' -> 'p2'" \
  "$(debug_line_ unsupported unsupported no read/write)" /dev/stdin p2
unset c_in
cmp piped p2 || fail=1

# Across file systems (tmpfs to the test's directory, another one).
check_ 0 "'a' -> '$tmp_root_/w/x'" \
  "$(debug_line_ unsupported unsupported no read/write)" a "$tmp_root_/w/x"
cmp a "$tmp_root_/w/x" || fail=1

# --reflink=always on tmpfs: the clone fails, nothing else is tried;
# GNU's line still follows.
check_ 1 "'a' -> 'r'" "$(debug_line_ unknown unsupported unknown none)" \
  --reflink=always a r
echo "cp: failed to clone 'r' from 'a': Operation not supported" > exp
compare exp err || fail=1

# No data copied, no line: --attributes-only, links.
check_ 0 "'a' -> 'attr'" '' --attributes-only a attr
check_ 0 "'a' -> 'ln'" '' -l a ln
check_ 0 "'$shm/a' -> 'sym'" '' -s "$shm/a" sym

# Left be: "skipped".
for opt in -n --update=none -u; do
  check_ 0 '' "skipped 'b'" $opt a b
done
touch -d '2001-01-01' a || framework_failure_ touch
echo n > no
# A "no" exits 1 (GNU 9.2 and later; 9.1: 0).
returns_ 1 brisk_ -i no cp --debug -i a b > out 2> err || fail=1
echo "skipped 'b'" | compare - out || fail=1
echo "cp: overwrite 'b'? " | tr -d '\n' | compare - err || fail=1

Exit $fail
