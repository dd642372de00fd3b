#!/bin/sh
# install's backups compared with GNU's: -b, --backup=CONTROL with each
# control, -S, numbered after simple, backups of symbolic links, the
# -v lines, and a source that is the file being backed up.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

setup ()
{
  printf 'a\n' > a && printf 'b\n' > b && printf 'c\n' > c \
    && ln -s a sa && ln -s nowhere dang && mkdir d && printf 'old\n' > d/a \
    && printf '1\n' > n && printf 'n1\n' > 'n.~1~' && printf 'n2\n' > 'n.~2~'
}
cp_batch_ setup <<'EOF2' || fail=1
-b a b
-v -b a b
-v --backup=numbered a b
-v --backup=numbered a b
-v --backup=t a b
-v --backup=existing a b
-v --backup=nil a n
-v --backup=simple a c
-v --backup=never a c
-v --backup=none a c
-v --backup=off a c
-v -S .bak a c
-v -S .bak -b a c
-v --suffix=.old --backup=simple a c
-v --backup=numbered -S .x a c
-v -b a dang
-v -b b sa
-b a a
-b sa a
-v -b a d
-v -b -t d a b c
-v --backup=numbered -t d a b c
-v -b a newfile
-v -b a b c d
EOF2
Exit $fail
