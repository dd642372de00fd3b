#!/bin/sh
# Standard input: no operand, the operand '-' (also several times, also
# in --tag and -z mode), a pipe, a closed stdin, and a file really named '-'
# reached as ./- ; a check file read from a closed stdin or twice from
# stdin; compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'from stdin\n' > in
printf 'a file named dash\n' > ./-
make_random_ big 200000

for t in $some_sum_tools; do
  twin_ -i in $t || fail=1
  twin_ -i in $t - || fail=1
  twin_ -i in $t -b || fail=1
  twin_ -i in $t --tag || fail=1
  twin_ -i in $t --tag - || fail=1
  twin_ -i in $t -z || fail=1
  twin_ -i in $t -z --tag - || fail=1
  twin_ -i in $t -t - in || fail=1
  twin_ -i in $t - - || fail=1          # stdin is at EOF the second time
  twin_ -i in $t ./- - || fail=1
  twin_ -i in $t -- - || fail=1
  twin_ -i /dev/null $t || fail=1
  twin_ -i pipe:in $t || fail=1
  twin_ -i pipe:big $t - big || fail=1
  twin_ -i closed $t || fail=1
  twin_ -i closed $t - in || fail=1
  # Check files read from stdin: closed, and twice.
  ref_ $t in > in.chk
  twin_ -i closed $t -c || fail=1
  twin_ -i closed $t -c - in.chk || fail=1
  twin_ -i in.chk $t -c - - || fail=1
  twin_ -i in.chk $t -c - in.chk - || fail=1
done

Exit $fail
