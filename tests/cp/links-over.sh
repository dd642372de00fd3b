#!/bin/sh
# Hard links kept (--preserve=links, -a) onto destinations that exist,
# compared with GNU's cp: the second name of a file copied is linked
# over what is there (GNU's mv test hard-2.sh does this), whether it
# was a file of its own, a hard link of another file, a symbolic link
# or already the same file; -a of a tree onto its earlier copy; with
# -n, -b, -i answered yes and no, -v ("removed 'dst/b'"); but a
# directory in the way is "cannot overwrite directory".
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

linked ()
{
  mkdir dst t && (cd dst && touch a b c) && touch a && ln a b && ln a c \
    && printf 'o\n' > other && ln other dst/o && ln -s other dst/s \
    && ln a s && mkdir -p t/sub && printf 't\n' > t/f && ln t/f t/sub/g \
    && touch -d 2001-01-01 a && mkdir -p dd/c && : > dd/b \
    && ln a o
}
for opts in --preserve=links -a '-a -n' '-a -b' '-av' \
            '--preserve=links --remove-destination'; do
  cp_batch_ linked <<EOF2 || fail=1
$opts a b c dst
$opts a o s dst
$opts a b c dd
$opts a b c dst
EOF2
done
cp_batch_ linked <<'EOF2' || fail=1
-a t u
-a t u
-a t/. u
-a t/f t/sub/g dst
EOF2
printf 'y\ny\ny\ny\n' > yes
printf 'y\nn\ny\nn\n' > yesno
# A "no" exits 1 since GNU 9.2 (9.1: 0).
for in in yes yesno; do
  sed=
  test $in = yes || sed='s/^0 cp -ai /1 cp -ai /'
  cp_batch_ -g "$sed" -i $in linked <<'EOF2' || fail=1
-ai a b c dst
-ai a o s dst
EOF2
done
Exit $fail
