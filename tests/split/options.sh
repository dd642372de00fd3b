#!/bin/sh
# split's option errors against GNU's split: the message, the hint and
# the exit status, and that no file is made; --help and --version's
# first line.  The table is compared with GNU's newest (9.10), whose
# reading of the counts Brisk follows: -C's count is "lines" too; a
# count is an intmax_t, past it as large as can be; a sign is read
# (and refused); the units go up to R and Q; only a plain number then
# a slash is the K of -n K/N.
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

seq 1 50 > in

newest_=1
while read -r args; do
  # shellcheck disable=SC2086
  check_ - $args || fail=1
done <<'TABLE'
-b 0 ../../in
-b -5 ../../in
-b 1x ../../in
-b 1Q ../../in
-b 1B ../../in
-b 1c ../../in
-b 1Z ../../in
-b 99999999999999999999999 ../../in
-b 010 ../../in
-b 1e ../../in
-b -1 ../../in
-b -0 ../../in
-b +0 ../../in
-b -99999999999999999999 ../../in
-b 99999999999999999999x ../../in
-b -99999999999999999999x ../../in
-b 1Rx ../../in
-b 1Qi ../../in
-b 1KD ../../in
-b 1kiB ../../in
-b 1bB ../../in
-b 1w ../../in
-b 1g ../../in
-b 0K ../../in
-b -1K ../../in
-b +K ../../in
-b K ../../in
-b x ../../in
-C 0 ../../in
-C 2x ../../in
-C -1 ../../in
-C 99999999999999999999x ../../in
-C 1R. ../../in
-l 0 ../../in
-l 1k ../../in
-l 1K ../../in
-l -1 ../../in
-l -99999999999999999999 ../../in
-l 99999999999999999999 ../../in
-l 99999999999999999999x ../../in
-n 0 ../../in
-n -1 ../../in
-n 4/3 ../../in
-n 0/3 ../../in
-n -1/3 ../../in
-n x/3 ../../in
-n /3 ../../in
-n 3/ ../../in
-n 1/x ../../in
-n 1/-1 ../../in
-n 1/2/3 ../../in
-n r/0 ../../in
-n r/1/0 ../../in
-n r/x ../../in
-n r/-5 ../../in
-n l/99999999999999999999 ../../in x extra
-n l/99999999999999999999x ../../in
-n l/-99999999999999999999 ../../in
-n 99999999999999999999/3 ../../in
-n 1/99999999999999999999x ../../in
-n 2000000000/3 ../../in
-n q/3 ../../in
-n 1K ../../in
-n 3x ../../in
-a -1 ../../in
-a -99999999999999999999 ../../in
-a 1k ../../in
-a 1x ../../in
-a -1x ../../in
-a 99999999999999999999 ../../in
-a 99999999999999999999x ../../in
-a 1 -n 30 ../../in
-a 1 -n 30 ../../nonexistent
-a 1 --numeric-suffixes=5 -n 6 ../../in
-a 1 --numeric-suffixes=10 ../../in
--numeric-suffixes=100 ../../in
--numeric-suffixes=abc ../../in
--hex-suffixes=fz ../../in
--additional-suffix=a/b ../../in
---io=0 ../../in
---io=1k -l 7 ../../in
-l 2 -b 3 ../../in
-b 1 -n 2 ../../in
-n 2 -l 1 ../../in
-l 1 -l 2 ../../in
-5 -l 3 ../../in
-l 3 -5 ../../in
-0 ../../in
-00 ../../in
-99999999999999999999 ../../in
-9999999999999999999 ../../in
-12 ../../in
-t ab ../../in
-t \n ../../in
-t a -t b ../../in
-t a -t a ../../in
-n 2/3 --filter=cat ../../in
../../in pre extra
../../nonexistent
--nu=3 ../../in
--l=3 ../../in
--bogus ../../in
-q ../../in
-d -x -l 20 ../../in
-x -d -l 20 ../../in
TABLE
check_ - -t '' ../../in || fail=1
for opt in -a -b -C -l -n ---io-blksize; do
  check_ - $opt '' ../../in || fail=1
  check_ - $opt ' 7' ../../in || fail=1
  check_ - $opt '7 ' ../../in || fail=1
done
newest_=

# GNU 9.2 refuses an additional suffix that ends in a slash too (9.1
# made the piece "xaaa/", a directory, and failed to open it).
for suf in a/ a// /; do
  mkdir -p suf && (cd suf &&
    returns_ 1 "$BRISK_BIN/split" --additional-suffix=$suf ../in) 2> err \
    || fail=1
  test "$(ls suf)" = '' || fail=1
  grep "split: invalid suffix '$suf', contains directory separator\$" err \
    > /dev/null || { cat err; fail=1; }
done

# --help names the program as it was called and lists GNU's options,
# and the units R and Q too (GNU 9.10).
"$BRISK_BIN/split" --help > help || fail=1
gnu=$(gnu_tool split)
"$gnu" --help | sed -n '1,/^  r\/K\/N/p' | sed "s#$gnu#split#" \
  | sed 's/^\(Units are K,M,G,T,P,E,Z,Y\) (/\1,R,Q (/' > exp
sed -n '1,/^  r\/K\/N/p' help | sed "s#$BRISK_BIN/split#split#" > out
compare exp out || fail=1
# GNU 9.2's note on spooling.
printf '%s\n' '-n (except -nr) will buffer to $TMPDIR, defaulting to /tmp,' \
  'if the input size cannot easily be determined.' > exp
grep -A1 -e '^-n (except' help > out
compare exp out || fail=1
"$BRISK_BIN/split" --version | sed 1q > out || fail=1
grep '^split (brisk) ' out > /dev/null || { cat out; fail=1; }

Exit $fail
