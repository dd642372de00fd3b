#!/bin/sh
# Plain output in every mode: default, -b/--binary, -t/--text, --tag,
# -z/--zero and their combinations, over several operands; compared with GNU.
# Every tool in the modes that show its digest and BSD tag; the combinations
# of options, which src/digest/digest.c parses alike for all, with
# $some_sum_tools.
. "$(dirname "$0")/../init.sh"

printf 'abc' > abc
printf 'line one\nline two\n' > text
printf '' > empty
printf '\0\1\2\377\r\n' > bin

for t in $sum_tools; do
  for opts in '' -b --tag '-z --tag'; do
    twin_ $t $opts abc text empty bin || fail=1
  done
done
for t in $some_sum_tools; do
  for opts in --binary -t --text '--tag -b' -z --zero \
      '-z -b' '-z -t' '-b -t' '-t -b' '-bz' '-tz' '-zb' '--bin' \
      '--te'; do
    twin_ $t $opts abc text empty bin || fail=1
  done
  twin_ $t abc abc abc || fail=1       # an operand repeated
  twin_ $t empty || fail=1
done

Exit $fail
