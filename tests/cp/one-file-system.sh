#!/bin/sh
# -x and --one-file-system compared with GNU's cp: a tmpfs mounted
# inside the source tree; its mount point is copied (as an empty
# directory), its contents are not; a source operand that is itself on
# the other file system is copied; without -x everything is.  Needs
# mount(2): skips where tmpfs cannot be mounted.
. "$(dirname "$0")/lib.sh"

require_tmpfs_

mounted ()
{
  mkdir -p src/mnt src/plain && printf 1 > src/f && printf 2 > src/plain/g \
    && mount -t tmpfs -o size=256k,mode=0750 tmpfs src/mnt \
    && mkdir src/mnt/in && printf 3 > src/mnt/in/h \
    && touch -d 2001-01-01 src/mnt
}
unmount () { umount src/mnt; }
cp_batch_ -s -p unmount mounted <<'EOF2' || fail=1
-rx src x
-a --one-file-system src ofs
-r src all
-rx src/mnt mnt
-avx src v
EOF2
Exit $fail
