#!/bin/sh
# A regular file on standard input goes through a feed pipe (spliced
# from the file) before tee(2) copies it: when the tee(2) that opens
# the first round fails, the read(2) loop that takes over must still
# get the bytes the feed pipe holds.  They were lost: every output
# empty, status 0, no message (found by tests/fault/walk).
. "$(dirname "$0")/lib.sh"

make_random_ in 300000 7 || framework_failure_ make_random_
for err in EIO ENOSPC; do
  rm -f one two out
  fault_run_ tee:1:$err "$BRISK_BIN/tee" one two < in > out 2> err \
    || fail=1
  for f in one two out; do
    cmp in $f || { echo "tee:1:$err: $f differs" >&2; fail=1; }
  done
  compare /dev/null err || fail=1
done
Exit $fail
