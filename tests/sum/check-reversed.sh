#!/bin/sh
# --check and the one-space "DIGEST NAME" form (BSD 'md5 -r' output): GNU
# accepts it only until a line in the usual "DIGEST  NAME" form is seen, and
# once it is seen, two spaces mean a name starting with a space.  The choice
# is made by the first such line of the run and holds for the following
# check files too.  Compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'x\n' > f
printf 'y\n' > ' f'

for t in $some_sum_tools; do
  h=$(ref_ -i f $t | sed 's/ .*//')
  hs=$(ref_ -i ' f' $t | sed 's/ .*//')
  tag=$(ref_ $t --tag f | sed 's/ .*//')
  printf '%s f\n' $h > single.chk
  printf '%s  f\n' $h > double.chk
  printf '%s *f\n' $h > star.chk
  printf '%s\tf\n' $h > tab.chk
  printf '%s (f) = %s\n' $tag $h > tag.chk
  printf '%s  f\n' $hs > space-name.chk
  cat single.chk double.chk > single-double.chk
  cat double.chk single.chk > double-single.chk
  cat star.chk single.chk > star-single.chk
  cat tag.chk single.chk double.chk > tag-single-double.chk
  cat tag.chk double.chk single.chk > tag-double-single.chk
  cat tab.chk single.chk double.chk > tab-single-double.chk
  cat single.chk space-name.chk > single-spacename.chk
  for c in *.chk; do
    twin_ $t -c -w $c || fail=1
  done
  # The choice carries over to the next check file, and to stdin.
  twin_ $t -c -w double.chk single.chk || fail=1
  twin_ $t -c -w single.chk double.chk || fail=1
  twin_ $t -c -w tag.chk single.chk double.chk || fail=1
  twin_ $t -c -w single.chk space-name.chk || fail=1
  twin_ -i single.chk $t -c -w double.chk - || fail=1
  twin_ -i double.chk $t -c -w single.chk - || fail=1
  rm -f *.chk
done

Exit $fail
