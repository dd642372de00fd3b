#!/bin/sh
# -j for cksum -a, b2sum and cksum -c: the output, messages and status
# of -j 1, -j 3 and -j 0 are GNU 9.1's without -j, byte for byte, over
# many files with missing ones among them (the pool and the multi-lane
# cores serve cksum -a as they serve the *sum tools); and cksum -c
# without -a, whose lines each name their algorithm, under -j.
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum; do use_tool_ $t; done

i=0
while test $i -lt 150; do
  make_random_ f$i $((i * 97 % 5000)) $i
  i=$((i + 1))
done
files=$(ls f*)
set -- $files missing f3

for a in md5 sha1 sha256 sha512 blake2b sm3 crc bsd; do
  ref_ cksum -a $a "$@" > exp 2> exp.err; st=$?
  for j in 1 3 0; do
    brisk_ cksum -a $a -j $j "$@" > out 2> out.err
    test $? = $st || { echo "cksum -a $a -j $j: status" >&2; fail=1; }
    compare exp out || fail=1
    compare exp.err out.err || fail=1
  done
done
ref_ b2sum -l 256 "$@" > exp 2> /dev/null
brisk_ b2sum -l 256 -j 3 "$@" > out 2> /dev/null
compare exp out || fail=1

for a in md5 sha256; do
  ref_ cksum -a $a $files > sums
  ref_ cksum -a $a -c sums > exp
  brisk_ cksum -a $a -j 3 -c sums > out || fail=1
  compare exp out || fail=1
done
{ ref_ cksum -a sha1 $files; ref_ cksum -a blake2b -l 128 $files; } > mixed
ref_ cksum -c mixed > exp
brisk_ cksum -j 3 -c mixed > out || fail=1
compare exp out || fail=1

Exit $fail
