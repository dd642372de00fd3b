#!/bin/sh
# Access control lists, compared with GNU's install (tree-dump shows
# them): a file installed into a directory with a default ACL gets
# exactly the mode of -m (or the default one), without the ACL it
# would inherit (nobody must not read a file of mode 0640), with -s,
# -D and -p too; a source's ACL is not copied; the directories that
# -d and -D make keep what the default ACL gives them, as in GNU's.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

setfacl -m u:nobody:r . 2>/dev/null && setfacl -b . \
  || skip_ "no ACLs here (setfacl)"
printf 'int main (void) { return 0; }\n' > prog.c \
  && cc -o "$cmp_/prog" prog.c || framework_failure_ "cc cannot build"

acls ()
{
  mkdir sh && setfacl -d -m u:nobody:rx sh && printf 1 > f \
    && chmod 0640 f && printf 2 > af && setfacl -m u:nobody:rw af \
    && cp "$cmp_/prog" prog && printf 3 > sh/old \
    && setfacl -m u:nobody:rw sh/old
}
cp_batch_ acls <<'EOF2' || fail=1
-m 640 f sh/i
f sh/i2
-p -m 600 f sh/p
-m 644 af sh/af
-m 644 af plain
-D -m 600 f sh/x/y/z
-s -m 640 prog sh/s
-m 640 f sh/old
-d sh/d
-d -m 750 sh/dm
EOF2

Exit $fail
