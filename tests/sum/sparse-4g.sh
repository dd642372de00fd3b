#!/bin/sh
# The >4 GiB counters: one sparse file of 4 GiB + 77 bytes (a byte
# count past 32 bits, a bit count past 35), holes with a few bytes of
# data at odd offsets (the first, mid-block, across the 4 GiB mark, and
# in the last block), hashed once by each of md4sum, md5sum, sha1sum
# and sha256sum, whose length field a 32-bit counter would get wrong.
# The reference is `openssl dgst` (MD4 through OpenSSL 3's legacy
# provider, which Debian's libssl3 ships).  The file is made in
# /dev/shm where that is a tmpfs, whose holes read as zeros without
# filling the page cache (on ext4 the first read allocates 4 GiB of
# pages).  In a build with the sanitizers (BRISK_SANITIZED), whose
# instrumented cores are slower, md5sum only: every core's length goes
# through the one md-engine counter, which tests/unit/preset-count
# checks past 2^32 blocks for each algorithm.  Slow all the same
# (eight reads of 4 GiB, two to four seconds each on a quiet machine);
# BRISK_SKIP_SLOW=1 skips it.
. "$(dirname "$0")/../init.sh"

test -z "${BRISK_SKIP_SLOW-}" || skip_ "slow test; BRISK_SKIP_SLOW is set"
wanted='md4sum md5sum sha1sum sha256sum'
test -n "${BRISK_SANITIZED-}" && wanted=md5sum
tools=
for t in $wanted; do
  case " $sum_tools " in
    *" $t "*) tools="$tools $t" ;;
  esac
done
test -n "$tools" || skip_ "none of md4sum, md5sum, sha1sum, sha256sum"
where=.
test "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs \
  && where=$(mktemp -d /dev/shm/sparse-4g.XXXXXX) \
  && cleanup_paths_=$where
cd "$where" || framework_failure_ "cd $where"
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
done

Exit $fail
