#!/bin/sh
# Every tool, b2sum and sum too, under every implementation of its hash
# core that this CPU runs (forced with BRISK_HASH_IMPL) prints what GNU
# prints, and --debug names that implementation (sum has no --debug).
# Among the files, long runs of 0xff between random bytes: they carry
# every few bytes, so the speculative BSD cores of sum go a byte at a
# time over them for a while (lib/sum-avx2.c).  An unknown name is an
# error listing the valid ones.  REQUIRE_VARIANTS (comma separated)
# turns a listed variant that the CPU lacks into a failure.
. "$(dirname "$0")/../init.sh"
use_tool_ b2sum
use_tool_ sum

for n in 0 1 55 56 63 64 111 112 127 128 129 4097 65537; do
  make_random_ r$n $n $n
done
make_random_ r1m 1048576 5
ff_ () { head -c $1 /dev/zero | tr '\0' '\377'; }
{ ff_ 300000; head -c 5000 r1m; ff_ 70001; head -c 3001 r4097; ff_ 999; } > rff

for t in $sum_tools b2sum sum; do
  list=$(impl_names_ BRISK_HASH_IMPL $t)
  printf '%s\n' "$list" | grep '^portable$' >/dev/null \
    || { echo "$t: no portable variant in: $list" >&2; fail=1; }
  printf '%s\n' "$list" | while read -r v absent; do
    if test -n "$absent"; then
      impl_absent_ $t $v || exit 1
      continue
    fi
    BRISK_HASH_IMPL=$v
    export BRISK_HASH_IMPL
    echo "$t: testing variant $v" >&2
    twin_ $t -- r* || { echo "with BRISK_HASH_IMPL=$v" >&2; exit 1; }
    twin_ -i pipe:r1m $t || { echo "with BRISK_HASH_IMPL=$v" >&2; exit 1; }
    if test $t != sum; then
      brisk_ $t --debug r0 > /dev/null 2> err || exit 1
      grep "^$t: using the $v implementation of " err > /dev/null \
        || { echo "$t --debug with $v said:" >&2; cat err >&2; exit 1; }
    fi
    unset BRISK_HASH_IMPL
  done || fail=1
done

# An unknown name: exit 1, nothing on stdout, the valid names listed.
BRISK_HASH_IMPL=nosuch returns_ 1 brisk_ sha256sum r0 > out 2> err || fail=1
test -s out && { echo "output despite a bad BRISK_HASH_IMPL" >&2; fail=1; }
grep "^sha256sum: BRISK_HASH_IMPL: sha256 has no implementation 'nosuch'" \
  err > /dev/null || { cat err >&2; fail=1; }
grep "^  - 'portable'\$" err > /dev/null || { cat err >&2; fail=1; }

Exit $fail
