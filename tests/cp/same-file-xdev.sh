#!/bin/sh
# -s, -l and --remove-destination onto a symbolic link that names the
# source on another file system, compared with GNU's cp (GNU's
# cross-dev-symlink.sh): the link is replaced, the two are not "the
# same file"; and the same on one file system.  Needs mount(2): skips
# where tmpfs cannot be mounted.
. "$(dirname "$0")/lib.sh"

require_tmpfs_

mounted ()
{
  mkdir -p mnt p2 && small_tmpfs_ mnt && mkdir mnt/p1 && printf 1 > mnt/p1/f \
    && ln -s ../mnt/p1/f p2/f && ln -s ../mnt/p1/f p2/g \
    && ln -s ../mnt/p1/f p2/h && printf 2 > p2/local && ln -s local p2/l
}
unmount () { umount mnt; }
cp_batch_ -p unmount mounted <<'EOF2' || fail=1
-dsf mnt/p1/f p2
-dsf mnt/p1/f p2/f
-dsf /nowhere p2/f
-s mnt/p1/f p2/g
-dlf mnt/p1/f p2/g
-d --remove-destination mnt/p1/f p2/h
-dsf p2/local p2/l
-dlf p2/local p2/l
-d --remove-destination p2/local p2/l
EOF2
Exit $fail
