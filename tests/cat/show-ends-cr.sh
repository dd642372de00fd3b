#!/bin/sh
# -E shows a CR LF line end as "^M$" (GNU 9.1) but a CR elsewhere as it
# is: check the CR that ends a read buffer, a file (the LF starts the next
# file, even past a file that cannot be read), a pipe write, and the whole
# input, compared with GNU's cat.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

printf 'x\r' > cr
printf '\ny\n' > lf
printf 'z' > z
twin_ cat -E cr || fail=1
twin_ cat -E cr lf || fail=1
twin_ cat -E cr cr lf || fail=1
twin_ cat -E cr z lf || fail=1
twin_ -o merged cat -E cr missing lf || fail=1
twin_ -o merged cat -E cr . lf || fail=1
twin_ -i lf cat -E cr - || fail=1
twin_ -i pipe:lf cat -nE cr - cr || fail=1
twin_ cat -vE cr lf || fail=1
twin_ cat -bsE cr lf lf cr || fail=1

# A CR as the last byte of each of the first read buffers: 64 KiB,
# 128 KiB, ... 1 MiB, whatever the buffer size is.
perl -e 'binmode STDOUT; for my $k (1 .. 16) {
  print "a" x (65536 - 1), "\r", ($k % 2 ? "\n" : "b") }' > bufcr
twin_ cat -E bufcr || fail=1
twin_ cat -nE bufcr lf || fail=1
twin_ -i pipe:bufcr cat -E || fail=1

# Through a pipe written in odd-sized pieces, each flushed.
ref_ cat -E bufcr > exp
perl -e 'binmode STDIN; binmode STDOUT; $| = 1; my ($n, $buf) = (1);
  while (read (STDIN, $buf, $n)) {
    print $buf; $n = ($n * 7 + 3) % 9973 + 1 }' \
  < bufcr | (PATH=$brisk_bin_:$PATH; exec cat -E) > out
compare exp out \
  || { echo "cat -E: CR LF split across pipe writes" >&2; fail=1; }
Exit $fail
