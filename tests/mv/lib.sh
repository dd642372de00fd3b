# tests/mv/lib.sh -- sourced by the mv tests, instead of tests/init.sh:
# tests/cp/lib.sh's comparison of a tool under test with GNU's, for mv
# (cp_twin_, cp_batch_ and the others run "mv"; the mv under test is
# $BRISK_MV, default $BRISK_BIN/mv).  Moves across file systems go to
# a tmpfs that small_tmpfs_ mounts (require_tmpfs_ first).

twin_tool_=mv
. "$(dirname "$0")/../cp/lib.sh"
