#!/bin/sh
# cksum -a blake3, shake128, shake256 (uutils' algorithms, which GNU
# lacks): the digests against the BLAKE3 team's b3sum and OpenSSL's
# SHAKE at lengths across the rates and blocks; the tags uutils writes
# (BLAKE3-256, SHAKE128-256, SHAKE256-512, always with the length);
# -l in bits, a multiple of 8 up to 4096; --untagged, --base64, --raw;
# --check of every form, with and without -a, mixed with other
# algorithms in one file.
. "$(dirname "$0")/../init.sh"
for t in cksum; do use_tool_ $t; done
b3=$(command -v b3sum) || skip_ "the BLAKE3 team's b3sum is not installed"
openssl dgst -shake128 -xoflen 1 /dev/null > /dev/null 2>&1 \
  || skip_ "openssl dgst lacks -xoflen"
printf 'abc' > abc
: > empty
make_random_ rnd 300000 3
# The rates, 168 and 136 bytes, and BLAKE3's 1024-byte chunks.
for n in 135 136 137 167 168 169 1023 1024 1025 2049; do
  head -c $n rnd > r$n
done

# xof_ ALGO BITS FILE: the reference's hex digest.
xof_ ()
{
  case $1 in
    blake3) "$b3" --no-names -l $(($2 / 8)) "$3" ;;
    *) openssl dgst -$1 -xoflen $(($2 / 8)) -r "$3" | cut -d' ' -f1 ;;
  esac
}

for a in blake3 shake128 shake256; do
  case $a in
    blake3) tag=BLAKE3 def=256 ;;
    shake128) tag=SHAKE128 def=256 ;;
    shake256) tag=SHAKE256 def=512 ;;
  esac
  for f in abc empty rnd r135 r136 r137 r167 r168 r169 r1023 r1024 r1025 \
           r2049; do
    exp=$(xof_ $a $def $f)
    brisk_ cksum -a $a $f > out || fail=1
    printf '%s-%s (%s) = %s\n' $tag $def $f "$exp" > want
    compare want out || fail=1
    for bits in 8 256 1088 1344 2048 4096; do
      exp=$(xof_ $a $bits $f)
      brisk_ cksum -a $a -l $bits --untagged $f > out || fail=1
      printf '%s  %s\n' "$exp" $f > want
      compare want out || fail=1
    done
  done
  # --raw, --base64, and -l 0 for the default.
  brisk_ cksum -a $a --raw rnd > raw || fail=1
  test "$(od -An -v -tx1 raw | tr -d ' \n')" = "$(xof_ $a $def rnd)" \
    || { echo "cksum -a $a --raw" >&2; fail=1; }
  brisk_ cksum -a $a --base64 -l 0 rnd > out || fail=1
  printf '%s-%s (rnd) = %s\n' $tag $def "$(base64 -w0 raw)" > want
  compare want out || fail=1
  # Lengths refused.
  returns_ 1 brisk_ cksum -a $a -l 12 abc 2> err || fail=1
  compare - err <<\EOT || fail=1
cksum: invalid length: '12'
cksum: length is not a multiple of 8
EOT
  returns_ 1 brisk_ cksum -a $a -l 4104 abc 2> err || fail=1
  printf "cksum: invalid length: '4104'\n%s\n" \
    "cksum: maximum digest length for '$tag' is 4096 bits" > want
  compare want err || fail=1
  # Round trips: each form, with -a and without.
  for form in '' '-l 128' '-l 4096' '--untagged' '--untagged -l 64' \
              '--base64' '--base64 -l 200' '--base64 --untagged'; do
    brisk_ cksum -a $a $form abc rnd r1025 > sums || fail=1
    brisk_ cksum -a $a -c sums > out || { cat sums >&2; fail=1; }
    printf 'abc: OK\nrnd: OK\nr1025: OK\n' > want
    compare want out || fail=1
    case $form in
      *untagged*) ;;
      *) brisk_ cksum -c sums > out || fail=1
         compare want out || fail=1 ;;
    esac
  done
  # A digest that does not match.
  brisk_ cksum -a $a abc | sed 's/= ./= 0/;s/= 00/= 11/' > sums
  returns_ 1 brisk_ cksum -c sums > out 2> /dev/null || fail=1
  echo 'abc: FAILED' > want
  compare want out || fail=1
done

# One check file of many algorithms, the new ones among them.
{
  brisk_ cksum -a sha256 abc
  brisk_ cksum -a blake3 rnd
  brisk_ cksum -a blake2b -l 128 abc
  brisk_ cksum -a shake128 -l 512 rnd
  brisk_ cksum -a sha3 -l 384 abc
  brisk_ cksum -a shake256 abc
  brisk_ cksum -a blake3 -l 8 --base64 empty
  printf 'BLAKE3 (abc) = %s\n' "$("$b3" --no-names abc)"
} > mixed || fail=1
brisk_ cksum -c mixed > out || fail=1
printf '%s: OK\n' abc rnd abc rnd abc abc empty abc > want
compare want out || fail=1
Exit $fail
