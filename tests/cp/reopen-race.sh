#!/bin/sh
# Trees deeper than the walks keep open (tests/cp/deep.sh), changed
# under cp, mv and sha256sum -r where they must open closed
# directories again by their names (walk_reopen_down, lib/walk-path.c):
# each is held (strace) deep in the tree, and the test moves a level
# out of the tree, so that ".." from it is no longer its parent, and
# puts in the place of a level above it a symbolic link to a directory
# out/, which holds directories (and files) of the names below.  The
# tool must not act through the link (it opens each level without
# following a link, and checks it is the directory it had open): it
# says it cannot reach the directories, exits 1, and leaves out/ as it
# was.  Brisk's own: run on $BRISK_BIN's tools.
# (a) cp -a of 20 levels a1/.../a20, held after it made the deepest
#     (a1 .. a4 closed), a5 moved out and a3 replaced: a cp that goes
#     by path names (GNU's) gives out/a4 the source's mode and times
#     (BRISK_REOPEN_CP=/usr/bin/cp runs this part on GNU's).  What was
#     copied below a5, through descriptors, is whole where it went.
# (b) mv of 40 levels b1/.../b40 from /dev/shm to another file system,
#     held at its first unlinkat, the bottom file's, while it removes
#     the source (b1 .. b8 closed), b9 moved out and b3 replaced: a
#     remover that goes by names would remove out/b4/.../b9, empty
#     directories.  The copy is whole.
# (c) sha256sum -r of 40 levels c1/.../c40, c8 holding c9 and a file z,
#     held as it opens c40 (c1 .. c8 closed), c9 moved out and c3
#     replaced, out/c4/.../c8/z a secret: a walk that goes by names
#     would print the secret's digest.  It says it cannot read c8, exits
#     1, and prints the bottom file's line.
. "$(dirname "$0")/../init.sh"
require_strace_

cp=${BRISK_REOPEN_CP:-$BRISK_BIN/cp}
test -x "$cp" || framework_failure_ "$cp missing"

# held_ SETUP CALL N READY CHANGE CMD...: run the function SETUP, then
# CMD (standard output in file stdout, standard error in file err)
# under strace, held on the return of
# its Nth CALL; once the command READY succeeds, run the function
# CHANGE.  A CMD that ended before the change runs again, held longer
# (0.3 s, then 2, then 5).  Set st to CMD's exit status, and hit to
# true if the change was made while CMD was held.
held_ ()
{
  h_setup_=$1 h_call_=$2 h_n_=$3 h_ready_=$4 h_change_=$5
  shift 5
  for h_hold_ in 0.3 2 5; do
    $h_setup_
    strace -f -o /dev/null \
      -e inject=$h_call_:delay_exit=${h_hold_}s:when=$h_n_ "$@" \
      > stdout 2> err &
    h_pid_=$!
    hit=false
    if wait_for_ 200 $h_ready_; then
      $h_change_
      kill -0 $h_pid_ 2> /dev/null && hit=true
    fi
    wait $h_pid_
    st=$?
    $hit && break
  done
}

# s: 20 levels a1/a2/.../a20 and a file f at the bottom; the walk keeps
# the 16 deepest open, so a1 .. a4 are closed when it makes a20.
levels=20
chain=$(seq -s / -f 'a%.0f' 1 $levels)
mkdir -p "s/$chain" && echo bottom > "s/$chain/f" \
  && find s -type d -exec chmod 0750 {} + \
  && find s -type d -exec touch -d '2005-05-05 05:05:05' {} + \
  || framework_failure_ "make s"

# (a) The copy's mkdir calls: d, then a1 .. a20.
make_out_a_ ()
{
  rm -rf d out moved err && mkdir -p out/a4 && chmod 0700 out/a4 \
    && touch -d '2001-01-01 01:01:01' out/a4 \
    || framework_failure_ "make out"
  was=$(stat -c '%a %Y' out/a4)
}
made_a_ () { test -d "d/$chain"; }
change_a_ ()
{
  mv d/a1/a2/a3/a4/a5 moved && mv d/a1/a2/a3 d/a3.real \
    && ln -s "$PWD/out" d/a1/a2/a3 || framework_failure_ "change d"
}
held_ make_out_a_ mkdir,mkdirat $((levels + 1)) made_a_ change_a_ \
  "$cp" -a s d
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

# (b) The source on /dev/shm, the copy and out/ here.
here=$PWD
shm_dir_
shm=$PWD
cd "$here" || framework_failure_ "cd $here"
test "$(stat -c %d "$shm")" != "$(stat -c %d .)" \
  || framework_failure_ "the test's directory is on /dev/shm: no move" \
                        "across file systems"
levels=40
chain=$(seq -s / -f 'b%.0f' 1 $levels)
make_b_ ()
{
  rm -rf "$shm/s" "$shm/moved" "$shm/b3.real" d out err \
    && mkdir -p "$shm/s/$chain" out/b4/b5/b6/b7/b8/b9 \
    && echo bottom > "$shm/s/$chain/f" || framework_failure_ "make s"
}
removing_b_ () { test ! -e "$shm/s/$chain/f"; }
change_b_ ()
{
  mv "$shm/s/b1/b2/b3/b4/b5/b6/b7/b8/b9" "$shm/moved" \
    && mv "$shm/s/b1/b2/b3" "$shm/b3.real" \
    && ln -s "$here/out" "$shm/s/b1/b2/b3" || framework_failure_ "change s"
}
held_ make_b_ unlinkat 1 removing_b_ change_b_ "$BRISK_BIN/mv" "$shm/s" d
$hit || { echo "mv ended before the change"; fail=1; }
test $st = 1 || { echo "mv: status $st, expected 1"; fail=1; }
grep "mv: cannot remove '$shm/s/b1/b2/b3/b4/b5/b6/b7/b8': " err \
  > /dev/null || { echo "mv: no message that b8 cannot be removed"
                   fail=1; }
test -d out/b4/b5/b6/b7/b8/b9 \
  || { echo "mv removed through the link:"; find out; fail=1; }
test "$(cat "d/$chain/f")" = bottom \
  || { echo "mv: the copy is not whole"; fail=1; }
test $fail = 0 || cat err

# (c) Files opened one by one (no io_uring batch), so that strace sees
# every openat: the hold is at the one of c40, counted in a run without
# the hold.
BRISK_URING=0
export BRISK_URING
chain=$(seq -s / -f 'c%.0f' 1 $levels)
make_c_ ()
{
  rm -rf s3 moved3 c3.real out stdout err \
    && mkdir -p "s3/$chain" out/c4/c5/c6/c7/c8 \
    && echo bottom > "s3/$chain/f" \
    && echo own > s3/c1/c2/c3/c4/c5/c6/c7/c8/z \
    && echo secret > out/c4/c5/c6/c7/c8/z || framework_failure_ "make s3"
}
make_c_
strace -f -qq -e trace=openat -o trace "$BRISK_BIN/sha256sum" -r s3 \
  > /dev/null 2>&1 || framework_failure_ "sha256sum -r s3 under strace"
n=$(grep 'openat(' trace | grep -n '"c40"' | cut -d: -f1)
test -n "$n" || framework_failure_ "no openat of c40 in trace"
bottom=$("$(gnu_tool sha256sum)" < "s3/$chain/f" | cut -d' ' -f1)
secret=$("$(gnu_tool sha256sum)" < out/c4/c5/c6/c7/c8/z | cut -d' ' -f1)
# Held: sha256sum (strace's child) has c40 open.
opening_c_ ()
{
  oc_pid_=$(child_of_ $h_pid_)
  test -n "$oc_pid_" && ls -l "/proc/$oc_pid_/fd" 2> /dev/null \
    | grep '/c40$' > /dev/null
}
change_c_ ()
{
  mv s3/c1/c2/c3/c4/c5/c6/c7/c8/c9 moved3 && mv s3/c1/c2/c3 c3.real \
    && ln -s "$PWD/out" s3/c1/c2/c3 || framework_failure_ "change s3"
}
held_ make_c_ openat "$n" opening_c_ change_c_ "$BRISK_BIN/sha256sum" -r s3
$hit || { echo "sha256sum ended before the change"; fail=1; }
test $st = 1 || { echo "sha256sum: status $st, expected 1"; fail=1; }
grep "sha256sum: cannot read directory 's3/c1/c2/c3/c4/c5/c6/c7/c8': " err \
  > /dev/null || { echo "sha256sum: no message that c8 cannot be read"
                   fail=1; }
grep "$secret" stdout > /dev/null \
  && { echo "sha256sum printed the secret's digest"; fail=1; }
grep "^$bottom  s3/$chain/f\$" stdout > /dev/null \
  || { echo "sha256sum: no line for the bottom file"; fail=1; }
test $fail = 0 || cat stdout err

Exit $fail
