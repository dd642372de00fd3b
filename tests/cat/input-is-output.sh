#!/bin/sh
# GNU's safety check: an input that is the output's regular file and not
# read to its end ("cat f >> f") is reported as "input file is output
# file" and skipped, rather than copied into itself for ever; the other
# operands are still copied.  A truncated output ("cat f > f") or an
# input already at its end does not count.  Compared with GNU: messages,
# status, and the files left behind.  An output opened for writing at
# offset 0 ("cat f 1<>f"), which GNU 9.1 refused and 9.6 copies onto
# itself, is self-copy.sh's.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/scenario.sh"

printf 'one\ntwo\n' > f
printf 'other\n' > g
: > empty
ln f hard
ln -s f sym

# Perl: seek standard input to offset $ARGV[1] from its start ($ARGV[0]
# is 0) or end (2), then run the rest.
seek='my ($w, $o) = splice (@ARGV, 0, 2); seek (STDIN, $o, $w) or die;
  exec @ARGV'

for opts in '' -n; do
  for script in \
    "cat $opts f >> f" \
    "cat $opts - < f >> f" \
    "cat $opts g f g >> f" \
    "cat $opts f >> hard" \
    "cat $opts sym >> f" \
    "cat $opts f > f" \
    "cat $opts empty >> empty" \
    "cat $opts - g < f >> f" \
    "perl -e '$seek' 0 0 cat $opts - < f >> f" \
    "perl -e '$seek' 2 -1 cat $opts - < f >> f" \
    "perl -e '$seek' 2 0 cat $opts - < f >> f" \
    "perl -e '$seek' 0 3 cat $opts - f < f >> f" \
    "cat $opts f - < g >> g" \
    "cat $opts f g > /dev/null"
  do
    scene_ "$script" || fail=1
  done
done
Exit $fail
