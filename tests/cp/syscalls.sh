#!/bin/sh
# System calls per file (issue 10's targets): cp -a and cp -r of a tree
# of 200 files of 4 KiB in 10 directories make at most 10 and 8 calls a
# file (GNU's cp 9.1 makes about 17 and 11), and cp -rn and -ru onto a
# whole copy at most 3, skipping each file unopened.  Counted with
# strace -c -f:
# the calls of the tree's copy less those of an empty directory's with
# the same options (start-up and exit), divided by the 200 files.  A
# count, not a timing.  The per-call table is printed on failure.  In a
# build with -fsanitize (BRISK_SANITIZED), whose run-time makes calls of
# its own, a varying few, one call a file more is allowed.
. "$(dirname "$0")/../init.sh"

require_strace_
cp=$BRISK_BIN/cp
test -x "$cp" || framework_failure_ "$cp missing"

mkdir src empty || framework_failure_ mkdir
for i in 0 1 2 3 4 5 6 7 8 9; do
  mkdir src/d$i && make_random_ part $((20 * 4096)) $i \
    && (cd src/d$i && split -b 4096 -a 2 ../../part f) \
    || framework_failure_ "make src/d$i"
done
test "$(find src -type f | wc -l)" -eq 200 || framework_failure_ "200 files"

# count_ OPT LIMIT: cp OPT of empty to e, then of src to t, under
# strace -c; at most LIMIT calls a file (one more when sanitized), and
# t equal to src.
count_ ()
{
  limit=$2
  test -n "${BRISK_SANITIZED-}" && limit=$((limit + 1))
  strace -c -f -o base$1 "$cp" $1 empty e 2> err || fail=1
  strace -c -f -o tree$1 "$cp" $1 src t 2>> err || fail=1
  test -s err && { echo "cp $1 wrote:"; cat err; fail=1; }
  diff -r src t || fail=1
  calls_per_file_ base$1 tree$1 200 $limit "cp $1" || fail=1
}

rm -rf e t && count_ -a 10
rm -rf e t && count_ -r 8

# Onto a whole copy (-T: t is the copy, not its parent) with -n, and
# with -u (nothing newer): each file is skipped after a stat of each
# side, at most 3 calls a file (GNU's cp 9.1: about 2.8); it is not
# opened, as it would be for its copy.
for opt in -rnT -ruT; do
  rm -rf e && mkdir e || framework_failure_ "mkdir e"
  count_ $opt 3
done

Exit $fail
