#!/bin/sh
# Unknown, ambiguous and malformed options: GNU's diagnostic, the
# "Try 'TOOL --help'" line and exit status 1, compared with GNU's.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'x\n' > f

for t in $some_sum_tools; do
  twin_ $t --bogus f || fail=1
  twin_ $t -y f || fail=1
  twin_ $t -by f || fail=1
  twin_ $t --bogus=1 f || fail=1
  twin_ $t --check=yes f || fail=1     # option that takes no argument
  twin_ $t --st f || fail=1            # ambiguous: --status, --strict
  twin_ $t --s -c f || fail=1          # ambiguous among more
  twin_ $t -- -x || fail=1             # after --, an operand
  twin_ $t f --bogus || fail=1         # options are permuted
  twin_ $t - || fail=1
  twin_ $t --tag= f || fail=1
done

Exit $fail
