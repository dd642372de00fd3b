#!/bin/sh
# --check verdicts: OK, FAILED, the "computed checksum(s) did NOT match"
# warning in singular and plural, improperly formatted line counts, mixed
# good and bad lines over several check files, and how --quiet, --status,
# --strict and -w change output and exit status; compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

for x in 1 2 3 4; do printf 'file %s\n' $x > f$x; done
printf 'garbage\nmore garbage\n' > two-bad.chk
printf 'garbage\n' > one-bad.chk

for t in $some_sum_tools; do
  ref_ $t f1 f2 f3 f4 > all.chk
  ref_ $t --tag f1 f2 > tag.chk
  ref_ $t f1 > one.chk
  cat one.chk one-bad.chk > one-and-bad.chk
  cat one-bad.chk all.chk two-bad.chk > mixed.chk
  # Of --quiet, --status and -w the last one given wins.
  for opts in '' --quiet --status '--strict -w' '--quiet --status' \
      '--status -w' '--strict --quiet'; do
    cp f1 keep1 && cp f2 keep2 && cp f3 keep3 || framework_failure_ cp
    twin_ $t -c $opts all.chk || fail=1            # all OK
    twin_ $t -c $opts one-and-bad.chk || fail=1    # OK plus garbage
    twin_ $t -c $opts two-bad.chk || fail=1        # garbage only
    printf 'tampered\n' > f1
    twin_ $t -c $opts all.chk || fail=1            # 1 FAILED
    twin_ $t -c $opts one.chk || fail=1            # only a FAILED
    twin_ $t -c $opts mixed.chk || fail=1          # FAILED plus garbage
    printf 'tampered too\n' > f2
    twin_ $t -c $opts all.chk || fail=1            # 2 FAILED
    twin_ $t -c $opts tag.chk || fail=1
    printf 'tampered three\n' > f3
    twin_ $t -c $opts all.chk tag.chk mixed.chk || fail=1
    twin_ -i all.chk $t -c $opts - tag.chk || fail=1
    mv keep1 f1 && mv keep2 f2 && mv keep3 f3 || framework_failure_ mv
  done
done

Exit $fail
