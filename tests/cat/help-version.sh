#!/bin/sh
# --help: GNU's text up to its examples, with our program name, then the
# line naming Brisk's manual where GNU's names its own, on stdout,
# status 0; --version: "cat (brisk) VERSION"; the first of them wins; and
# bad options (unknown, ambiguous abbreviations, an argument given to
# --help) fail as GNU's do, message for message.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

# GNU's text without its last lines (its web site and manual), then ours.
ref_ cat --help | sed '/^  cat        Copy standard input/q' > exp \
  || framework_failure_ "GNU cat --help"
printf "\nFull documentation: info '(brisk) cat invocation'\n" >> exp
brisk_ cat --help > out 2> err
st=$?
test $st = 0 || { echo "--help: status $st" >&2; fail=1; }
compare /dev/null err || fail=1
compare exp out || { echo "--help differs from GNU's" >&2; fail=1; }

brisk_ cat --version > out 2> err
st=$?
test $st = 0 || { echo "--version: status $st" >&2; fail=1; }
compare /dev/null err || fail=1
sed 1q out | grep '^cat (brisk) ' > /dev/null \
  || { echo "--version: first line" >&2; sed 1q out >&2; fail=1; }

brisk_ cat --help --version missing > out 2>&1 \
  && sed 1q out | grep '^Usage: cat ' > /dev/null \
  || { echo "--help --version: expected the help" >&2; fail=1; }
brisk_ cat --vers --help missing > out 2>&1 \
  && sed 1q out | grep '^cat ' > /dev/null \
  || { echo "--vers --help: expected the version" >&2; fail=1; }

for bad in -z -nz --bogus --show --num --s --help=x --version=1 --number=2 \
  '-n --show-n=3' -; do
  twin_ -o merged cat $bad || fail=1
done
Exit $fail
