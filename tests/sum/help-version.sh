#!/bin/sh
# --help and --version: exit 0, output on stdout only, the usage line, and
# every option of GNU's --help offered.  (The texts themselves may differ
# from GNU's, so they are not compared.)
. "$(dirname "$0")/../init.sh"

# The long options GNU's md5sum documents; every tool must offer them all.
ref_ md5sum --help > gnu-help || framework_failure_ "GNU md5sum --help"
grep -o -e '--[a-z][a-z-]*' gnu-help | sort -u > gnu-opts
grep -e '--check' gnu-opts > /dev/null \
  || framework_failure_ "parsing GNU --help"

for t in $sum_tools; do
  for opt in --help --version; do
    brisk_ $t $opt > out 2> err
    st=$?
    test $st = 0 \
      || { echo "$t $opt: exit status $st, expected 0" >&2; fail=1; }
    compare /dev/null err || { echo "$t $opt: stderr not empty" >&2; fail=1; }
    test -s out || { echo "$t $opt: nothing on stdout" >&2; fail=1; }
  done

  brisk_ $t --help > out 2>/dev/null
  echo "Usage: $t [OPTION]... [FILE]..." > exp
  sed 1q out > first
  compare exp first || { echo "$t --help: first line" >&2; fail=1; }
  for o in $(cat gnu-opts); do
    grep -e "$o" out > /dev/null \
      || { echo "$t --help: does not mention $o" >&2; fail=1; }
  done

  brisk_ $t --version > out 2>/dev/null
  sed 1q out | grep "^$t " > /dev/null \
    || { echo "$t --version: first line does not start with '$t '" >&2
         sed 1q out >&2; fail=1; }

  # The first of --help/--version wins, as GNU's getopt loop exits there;
  # unique abbreviations work.
  brisk_ $t --help --bogus > out 2>&1 \
    && sed 1q out | grep "^Usage: $t " > /dev/null \
    || { echo "$t --help --bogus: expected the help" >&2; fail=1; }
  brisk_ $t --vers -c nonexistent > out 2>&1 \
    && sed 1q out | grep "^$t " > /dev/null \
    || { echo "$t --vers -c nonexistent: expected the version" >&2; fail=1; }
done

Exit $fail
