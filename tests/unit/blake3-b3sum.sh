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

# check_ MODE LEN HEX: compare HEX, the helper's output, with b3sum's
# first bytes; MODE is "" or --keyed or --derive-key.
check_ ()
{
  if test "$3" != "$4"; then
    echo "blake3 $1 length $2 differs from b3sum (B3_SEED=$seed):" >&2
    echo "  b3sum $4" >&2
    echo "  got   $3" >&2
    fail=1
  fi
}

while read len out seek split; do
  head -c "$len" data > msg
  for mode in hash keyed derive; do
    case $mode in
      hash) set -- ;;
      keyed) set -- --keyed ;;
      derive) set -- --derive-key "$context" ;;
    esac
    total=$((seek + out))
    want=$(b3sum --no-names -l $total "$@" msg < key) \
      || framework_failure_ b3sum
    want_head=$(printf %s "$want" | cut -c1-$((2 * out)))
    want_tail=$(printf %s "$want" | cut -c$((2 * seek + 1))-)
    for how in "" "--split 1" "--split $split"; do
      # A byte at a time only for the shorter messages: enough calls.
      test "$how" = "--split 1" && test "$len" -gt 9000 && continue
      got=$("$helper" "$@" --length $out $how msg < key) \
        || framework_failure_ "$helper"
      check_ "$mode${how:+ $how}" "$len" "$got" "$want_head"
    done
    got=$("$helper" "$@" --length $out --seek $seek msg < key) \
      || framework_failure_ "$helper"
    check_ "$mode --seek $seek" "$len" "$got" "$want_tail"
  done
done < cases

Exit $fail
