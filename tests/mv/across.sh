#!/bin/sh
# Moves across file systems (a tmpfs mounted in the tree), compared
# with GNU's mv: a file (mode, owner, nanosecond times, extended
# attributes kept), a tree holding hard links, symbolic links, a FIFO,
# odd modes and times; -v's lines ("copied", "created directory",
# "removed", "removed directory"), sorted, since both remove in the
# order they read (a tree with hard links is moved without -v: which
# of their names is copied first, and said, depends on the inode
# numbers the file system gave); over an existing file and an empty
# directory, and "inter-device move failed" over a directory that is
# not empty; -b and -n across; the source gone only when all went.
# A symbolic link onto the file it names on the other file system:
# "are the same file", unless the file has another name there (then
# the link replaces that name) or -n, -b.  Another owner (chown) only
# as root: an ordinary user runs this in a user namespace (mount_ns_).
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1
require_tmpfs_

tree ()
{
  small_tmpfs_ fs 4m && mkdir -p d/sub/deep fs/full/x fs/empty fs/d2 \
    && printf 'data\n' > f && chmod 0640 f \
    && { ! real_root_ || chown 12:34 f; } \
    && touch -d '2003-03-03 03:03:03.123456789' f \
    && setfattr -n user.k -v val f \
    && printf a > d/a && ln d/a d/hard && ln d/a d/sub/hard2 \
    && ln -s a d/sym && ln -s /nowhere d/sub/dangling && mkfifo d/fifo \
    && chmod 0604 d/fifo && printf s > d/sub/deep/s && chmod 4755 d/sub/deep/s \
    && chmod 0705 d/sub && touch -d '2004-04-04 04:04:04.5' d/sub/deep \
    && make_random_ d/big 300000 && printf old > fs/f2 \
    && printf old > fs/g && printf g > g && printf h > h && printf n > n \
    && printf old > fs/n && mkdir e && printf e > e/x && printf x > x \
    && mkdir -p v/sub && printf 1 > v/one && printf 2 > v/sub/two \
    && ln -s one v/sym && mkfifo v/sub/fifo
}
unmount () { umount fs; }

cp_batch_ -s -p unmount tree <<'EOF2' || fail=1
-v f fs
d fs/d
-v v fs/v
-v g fs/f2
-vb h fs/g
-n n fs
-v e fs/empty
x fs/full
-v e fs/full
-v fs/d/sub .
EOF2

# The link is here, the file it names on the tmpfs.
linked ()
{
  small_tmpfs_ fs && printf 'keep\n' > fs/f && ln fs/f fs/g \
    && printf 'one\n' > fs/one && ln -s fs/f l && ln -s fs/one l1 \
    && ln -s l1 l2
}
cp_batch_ -p unmount linked <<'EOF2' || fail=1
l fs/f
-f l fs/./f
l2 fs/one
-u l1 fs/one
-n l1 fs/one
-v l fs/g
-b l1 fs/one
EOF2
Exit $fail
