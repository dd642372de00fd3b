#!/bin/sh
# Hard links moved across file systems (a tmpfs mounted in the tree)
# by several operands, compared with GNU's mv: the copies stay linked,
# though the names of a group are in separate operands (each source
# is removed before the next operand, so the last name left has one
# link when its turn comes): files named together, trees holding
# links of each other's files, and -v's lines (nothing for a link
# made again).
. "$(dirname "$0")/lib.sh"
require_tmpfs_

groups ()
{
  small_tmpfs_ fs 1m && mkdir fs/dir fs/x fs/y fs/z t u \
    && echo x > a && ln a b && mkdir p q && echo 1 > p/1 && ln p/1 q/1 \
    && echo c > t/c && ln t/c t/d && echo e > t/e && ln t/e u/e \
    && echo three > t/f && ln t/f t/g && ln t/f u/h
}
unmount () { umount fs; }

cp_batch_ -s -p unmount groups <<'EOF2' || fail=1
a b fs/dir
p q fs/dir
t/c t/d t/e t/f t/g fs/x
u fs/y
EOF2
cp_twin_ -s -p unmount groups -v a b fs/z || fail=1
cp_twin_ -s -p unmount groups -v p q fs/z || fail=1

Exit $fail
