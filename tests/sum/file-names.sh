#!/bin/sh
# Output bytes for awkward file names: newline, carriage return, backslash
# (the leading-backslash escape), spaces, leading spaces, non-UTF-8 bytes,
# a name starting with '-'; in default, -b, --tag and -z modes; compared with
# GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

nl='
'
cr=$(printf '\r')
printf 1 > "a${nl}b"
printf 2 > "${nl}"
printf 3 > "c${cr}d"
printf 4 > 'e\f'
printf 5 > '\'
printf 6 > '\\n'
printf 7 > "g${cr}${nl}h\\"
printf 8 > 'with space'
printf 9 > '  leading spaces'
printf 10 > 'trailing space '
printf 11 > "$(printf 'non\377utf8\300\200')"
printf 12 > -dash
printf 13 > '*star'
printf 14 > ' '
printf 15 > 'paren) = x'
printf 16 > "tab${nl}	x"
mkdir dir
printf 17 > "dir/x${nl}y"

for t in $some_sum_tools; do
  for opts in '' -b --tag -z '-z --tag' '-z -b' '--tag -b'; do
    twin_ $t $opts -- * "dir/x${nl}y" || fail=1
  done
  # Each name alone, so a mismatch names its culprit.
  for f in "a${nl}b" "c${cr}d" 'e\f' '\' -dash; do
    twin_ $t -- "$f" || fail=1
    twin_ $t --tag -- "$f" || fail=1
  done
  twin_ $t -dash || fail=1              # without --: an invalid option
done

Exit $fail
