#!/bin/sh
# Output that cannot be written: /dev/full ("write error: No space left on
# device"), closed standard output, a pipe without reader (SIGPIPE ignored:
# "write error: Broken pipe"; not ignored: killed), and a reader that
# closes the pipe after a few bytes -- for each way of moving bytes
# (formatted or not, from a file or a pipe, small or bigger than any
# buffer).  Diagnostics and exit status compared with GNU's cat.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/scenario.sh"

printf 'one\ntwo\n' > small
make_random_ big 3000000 5

for opts in '' -n; do
  for in in /dev/null small pipe:small big pipe:big; do
    for out in /dev/full closed epipe sigpipe; do
      twin_ -i $in -o $out cat $opts || fail=1
    done
  done
  twin_ -o /dev/full cat $opts small missing big || fail=1
  twin_ -o closed cat $opts missing || fail=1
  twin_ -o closed cat $opts --help || fail=1
  # Nothing left to read: nothing written, no error.
  for out in epipe sigpipe; do
    scene_ "perl -e 'seek (STDIN, 0, 2); exec @ARGV' \
      perl -e '$epipe_perl_' $out cat $opts - small < small" || fail=1
    scene_ "perl -e 'seek (STDIN, 0, 2); exec @ARGV' \
      perl -e '$epipe_perl_' $out cat $opts - < small" || fail=1
  done

  # A reader that stops after 1000 bytes, with SIGPIPE ignored and not.
  for trap in "trap '' PIPE" :; do
    scene_ "$trap; { cat $opts big; echo \"cat: \$?\" >&2; } \
      | head -c 1000 > h" || fail=1
    scene_ "$trap; { cat $opts < big; echo \"cat: \$?\" >&2; } \
      | head -c 1000 > h" || fail=1
    scene_ "$trap; { $feed_cat_ big | cat $opts; echo \"cat: \$?\" >&2; } \
      | head -c 1000 > h" || fail=1
  done
done
Exit $fail
