#!/bin/sh
# Large regular files (8 MiB and more) are read by a thread of their own
# while the tool hashes (lib/digest-stream.c): the digests must still be
# GNU's, for every tool, for files of exactly the threshold and just
# under it, for several files and --check, with the ring's buffers of
# the default size and of odd small sizes (more hand-overs, reads that
# straddle hash blocks).  strace shows that the thread is made for the
# large file and not for a small one (skipped without strace).
. "$(dirname "$0")/../init.sh"

big=$((8 * 1024 * 1024))
make_random_ at $big 41
make_random_ under $((big - 1)) 42
make_random_ over $((big + 4097 * 3 + 5)) 43
make_random_ small 70000 44

for t in $sum_tools; do
  twin_ $t at under over small || fail=1
  twin_ $t --tag over at || fail=1
  twin_ $t -i over $t || fail=1   # standard input a large regular file
  # md2 is slow (about 13 MB/s): its odd-buffer runs use one file.
  case $t in md2sum) files=over ;; *) files='at over' ;; esac
  for size in 4097 65536; do
    BRISK_IO_BUFSIZE=$size twin_ $t $files || fail=1
  done
done
for t in md5sum sha256sum; do
  case " $sum_tools " in *" $t "*) ;; *) continue ;; esac
  "$BRISK_BIN/$t" at over small > sums || fail=1
  twin_ $t -c sums || fail=1
done

# The thread: a clone for the large file, none for the small one.
if command -v strace > /dev/null 2>&1 && strace -o /dev/null true 2> /dev/null
then
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
  export ASAN_OPTIONS
  strace -f -o trace -e trace=clone,clone3 "$BRISK_BIN/sha256sum" small \
    > /dev/null || fail=1
  grep -E '^[0-9]+ +clone3?\(' trace > /dev/null \
    && { echo "a thread for a small file" >&2; fail=1; }
  strace -f -o trace -e trace=clone,clone3 "$BRISK_BIN/sha256sum" over \
    > /dev/null || fail=1
  grep -E '^[0-9]+ +clone3?\(' trace > /dev/null \
    || { echo "no thread for a large file" >&2; fail=1; }
else
  warn_ "$me_: strace missing or not working: thread check skipped"
fi

Exit $fail
