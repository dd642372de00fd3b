#!/bin/sh
# Symbolic links that cp -s makes instead of copies, compared with
# GNU's cp: with -p, -a and --preserve=timestamps they get the times of
# their source (the file named, or with -a the symlink itself), and
# nothing else of it; without, the time they are made.
. "$(dirname "$0")/lib.sh"

dated ()
{
  mkdir -p d/sub e && printf x > d/f && ln -s f d/s \
    && printf y > d/sub/g && touch -d '2001-01-01 01:02:03.25' d/f \
    && touch -h -d '2002-02-02 02:03:04.5' d/s \
    && touch -d '2003-03-03' d/sub/g d/sub d && chmod 0640 d/f
}

# -s makes relative links only in the current directory: absolute
# names here.  (Both cps run at one absolute path, $cmp_/t.)
cp_batch_ -D --atime dated <<EOF2 || fail=1
-s -p $cmp_/t/d/f l1
-sp $cmp_/t/d/s l2
-s $cmp_/t/d/f l3
-s --preserve=timestamps $cmp_/t/d/f l4
-sf -p $cmp_/t/d/s l1
-as $cmp_/t/d e
-Rs -p $cmp_/t/d e2
-s --preserve=mode,ownership $cmp_/t/d/f l5
EOF2
Exit $fail
