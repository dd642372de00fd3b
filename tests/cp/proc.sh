#!/bin/sh
# Files whose size reads as 0 but that have contents (/proc), compared
# with GNU's cp: the copy holds the bytes, not nothing.  The files are
# ones whose contents do not change between runs.
. "$(dirname "$0")/lib.sh"

none () { :; }
cp_batch_ none <<'EOF2' || fail=1
/proc/sys/kernel/ostype ostype
/proc/sys/kernel/osrelease osrelease
--sparse=always /proc/sys/kernel/ostype ostype-sparse
-a /proc/sys/kernel/ostype ostype-a
/proc/sys/kernel/ostype /proc/sys/kernel/osrelease /proc/self/stat
/proc/self/mem mem
EOF2
Exit $fail
