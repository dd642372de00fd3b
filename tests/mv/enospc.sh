#!/bin/sh
# A move across file systems that runs out of space, compared with
# GNU's mv: a 256 KiB tmpfs as the destination; a file larger than it,
# and a tree holding one: exit 1, the message names the file, the
# source stays whole; and mv goes on with the next operand (which no
# longer fits: the partial copy stays, as GNU leaves it).  The tree
# holds one entry at each level: the order in which entries are met
# (by inode number) would decide which still fit.  The files are of mode 0600: a partial copy left
# behind keeps the mode GNU gives it while it is written (0600), where
# Brisk's has its final mode from the start.
. "$(dirname "$0")/lib.sh"
require_tmpfs_

small ()
{
  small_tmpfs_ full 256k && make_random_ big 400000 && printf small > small \
    && mkdir d && mkdir d/sub && make_random_ d/sub/big 300000 \
    && chmod 0600 big small d/sub/big
}
unmount () { umount full; }
cp_batch_ -D --blocks -p unmount small <<'EOF2' || fail=1
big small full
-v d full
EOF2
Exit $fail
