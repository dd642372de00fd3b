#!/bin/sh
# split's counts at and past their limits, against GNU's split 9.1 (the
# cases of GNU's tests/split/fail.sh and more): -l and -n take up to
# UINTMAX_MAX, -b and -C up to OFF_T_MAX; -n N or K/N past OFF_T_MAX
# fails only once the input is open and sized (after "cannot open",
# the suffix length and "cannot determine file size"), naming N as a
# plain number; r/N that many is "memory exhausted", r/K/N runs;
# ---io-blksize up to INTMAX_MAX - 1.  And a directory as the input of
# each way of cutting.  No case may make more than a few files: a huge
# -n runs only where it fails.
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

seq 1 20 > in

umax=18446744073709551615 uover=18446744073709551616
omax=9223372036854775807 oover=9223372036854775808

while read -r args; do
  # shellcheck disable=SC2086
  check_ - $args || fail=1
done <<TABLE
-l $umax ../../in
-l $oover ../../in
-l 0$umax ../../in
-l +$umax ../../in
-l $uover ../../in
-$umax ../../in
-$uover ../../in
-b $omax ../../in
-b $oover ../../in
-b 7E ../../in
-b 8E ../../in
-C $omax ../../in
-C $oover ../../in
-C $uover ../../in
-C 8E ../../in
-n $oover ../../in
-n $umax ../../in
-n 0$umax ../../in
-n +$umax ../../in
-n $uover ../../in
-n 1/$umax ../../in
-n $umax/$umax ../../in
-n $uover/$umax ../../in
-n l/$umax ../../in
-n l/1/$umax ../../in
-n l/$oover/$umax ../../in
-n 1/$omax ../../in
-n r/$umax ../../in
-n r/$oover ../../in
-n r/1/$umax ../../in
-n r/$umax/$umax ../../in
-n r/5/$umax ../../in
-n r/$omax/$omax ../../in
-n r/1/$omax ../../in
-n r/$uover ../../in
-n $umax ../../nonexistent
-n r/1/$umax ../../nonexistent
-a 2 -n $umax ../../in
-a 13 -n r/$umax ../../in
-a 13 -n $oover ../../nonexistent
-n $umax ../../in pre extra
-n $umax --numeric-suffixes=123 ../../in
-n 1/$umax --filter=cat ../../in
-n r/1/$umax --filter=cat ../../in
-a 19 --numeric-suffixes=$((omax - 1)) -n $omax ../../nonexistent
-a 20 --numeric-suffixes=$((omax - 1)) -n $omax ../../nonexistent
-a 19 --numeric-suffixes=$umax -n $umax ../../nonexistent
-a 19 --numeric-suffixes=1 -n $umax ../../nonexistent
-a 20 --numeric-suffixes=1 -n $umax ../../in
-a 20 --numeric-suffixes=1 -n l/1/$umax ../../in
TABLE

# Huge counts of an input that cannot tell its size, or is standard
# input.  The chunk cuts of a pipe are compared with GNU 9.1's of the
# file ("~in"): GNU 9.2 and later spool the pipe and cut it the same.
for args in "-n $umax" "-n 1/$umax" "-n l/$oover" "-n r/2/$umax" \
            "-l $umax"; do
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

# ---io-blksize (GNU's hidden option) takes up to INTMAX_MAX - 1; a
# buffer that cannot be had is "memory exhausted" for every cut, even
# -b of a regular file, which copies in the kernel without it.  Under
# the sanitizers, Brisk's allocation must fail as malloc's does, not
# end the run.
brisk_env_=ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
for size in 8M 8388609 1G $((omax - 1)) $omax 8E; do
  for args in '-l 3' '-b 3' '-C 3' '-n 2' '-n l/1/2' '-n r/2'; do
    # shellcheck disable=SC2086
    check_ - ---io-blksize=$size $args ../../in || fail=1
  done
done
check_ '|in' ---io-blksize=$((omax - 1)) -b 3 || fail=1
check_ - ---io-blksize=$((omax - 1)) ../../nonexistent || fail=1
brisk_env_=

echo "$check_n_ cases"
Exit $fail
