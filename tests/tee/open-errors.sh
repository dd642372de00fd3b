#!/bin/sh
# Outputs that cannot be opened (a missing directory, a directory, an empty
# name) are reported ("tee: d/x: No such file or directory"), the others
# still written, exit 1; closed stdin or stdout: the outputs opened never
# take their place.  Compared with GNU.
. "$(dirname "$0")/lib.sh"

printf 'data\n' > in
mkdir dir

for i in in pipe:in; do
  tee_twin_ -i $i d/x a || fail=1
  tee_twin_ -i $i a d/x b || fail=1
  tee_twin_ -i $i dir a || fail=1
  tee_twin_ -i $i '' a || fail=1
  tee_twin_ -i $i -a d/x dir a || fail=1
  tee_twin_ -i $i -o closed a b || fail=1
  tee_twin_ -i $i -o closed -p a || fail=1
done
tee_twin_ -i closed a || fail=1
tee_twin_ -i closed -o closed a || fail=1

Exit $fail
