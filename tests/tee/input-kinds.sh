#!/bin/sh
# Standard input of every kind: a regular file (the read/write path), a pipe
# (the kernel path), an empty file and pipe, /dev/null, a pipe fed in small
# uneven writes, a directory ("tee: read error: Is a directory"), and a
# file opened for writing only; outputs both files and a pipe.  Compared
# with GNU.
. "$(dirname "$0")/lib.sh"

make_random_ in 2000037 17
: > empty
mkdir dir

for i in in pipe:in empty pipe:empty /dev/null dir; do
  tee_twin_ -i $i a b || fail=1
  tee_twin_ -i $i -o out a || fail=1
done

# Input through a pipe in writes of 1 to 4999 bytes, stdout a pipe.
perl -e 'binmode STDIN; binmode STDOUT; my ($n, $buf) = (1);
  while (read (STDIN, $buf, $n)) { syswrite (STDOUT, $buf) or die;
    $n = ($n * 7 + 3) % 4999 + 1 }' < in \
  | (PATH=$brisk_bin_:$PATH; exec tee a b) | cat > out
for f in a b out; do
  compare in $f || { echo "trickled input: $f differs" >&2; fail=1; }
done

# Standard input open for writing only: read error, as GNU's.
for s in gnu brisk; do
  eval "bin=\$${s}_bin_"
  (PATH=$bin:$PATH; exec tee a 0>>in2) > $s.out 2> $s.err
  echo $? >> $s.err
done
compare gnu.out brisk.out && compare gnu.err brisk.err || fail=1

Exit $fail
