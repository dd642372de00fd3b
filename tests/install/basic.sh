#!/bin/sh
# install compared with GNU's, one batch of command lines run in turn in
# one tree: the operands and their errors, -t, -T, modes (octal and
# symbolic), owners and groups by name and by number, -v, -c, -Z and
# --context, sources that are symbolic links, special files, hard links
# of the destination and the destination itself.  Output, messages,
# exit status and the tree at the end must be GNU's.  Owners and groups
# other than the user's own only as root.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

setup ()
{
  printf 'new\n' > a && printf 'old\n' > b && chmod 644 a b \
    && mkdir d e && printf 'x\n' > e/x && printf 'in d\n' > d/a \
    && ln -s a sa && ln -s nowhere dang && ln -s nowhere dang2 \
    && ln a h && printf '#!/bin/sh\n' > exe && chmod 700 exe \
    && printf 'r\n' > -r
}
cp_batch_ setup <<'EOF2' || fail=1

a
-T a b d
-t d
-t d -t d a
-d -t d a
-d -s x
-C -s a c1
-m 999 a c1
-m +q a c1
-m ,u+x a c1
-o nosuchuser a c1
-g nosuchgroup a c1
-o -1 a c1
-o 4294967296 a c1
-g 4294967296 a c1
-o root: a c1
--backup=foo a c1
--help=x
--bogus
--strip-program=true a sp1
a b c
a b a
-t nope a
-t a b
nope x
d x
a a
a ./a
a d/../a
sa a
a sa
-v a dang
-v -T a dang2
a newdir/
a b/
-T a d
a b1
-v a b1
-v a b d
-v a a d
-v -t d e/x exe
-v -- -r r1
-v ./-r r2
-m 644 a m1
-m u=rw,go=r a m2
-m a+X a m3
-m a+X exe m3x
-m 4755 a m4
-m 2711 a m5
-m +t a m6
-m = a m7
-m 0 a m8
-m 07777 a m9
-m g+s,o-rx,u=rwxs a m10
-o 4294967295 -g 4294967295 a o6
-c a c2
-Z a z1
--context a z2
--context=foo a z3
--preserve-context a z4
-v a h
/dev/null null1
-m 600 /dev/null d
EOF2

# Another owner or group: root only.  An ordinary user's install is
# refused them, and then GNU's leaves a file of mode 0600 behind, as
# Brisk's does not (tests/install/user.sh).
if real_root_; then
  cp_batch_ setup <<'EOF2' || fail=1
-o nobody -g nogroup a o1
-o 65534 -g 65534 a o2
-o 12345 a o3
-g 0x5 a o4
-o 010 a o5
-m 6755 -o nobody -g nogroup a o7
EOF2
fi
Exit $fail
