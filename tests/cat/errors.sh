#!/bin/sh
# Operands that cannot be read: a missing file, a directory, an unreadable
# file, an empty name.  Each is reported in GNU's words, the others are
# still copied, and the exit status is 1.  Diagnostics and output are
# compared as one stream, so their order counts too.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/corpus.sh"

mkdir dir
echo secret > unreadable && chmod 0 unreadable
# root reads anything: leave that case out then.
unreadable=unreadable
cat unreadable > /dev/null 2>&1 && unreadable=

for opts in '' -n -sE -v; do
  twin_ -o merged cat $opts missing || fail=1
  twin_ -o merged cat $opts dir || fail=1
  twin_ -o merged cat $opts text missing nonl dir text || fail=1
  twin_ -o merged cat $opts nonl missing/x '' nonl || fail=1
  test -z "$unreadable" || twin_ -o merged cat $opts text unreadable nonl \
    || fail=1
  twin_ -o merged -i pipe:text cat $opts - dir - text || fail=1
  # Output not a regular file: /dev/null, a pipe.
  twin_ -o /dev/null cat $opts text dir missing || fail=1
  twin_ -o merged cat $opts "$(printf 'odd\nname')" 'sp ace' || fail=1
done
Exit $fail
