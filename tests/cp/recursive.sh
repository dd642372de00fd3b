#!/bin/sh
# Directories compared with GNU's cp: without -r ("omitting
# directory"), -r and -R into new and existing directories, nested and
# empty directories, restrictive modes (0500, 0000, 0300 sources and
# 0555 existing destinations), a directory into itself or into its own
# subdirectory, a file over a directory and a directory over a file,
# --parents; with -L, a symbolic link to an ancestor ("cannot copy
# cyclic symbolic link", where Brisk's cp went down until its stack
# would run out).  A directory copied into itself holds one entry at each
# level: with more, what GNU's cp copies before it notices depends on
# the order in which it reads them (by inode number), not the same in
# two runs.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

tree ()
{
  mkdir -p a/b/c a/empty && printf 1 > a/f && printf 2 > a/b/g \
    && printf 3 > a/b/c/h && mkdir r0500 r0000 r0300 dst dst/a \
    && printf 4 > r0500/f && printf 5 > r0000/f && printf 6 > r0300/f \
    && chmod 0500 r0500 && chmod 0000 r0000 && chmod 0300 r0300 \
    && mkdir -p ro/a && chmod 0555 ro ro/a && printf 7 > file \
    && mkdir -p x/y && printf 8 > x/y/z && mkdir -p em one/in
}

cp_batch_ -s tree <<'EOF2' || fail=1
a new
-v a new2
a file new3
-r a new4
-R a new5
-rv a dst
-r r0500 r0000 r0300 dst
-r r0500 r0500-copy
-a r0000 r0000-copy
-r a ro
-r a/b a
-r em em
-r em em/
-r one one/in
-r one/ one/in/.
-r em/. em-copy
-r a/. cur
-r a/ file
-r file a
-r a/b/g a/b
-rT a dst/a
--parents -r a/b x
--parents -v a/b/c/h a/f dst
--parents a/b/c/h file
--parents -R x/y/ dst
--parents -r ./a/../x dst
-rT file a
EOF2

# A directory over a file of the same name, and the reverse.
clash ()
{
  mkdir -p s/n t && printf f > t/n && printf g > s/m && mkdir -p t/m
}
cp_batch_ -s clash <<'EOF2' || fail=1
-r s/n t
-r s/m t
-r s/. t
-rv s/ t/
EOF2

# A symbolic link to an ancestor, followed.
cycle ()
{
  mkdir -p c/a && ln -s .. c/a/up && printf f > c/a/f
}
cp_batch_ -s cycle <<'EOF2' || fail=1
-rL c o
-rLv c/a o2
EOF2
Exit $fail
