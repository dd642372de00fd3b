#!/bin/sh
# The >4 GiB counters: one sparse file of 4 GiB + 77 bytes (a byte
# count past 32 bits, a bit count past 35), holes with a few bytes of
# data at odd offsets (the first, mid-block, across the 4 GiB mark, and
# in the last block), hashed once by each of md4sum, md5sum, sha1sum
# and sha256sum, whose length field a 32-bit counter would get wrong.
# References: `openssl dgst` (MD4 through OpenSSL 3's legacy provider,
# which Debian's libssl3 ships), and GNU's tool for all but md4sum.
# Slow (reads 4 GiB eleven times: 4 to 20 s each on a busy machine);
# BRISK_SKIP_SLOW=1 skips it.
. "$(dirname "$0")/../init.sh"

test -z "${BRISK_SKIP_SLOW-}" || skip_ "slow test; BRISK_SKIP_SLOW is set"
tools=
for t in md4sum md5sum sha1sum sha256sum; do
  case " $sum_tools " in
    *" $t "*) tools="$tools $t" ;;
  esac
done
test -n "$tools" || skip_ "none of md4sum, md5sum, sha1sum, sha256sum"
truncate -s 4294967373 big 2>/dev/null \
  || skip_ "cannot create a sparse 4 GiB file here"
# data_ OFFSET TEXT: write TEXT into big at OFFSET.
data_ ()
{
  printf '%s' "$2" | dd of=big bs=1 seek=$1 conv=notrunc status=none \
    || framework_failure_ "write at $1"
}
data_ 0 'first'
data_ 1000037 'mid-block'
data_ 4294967290 'across 4 GiB'
data_ 4294967360 'the end.'
test "$(stat -c %s big)" = 4294967373 || framework_failure_ "size of big"

for t in $tools; do
  a=${t%sum}
  opt=
  test $a = md4 && opt='-provider legacy -provider default'
  exp=$(openssl dgst $opt -$a -r big) \
    || framework_failure_ "openssl dgst -$a"
  echo "${exp%% *}  big" > exp
  brisk_ $t big > out || fail=1
  compare exp out || fail=1
  case " $gnu_sum_tools " in
    *" $t "*)
      ref_ $t big > gnu || framework_failure_ "GNU's $t"
      compare gnu out || fail=1 ;;
  esac
done

Exit $fail
