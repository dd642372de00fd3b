#!/bin/sh
# Access control lists of files moved to another file system (a tmpfs,
# where mv copies), compared with GNU's mv (tree-dump shows them): a
# file or directory moved into a directory with a default ACL keeps
# exactly its mode's permissions (it does not keep the ACL it would
# inherit, nor a directory the default ACL), one with ACLs keeps them,
# and an existing destination's own ACL goes.
. "$(dirname "$0")/lib.sh"

require_tmpfs_
# The user and group the ACLs name: an ordinary user runs this in a
# user namespace (mount_ns_), where no user but its own exists.
u=nobody g=users
real_root_ || u=$(id -u) g=$(id -g)
setfacl -m u:$u:r . 2>/dev/null && setfacl -b . \
  || skip_ "no ACLs here (setfacl)"

acls ()
{
  small_tmpfs_ fs 4m && mkdir fs/sh && setfacl -d -m u:$u:rx fs/sh \
    && setfacl -m u:$u:r fs/sh/. && printf 1 > f && chmod 0640 f \
    && mkdir d d/in && chmod 0750 d && printf 2 > d/g && printf 3 > af \
    && setfacl -m u:$u:rw af && mkdir ad && setfacl -m u:$u:rx ad \
    && setfacl -d -m g:$g:rx ad && printf 4 > o && printf 5 > fs/o \
    && setfacl -m u:$u:rwx fs/o && mkfifo ff
}
unmount ()
{
  umount fs
}
cp_batch_ -p unmount acls <<'EOF2' || fail=1
f fs/sh/y
d fs/sh
af fs/sh
ad fs/sh
ff fs/sh
o fs/o
EOF2

Exit $fail
