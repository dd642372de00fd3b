#!/bin/sh
# --check: what a line that is rejected may change.  A line whose digest is
# not valid hex (a non-hex digit, too short, a '*' where the digest goes)
# must not choose between the one-space and two-space forms for the lines
# after it; in GNU a line rejected later (a bad escape, "-" on standard
# input) has already chosen.  An escaped line (leading backslash) holding a
# NUL byte, in GNU or BSD form, is improperly formatted: it must never
# verify the file named before the NUL.  Compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'x\n' > f
printf 'y\n' > ' f'

for t in $some_sum_tools; do
  h=$(ref_ -i f $t | sed 's/ .*//')
  tag=$(ref_ $t --tag f | sed 's/ .*//')
  z=$(printf '%s\n' "$h" | tr 0-9a-f z)
  short=$(printf '%s\n' "$h" | sed 's/.$//')
  star=$(printf '%s\n' "$h" | sed 's/./*/')
  test -n "$h" && test -n "$tag" || framework_failure_ "$t digest of f"
  for bad in $z $short "$star"; do
    for sep in ' ' '  ' ' *'; do
      printf '%s%sf\n%s f\n%s  f\n' "$bad" "$sep" $h $h > one-two.chk
      printf '%s%sf\n%s  f\n%s f\n' "$bad" "$sep" $h $h > two-one.chk
      printf '%s%sf\n' "$bad" "$sep" > bad.chk
      printf '%s f\n' $h > one.chk
      printf '%s  f\n' $h > two.chk
      for c in one-two.chk two-one.chk; do
        twin_ $t -c $c || fail=1
        twin_ $t -c -w --strict $c || fail=1
      done
      # Across check files, and with the bad line on standard input.
      twin_ $t -c bad.chk one.chk two.chk || fail=1
      twin_ $t -c bad.chk two.chk one.chk || fail=1
      twin_ -i bad.chk $t -c - two.chk || fail=1
    done
  done
  # Rejected after the digest was read: a bad escape, "-" on stdin.
  printf '\\%s \\q\n%s  f\n' $h $h > escape.chk
  printf '%s -\n%s  f\n' $h $h > dash.chk
  twin_ $t -c escape.chk || fail=1
  twin_ -i dash.chk $t -c || fail=1
  twin_ -i dash.chk $t -c - || fail=1

  # NUL bytes in escaped and plain lines, GNU and BSD forms.
  printf '\\%s  f\0zz\n' $h > nul-gnu.chk
  printf '\\%s  \0f\n' $h > nul-first.chk
  printf '\\%s  f\\\\\0\n' $h > nul-after-escape.chk
  printf '\\%s (f\0zz) = %s\n' $tag $h > nul-bsd.chk
  printf '%s  f\0zz\n' $h > nul-plain.chk
  printf '%s (f\0zz) = %s\n' $tag $h > nul-plain-bsd.chk
  for c in nul-*.chk; do
    twin_ $t -c $c || fail=1
    twin_ $t -c -w --strict $c || fail=1
  done
  twin_ -i nul-gnu.chk $t -c || fail=1
  rm -f *.chk
done

Exit $fail
