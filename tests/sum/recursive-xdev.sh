#!/bin/sh
# -r with -x/--one-file-system: a tmpfs mounted inside the tree is not
# walked, the rest is, in order; without -x it is walked; an operand
# that is itself the mount point is walked (its own file system).
# Needs mount(2): skips where a tmpfs cannot be mounted.
. "$(dirname "$0")/../init.sh"
# An ordinary user mounts the tmpfs in a user namespace.
mount_ns_

mkdir -p t/m t/z && printf 1 > t/a && printf 2 > t/z/b \
  || framework_failure_ "mkdir t"
mount -t tmpfs -o size=256k tmpfs t/m 2> /dev/null \
  || skip_ "cannot mount a tmpfs here"
cleanup_mounts_="$PWD/t/m"
printf 3 > t/m/in || framework_failure_ "t/m/in"

for t in sha256sum $some_sum_tools; do
  ref_ $t t/a t/z/b > exp.x
  ref_ $t t/a t/m/in t/z/b > exp.all
  ref_ $t t/m/in > exp.m
  for j in 1 3; do
    brisk_ $t -r -x -j $j t > out 2>&1 || fail=1
    compare exp.x out || fail=1
    brisk_ $t -r --one-file-system -j $j t > out 2>&1 || fail=1
    compare exp.x out || fail=1
    brisk_ $t -r -j $j t > out 2>&1 || fail=1
    compare exp.all out || fail=1
    brisk_ $t -r -x -j $j t/m > out 2>&1 || fail=1
    compare exp.m out || fail=1
  done
done

Exit $fail
