#!/bin/sh
# Every tool's digest of a corpus of sizes around the block and padding
# boundaries of 64- and 128-byte-block hashes, buffer-sized inputs and 1 MiB
# of random data, read as operands and through a pipe; compared with GNU
# (with perl's Digest::MD2/MD4 for md2sum/md4sum, and openssl for md4sum).
# Runs once more for each value of BRISK_HASH_IMPL listed in
# BRISK_TEST_VARIANTS (space separated), to check every implementation.
. "$(dirname "$0")/../init.sh"

sizes='0 1 2 3 55 56 57 63 64 65 111 112 113 119 120 127 128 129 191 192
       255 256 1000 4095 4096 4097 65535 65536 65537 131073'
for n in $sizes; do
  make_random_ r$n $n $n
done
make_random_ r1m 1048576 99
printf a > a1
head -c 1000 /dev/zero > z1000
head -c 200000 /dev/zero | tr '\0' 'a' > a200k

for v in '' ${BRISK_TEST_VARIANTS-}; do
  if test -n "$v"; then
    BRISK_HASH_IMPL=$v
    export BRISK_HASH_IMPL
    echo "variant BRISK_HASH_IMPL=$v" >&2
  else
    unset BRISK_HASH_IMPL
  fi
  for t in $sum_tools; do
    twin_ $t -- r* a1 z1000 a200k || fail=1
    # Through a pipe, the files that take more than one read: a smaller
    # one is read whole at once, as the operand above was.
    for f in r0 r65537 r1m a200k; do
      twin_ -i pipe:$f $t || fail=1
    done
    # md4: a second, independent reference.
    if test $t = md4sum; then
      for f in r* a1; do
        exp=$(openssl dgst -md4 -provider legacy -provider default -r < $f \
              2>/dev/null | sed 's/ .*//')
        test -n "$exp" || continue    # openssl without MD4
        got=$(brisk_ -i $f $t | sed 's/ .*//')
        test "$exp" = "$got" \
          || { echo "md4sum $f: openssl $exp, brisk $got" >&2; fail=1; }
      done
    fi
  done
done

Exit $fail
