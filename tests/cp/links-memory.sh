#!/bin/sh
# The memory "cp -al" takes for a tree of many hard links, as GNU's
# tests/cp/link-heap.sh measures it, with a tighter budget (its tree is
# half as big): 5,000 files, each with a second link in another
# directory, and 5,000 directories beside them, copied under
# "ulimit -v" set 2,000 KiB above what cp needs to link one file.
# GNU's cp needs about 1,400 KiB more for that tree (it keeps no
# table of copies with -l, and holds a directory's names in one
# buffer); Brisk's needed 2,700 more, when it noted every linked file's
# copy by its whole name, each name read from a directory in a buffer
# of its own, and every directory it made.
# In a build with the sanitizers (BRISK_SANITIZED, also set under
# valgrind), whose run-time reserves terabytes of address space for its
# shadow memory, no "ulimit -v" can hold cp: there the tree is copied
# without a limit, and only the links are checked; the plain build's
# run checks the budget.
. "$(dirname "$0")/lib.sh"

(ulimit -v 100000) 2>/dev/null || skip_ "this shell lacks ulimit -v"
cp=$BRISK_CP
budget=true
test -z "${BRISK_SANITIZED-}" || budget=false

# The least "ulimit -v" (KiB) under which "cp -al one f2" works, to 50 KiB.
touch one || framework_failure_
lo=500 hi=200000
while $budget && test $((hi - lo)) -gt 50; do
  mid=$(((lo + hi) / 2))
  rm -f f2
  if (ulimit -v $mid && "$cp" -al one f2) >/dev/null 2>&1; then
    hi=$mid
  else
    lo=$mid
  fi
done
! $budget || test $hi -lt 200000 || framework_failure_ "cp -al one f2 fails"

a=$(printf %031d 0)
b=$(printf %031d 1)
(mkdir $a && cd $a && seq --format=%031g 5000 | xargs touch \
   && seq --format=d%030g 5000 | xargs mkdir) \
  && "$gnu_cp_" -al $a $b && mkdir e && mv $a $b e \
  || framework_failure_ "the tree"

if $budget; then
  (ulimit -v $((hi + 2000)) && "$cp" -al e f) || fail=1
else
  "$cp" -al e f || fail=1
fi
test "$(ls f/$a | wc -l) $(ls f/$b | wc -l)" = '10000 10000' || fail=1
test "$(stat -c %h f/$b/$b)" = 4 || fail=1

Exit $fail
