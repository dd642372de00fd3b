#!/bin/sh
# The order of standard output and standard error when both go to one file:
# GNU writes each output line as it is made and flushes stdout before each
# diagnostic, so messages land between the lines they belong to; with -z
# there is no newline to flush on.  Compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'one\n' > a
printf 'two\n' > b
mkdir dir

for t in $some_sum_tools; do
  ref_ $t a b > ab.chk
  { cat ab.chk; echo garbage; ref_ $t a; } > mixed.chk
  mv b b.away
  for opts in '' --tag -z '-z --tag'; do
    twin_ -o merged $t $opts a missing a dir a || fail=1
  done
  for opts in '' -w '-w --quiet' --ignore-missing '--ignore-missing -w'; do
    twin_ -o merged $t -c $opts ab.chk || fail=1
    twin_ -o merged $t -c $opts mixed.chk || fail=1
    twin_ -o merged $t -c $opts ab.chk missing.chk mixed.chk || fail=1
  done
  twin_ -o merged $t a --bogus || fail=1
  mv b.away b
done

Exit $fail
