#!/bin/sh
# GNU 9.6 and later copy a file onto itself when that ends: cat refuses
# ("input file is output file", status 1, the other operands still
# copied) only an input that is standard output's file read from an
# offset before the one where the output writes, which is the file's
# end when standard output appends.  GNU 9.1 refused the copy at any
# offset before the file's end ("cat f 1<> f"), so the results are
# asserted here rather than compared with /usr/bin/cat;
# input-is-output.sh compares the cases where both agree.
. "$(dirname "$0")/../init.sh"
PATH=$BRISK_BIN:$PATH

printf 'ab\n' > ab || framework_failure_
printf 'cd\n' > cd || framework_failure_

# check_ EXP-FILE EXP-STATUS EXP-ERR SCRIPT: run SCRIPT with FILE a copy
# of ab, and compare FILE, the status and standard error.
check_ ()
{
  cp ab file || framework_failure_
  printf '%s' "$3" > exp-err
  sh -c "$4" 2> err
  echo $? > rc
  echo "$2" > exp-rc
  printf "$1" > exp-file
  compare exp-file file && compare exp-rc rc && compare exp-err err \
    || { echo "FAIL: $4"; return 1; }
}
msg ()
{
  printf 'cat: %s: input file is output file\n' "$1"
}

# Read and written at the same offset: copied onto itself, and the next
# operand after it.
check_ 'ab\n' 0 '' 'cat file 1<> file' || fail=1
check_ 'ab\ncd\n' 0 '' 'cat file cd 1<> file' || fail=1
check_ 'ab\ncd\n' 0 '' 'cat - cd < file 1<> file' || fail=1
check_ 'ab\ncd\n' 0 '' 'cat -u file cd 1<> file' || fail=1
check_ '' 0 '' 'cat file > file' || fail=1
# Written ahead of where it is read: refused.
check_ 'cd\n' 1 "$(msg file)
" 'cat cd file 1<> file' || fail=1
check_ 'cd\n' 1 "$(msg -)
" 'cat cd - < file 1<> file' || fail=1
# Appended to: the output writes at the end.
check_ 'ab\n' 1 "$(msg file)
" 'cat file >> file' || fail=1
check_ 'ab\n' 1 "$(msg -)
" 'cat < file >> file' || fail=1
check_ 'ab\ncd\n' 1 "$(msg file)
" 'cat file cd >> file' || fail=1
# An input already at the end of the file it appends to: nothing to copy.
check_ 'ab\n' 0 '' 'exec 3< file && cat <&3 > /dev/null && cat <&3 >> file' \
  || fail=1
# An input past the output's offset: copied.
check_ 'b\n\n' 0 '' \
  'exec 3< file && dd bs=1 count=1 <&3 >/dev/null 2>&1 && cat <&3 1<> file' \
  || fail=1
Exit $fail
