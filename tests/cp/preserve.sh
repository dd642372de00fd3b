#!/bin/sh
# Attributes compared with GNU's cp, to the nanosecond: -p, -a,
# --preserve= each of mode, ownership, timestamps, links, xattr,
# context, all (and lists of them), --no-preserve= the same, after -a
# and before it, --attributes-only (onto new and existing files), the
# setuid, setgid and sticky bits with and without ownership, and
# access times (tree-dump --atime).
. "$(dirname "$0")/lib.sh"

# Other owners and a trusted.* xattr: root only (chown, setfattr);
# chown changes no time, and no set-ID file is chowned.
others ()
{
  chown 1234:5678 d/f && chown 99:98 d/sub && chown -h 7:8 d/lnk \
    && setfattr -n trusted.t -v x d/g
}

attrs ()
{
  mkdir -p d/sub && printf 1 > d/f && printf 22 > d/g && ln d/f d/h \
    && chmod 0640 d/f && chmod 6755 d/g \
    && chmod 1750 d/sub && printf 3 > d/sub/x \
    && touch -d '2019-05-05 05:05:05.123456789' d/f \
    && touch -a -d '2018-01-01 01:01:01.987654321' d/f \
    && touch -d '2017-02-02' d/sub && ln -s f d/lnk \
    && touch -h -d '2016-03-03 03:03:03.3' d/lnk \
    && setfattr -n user.one -v 1 d/f \
    && setfattr -n user.two -v "$(printf 'a\nb')" d/sub \
    && { ! real_root_ || others; } && printf old > old && chmod 0600 old \
    && setfattr -n user.old -v o old && touch -d '2015-01-01' old
}

cp_batch_ -s -D --atime attrs <<'EOF2' || fail=1
-r d plain
-p d/f d/g d/sub/x .
-rp d p
-a d a
-r --preserve d pr
-r --preserve=mode d m
-r --preserve=ownership d o
-r --preserve=timestamps d t
-r --preserve=links d l
-r --preserve=xattr d x
-r --preserve=all d all
-r --preserve=mode,ownership d mo
-r --preserve=xattr,timestamps d xt
-a --no-preserve=mode d a-m
-a --no-preserve=ownership d a-o
-a --no-preserve=timestamps d a-t
-a --no-preserve=links d a-l
-a --no-preserve=xattr d a-x
-a --no-preserve=all d a-all
-a --no-preserve=mode,ownership d a-mo
--no-preserve=mode -a d m-a
-rp --no-preserve=timestamps --preserve=timestamps d t-t
-a --preserve=context d ctx
--attributes-only -a d/f d/g at
--attributes-only -p d/f old
--attributes-only d/g old
--attributes-only -r d at2
-p d/f d/g old
EOF2

# The mode of a copy over an existing file: the old mode stays unless
# -p says otherwise; with --no-preserve=mode even a new file gets the
# default mode.
modes () { attrs && printf e > exist && chmod 0606 exist; }
cp_batch_ modes <<'EOF2' || fail=1
d/g exist
d/g new1
--no-preserve=mode d/g new2
-p d/g exist
--preserve=ownership d/f exist
EOF2
Exit $fail
