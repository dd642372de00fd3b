#!/bin/sh
# 300 outputs, from a file and through a pipe, some named twice and some
# failing: all compared with GNU.
. "$(dirname "$0")/lib.sh"

make_random_ in 700001 19
i=0
set --
while test $i -lt 300; do
  i=$((i + 1))
  set -- "$@" o$i
done
set -- "$@" o1 o150 missing/x /dev/null

tee_twin_ -i in "$@" || fail=1
tee_twin_ -i pipe:in "$@" || fail=1
tee_twin_ -i pipe:in -o /dev/full "$@" || fail=1

Exit $fail
