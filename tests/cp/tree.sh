#!/bin/sh
# The whole tree of issue 10: cp -a of a varied tree gives what GNU's
# cp -a gives, compared by contents, type, mode, owner, size, blocks,
# nanosecond times (access times too), link structure and xattrs; and
# the same tree copied with -r, -p (of its top files), -dR
# --preserve=all, -R -L, and into an existing copy.  The tree's deep
# path (over PATH_MAX) is in names.sh: GNU's cp 9.1 cannot copy it.
# The device, the other owners and the trusted.* xattr only as root
# (mknod, chown, setfattr).
. "$(dirname "$0")/lib.sh"

make_random_ "$tmp_root_/big" 3000000 || framework_failure_ big
nl='
'
varied ()
{
  mkdir -p src/a/b src/c src/empty-dir src/modes && cd src || return 1
  printf 'hello\n' > a/file && : > a/empty \
    && cp "$tmp_root_/big" a/big && truncate -s 3M a/sparse \
    && printf middle | dd of=a/sparse bs=1 seek=1500000 conv=notrunc \
         2> /dev/null \
    && ln -s file a/rel && ln -s "$PWD/a/file" a/abs && ln -s ../c a/b/up \
    && ln -s nowhere a/dangle && ln -s "$PWD/gone" c/abs-dangle \
    && ln a/file a/hard && ln a/file c/hard-across && ln a/big a/b/big2 \
    && mkfifo a/fifo \
    && setfattr -n user.color -v blue a/file \
    && setfattr -n user.empty a/empty \
    && setfattr -n user.dir -v "$(printf 'x\ny')" a/b \
    && { ! real_root_ || setfattr -h -n trusted.link -v l a/rel; } \
    && printf n > "new${nl}line" && printf u > "$(printf 'bad\377utf')" \
    && printf s > 'sp ace' && mkdir modes/0500 modes/0000 modes/0700 \
    && printf r > modes/0500/f && printf z > modes/0000/f \
    && chmod 0500 modes/0500 && chmod 0000 modes/0000 \
    && chmod 0751 modes && chmod 0600 a/empty && chmod 4711 a/big \
    && { ! real_root_ || { mknod c/null c 1 3 \
           && chown 1000:1000 c/hard-across && chown -h 5:6 a/rel; }; } \
    && touch -d '2020-02-02 02:02:02.222222222' a/b/big2 \
    && touch -h -d '2019-09-09 09:09:09.9' a/abs
}

cp_batch_ -s -D '--blocks --atime' varied <<'EOF2' || fail=1
-a src dst-a
-r src dst-r
-dR --preserve=all src dst-dR
-p src/a/file src/a/big src/a/empty src/a/sparse src/c
-a src dst-a
-R -L src/a dst-L
EOF2
Exit $fail
