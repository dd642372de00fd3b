#!/bin/sh
# Pseudo-files whose size is a hint, not their length: a file under
# /sys says 4096 bytes in no block (so it looks sparse) and reads as a
# few; one under /proc says 0 and reads as more.  cp, cp -p, cp -a and
# --sparse=always/never copy what reading gives, no more (no NULs up to
# the size stat told), onto a new file, onto an existing longer one and
# into a directory, as GNU's cp does; and each copy is what cat reads.
# A file this machine lacks is left out; the test is skipped only when
# it lacks them all.
. "$(dirname "$0")/lib.sh"

pseudo_files_
files=$pseudo_files_

# The existing destinations are longer than any of the sources.
setup ()
{
  mkdir d && for f in $files; do
    b=$(basename "$f") && head -c 8192 /dev/zero | tr '\0' x > "$b-over" \
      || return 1
  done
}

for f in $files; do
  b=$(basename "$f")
  echo "$f $b"
  echo "-p $f $b-p"
  echo "-a $f $b-a"
  echo "--sparse=always $f $b-always"
  echo "--sparse=never $f $b-never"
  echo "$f $b-over"
done > lines || framework_failure_ "write lines"
echo "-a$files d" >> lines
cp_batch_ setup < lines || fail=1

pseudo_copies_ % %-p %-a %-always %-never %-over d/% || fail=1

Exit $fail
