#!/bin/sh
# --check on well-formed input: GNU lines with ' ' and '*' marks, BSD-tagged
# lines, lines made by -b, --tag and -z-less output of awkward names
# (escaped), uppercase digests, several check files, the check file read
# from stdin ('-c -' and '-c' alone), and a listed '-' (stdin); compared
# with GNU.
. "$(dirname "$0")/../init.sh"

nl='
'
printf 'alpha\n' > a
printf 'beta' > b
printf '' > empty
printf 'x' > "n${nl}l"
printf 'y' > 'back\slash'
printf 'z' > "c$(printf '\r')r"
printf 'w' > ' lead'
printf 'in\n' > in

for t in $sum_tools; do
  ref_ $t a b empty > plain.chk
  ref_ $t -b a b empty > binary.chk
  ref_ $t --tag a b empty > tag.chk
  ref_ $t "n${nl}l" 'back\slash' "c$(printf '\r')r" ' lead' > names.chk
  ref_ $t --tag "n${nl}l" 'back\slash' ' lead' > tagnames.chk
  # The digest field only, in upper case, and in mixed case.
  awk '{ i = index ($0, " ")
         print toupper (substr ($0, 1, i - 1)) substr ($0, i) }' \
    plain.chk > upper.chk
  awk '{ print substr ($0, 1, 8) toupper (substr ($0, 9, 8)) \
               substr ($0, 17) }' \
    plain.chk > mixed.chk
  cat plain.chk tag.chk binary.chk > all.chk
  ref_ -i in $t > dash.chk
  ref_ -i in $t --tag - > dashtag.chk
  for c in plain binary tag names tagnames upper mixed all; do
    twin_ $t -c $c.chk || fail=1
  done
  twin_ $t --check all.chk || fail=1
  twin_ $t -c plain.chk tag.chk binary.chk || fail=1
  twin_ $t -c plain.chk plain.chk || fail=1
  twin_ -i all.chk $t -c || fail=1
  twin_ -i all.chk $t -c - || fail=1
  twin_ -i pipe:all.chk $t -c - || fail=1
  twin_ -i names.chk $t -c - plain.chk || fail=1
  twin_ -i in $t -c dash.chk || fail=1
  twin_ -i in $t -c dashtag.chk || fail=1
  twin_ -i dash.chk $t -c - || fail=1    # '-' listed while stdin is the list
done

Exit $fail
