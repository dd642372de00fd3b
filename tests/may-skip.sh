#!/bin/sh
# tests/may-skip, the list of the skips that tests/skip-report allows:
# every test that needs strace (require_strace_) is listed with both
# reasons that require_strace_ may give, so that where strace cannot
# trace, or traces valgrind, its skip is allowed, not a CI failure.
. "$(dirname "$0")/init.sh"

top=$srcdir/..
for t in $(cd "$top" && grep -l -r -x require_strace_ tests --include='*.sh')
do
  for why in 'strace cannot trace here' \
             'the tools run under valgrind, which strace would trace'; do
    grep -F -x "$t  $why" "$top/tests/may-skip" > /dev/null \
      || { echo "$me_: tests/may-skip lacks \"$t  $why\"" >&2; fail=1; }
  done
done
test -n "${t-}" || framework_failure_ "no test calls require_strace_"

Exit $fail
