#!/bin/sh
# Plain output in every mode: default, -b/--binary, -t/--text, --tag,
# -z/--zero and their combinations, over several operands; compared with GNU.
. "$(dirname "$0")/../init.sh"

printf 'abc' > abc
printf 'line one\nline two\n' > text
printf '' > empty
printf '\0\1\2\377\r\n' > bin

for t in $sum_tools; do
  for opts in '' -b --binary -t --text --tag '--tag -b' '-t --tag' -z --zero \
      '-z -b' '-z -t' '-z --tag' '-b -t' '-t -b' '-bz' '-tz' '-zb' '--bin' \
      '--te'; do
    twin_ $t $opts abc text empty bin || fail=1
  done
  twin_ $t abc abc abc || fail=1       # an operand repeated
  twin_ $t empty || fail=1
done

Exit $fail
