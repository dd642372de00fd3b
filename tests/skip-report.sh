#!/bin/sh
# tests/skip-report, which make check and .ci/run use to say which tests
# skipped and why, and to fail on a skip that tests/may-skip does not
# allow: run on a made-up tree of test results (tests/may-skip.sh checks
# the list itself).
. "$(dirname "$0")/init.sh"

report=$test_dir_/skip-report
mkdir -p b/tests/sum s/tests/sum || framework_failure_ mkdir
# result_ NAME RESULT [REASON]: the .trs and .log of one test.
result_ ()
{
  printf ':test-result: %s\n' "$2" > "b/tests/$1.trs"
  printf 'some output\n%s\n' "${3:+$1: skipped: $3}" > "b/tests/$1.log"
  touch "s/tests/$1.sh"
}
result_ sum/a PASS
result_ sum/b FAIL

sh "$report" b s > out || fail=1
echo 'make check: no test skipped' > exp
compare exp out || fail=1

result_ sum/c SKIP 'strace cannot trace here'
result_ sum/d SKIP 'no reason we allow'
printf '# comment\n\ntests/sum/c.sh  strace cannot trace here\n' > may
printf 'tests/sum/d.sh\tanother reason\n' >> may
sh "$report" b s > out || fail=1
cat > exp <<'EOT'
make check: 2 tests skipped: tests/sum/c.sh (strace cannot trace here); tests/sum/d.sh (no reason we allow)
EOT
compare exp out || fail=1

returns_ 1 sh "$report" --may-skip may b s > out || fail=1
cat > exp <<'EOT'
make check: 2 tests skipped: tests/sum/c.sh (strace cannot trace here); tests/sum/d.sh (no reason we allow)
make check: 1 not allowed to skip by may: tests/sum/d.sh (no reason we allow)
EOT
compare exp out || fail=1

# Allowed: each skip listed with its very reason.
printf 'tests/sum/d.sh  no reason we allow\n' >> may
sh "$report" --may-skip may b s > out || fail=1
sed 1q exp > exp1
compare exp1 out || fail=1

# A "user-only" line allows its skip with --user only (the tests ran
# as an ordinary user); as root the test had to run.
result_ sum/d SKIP 'needs root'
printf 'user-only\ttests/sum/d.sh  needs root\n' >> may
returns_ 1 sh "$report" --may-skip may b s > out || fail=1
cat > exp <<'EOT'
make check: 2 tests skipped: tests/sum/c.sh (strace cannot trace here); tests/sum/d.sh (needs root)
make check: 1 not allowed to skip by may: tests/sum/d.sh (needs root)
EOT
compare exp out || fail=1
sh "$report" --may-skip may --user b s > out || fail=1
sed 1q exp > exp1
compare exp1 out || fail=1

# A test without a reason in its log; one skip only.
rm b/tests/sum/c.trs b/tests/sum/d.trs
result_ sum/e SKIP
returns_ 1 sh "$report" --may-skip may b s > out || fail=1
cat > exp <<'EOT'
make check: 1 test skipped: tests/sum/e.sh (no reason given)
make check: 1 not allowed to skip by may: tests/sum/e.sh (no reason given)
EOT
compare exp out || fail=1

Exit $fail
