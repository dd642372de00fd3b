#!/bin/sh
# Access control lists, compared with GNU's cp (tree-dump shows them:
# the system.posix_acl_* extended attributes): a mode kept (-p, -a,
# --preserve=mode) is kept with the source's ACL, or with none beyond
# the mode: a copy into a directory with a default ACL does not keep
# the ACL it inherits (nobody must not read a file of mode 0640), nor
# does a directory keep the default ACL it inherits; an existing
# destination loses its own ACL, or gets the source's; a source's
# access and default ACLs are copied; a FIFO too.  Without a mode kept,
# what the default ACL gives stays, as in GNU's cp.
. "$(dirname "$0")/lib.sh"

setfacl -m u:nobody:r . 2>/dev/null && setfacl -b . \
  || skip_ "no ACLs here (setfacl)"

acls ()
{
  mkdir sh && setfacl -d -m u:nobody:rx sh && printf 1 > f \
    && chmod 0640 f && mkdir sd sd/in && chmod 0750 sd && printf 2 > sd/g \
    && mkfifo ff && printf 3 > af && setfacl -m u:nobody:rw af \
    && mkdir ad && setfacl -m u:nobody:rx ad && setfacl -d -m g:users:rx ad \
    && printf 4 > own && setfacl -m u:nobody:rwx own && mkdir owndir \
    && setfacl -m u:nobody:rx owndir && setfacl -d -m u:nobody:r owndir \
    && mkdir plain && printf 5 > plain/f && printf 6 > ownaf \
    && setfacl -m g:users:r ownaf
}
cp_batch_ acls <<'EOF2' || fail=1
-p f sh/y
-a sd sh/sd
--preserve=mode f sh/m
--preserve=mode -r sd sh/sdm
-a ff sh/ff
-p af sh/af
-a ad sh/ad
-p af plain/af
-a ad plain/ad
-p f own
-p af ownaf
-a sd/. owndir
--parents -a sd/in sh
--parents -p sd/g owndir
f sh/plain
-r sd sh/sdplain
--no-preserve=mode -p f sh/nomode
--attributes-only -p f sh/attr
EOF2

Exit $fail
