#!/bin/sh
# Files under /proc/sys refuse a read of 4 MiB or more (ENOMEM): with
# BRISK_IO_BUFSIZE that large, every tool must still read them, retrying
# with a smaller count, and print what GNU prints.  The buffer size
# changes speed, never output.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
use_tool_ tee

p=/proc/sys/kernel/ostype
q=/proc/sys/kernel/osrelease
test -r $p && test -r $q || framework_failure_ "no $p or $q"
# Copies in the work directory, for the md2sum/md4sum reference (its
# digest table is made from the files found there).
cat $p > ostype && cat $q > osrelease || framework_failure_ copies

for size in 4194304 4194305 8388608; do
  BRISK_IO_BUFSIZE=$size
  export BRISK_IO_BUFSIZE
  for t in $sum_tools; do
    twin_ $t $p $q || fail=1
  done
  twin_ md5sum -i $p md5sum || fail=1
  twin_ cat $p $q || fail=1
  twin_ cat -n $p $q || fail=1
  twin_ -i $p cat || fail=1
  twin_ -i $p cat -A - $q || fail=1
  twin_ -i $p tee || fail=1
  twin_ -i $p tee out || fail=1
  # To a pipe and to a file (the splice and copy_file_range paths fall
  # back to reading).
  "$BRISK_BIN/cat" $p $q | od -c > got || fail=1
  cat $p $q | od -c > exp || framework_failure_ cat
  compare exp got || fail=1
  "$BRISK_BIN/cat" $p $q > got || fail=1
  cat $p $q > exp || framework_failure_ cat
  compare exp got || fail=1
  "$BRISK_BIN/tee" < $p | od -c > got || fail=1
  od -c < $p > exp || framework_failure_ od
  compare exp got || fail=1
done

Exit $fail
