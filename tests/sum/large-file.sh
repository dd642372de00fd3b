#!/bin/sh
# A file of 1 MiB of random data and 17 bytes (not a whole number of
# blocks, bigger than any I/O buffer): as an
# operand, twice, as redirected stdin, through a pipe, through a pipe in
# small odd-sized writes (short reads), and verified with --check; compared
# with GNU.
. "$(dirname "$0")/../init.sh"

make_random_ big 1048593 3

for t in $sum_tools; do
  twin_ $t big || fail=1
  twin_ $t big big || fail=1
  twin_ -i big $t || fail=1
  twin_ -i pipe:big $t - big || fail=1
  ref_ $t big > big.chk
  twin_ $t -c big.chk || fail=1
  twin_ -i big.chk $t -c || fail=1

  # Writes of 1 to 4999 bytes, flushed one by one.
  ref_ -i big $t > exp
  perl -e 'binmode STDIN; binmode STDOUT; my ($n, $buf) = (1);
    while (read (STDIN, $buf, $n)) { syswrite (STDOUT, $buf) or die;
      $n = ($n * 7 + 3) % 4999 + 1 }' < big \
    | (PATH=$brisk_bin_:$PATH; exec $t) > out
  compare exp out || { echo "$t: big through a trickling pipe" >&2; fail=1; }
done

Exit $fail
