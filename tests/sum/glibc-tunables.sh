#!/bin/sh
# GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-AVX512F,... turns off the
# cores that need those instructions, as GNU 9.8's cksum honours it:
# --debug then names none of them, and the digests do not change.
# Where glibc does not honour the tunable (before 2.33, or another C
# library: its loader still calls the CPU x86-64-v3), only the digests
# are compared.
. "$(dirname "$0")/../init.sh"
use_tool_ cksum
use_tool_ b2sum

off=glibc.cpu.hwcaps=-AVX,-AVX2,-AVX512F,-AVX512BW,-AVX512VL,-BMI1,-BMI2
honoured=false
for ld in /lib64/ld-linux-x86-64.so.2 /lib/ld-linux.so.2; do
  test -x $ld || continue
  if $ld --help 2>/dev/null | grep '^  x86-64-v3 (supported' > /dev/null \
     && ! GLIBC_TUNABLES=$off $ld --help 2>/dev/null \
          | grep '^  x86-64-v3 (supported' > /dev/null; then
    honoured=true
  fi
  break
done

make_random_ rnd 100000 3
for i in 1 2 3 4 5 6 7 8 9; do printf '%s\n' $i > f$i; done
for cmd in 'md5sum f1 f2 f3 f4 f5 f6 f7 f8 f9 rnd' \
           'sha512sum f1 f2 f3 f4 f5 f6 f7 f8 f9 rnd' \
           'cksum rnd' 'cksum -a crc32b rnd' 'b2sum rnd' \
           'cksum -a sha3 -l 256 rnd'; do
  set -- $cmd
  case " $sum_tools cksum b2sum " in *" $1 "*) ;; *) continue ;; esac
  brisk_ $cmd > exp 2> /dev/null || fail=1
  GLIBC_TUNABLES=$off brisk_ "$@" --debug > out 2> debug || fail=1
  compare exp out || { echo "$cmd: the digests changed" >&2; fail=1; }
  if $honoured && grep -E -i 'avx|bmi|vpclmul' debug > /dev/null; then
    echo "$cmd: with $off:" >&2
    cat debug >&2
    fail=1
  fi
done

Exit $fail
