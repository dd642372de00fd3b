#!/bin/sh
# Line numbers past 999999 widen their field, as GNU's do (-n and -b,
# empty lines and not, across two files).
. "$(dirname "$0")/../init.sh"
use_tool_ cat

perl -e 'print "\n" x 999990; print "x\n" x 20' > many
printf 'a\n\nb' > tail
for opts in -n -b -nE -bs -ns; do
  twin_ cat $opts many tail || fail=1
done
Exit $fail
