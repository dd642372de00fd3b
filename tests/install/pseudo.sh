#!/bin/sh
# install of pseudo-files whose size is a hint, not their length (see
# tests/cp/sysfs.sh): /sys files that say 4096 bytes and read as a few,
# /proc files that say 0.  install, -p, -m 600, -C (twice: the second
# finds the copy alike, or not, as GNU's does) and -t, compared with
# GNU's; and each copy is what cat reads.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

pseudo_files_
files=$pseudo_files_

setup () { mkdir d; }

for f in $files; do
  b=$(basename "$f")
  echo "$f $b"
  echo "-p $f $b-p"
  echo "-m 600 $f $b-600"
  echo "-C -v $f $b-C"
  echo "-C -v $f $b-C"
done > lines || framework_failure_ "write lines"
echo "-t d$files" >> lines
cp_batch_ setup < lines || fail=1

pseudo_copies_ % %-p %-600 %-C d/% || fail=1

Exit $fail
