#!/bin/sh
# cp -a of a tree deeper than cp keeps open (tests/cp/deep.sh), while
# the destination is changed under it: cp has closed the directories
# of the shallow levels, and must open them again on its way back up.
# Held (strace) just after it made the deepest directory, the test
# moves that chain's fifth level out of the tree, so that ".." from it
# is no longer its parent, and puts in the third level's place a
# symbolic link to a directory out/, which holds a directory of the
# fourth level's name.  cp must then find the fourth level again by
# its names without following the link: it says it cannot access it
# (and the third), exits 1, and leaves out/ as it was, where a cp that
# goes by path names (GNU's) gives out/a4 the source's mode and times.
# What was copied below the fifth level, through descriptors, is whole
# in the directory moved.  Brisk's own: run on $BRISK_BIN/cp
# (BRISK_REOPEN_CP=/usr/bin/cp runs it on GNU's, which fails it).
. "$(dirname "$0")/../init.sh"
require_strace_

cp=${BRISK_REOPEN_CP:-$BRISK_BIN/cp}
test -x "$cp" || framework_failure_ "$cp missing"

# s: 20 levels a1/a2/.../a20 and a file f at the bottom; the walk keeps
# the 16 deepest open, so a1 .. a4 are closed when it makes a20.
levels=20
chain=$(seq -s / -f 'a%.0f' 1 $levels)
mkdir -p "s/$chain" && echo bottom > "s/$chain/f" \
  && find s -type d -exec chmod 0750 {} + \
  && find s -type d -exec touch -d '2005-05-05 05:05:05' {} + \
  || framework_failure_ "make s"

# The copy's mkdir calls: d, then a1 .. a20.
for hold in 0.3 2 5; do
  rm -rf d out moved err && mkdir -p out/a4 && chmod 0700 out/a4 \
    && touch -d '2001-01-01 01:01:01' out/a4 \
    || framework_failure_ "make out"
  was=$(stat -c '%a %Y' out/a4)
  strace -f -o /dev/null \
    -e inject=mkdir,mkdirat:delay_exit=${hold}s:when=$((levels + 1)) \
    "$cp" -a s d 2> err &
  pid=$!
  hit=false
  if wait_for_ 200 test -d "d/$chain"; then
    mv d/a1/a2/a3/a4/a5 moved && mv d/a1/a2/a3 d/a3.real \
      && ln -s "$PWD/out" d/a1/a2/a3 \
      || framework_failure_ "change d"
    kill -0 $pid 2> /dev/null && hit=true
  fi
  wait $pid
  st=$?
  $hit && break
done
$hit || { echo "cp ended before the change"; fail=1; }

test $st = 1 || { echo "status $st, expected 1"; fail=1; }
for dir in d/a1/a2/a3/a4 d/a1/a2/a3; do
  grep "cp: cannot access '$dir': " err > /dev/null \
    || { echo "no message that $dir cannot be accessed"; fail=1; }
done
test "$(ls -A out)" = a4 && test -z "$(ls -A out/a4)" \
  && test "$(stat -c '%a %Y' out/a4)" = "$was" \
  || { echo "out changed:"; ls -lAR --full-time out; fail=1; }
below=${chain#a1/a2/a3/a4/a5/}
test "$(cat "moved/$below/f")" = bottom \
  && test "$(stat -c '%a %Y' "moved/$below")" \
          = "$(stat -c '%a %Y' "s/$chain")" \
  || { echo "the copy below the fifth level is not whole"; fail=1; }
test "$(stat -c '%a %Y' d/a1/a2)" = "$(stat -c '%a %Y' s/a1/a2)" \
  || { echo "d/a1/a2 has not got its attributes"; fail=1; }
test $fail = 0 || cat err

Exit $fail
