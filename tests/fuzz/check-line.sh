#!/bin/sh
# The --check line parser against GNU's answers on the check-line seed
# corpus (tests/fuzz/corpus/check-line), recorded by
# tests/fuzz/record-check-line in tests/fuzz/gnu/check-line: exit
# status, output and warnings of "TOOL -c --warn" byte for byte.  Where
# GNU coreutils 9.1 is installed, the records are checked against it
# too, so that they cannot go stale, its result lines in GNU 9.11's
# quoting (tests/requote-check.pl); except the seeds whose answers are
# newer GNU's (tests/fuzz/gnu/check-line-newer).
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/check-line-lib.sh"

gnu_dir=
if "$(gnu_tool md5sum)" --version 2>/dev/null \
     | grep -q 'coreutils) 9\.1$'; then
  gnu_dir=$(dirname "$(gnu_tool md5sum)")
fi

n=0
for seed in "$srcdir"/fuzz/corpus/check-line/*; do
  name=${seed##*/}
  tool=$(check_line_tool "$seed")
  [ -n "$tool" ] || continue
  rec=$srcdir/fuzz/gnu/check-line/$name
  [ -f "$rec" ] || { echo "no recorded answer for $name"; fail=1; continue; }
  check_line_answer "$BRISK_BIN" "$tool" "$seed" > "ours-$name" \
    || framework_failure_ "cannot run $tool on $name"
  compare "$rec" "ours-$name" || { echo "seed: $name"; fail=1; }
  if [ -n "$gnu_dir" ] \
     && ! grep -q "^$name " "$srcdir/fuzz/gnu/check-line-newer"; then
    check_line_answer "$gnu_dir" "$tool" "$seed" | requote_ "${tool%% *}" 0 \
      > "gnu-$name"
    compare "$rec" "gnu-$name" || { echo "stale record: $name"; fail=1; }
  fi
  n=$((n + 1))
done
[ "$n" -gt 40 ] || { echo "only $n seeds compared"; fail=1; }
Exit $fail
