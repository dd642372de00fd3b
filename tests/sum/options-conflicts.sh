#!/bin/sh
# Option combinations GNU rejects (and a few it accepts): which message comes
# first, the usage hint, the exit status; compared with GNU's.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'x\n' > f
for t in $some_sum_tools; do
  ref_ $t f > f.chk || framework_failure_ "$t f"
  for opts in \
      '--tag -c' '-c --tag' '--tag -t' '--tag -b' \
      '-z -c' '-c -z' '-z --tag -c' '-b -c' '-t -c' '-c -b' \
      '--quiet' '--status' '--strict' '-w' '--warn' '--ignore-missing' \
      '--quiet --status' '-w --strict --quiet' '--ignore-missing --tag' \
      '--tag --quiet' '-z --status' '-t -b' '-b -t' '--tag --tag' \
      '-c --quiet --status -w --strict --ignore-missing' '-c -c' \
      '--text --check --tag --zero'; do
    # Check mode reads f.chk; the others read f.
    twin_ $t $opts f.chk || fail=1
  done
done

Exit $fail
