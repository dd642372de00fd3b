# tests/mv/lib.sh -- sourced by the mv tests, instead of tests/init.sh:
# tests/cp/lib.sh's comparison of a tool under test with GNU's, for mv
# (cp_twin_, cp_batch_ and the others run "mv"; the mv under test is
# $BRISK_MV, default $BRISK_BIN/mv), and:
#
#   mount_small_ DIR SIZE
#       mounts a tmpfs of SIZE (mount's -o size=) on DIR, made if
#       missing, mode 0755: another file system, for moves across file
#       systems.  Returns mount's status.
#   require_mount_
#       skips the test unless a tmpfs can be mounted here (it cannot in
#       a container without CAP_SYS_ADMIN: tests/may-skip).

tool_=mv
. "$(dirname "$0")/../cp/lib.sh"

# mount_small_ DIR SIZE: see above.
mount_small_ ()
{
  { test -d "$1" || mkdir "$1"; } \
    && mount -t tmpfs -o "size=$2,mode=0755" tmpfs "$1"
}

# require_mount_: see above.
require_mount_ ()
{
  mount_small_ "$tmp_root_/probe" 64k 2> /dev/null \
    || skip_ "cannot mount a tmpfs here"
  umount "$tmp_root_/probe" || framework_failure_ "umount probe"
}
