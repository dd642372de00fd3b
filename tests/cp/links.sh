#!/bin/sh
# Hard and symbolic links compared with GNU's cp: hard links kept by -a
# and --preserve=links (in one directory, across directories, a file
# named twice, and broken up without them), -l, -s (and its "relative
# symbolic links only in current directory"), -d, -P, -L, -H, dangling
# links, relative and absolute ones, a loop (ELOOP with -L).
. "$(dirname "$0")/lib.sh"

links ()
{
  mkdir -p d/sub e && printf 1 > d/f && ln d/f d/f2 && ln d/f d/sub/f3 \
    && ln d/f e/f4 && printf 2 > d/g && ln -s f d/rel && ln -s ../d/g e/up \
    && ln -s "$PWD/d/f" d/abs && ln -s nowhere d/dangle \
    && ln -s loop1 d/loop2 && ln -s loop2 d/loop1 && ln -s d dirlink \
    && ln -s sub d/sublink && ln -s "$PWD/d" absdir && printf 3 > top
}

cp_batch_ -s links <<'EOF2' || fail=1
-a d a1
-a d e a2
-r d r1
-R --preserve=links d e r2
-dR d r3
-R -P d r4
-R -L d/sub d/f d/rel d/g r5
-R -H dirlink h1
-R dirlink h2
-RL dirlink h3
-RH d/sublink absdir h4
-L d/loop1 l1
-RL d l2
-L d/dangle l3
-P d/dangle l4
-d d/abs l5
d/rel l6
-a d/f d/f a3
-a d/f d/f2 d/f a4
--preserve=links top top top5 d/sub
-l d/f hl1
-rl d hl2
-s top sym1
-s d/f d/sym2
-s top d/sym3
-s /etc/passwd d/sym4
-rs d sym5
-s dirlink sym6
-sv top d/g sub-none
-l d/rel hl3
-lP d/rel hl4
-lL d/rel hl5
-a d/dangle d/nowhere-dst
EOF2
Exit $fail
