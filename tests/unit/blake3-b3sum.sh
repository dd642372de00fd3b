#!/bin/sh
# lib/blake3 against the BLAKE3 team's b3sum (Debian's b3sum package,
# which ./bootstrap installs), through tests/unit/blake3-hash: messages
# of the lengths around the chunk sizes and of 20 random lengths up to
# 70000 bytes, in the three modes (hash, --keyed, --derive-key), each
# fed in one call, a byte at a time and in random pieces, with random
# output lengths; and read from a random seek offset (which b3sum 1.2
# has not: compared with the same bytes of its longer output).  The
# cases come from B3_SEED (default 1), printed on a failure.
. "$(dirname "$0")/../init.sh"

helper=${BRISK_BUILDDIR:-.}/tests/unit/blake3-hash
test -x "$helper" || framework_failure_ "$helper missing (make check builds it)"
command -v b3sum > /dev/null || skip_ "b3sum is missing (Debian package b3sum)"

seed=${B3_SEED:-1}
max=70000
make_random_ data $max "$seed"
make_random_ key 32 "$((seed + 1))"
context='brisk 2026-12-05 blake3 test context'

# One case a line: LENGTH OUTLEN SEEK SPLITSEED.
awk -v seed="$seed" -v max=$max 'BEGIN {
  srand (seed);
  n = split ("0 1 63 64 65 1023 1024 1025 2047 2048 2049 3072 4095 4096" \
             " 4097 8192 31744 32767 32768 32769 33793 65535 65536 65537" \
             " 69999 70000", fixed, " ");
  for (i = 1; i <= n + 20; i++)
    {
      len = i <= n ? fixed[i] : int (rand () * (max + 1));
      out = i % 3 == 0 ? 32 : 1 + int (rand () * 300);
      print len, out, int (rand () * 200), 2 + int (rand () * 1000000);
    }
}' > cases || framework_failure_ awk

# For each case and mode, the helper checks b3sum's output (--expect):
# the first OUTLEN bytes, fed in one call, a byte at a time (up to 9000
# bytes) and in pieces from SPLITSEED; the OUTLEN bytes from SEEK.
while read len out seek split; do
  head -c "$len" data > msg
  for mode in hash keyed derive; do
    case $mode in
      hash) set -- ;;
      keyed) set -- --keyed ;;
      derive) set -- --derive-key "$context" ;;
    esac
    want=$(b3sum --no-names -l $((seek + out)) "$@" msg < key) \
      || framework_failure_ b3sum
    "$helper" "$@" --length $out --seek $seek --split $split \
      --expect "$want" msg < key || {
      test $? = 1 || framework_failure_ "$helper"
      echo "  (B3_SEED=$seed, $mode, length $len)" >&2
      fail=1
    }
  done
done < cases

Exit $fail
