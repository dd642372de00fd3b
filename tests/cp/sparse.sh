#!/bin/sh
# --sparse=auto|always|never and --reflink[=auto|always|never] compared
# with GNU's cp, st_blocks included (tree-dump --blocks): a sparse
# file (holes at the start, middle and end), a file of written zeros
# that --sparse=always turns into holes, a file with no hole, a sparse
# file with written zeros in its data (--sparse=never; without it,
# GNU 9.1 makes holes there, newer GNU copies the data as it is: that
# one is checked apart, at the end); and
# --reflink=always, which fails on ext4 and tmpfs (the message
# compared), with --sparse and with -dR and kept attributes; the file
# it created is removed (GNU 9.2), which 9.1 leaves empty.
. "$(dirname "$0")/lib.sh"

holes ()
{
  truncate -s 2M sparse && printf data > head && printf tail > tail \
    && dd if=head of=sparse bs=64K seek=8 conv=notrunc 2> /dev/null \
    && dd if=tail of=sparse bs=64K seek=30 conv=notrunc 2> /dev/null \
    && truncate -s 1M zeros && head -c 1M /dev/zero > written \
    && printf x >> written && make_random_ full 300000 && mkdir d \
    && truncate -s 300K d/hole && make_random_ r 200000 \
    && { cat r; head -c 600000 /dev/zero; cat r; } > mixed \
    && truncate -s +2M mixed && cat tail >> mixed
}
cp_batch_ -s -D --blocks holes <<'EOF2' || fail=1
sparse s-default
--sparse=auto sparse s-auto
--sparse=always sparse s-always
--sparse=never sparse s-never
--sparse=always written w-always
--sparse=auto written w-auto
--sparse=never zeros z-never
--sparse=always full f-always
--sparse=never mixed m-never
-a sparse written a
-r --sparse=always d r-always
-r --sparse=never d r-never
--reflink=never --sparse=always written rn-always
--reflink=auto sparse ra
--reflink=always --attributes-only full at
EOF2

# A failed clone of --reflink=always: the same messages and status as
# GNU 9.1's, but the file it created is removed (GNU 9.2 and later;
# 9.1 leaves it empty), so the trees are checked here, not compared.
cp_batch_ -s -n holes <<'EOF2' || fail=1
--reflink=always --sparse=auto sparse rl-auto
--reflink=always --sparse=never sparse rl-never
--reflink=always full rl
-dR --preserve=mode,timestamps,xattr --reflink=always d rl-a
--reflink=always -r d rl-r
--reflink sparse rl-default
EOF2
mkdir rl && (cd rl && holes) || framework_failure_ "holes"
(
  cd rl || exit 1
  for args in '=always --sparse=auto sparse rl-auto' '=always full rl' \
      '=always -dR --preserve=mode,timestamps,xattr d rl-a' \
      '=always -r d rl-r' ' sparse rl-default'; do
    # shellcheck disable=SC2086
    returns_ 1 cp_run_ brisk --reflink$args 2> err || exit 1
    grep "^cp: failed to clone " err > /dev/null || exit 1
  done
  test ! -e rl-auto && test ! -e rl-default && test ! -e rl \
    && test -d rl-a && test -d rl-r && test ! -e rl-a/hole \
    && test ! -e rl-r/hole
) || { ls -lR rl; fail=1; }

# The sparse file with zeros written in its data: GNU 9.2 and later
# copy its data extents as they are (by copy_file_range where it
# serves), so that the copy takes the source's blocks; 9.1 made holes
# of those zeros.  Not compared with 9.1.
mkdir m && (cd m && holes) || framework_failure_ "holes"
(cd m && cp_run_ brisk mixed m-default && cp_run_ brisk -a mixed m-a) \
  || fail=1
for f in m-default m-a; do
  cmp m/mixed m/$f && test "$(stat -c %b m/mixed)" = "$(stat -c %b m/$f)" \
    || { stat -c '%n %s %b' m/mixed m/$f; fail=1; }
done
Exit $fail
