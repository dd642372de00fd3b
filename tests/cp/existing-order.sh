#!/bin/sh
# An existing destination judged in GNU's order, compared with GNU's
# cp: first whether the two are one file (not with -n, which asks
# nothing), then -n, -u and -i (so that -i of a file onto a directory
# asks, and a "no" leaves it with status 0, as GNU's cp-i.sh wants),
# then the types (directory over file, file over directory, a file
# that an earlier operand made: with numbered backups it is backed
# up), then the backup or removal.  -il answered yes replaces the
# destination by the link (-is does not: only -f).  The directory
# copied into itself is empty: see same-file.sh.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

occupied ()
{
  mkdir -p a/c b/a/c d/f e && touch a/c/g c f && printf x > d/f/x \
    && ln f h && ln -s f s && printf 1 > e/f && mkdir g empty \
    && printf 2 > g/f
}

printf 'n\n' > no
printf 'y\n' > yes
# A "no" exits 1 since GNU 9.2 (9.1: 0): where cp asks.
no_sed='/^0 cp -iR a b$/b
/^0 cp -iu /b
s/^0 cp -i/1 cp -i/'
for in in no yes; do
  sed=
  test $in = yes || sed=$no_sed
  cp_batch_ -g "$sed" -i $in occupied <<'EOF2' || fail=1
-iR a b
-iRv a b
-i f d
-iv c f
-il f f
-il f h
-il s f
-ild s f
-i s f
-iu f d
-ib f d
-il f c
-is f c
-isf f c
EOF2
done

cp_batch_ occupied <<'EOF2' || fail=1
-n f f
-n f h
-n s f
-nd s f
-nR empty empty
-nR b/a a
-n f d
-nu f d
-u f d
-vn c f
-vnf c f
-vfn c f
f d
--backup=numbered e/f g/f b
--backup=t -v e/f g/f d
--backup=simple e/f g/f c
e/f g/f b
EOF2
Exit $fail
