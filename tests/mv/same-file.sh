#!/bin/sh
# A symbolic link moved onto the file it names, compared with GNU's mv:
# "'l' and 'f' are the same file", status 1, and the file left whole
# (renaming the link over it would leave a link to itself, the data
# gone), whatever the spelling: -f, -u, -T, -i, -v, the target as ./f,
# b/../f or an absolute name, the link as ./l or absolute, a chain of
# links, a link by an absolute or a roundabout target, into a
# directory (l -> d/l, "mv l d"), through a link to the directory;
# but -n says nothing, and -b moves it (the data in the backup).  When
# the file has other hard links, the rename goes on unless the link's
# resolved name is the destination's own entry: "mv l g" with l -> f
# and g another name of f replaces g (f keeps the data).  Two names of
# one symbolic link are the same file too, but with -b.
. "$(dirname "$0")/lib.sh"

one ()
{
  printf 'keep\n' > f && ln -s f l && ln -s l l2 && ln -s "$PWD/f" la \
    && mkdir b d && ln -s ./b/../f lb && ln -s ../f b/up \
    && printf 'm\n' > d/m && ln -s d/m lm && ln -s m d/s && ln -s d dl \
    && printf 'x\n' > d/x && ln -s d/x x
}

# Every line but the last two fails, leaving the tree as it was.
cp_batch_ one <<EOF2 || fail=1
l f
-f l f
-u l f
-T l f
-i l f
-v l f
-fu l f
l ./f
l b/../f
./l f
l $cmp_/t/f
$cmp_/t/l f
l2 f
-f l2 ./f
la f
lb f
b/up f
b/up b/../f
lm d
-t d lm
lm d/
-T lm d/m
d/s dl/m
dl/s d/m
dl/s dl/m
l .
-t . l
-n l f
-b x d/x
EOF2

# Hard links: f and g are one file, l -> f, lg -> g.
linked ()
{
  printf 'keep\n' > f && ln f g && ln -s f l && ln -s g lg \
    && ln -s l l2 && mkdir b && ln -s ../f b/l && ln -s ./f l3
}
cp_batch_ linked <<'EOF2' || fail=1
l f
l ./f
-f l f
l b/../f
lg g
l2 f
b/l f
l3 f
l g
EOF2
cp_twin_ linked lg f || fail=1
cp_twin_ linked l2 g || fail=1
cp_twin_ linked -v l3 ./g || fail=1

# Two names of one symbolic link.
twins ()
{
  printf 'keep\n' > f && ln -s f l && ln l l2
}
cp_batch_ twins <<'EOF2' || fail=1
l l2
l ./l2
-f l l
-b l l2
EOF2
Exit $fail
