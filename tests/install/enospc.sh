#!/bin/sh
# Running out of space: a 256 KiB tmpfs is the destination.  A file
# larger than it fails with GNU's message ("error writing", ENOSPC) and
# exit 1, and install goes on with its other operands, as GNU's does;
# GNU's leaves the partial file (and has removed the old one), so the
# trees are not compared: Brisk's leaves the old destination whole and
# no temporary, which is checked.  Needs mount(2).  Also standard
# output on /dev/full under -v: "write error", exit 1, as GNU's.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

require_tmpfs_

small ()
{
  small_tmpfs_ full && make_random_ big 400000 && printf small > small \
    && printf 'old\n' > full/big && printf 'old\n' > full/x
}
unmount ()
{
  ls -a full > listing && cat full/big full/x > kept && umount full
}
# Each in a tree of its own: GNU's partial file fills the space that
# the next operand or command would use.
printf 'old\nold\n' > kept || framework_failure_ printf
for args in 'big full' '-v small big full' '-b -v big full/x' \
  '-D big full/sub/big'; do
  # shellcheck disable=SC2086
  cp_twin_ -n -p unmount small -- $args || fail=1
  test -z "$twin_self_" || continue
  t=$cmp_/trees/brisk.$cp_n_
  compare kept "$t/kept" || fail=1
  ! grep '^\.install\.' "$t/listing" \
    || { echo "$me_: install $args left a temporary" >&2; fail=1; }
done

# Brisk's own: the operand after the one that did not fit still fits
# (GNU's partial file has taken its room).
if test -z "$twin_self_"; then
  mkdir own && (cd own && small) || framework_failure_ "mount in own"
  cd own || framework_failure_ "cd own"
  returns_ 1 cp_run_ brisk -v big small full > out 2> err || fail=1
  printf '%s\n' "removed 'full/big'" "'big' -> 'full/big'" \
    "'small' -> 'full/small'" > exp && compare exp out || fail=1
  echo "install: error writing 'full/big': No space left on device" > exp \
    && compare exp err || fail=1
  compare small full/small || fail=1
  unmount || framework_failure_ "umount own/full"
  compare ../kept kept || fail=1
  printf '%s\n' . .. big small x > exp && compare exp listing || fail=1
  cd .. || framework_failure_ "cd .."
fi

# Standard output that cannot be written.
printf a > a || framework_failure_ printf
for side in gnu brisk; do
  (dir=$gnu_bin_
   test $side = gnu || dir=$brisk_bin_
   PATH=$dir:$PATH
   install -v a "$side.out" > /dev/full 2> "$side.err"
   echo $? > "$side.st")
done
compare gnu.err brisk.err && compare gnu.st brisk.st && compare a brisk.out \
  || fail=1
Exit $fail
