#!/bin/sh
# The kernel really moves the bytes: strace shows a successful
# copy_file_range for file to file, splice for file to pipe, pipe to pipe
# and pipe to file, sendfile for file to /dev/null; and none of them where
# they cannot work (output opened for appending) or with formatting.
# Skipped without a working strace.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

require_strace_

make_random_ big 3000000 9
bcat=$brisk_bin_/cat
trace='strace -f -o trace -e trace=copy_file_range,splice,sendfile'

# used_ CALL WHAT: the trace holds a call CALL that moved bytes (returned
# a positive count).
used_ ()
{
  grep -E "^[0-9]+ +$1\(.*= [1-9][0-9]*$" trace > /dev/null && return 0
  echo "$2: no successful $1 in the trace:" >&2
  cat trace >&2
  return 1
}

$trace "$bcat" big > out
used_ copy_file_range "file to file" && compare big out || fail=1
$trace "$bcat" big | "$feed_cat_" > out
used_ splice "file to pipe" && compare big out || fail=1
"$feed_cat_" big | $trace "$bcat" | "$feed_cat_" > out
used_ splice "pipe to pipe" && compare big out || fail=1
"$feed_cat_" big | $trace "$bcat" > out
used_ splice "pipe to file" && compare big out || fail=1
$trace "$bcat" big > /dev/null
used_ sendfile "file to /dev/null" || fail=1

# Appending: every kernel call fails, read and write do the work.
: > out
$trace "$bcat" big >> out || fail=1
compare big out || fail=1
if grep -E '= [1-9][0-9]*$' trace > /dev/null; then
  echo "append: a kernel call moved bytes:" >&2; cat trace >&2; fail=1
fi
# Formatting reads and writes.
$trace "$bcat" -u -v big | "$feed_cat_" > /dev/null || fail=1
if grep -E 'copy_file_range|splice|sendfile' trace > /dev/null; then
  echo "-v: kernel calls:" >&2; cat trace >&2; fail=1
fi
Exit $fail
