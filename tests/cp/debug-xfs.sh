#!/bin/sh
# NOT COMPARED WITH GNU (9.1 has no --debug): the --debug line (see
# tests/cp/debug.sh) for the clone rung, on XFS with reflink (a
# loop-mounted image, mount_xfs_): cp and install clone ("copy offload:
# unknown, reflink: yes, sparse detection: unknown", as GNU's, which
# does not go on to the data once the clone is made), also under
# --reflink=always; with --reflink=never cp uses copy_file_range
# (which XFS serves by sharing blocks: Brisk's rung, where GNU 9.2 and
# later avoid copy_file_range), and the sparse rung for a sparse file.
. "$(dirname "$0")/../init.sh"

use_tool_ cp
use_tool_ install
# A loop device: root only, even in a user namespace.
require_root_
mount_xfs_ x
cd x || framework_failure_ "cd x"
printf 'some data\n' > a || framework_failure_ a
truncate -s 1M sparse && printf x >> sparse || framework_failure_ sparse

# check_ 'VERBOSE' 'DEBUG' TOOL ARG... SRC DST: TOOL --debug ARG...
# SRC DST exits 0, silent on stderr, prints VERBOSE then DEBUG, and DST
# has SRC's bytes.
check_ ()
{
  printf '%s\n%s\n' "$1" "$2" > exp
  c_tool=$3
  shift 3
  brisk_ "$c_tool" --debug "$@" > out 2> err || fail=1
  compare exp out || fail=1
  compare /dev/null err || fail=1
  for c_last; do :; done
  cmp -s a "$c_last" || cmp sparse "$c_last" || fail=1
}

clone=$(debug_line_ unknown yes unknown clone)
check_ "'a' -> 'b'" "$clone" cp a b
check_ "'a' -> 'b2'" "$clone" cp --reflink=always a b2
check_ "'sparse' -> 's2'" "$clone" cp sparse s2
check_ "'a' -> 'b3'" "$(debug_line_ yes no no copy_file_range)" \
  cp --reflink=never a b3
check_ "'sparse' -> 's3'" \
  "$(debug_line_ yes no SEEK_HOLE sparse)" \
  cp --reflink=never sparse s3
check_ "'a' -> 'i'" "$clone" install a i
check_ "'sparse' -> 'i2'" "$clone" install sparse i2

Exit $fail
