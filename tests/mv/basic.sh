#!/bin/sh
# Renames within a file system compared with GNU's mv: to a new name,
# over a file, into a directory (DEST a directory, several SOURCEs, -t),
# -T, a directory over an empty one, a symbolic link (moved, never
# followed), trailing slashes, --strip-trailing-slashes, -v.
. "$(dirname "$0")/lib.sh"

files ()
{
  printf 'hello\n' > f && printf 'other\n' > g && printf x > x \
    && chmod 0751 x && mkdir d e empty empty2 && printf 'old\n' > d/f \
    && mkdir -p full/sub && printf y > full/sub/y && ln -s f lf \
    && ln -s d ld && ln -s nowhere dangling && printf h > h && ln h h2 \
    && printf 1 > one && printf 2 > two && printf 3 > three
}

cp_batch_ files <<'EOF2' || fail=1
f new
new g
-v g f
x d
-v f d/
one two three e
-v -t e h dangling
lf lf2
-v lf2 ld
h2 hh
full empty
-T empty2 full2
-vT full2 ld2
--strip-trailing-slashes e/ e2
-v e2/ e3
EOF2
Exit $fail
