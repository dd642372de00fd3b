#!/bin/sh
# The read-ahead thread of lib/digest-stream.c is made for a large
# regular file (8 MiB and more) and not for a small one: strace counts
# the clones.  read-ahead.sh checks the digests.  BRISK_READ_AHEAD=1
# starts the thread even when no other CPU is free at the time (the
# default leaves it out then), and never for a small file.
. "$(dirname "$0")/../init.sh"
BRISK_READ_AHEAD=1
export BRISK_READ_AHEAD
require_strace_

make_random_ over $((8 * 1024 * 1024 + 4097 * 3 + 5)) 43
make_random_ small 70000 44

strace -f -o trace -e trace=clone,clone3 "$BRISK_BIN/sha256sum" small \
  > /dev/null || fail=1
grep -E '^[0-9]+ +clone3?\(' trace > /dev/null \
  && { echo "a thread for a small file" >&2; fail=1; }
strace -f -o trace -e trace=clone,clone3 "$BRISK_BIN/sha256sum" over \
  > /dev/null || fail=1
grep -E '^[0-9]+ +clone3?\(' trace > /dev/null \
  || { echo "no thread for a large file" >&2; fail=1; }
BRISK_READ_AHEAD=0 strace -f -o trace -e trace=clone,clone3 \
  "$BRISK_BIN/sha256sum" over > /dev/null || fail=1
grep -E '^[0-9]+ +clone3?\(' trace > /dev/null \
  && { echo "a thread with BRISK_READ_AHEAD=0" >&2; fail=1; }

Exit $fail
