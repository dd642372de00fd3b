#!/bin/sh
# --check when listed files cannot be read: "FAILED open or read" and its
# warning (singular, plural), --ignore-missing (with and without other
# failures), "no file was verified", a directory listed, and a check file
# that is itself missing or a directory; compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'present\n' > here
printf 'gone 1\n' > gone1
printf 'gone 2\n' > gone2
mkdir dir
printf 'garbage\n' > garbage

for t in $some_sum_tools; do
  ref_ $t here gone1 gone2 > all.chk
  ref_ $t gone1 > one-gone.chk
  ref_ $t gone1 gone2 > two-gone.chk
  ref_ $t --tag gone1 here > tag.chk
  ref_ $t here gone1 gone2 | sed 's/ here$/ dir/' > dir.chk
  cat garbage one-gone.chk > gone-garbage.chk
  mv gone1 away1 && mv gone2 away2 || framework_failure_ mv

  for opts in '' --ignore-missing --quiet --status '--strict -w' \
      '--ignore-missing --quiet' '--ignore-missing --status' \
      '--ignore-missing --strict -w'; do
    twin_ $t -c $opts all.chk || fail=1
    twin_ $t -c $opts one-gone.chk || fail=1
    twin_ $t -c $opts two-gone.chk || fail=1
    twin_ $t -c $opts tag.chk || fail=1
    twin_ $t -c $opts dir.chk || fail=1
    twin_ $t -c $opts gone-garbage.chk || fail=1
    twin_ $t -c $opts one-gone.chk all.chk || fail=1
    twin_ $t -c $opts no-such.chk || fail=1
    twin_ $t -c $opts dir || fail=1
    twin_ $t -c $opts no-such.chk all.chk || fail=1
    # Listed file present but wrong, together with a missing one.
    printf 'changed\n' > here
    twin_ $t -c $opts all.chk || fail=1
    twin_ $t -c $opts tag.chk || fail=1
    printf 'present\n' > here
  done
  mv away1 gone1 && mv away2 gone2 || framework_failure_ mv
done

Exit $fail
