#!/bin/sh
# split's counts at and past their limits, against GNU's newest split
# (9.10; the cases of GNU's tests/split/fail.sh and more): a count of
# -b, -C, -l, -n or -NUM past INTMAX_MAX is INTMAX_MAX, as if
# unlimited, even with a unit (1R, 1Q); -n r/N that many is "memory
# exhausted", r/K/N and K/N run; -n N that many would make that many
# pieces, so it runs here only where it stops first (no input, a
# suffix too short, an extra operand); ---io-blksize up to
# SYS_BUFSIZE_MAX (2146435072).  And a directory as the input of each
# way of cutting.  No case may make more than a few files.
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

seq 1 20 > in

umax=18446744073709551615 uover=18446744073709551616
omax=9223372036854775807 oover=9223372036854775808

newest_=1
while read -r args; do
  # shellcheck disable=SC2086
  check_ - $args || fail=1
done <<TABLE
-l $umax ../../in
-l $oover ../../in
-l 0$umax ../../in
-l +$umax ../../in
-l $uover ../../in
-l 99999999999999999999999999 ../../in
-$umax ../../in
-$uover ../../in
-99999999999999999991 ../../in
-99999999999999999991 -l 3 ../../in
-b $omax ../../in
-b $oover ../../in
-b 7E ../../in
-b 8E ../../in
-b 1R ../../in
-b 1Q ../../in
-b 1QB ../../in
-b 1RiB ../../in
-b Q ../../in
-b 1Qx ../../in
-b -1R ../../in
-b $uover ../../in
-C $omax ../../in
-C $oover ../../in
-C $uover ../../in
-C 8E ../../in
-C 1R ../../in
-C 1Q ../../in
--line-bytes=$oover ../../in
--line-bytes=$uover ../../in
--line-bytes=99999999999999999999999999x ../../in
-n $oover ../../nonexistent
-n $uover ../../nonexistent
-n $umax ../../in x extra
-n 0$umax ../../in x extra
-n +$umax ../../in x extra
-n 1/$umax ../../in
-n 1/$uover ../../in
-n 20/$uover ../../in
-n $omax/$umax ../../in
-n $umax/$umax ../../in
-n $oover/$umax ../../in
-n l/1/$umax ../../in
-n l/$omax/$umax ../../in
-n l/$oover/$umax ../../in
-n 1/$omax ../../in
-n r/$umax ../../in
-n r/$oover ../../in
-n r/$uover ../../in
-n r/$omax ../../in
-n r/1/$umax ../../in
-n r/$umax/$umax ../../in
-n r/5/$uover ../../in
-n r/$omax/$omax ../../in
-n r/$omax/$uover ../../in
-n r/1/$omax ../../in
-n r/1/$umax ../../nonexistent
-a 2 -n $umax ../../in
-a 13 -n $uover ../../in
-a 14 -n $uover ../../in x extra
-a 13 -n r/$umax ../../in
-a 13 -n $oover ../../nonexistent
-n $umax --numeric-suffixes=123 ../../nonexistent
-n 1/$umax --filter=cat ../../in
-n r/1/$umax --filter=cat ../../in
-a 18 --numeric-suffixes=$((omax - 1)) -n $omax ../../nonexistent
-a 19 --numeric-suffixes=$((omax - 1)) -n $omax ../../nonexistent
-a 18 --numeric-suffixes=$umax -n $umax ../../nonexistent
-a 18 --numeric-suffixes=1 -n $umax ../../nonexistent
-a 19 --numeric-suffixes=1 -n $uover ../../nonexistent
-a 19 -d -n $uover ../../nonexistent
-a 18 -d -n $uover ../../nonexistent
-a 20 --numeric-suffixes=1 -n l/1/$umax ../../in
-a $oover ../../in
-a -$oover ../../in
TABLE

# A suffix length that no name can have: "memory exhausted".  Under
# the sanitizers, Brisk's allocation must fail as malloc's does, not
# end the run.
brisk_env_=ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
for len in $omax $((omax / 8)) $((omax / 64)); do
  check_ - -a $len ../../in || fail=1
done
brisk_env_=

# Huge counts of an input that cannot tell its size, or is standard
# input.  The chunk cuts of a pipe are compared with GNU's of the file
# ("~in"), which it cuts the same.
for args in "-n 1/$umax" "-n l/1/$uover" "-n 2/$oover" "-n r/2/$umax" \
            "-n r/$uover" "-l $umax" "-b 1Q" "-C $uover" "-$uover"; do
  case $args in
    '-n r/'* | -l*) pipe='|in' ;;
    *) pipe='~in' ;;
  esac
  # shellcheck disable=SC2086
  check_ "$pipe" $args || fail=1
  # shellcheck disable=SC2086
  check_ '<in' $args || fail=1
done

# A directory as the input: "cannot determine file size" for the
# chunks, which must know it; a read error for the others.
for args in '' '-l 3' '-b 3' '-C 3' '-n 3' '-n 1/3' '-n l/3' '-n l/1/3' \
            '-n r/3' '-n r/1/3' "-n $umax" "-n r/1/$umax" "-n r/$umax" \
            '-e -n 3' '--filter=cat -b 3'; do
  # shellcheck disable=SC2086
  check_ - $args . || fail=1
  # shellcheck disable=SC2086
  check_ '<in' $args ../.. || fail=1
done
newest_=

# ---io-blksize (GNU's hidden option) takes 1 up to SYS_BUFSIZE_MAX,
# 2146435072 (GNU 9.10), with units up to Q; past it is EOVERFLOW,
# below 1 ERANGE, a sign '-' no number.  The largest buffer is had for
# every cut, even -b of a regular file, which copies in the kernel
# without it.  Under the sanitizers, Brisk's allocation must fail as
# malloc's does, not end the run.
newest_=1
brisk_env_=ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
for size in 8M 8388609 1G 2146435073 2047MiB 2G $((omax - 1)) $oover 8E \
            1R 1Q 0 -1 -0 -$uover ' 1k' 1kB 1x; do
  for args in '-l 3' '-b 3' '-C 3' '-n 2' '-n l/1/2' '-n r/2'; do
    # shellcheck disable=SC2086
    check_ - "---io-blksize=$size" $args ../../in || fail=1
  done
done
check_ - ---io-blksize=2146435072 -l 3 ../../in || fail=1
check_ '|in' ---io-blksize=1G -b 3 || fail=1
check_ - ---io-blksize=$((omax - 1)) ../../nonexistent || fail=1
brisk_env_=
newest_=

echo "$check_n_ cases"
Exit $fail
