#!/bin/sh
# mv's refusals compared with GNU's: message, status, and the tree left
# as it was: a missing source, the same file (one name, two hard links,
# two hard links to one symbolic link), a directory into itself, a
# directory over a file and a file over a directory, a directory over
# one that is not empty, operand errors (none, one, -T with three, -t
# not a directory, -t and -T, a last operand not a directory), --backup
# with -n, an unknown option; and what goes on after a failed
# operand.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

files ()
{
  printf a > a && ln a b && mkdir -p d/s e/d && printf x > e/d/x \
    && printf f > f && mkdir dir && printf 1 > one && printf 2 > two \
    && mkdir dir/f && ln -s a l && ln l l2
}

# -b with -n, and a directory not empty in the way: GNU 9.3 and
# later's messages.
cp_batch_ -g "s/^mv: options --backup and --no-clobber are mutually \
exclusive\$/mv: cannot combine --backup with --exchange, -n, or \
--update=none-fail/
s/^mv: cannot move 'd' to \\('e\/d': Directory not empty\\)$/\
mv: cannot overwrite \\1/" files <<'EOF2' || fail=1
nope x
nope dir
a b
a a
a ./a
l l
l l2
d d/s
d d/s/t
d d
d dir/..
d f
-T f dir
dir/f .
-T d e/d
d e
#
one
-T one two f
-t f one
-t one -T two
one two f
-b -n one two
--backup=bad one two
--bogus one two
nope one dir
-v nope one two dir
EOF2
Exit $fail
