#!/bin/sh
# Large regular files (8 MiB and more) are read by a thread of their own
# while the tool hashes (lib/digest-stream.c): the digests must still be
# GNU's, for every tool, for files of exactly the threshold and just
# under it, for several files and --check, with the ring's buffers of
# the default size and of odd small sizes (more hand-overs, reads that
# straddle hash blocks).  read-ahead-strace.sh shows that the thread
# is made.  BRISK_READ_AHEAD=1: the thread even if no other CPU is free
# at the time (a busy machine would otherwise hash without it).
. "$(dirname "$0")/../init.sh"
BRISK_READ_AHEAD=1
export BRISK_READ_AHEAD

big=$((8 * 1024 * 1024))
make_random_ at $big 41
make_random_ under $((big - 1)) 42
make_random_ over $((big + 4097 * 3 + 5)) 43
make_random_ small 70000 44

for t in $sum_tools; do
  twin_ $t at under over small || fail=1
  twin_ $t --tag over at || fail=1
  twin_ -i over $t || fail=1   # standard input a large regular file
  # md2 is slow (about 13 MB/s): its odd-buffer runs use one file.
  case $t in md2sum) files=over ;; *) files='at over' ;; esac
  for size in 4097 65536; do
    BRISK_IO_BUFSIZE=$size twin_ $t $files || fail=1
  done
done
# The default policy reads and hashes the first 2 MiB after the first
# buffer in the tool's own thread, timing them, then goes on with the
# thread (a fast hash) or without (a slow one): BRISK_READ_AHEAD=sample
# takes that path even on a busy machine.  Either way, GNU's digests.
for t in md5sum sha1sum sha256sum sha512sum b2sum; do
  case " $sum_tools " in *" $t "*) ;; *) continue ;; esac
  BRISK_READ_AHEAD=sample twin_ $t at over || fail=1
  BRISK_READ_AHEAD=sample BRISK_IO_BUFSIZE=4097 twin_ $t over || fail=1
  BRISK_READ_AHEAD=sample twin_ -i over $t || fail=1
done
# The checksums too: sum's BSD checksum takes the thread by the sample
# where its hashing is clearly longer than the copy, the CRCs and sum -s
# do not; forced on, all of them read through the ring.  GNU 9.1 has
# no crc32b: that one is compared with Brisk's own run without the
# thread.
use_tool_ sum
use_tool_ cksum
for ra in 1 sample; do
  for cmd in sum 'sum -s' cksum; do
    BRISK_READ_AHEAD=$ra twin_ $cmd at over || fail=1
    BRISK_READ_AHEAD=$ra BRISK_IO_BUFSIZE=4097 twin_ $cmd over || fail=1
    BRISK_READ_AHEAD=$ra twin_ -i over $cmd || fail=1
  done
  BRISK_READ_AHEAD=0 brisk_ cksum -a crc32b at over > crc.exp || fail=1
  BRISK_READ_AHEAD=$ra brisk_ cksum -a crc32b at over > crc.out || fail=1
  compare crc.exp crc.out || fail=1
  test "$(wc -l < crc.out)" -eq 2 || { echo "cksum -a crc32b: no lines"; fail=1; }
done
for t in md5sum sha256sum; do
  case " $sum_tools " in *" $t "*) ;; *) continue ;; esac
  "$BRISK_BIN/$t" at over small > sums || fail=1
  twin_ $t -c sums || fail=1
done

Exit $fail
