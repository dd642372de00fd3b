#!/bin/sh
# install -p compared with GNU's: the access and modification times of
# each source, to the nanosecond, on each destination, also through a
# symbolic link and into a directory; without -p, times of the run.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

setup ()
{
  printf 'a\n' > a && touch -m -d '2000-01-02 03:04:05.123456789' a \
    && touch -a -d '1999-12-31 23:59:59.987654321' a \
    && printf 'b\n' > b && touch -d '2010-05-06 07:08:09.5' b \
    && ln -s a sa && mkdir d && printf 'old\n' > old
}
cp_batch_ -D --atime setup <<'EOF2' || fail=1
-p a pa
-p sa psa
-p -t d a b
-p -v -m 600 a old
-p -b -o 65534 a pown
a nop
EOF2
Exit $fail
