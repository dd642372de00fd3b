#!/bin/sh
# cksum's options from GNU after 9.1, checked against models (GNU 9.1
# lacks them): --base64 is the base64 of --raw's bytes, which are the
# digest that the hex output spells; -c reads base64 lines back; --raw
# and --base64 together, and --raw with several files, are refused;
# -a crc32b is gzip's CRC (from gzip's own trailer); -a sha2 -l N is
# shaNsum; -a sha3 -l N is OpenSSL's SHA3-N and needs -l; the SHA3 tag
# is read back by -c.
. "$(dirname "$0")/../init.sh"
for t in cksum; do use_tool_ $t; done
printf 'abc' > abc
make_random_ rnd 70000 11

# hex_ FILE: the bytes of FILE in lower-case hex, on one line.
hex_ () { od -An -v -tx1 "$1" | tr -d ' \n'; }

for a in md5 sha1 sha256 sha512 blake2b sm3 crc bsd sysv; do
  for f in abc rnd; do
    brisk_ cksum -a $a --raw $f > raw || fail=1
    case $a in
      crc|bsd|sysv)
        v=$(brisk_ cksum -a $a $f | cut -d' ' -f1 | sed 's/^0*\(.\)/\1/')
        n=$(wc -c < raw)
        test "$(printf "%0$((2 * n))x" "$v")" = "$(hex_ raw)" \
          || { echo "cksum -a $a --raw $f: $(hex_ raw), not $v" >&2; fail=1; }
        ;;
      *)
        h=$(brisk_ cksum -a $a --untagged $f | cut -d' ' -f1)
        test "$h" = "$(hex_ raw)" \
          || { echo "cksum -a $a --raw $f: $(hex_ raw), not $h" >&2; fail=1; }
        b=$(base64 -w0 raw)
        test "$(brisk_ cksum -a $a --base64 --untagged $f)" = "$b  $f" \
          || { echo "cksum -a $a --base64 --untagged $f" >&2; fail=1; }
        brisk_ cksum -a $a --base64 $f > b64 || fail=1
        tag=$(brisk_ cksum -a $a $f | sed 's/ .*//')
        test "$(cat b64)" = "$tag ($f) = $b" \
          || { echo "cksum -a $a --base64 $f: $(cat b64)" >&2; fail=1; }
        brisk_ cksum -c b64 > out || { echo "cksum -c of base64" >&2; fail=1; }
        brisk_ cksum -a $a --base64 --untagged $f > b64u || fail=1
        brisk_ cksum -a $a -c b64u > out \
          || { echo "cksum -a $a -c of untagged base64" >&2; fail=1; }
        sed 's/= ./= A/' b64 > b64bad
        returns_ 1 brisk_ cksum -c b64bad > out || fail=1
        ;;
    esac
  done
done
# A base64 field padded otherwise than base64 encodes it is improper,
# as GNU's valid_digits calls it, not a digest that fails: for SHA-256
# (32 bytes, one '='), "==" in the place of the last digit and its '=',
# or no '=' at all.
b=$(brisk_ cksum -a sha256 --base64 --untagged abc | cut -d' ' -f1)
case $b in
  *[!=]=) ;;
  *) echo "sha256 in base64 ends in one '=': $b" >&2; fail=1 ;;
esac
for form in "${b%?=}==" "${b%=}A"; do
  printf 'SHA256 (abc) = %s\n' "$form" > pad.sum
  returns_ 1 brisk_ cksum -c pad.sum > out 2> err || fail=1
  grep 'no properly formatted checksum lines found' err > /dev/null \
    || { echo "cksum -c of $form: not improper" >&2; cat err; fail=1; }
done

returns_ 1 brisk_ cksum --raw abc rnd > out 2> err || fail=1
grep 'the --raw option is not supported with multiple files' err > /dev/null \
  || fail=1
returns_ 1 brisk_ cksum --raw --base64 abc > out 2> err || fail=1
grep 'mutually exclusive' err > /dev/null || fail=1

# crc32b: gzip's trailer holds the CRC-32 of the data, least significant
# byte first, then the size.
for f in abc rnd; do
  t=$(gzip -c < $f | tail -c 8 | od -An -tu4 | awk '{ print $1 }')
  test "$(brisk_ cksum -a crc32b $f)" = "$t $(wc -c < $f) $f" \
    || { echo "cksum -a crc32b $f: not $t" >&2; fail=1; }
done

for n in 224 256 384 512; do
  test "$(brisk_ cksum -a sha2 -l $n abc)" = "$(brisk_ cksum -a sha$n abc)" \
    || { echo "cksum -a sha2 -l $n" >&2; fail=1; }
  o=$(openssl dgst -sha3-$n -r rnd | cut -d' ' -f1)
  test "$(brisk_ cksum -a sha3 -l $n rnd)" = "SHA3-$n (rnd) = $o" \
    || { echo "cksum -a sha3 -l $n rnd: not $o" >&2; fail=1; }
  test "$(brisk_ cksum -a sha3 -l $n --untagged rnd)" = "$o  rnd" || fail=1
  brisk_ cksum -a sha3 -l $n abc rnd >> sha3.sums || fail=1
  brisk_ cksum -a sha3 -l $n --untagged abc >> sha3u.sums || fail=1
done
brisk_ cksum -c --strict sha3.sums > out || fail=1
test "$(grep -c ': OK$' out)" = 8 || fail=1
brisk_ cksum -a sha3 -c --strict sha3u.sums > out || fail=1
test "$(grep -c ': OK$' out)" = 4 || fail=1
returns_ 1 brisk_ cksum -a sha3 abc 2> err || fail=1
grep 'requires specifying --length 224, 256, 384, or 512' err > /dev/null \
  || fail=1
returns_ 1 brisk_ cksum -a sha2 -l 160 abc 2> err || fail=1
grep "digest length for 'SHA2' must be 224, 256, 384, or 512" err \
  > /dev/null || fail=1

# --help lists DIGEST's values as GNU 9.10 does, one a line, and no
# other line starts with two blanks and a letter (GNU's
# cksum-base64.pl reads the list so); each listed name, and those said
# besides (Brisk's own blake3, shake128, shake256, md2 and md4, sha224
# to sha512), is taken by -a.
brisk_ cksum --help > help || fail=1
listed=$(sed -n 's/^  \([a-z][^ ]*\).*/\1/p' help | tr '\n' ' ')
test "$listed" = 'sysv bsd crc crc32b md5 sha1 sha2 sha3 blake2b sm3 ' \
  || { echo "cksum --help lists: $listed" >&2; fail=1; }
for a in sysv bsd crc crc32b md5 sha1 blake2b sm3 md2 md4 \
    sha224 sha256 sha384 sha512 blake3 shake128 shake256; do
  brisk_ cksum -a $a abc > /dev/null || { echo "cksum -a $a" >&2; fail=1; }
  grep "[ (]$a[ ),.]" help > /dev/null \
    || { echo "cksum --help does not name $a" >&2; fail=1; }
done

Exit $fail
