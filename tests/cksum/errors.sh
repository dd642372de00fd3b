#!/bin/sh
# The option errors of cksum, b2sum and sum, with GNU 9.1's messages and
# statuses: an unknown or abbreviated -a, -l not a number, not a multiple
# of 8, over 512 bits or with another algorithm, options meant for
# --check only, -z with -c, unknown options, --help and --version's
# status.  (cksum's -b and -t, which GNU 9.1 refuses, are newer GNU's:
# tests/cksum/binary-text.sh; so are the errors that newer GNU words
# otherwise, in tests/cksum/options-newer.sh: a negative -l among
# them.)
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum sum; do use_tool_ $t; done
printf 'abc' > abc

for args in '-a sha22' '-a sha' '-a ""' '-a SHA256' \
    '-a blake2b -l 7' '-a blake2b -l 1024' '-a blake2b -l x' \
    '-a blake2b -l 520' '-a md5 --status' \
    '--quiet' '--warn' '--strict' '--ignore-missing' '-z -c' \
    '-y' '--nosuch' '-a' '-l' '--tag --untagged' '-a bsd -c' \
    '-a sysv --check' '-a crc -c' '--zero -a sha1 -c'; do
  eval "twin_ cksum $args abc" || fail=1
done
for args in '-l 7' '-l 1024' '-l x' '-l 520' '--tag -t' \
    '-c --tag' '-c -b' '--status' '-y' '-a md5'; do
  eval "twin_ b2sum $args abc" || fail=1
done
for args in '-x' '--nosuch' '-c' '-z' '--tag' '-a bsd'; do
  eval "twin_ sum $args abc" || fail=1
done
for t in cksum b2sum sum; do
  $t --help > /dev/null 2>&1 || { echo "$t --help failed" >&2; fail=1; }
  brisk_ $t --help > help || fail=1
  sed -n 1p help | grep "^Usage: $t \[OPTION\]... \[FILE\]..." > /dev/null \
    || { echo "$t --help: bad first line" >&2; fail=1; }
  brisk_ $t --version | sed 1q | grep "^$t (brisk) " > /dev/null \
    || { echo "$t --version: bad first line" >&2; fail=1; }
done

Exit $fail
