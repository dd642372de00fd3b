#!/bin/sh
# Every tool under every multi-lane implementation of its hash core that
# this CPU runs, and under none (forced with BRISK_LANES_IMPL), prints
# what GNU prints for 41 files of mixed sizes, with -j 1: more files
# than a thread takes at a time for the widest core, so that lanes
# end at different times, are refilled, and sit idle at the end; and
# --debug names that implementation.  An unknown name is an error
# listing the valid ones.  REQUIRE_VARIANTS (comma separated) turns a
# listed variant that the CPU lacks into a failure.
. "$(dirname "$0")/../init.sh"

# Sizes around the 128-byte and 64-byte blocks and the 64 KiB pieces
# that each lane reads, in no order, each twice with other data.
i=0
for size in 65537 0 129 4096 111 131073 1 65535 127 240 100000 112 \
            4097 128 239 65536 255 1000 256 4095; do
  for seed in 1 2; do
    i=$((i + 1))
    make_random_ "f$i" $size $((i * 10 + seed))
  done
done
make_random_ f0 700000 3
files=$(ls f*)

for t in $sum_tools; do
  list=$(impl_names_ BRISK_LANES_IMPL $t)
  printf '%s\n' "$list" | grep '^none$' >/dev/null \
    || { echo "$t: no 'none' in: $list" >&2; fail=1; }
  # shellcheck disable=SC2086 # $files is names without spaces
  ref_ $t $files > exp || framework_failure_ "GNU's $t"
  printf '%s\n' "$list" | while read -r v absent; do
    if test -n "$absent"; then
      impl_absent_ $t $v || exit 1
      continue
    fi
    BRISK_LANES_IMPL=$v
    export BRISK_LANES_IMPL
    echo "$t: testing multi-lane variant $v" >&2
    # shellcheck disable=SC2086
    brisk_ $t -j1 $files > out || { echo "$t -j1: failed" >&2; exit 1; }
    compare exp out || { echo "$t, lanes $v: differs" >&2; exit 1; }
    brisk_ $t --debug -j1 f1 f2 > /dev/null 2> err || exit 1
    if test $v = none; then
      grep 'side by side' err > /dev/null \
        && { echo "$t --debug with none said:" >&2; cat err >&2; exit 1; }
    else
      grep "^$t: hashing up to [0-9]* files side by side with '$v'\$" err \
        > /dev/null \
        || { echo "$t --debug with $v said:" >&2; cat err >&2; exit 1; }
    fi
    unset BRISK_LANES_IMPL
  done || fail=1
done

# An unknown name: exit 1, nothing on stdout, the valid names listed.
t=${sum_tools##* }
BRISK_LANES_IMPL=nosuch returns_ 1 brisk_ $t f1 > out 2> err || fail=1
test -s out && { echo "output despite a bad BRISK_LANES_IMPL" >&2; fail=1; }
msg="no such multi-lane implementation of ${t%sum}: 'nosuch'"
grep "^$t: BRISK_LANES_IMPL: $msg\$" err > /dev/null || { cat err >&2; fail=1; }
grep "^  - 'none'\$" err > /dev/null || { cat err >&2; fail=1; }

Exit $fail
