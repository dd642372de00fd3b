#!/bin/sh
# No copy_file_range call asks for more than 2 GiB (as GNU 9.8: glibc
# 2.41 and 2.42 emulate the call wrongly for longer ranges and corrupt
# the copy, sourceware PR 33245).  A sparse file of 5 GiB with a few
# bytes written past 2 GiB and past 4 GiB is copied by the engine's
# copy_file_range rung under strace; every call's length must be at
# most 2 GiB, and the copy the same bytes as the source.  cp takes a
# sparse file's data extents one by one, and --sparse=never avoids
# copy_file_range (GNU 9.4 and later): cat, which has the rung alone,
# copies the whole 5 GiB with it.  The files
# are on XFS (a loop-mounted image, mount_xfs_), whose copy_file_range
# shares the source's blocks: no 5 GiB of zeros are written.  mv across
# file systems and install go through the same engine call.
. "$(dirname "$0")/../init.sh"

require_strace_
cat=$BRISK_BIN/cat
test -x "$cat" || framework_failure_ "$cat missing"
# A loop device: root only, even in a user namespace.
require_root_
mount_xfs_ x

truncate -s 5G x/big || framework_failure_ "truncate"
# data_ OFFSET TEXT: write TEXT into x/big at OFFSET.
data_ ()
{
  printf '%s' "$2" | dd of=x/big bs=1 seek=$1 conv=notrunc status=none \
    || framework_failure_ "write at $1"
}
data_ 0 'first'
data_ 2147483640 'across 2 GiB'
data_ 3000000000 'past 2 GiB'
data_ 4294967290 'across 4 GiB'
data_ 5368709100 'the end.'
test "$(stat -c %s x/big)" = 5368709120 || framework_failure_ "size of big"

strace -f -e trace=copy_file_range -o trace \
  "$cat" x/big > x/copy 2> err || fail=1
compare /dev/null err || fail=1
# The copy holds the same bytes: the same size, and the same two MiB
# around each piece of data (the rest of the source is holes; reading
# all 10 GiB back costs a minute of system time on a loop device).
test "$(stat -c %s x/copy)" = 5368709120 || fail=1
for mib in 0 2047 2861 4095 5119; do
  for f in big copy; do
    dd if=x/$f of=$f.$mib bs=1M skip=$mib count=2 status=none \
      || framework_failure_ "read x/$f at $mib MiB"
  done
  cmp big.$mib copy.$mib || fail=1
done

# The length is the fifth argument; at least one call moved data.
grep -c 'copy_file_range(.*) = [1-9]' trace > calls || fail=1
test "$(cat calls)" -ge 3 || { cat trace; fail=1; }
awk -F', ' '/copy_file_range\(/ && $5 + 0 > 2147483648 { bad = 1; print }
            END { exit bad }' trace || fail=1

Exit $fail
