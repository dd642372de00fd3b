#!/bin/sh
# md2sum and md4sum digests (GNU has neither): the RFC 1319 and RFC 1320
# test suites, and a corpus of sizes around MD2's 16-byte and MD4's 64-byte
# blocks, against perl's Digest::MD2/Digest::MD4 and, for MD4, openssl;
# through operands, stdin, and --tag.
. "$(dirname "$0")/../init.sh"

tools=
for t in $sum_tools; do
  case $t in md2sum|md4sum) tools="$tools $t" ;; esac
done
test -n "$tools" || skip_ "neither md2sum nor md4sum is under test"

# The RFCs' test suites: message, then MD2 and MD4 digests.
cat > kat <<'KAT'
 8350e5a3e24c153df2275c9f80692773 31d6cfe0d16ae931b73c59d7e0c089c0
a 32ec01ec4a6dac72c0ab96fb34c0b5d1 bde52cb31de33e46245e05fbdbd6fb24
abc da853b0d3f88d99b30283a69e6ded6bb a448017aaf21d8525fc10ae87aa6729d
message digest ab4f496bfb2a530b219ff33031fe06b0 d9130a8164549fe818874806e1c7014b
abcdefghijklmnopqrstuvwxyz 4e8ddff3650292ab5a4108c3aa47940b d79e1c308aa5bbcdeea8ed63df412da9
ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 da33def2a42df13975352846c30338cd 043f8582f241db351ce627e153e7f0e4
12345678901234567890123456789012345678901234567890123456789012345678901234567890 d5976f79d83d3a0dc9806c3c66f3efd8 e33b4ddc9c38f2199c3e7b164fcc0536
KAT

# perl_digest_ ALGO FILE: perl's digest of FILE.
perl_digest_ ()
{
  perl -MDigest::$1 -e 'open (my $f, "<", $ARGV[1]) or die "$ARGV[1]: $!";
    binmode $f; print "Digest::$ARGV[0]"->new->addfile ($f)->hexdigest, "\n"' \
    "$1" "$2"
}

i=0
while IFS= read -r line; do
  i=$((i + 1))
  msg=${line% * *}
  printf '%s' "$msg" > kat$i
  for t in $tools; do
    case $t in
      md2sum) exp=$(printf '%s\n' "$line" | awk '{ print $(NF - 1) }') ;;
      md4sum) exp=$(printf '%s\n' "$line" | awk '{ print $NF }') ;;
    esac
    test "$(perl_digest_ $(ref_algo_ $t) kat$i)" = "$exp" \
      || framework_failure_ "perl disagrees with the RFC on '$msg'"
    printf '%s  kat%s\n' $exp $i > exp
    brisk_ $t kat$i > out || { echo "$t kat$i: exit status $?" >&2; fail=1; }
    compare exp out || { echo "$t of '$msg'" >&2; fail=1; }
    printf '%s  -\n' $exp > exp
    brisk_ -i kat$i $t > out || fail=1
    compare exp out || { echo "$t < '$msg'" >&2; fail=1; }
  done
done < kat

for n in 0 1 15 16 17 31 32 33 47 48 55 56 57 63 64 65 119 120 127 128 129 \
    1000 4096 65537; do
  make_random_ r$n $n $n
done
make_random_ r1m 1048576 99

for t in $tools; do
  a=$(ref_algo_ $t)
  : > exp
  : > exp-tag
  for f in r*; do
    d=$(perl_digest_ $a $f)
    printf '%s  %s\n' $d $f >> exp
    printf '%s (%s) = %s\n' $a $f $d >> exp-tag
    if test $t = md4sum; then
      o=$(openssl dgst -md4 -provider legacy -provider default -r < $f \
          2>/dev/null | sed 's/ .*//')
      test -z "$o" || test "$o" = "$d" \
        || framework_failure_ "openssl and perl disagree on MD4 of $f"
    fi
  done
  brisk_ $t r* > out || { echo "$t r*: exit status $?" >&2; fail=1; }
  compare exp out || { echo "$t: digests of the corpus" >&2; fail=1; }
  brisk_ $t --tag r* > out || fail=1
  compare exp-tag out \
    || { echo "$t --tag: digests of the corpus" >&2; fail=1; }
  brisk_ $t -c exp > out || { echo "$t -c of perl's digests failed" >&2
                              cat out >&2; fail=1; }
done

Exit $fail
