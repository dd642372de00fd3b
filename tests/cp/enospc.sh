#!/bin/sh
# Running out of space, compared with GNU's cp: a 256 KiB tmpfs is
# mounted as the destination; a file larger than it fails with "error
# writing" (ENOSPC) and exit 1, and cp goes on with its other operands;
# the partial destination left behind is compared too (size, blocks,
# bytes).  The directory copied holds one entry at each level: the
# order in which cp meets entries decides which of them still fit.
# Needs mount(2): skips where tmpfs cannot be mounted.  Not compared:
# --sparse=never of a sparse file, where GNU fills each hole with its
# own loop and says "FILE: write failed" when the space runs out in a
# hole; Brisk's engine copies it as any other file ("error writing").
. "$(dirname "$0")/lib.sh"

require_tmpfs_

small ()
{
  small_tmpfs_ full && make_random_ big 400000 && printf small > small && mkdir d \
    && mkdir d/sub && make_random_ d/sub/big 300000 \
    && truncate -s 1M sparse && printf x >> sparse
}
unmount () { umount full; }
cp_batch_ -D --blocks -p unmount small <<'EOF2' || fail=1
big full
small full
big small full
-v small big full/x
-r d full
-a sparse full
--sparse=never big full/never
EOF2
cp_twin_ -p unmount small -- big small full || fail=1
Exit $fail
