#!/bin/sh
# File names in diagnostics are quoted for the shell according to the
# locale: in a UTF-8 locale valid multibyte characters stay as they are,
# invalid bytes and control characters are quoted.  (Every other test runs
# in the C locale.)  Compared with GNU; skipped without a UTF-8 locale.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

utf8=$(locale -a 2>/dev/null | grep -i -E '^(c|en_us)\.utf-?8$' | sed 1q)
test -n "$utf8" || skip_ "no UTF-8 locale"

e_acute=$(printf '\303\251')
names="$e_acute
caf${e_acute} au lait
$(printf '\303(bad)')
$(printf '\342\202\254 euro')
$(printf 'tab\there')
$(printf 'del\177')
it's
\\"

printf 'data\n' > data
for loc in $utf8 C; do
  LC_ALL=$loc
  export LC_ALL
  for t in $some_sum_tools; do
    d=$(ref_ $t data | sed 's/ .*//')
    : > list.chk
    printf '%s\n' "$names" | while IFS= read -r n; do
      twin_ $t "$n" || echo fail > failed
      twin_ $t -c "$n" || echo fail > failed
      printf '%s  %s\n' "$d" "$n" >> list.chk
    done
    twin_ $t -c list.chk || fail=1
    twin_ $t -c --ignore-missing list.chk || fail=1
  done
done
test -f failed && fail=1

Exit $fail
