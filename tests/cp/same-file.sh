#!/bin/sh
# "are the same file" compared with GNU's cp, for every way two names
# reach one file: the same name, through ./ and d/.., a hard link, a
# symbolic link to it (either side), a symbolic link to a symbolic
# link, a directory into itself; plain, with -f, -b,
# --remove-destination, -l, -s, -L, -bd and -al.  (The
# directories are empty: a directory copied into itself with other
# entries gives a tree that depends on the order of reading, which GNU
# takes from inode numbers, not the same in two runs.)
. "$(dirname "$0")/lib.sh"

same ()
{
  mkdir d && printf 1 > f && ln f hard && ln -s f sym && ln -s sym sym2 \
    && ln -s "$PWD/f" abs && printf 2 > d/g && ln -s d dl && mkdir e \
    && ln -s e el
}

for opts in '' -f -b --remove-destination -l -s -L -bd -al; do
  cp_batch_ same <<EOF2 || fail=1
$opts f f
$opts f d/../f
$opts f hard
$opts hard f
$opts f sym
$opts sym f
$opts sym2 sym
$opts abs f
$opts dl/g d
$opts -r e e
$opts -r e el
$opts -r el/ e/..
EOF2
done
Exit $fail
