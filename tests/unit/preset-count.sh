#!/bin/sh
# The length field of messages of 2^32 blocks and more (256 GiB of
# 64-byte blocks: no test can read that much): tests/unit/preset-count
# hashes a few real blocks, sets the engine's byte counter as if TOTAL
# blocks had been hashed, hashes a tail and prints the digest; Perl's
# Digest::SHA (putstate) and Digest::MD5 (context), whose counters can
# be set in the same way, must print the same.  Counts around 2^32 and
# 2^33 blocks, 2^55 blocks (the bit count of a 64-byte-block hash wraps
# past 2^64) and 2^57 blocks (the byte count of SHA-384/512 carries
# past 2^64); tails that leave room for the length in the last block
# and tails that do not.  MD4 has no reference whose state can be set:
# its context pads through the same md-engine call as MD5's (8-byte
# little-endian length), checked here; for MD4 only the helper's reach
# into its context is.
. "$(dirname "$0")/../init.sh"

helper=${BRISK_BUILDDIR:-.}/tests/unit/preset-count
test -x "$helper" || framework_failure_ "$helper missing (make check builds it)"

# Perl code: print "ALGO PREFIX TOTAL TAIL DIGEST" for each case, the
# digest computed by Perl's own modules.
ref_perl_='use strict;
use Digest::MD5;
use Digest::SHA;
use Math::BigInt;
my @totals = ("3", "4294967295", "4294967296", "4294967297",
              "8589935369", "36028797018963971", "144115188075855877");
for my $alg (qw(md5 sha1 sha224 sha256 sha384 sha512)) {
  my $bs = $alg =~ /384|512/ ? 128 : 64;
  for my $total (@totals) {
    for my $tail (0, 1, $bs - 9, $bs - 8, $bs - 1, $bs + 3) {
      my $prefix = 3;
      my $p = join "", map { chr ((31 * $_ + 7) % 256) } 0 .. $prefix * $bs - 1;
      my $t = join "", map { chr ((17 * $_ + 3) % 256) } 0 .. $tail - 1;
      my $hex;
      if ($alg eq "md5") {
        my $d = Digest::MD5->new;
        $d->add ($p);
        my (undef, $state) = $d->context;
        $d->context ($total, $state);
        $d->add ($t);
        $hex = $d->hexdigest;
      } else {
        (my $n = $alg) =~ s/^sha//;
        my $d = Digest::SHA->new ($n);
        $d->add ($p);
        my $st = $d->getstate;
        my $bits = Math::BigInt->new ($total)->bmul ($bs * 8);
        my @w;
        for (1 .. 4) {
          unshift @w, $bits->copy->band (0xffffffff)->numify;
          $bits->brsft (32);
        }
        my $i = 0;
        for my $f (qw(lenhh lenhl lenlh lenll)) {
          $st =~ s/^$f:.*$/$f:$w[$i++]/m or die "no $f in state";
        }
        $d->putstate ($st) or die "putstate";
        $d->add ($t);
        $hex = $d->hexdigest;
      }
      print "$alg $prefix $total $tail $hex\n";
    }
  }
}'

perl -e "$ref_perl_" > ref || framework_failure_ "perl reference digests"
test "$(wc -l < ref)" -gt 200 || framework_failure_ "too few reference cases"

# The counter preset to PREFIX itself changes nothing: the helper's
# digest is then that of the bytes it hashed, as Perl hashes them.
grep '^[a-z0-9]* 3 3 ' ref > plain
perl -MDigest::SHA -MDigest::MD5 -ne '
  my ($alg, $prefix, $total, $tail, $hex) = split;
  my $bs = $alg =~ /384|512/ ? 128 : 64;
  my $m = join ("", map { chr ((31 * $_ + 7) % 256) } 0 .. $prefix * $bs - 1)
          . join ("", map { chr ((17 * $_ + 3) % 256) } 0 .. $tail - 1);
  my $h = $alg eq "md5" ? Digest::MD5::md5_hex ($m)
          : Digest::SHA->new (substr $alg, 3)->add ($m)->hexdigest;
  $h eq $hex or print "$alg $prefix+$tail: reference state is wrong\n"' \
  plain > bad-ref
compare /dev/null bad-ref || framework_failure_ "perl state setting"

while read alg prefix total tail hex; do
  got=$("$helper" $alg $prefix $total $tail) || fail=1
  if test "$got" != "$hex"; then
    echo "$alg, $total blocks and $tail bytes: got $got, expected $hex" >&2
    fail=1
  fi
done < ref

# MD4: the helper reaches its context's engine (with the counter
# preset to what it already holds, the digest is Digest::MD4's of the
# same bytes); its padding is MD5's engine call, checked above.
for tail in 0 55 56; do
  exp=$(perl -MDigest::MD4 -e 'print Digest::MD4::md4_hex (join ("",
          (map { chr ((31 * $_ + 7) % 256) } 0 .. 191),
          (map { chr ((17 * $_ + 3) % 256) } 0 .. $ARGV[0] - 1))), "\n"' \
          $tail) || framework_failure_ "perl Digest::MD4"
  got=$("$helper" md4 3 3 $tail) || fail=1
  test "$got" = "$exp" || { echo "md4 +$tail: got $got, expected $exp" >&2
                            fail=1; }
done

Exit $fail
