#!/bin/sh
# A user's mv, across file systems, of a file it may read but not
# remove (root's, in a sticky directory): the copy is made, the source
# stays, and mv says "cannot remove", status 1, as GNU's mv.  GNU's own
# tests/mv/sticky-to-xpart.sh checks this, but make check-gnu cannot
# run it: it skips unless the mv it runs as that user prints GNU's
# version number.
. "$(dirname "$0")/lib.sh"
# Root's file and nobody's mv: two users, which only root has.
require_root_
require_tmpfs_

tree ()
{
  small_tmpfs_ fs 1m && mkdir t fs/dst && chmod a=rwx,o+t t \
    && echo x > t/root-owned && chmod a+r t/root-owned \
    && chown nobody fs/dst && chmod go+x .
}
unmount () { umount fs; }

cp_twin_ -u -p unmount tree -- t/root-owned fs/dst || fail=1
Exit $fail
