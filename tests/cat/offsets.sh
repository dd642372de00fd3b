#!/bin/sh
# The kernel paths start where the descriptors stand: standard input
# opened on a file and moved into it, and standard output opened for
# writing without truncation ("1<>") and moved into it, copy from and to
# those offsets, as GNU's cat does -- to a file, a pipe and /dev/null.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/scenario.sh"

make_random_ src 300001 12
make_random_ dst 200003 13
# Perl: seek standard input ($ARGV[0] = "in") or output ("out") to offset
# $ARGV[1], then run the rest.
seek='my ($h, $o) = splice (@ARGV, 0, 2);
seek ($h eq "in" ? *STDIN : *STDOUT, $o, 0) or die "seek: $!"; exec @ARGV'

for opts in '' -v; do
  for o in 4097 300000; do
    scene_ "perl -e '$seek' in $o cat $opts - < src > o.file" || fail=1
    scene_ "perl -e '$seek' in $o cat $opts - < src | $feed_cat_ > o.pipe" \
      || fail=1
    scene_ "perl -e '$seek' in $o cat $opts - src < src 1<> dst" || fail=1
    scene_ "perl -e '$seek' out $o cat $opts src 1<> dst" || fail=1
    scene_ "perl -e '$seek' out $o cat $opts - < src 1<> dst" || fail=1
    scene_ "perl -e '$seek' out $o cat $opts - src < src >> dst" || fail=1
  done
done
Exit $fail
