#!/bin/sh
# cksum --check as GNU after 9.1 reads it, where 9.1 lacks the option
# or the format (models from GNU's NEWS and manual): -a sha2 -c without
# -l (9.9) takes each line's SHA-2 tag (SHA224 to SHA512, SHA2-N) or
# digest length; SHA2-N tags without -a (9.8); untagged base64 digests
# of sha2, sha3 and blake2b with -a (9.9), also where the base64
# starts with a tag's letters (9.9).  And the fixes of GNU 9.3 to 9.8
# that 9.1 never needed, against 9.1: each line's own result (9.3),
# b2sum's malformed lines (9.4), b2sum -l too large (9.8).  The tag's
# end (9.10, 9.11).
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum; do use_tool_ $t; done
echo 'test input' > inp
printf 'abc' > abc

# -a sha2 -c: the length comes from each line, tagged or not, in hex or
# base64, mixed in one file; a wrong length is improper.
: > mixed.sum
for n in 224 256 384 512; do
  brisk_ cksum -a sha2 -l $n inp >> mixed.sum || fail=1
  brisk_ cksum -a sha2 -l $n --untagged abc >> mixed.sum || fail=1
  brisk_ cksum -a sha2 -l $n --base64 --untagged inp >> mixed.sum || fail=1
  brisk_ cksum -a sha2 -l $n abc | sed 's/^SHA/SHA2-/' >> mixed.sum \
    || fail=1
  # The base64 with its last digit cut: no SHA-2 digest is that long.
  brisk_ cksum -a sha2 -l $n --base64 --untagged inp \
    | sed 's|[a-zA-Z0-9+/=]  inp$|  inp|' >> bad.sum || fail=1
done
brisk_ cksum -a sha2 -c --strict mixed.sum > out || fail=1
printf 'inp: OK\nabc: OK\ninp: OK\nabc: OK\n' > one
cat one one one one > exp
compare exp out || fail=1
brisk_ cksum -a sha2 -l 256 -c --strict mixed.sum > out || fail=1
compare exp out || fail=1
# Without -a, the tagged lines only (SHA2-N from GNU 9.8).
grep '(' mixed.sum > tagged.sum
brisk_ cksum -c --strict tagged.sum > out || fail=1
printf 'inp: OK\nabc: OK\n' > one
cat one one one one > exp
compare exp out || fail=1
returns_ 1 brisk_ cksum -a sha2 -c bad.sum > out 2> err || fail=1
echo 'cksum: bad.sum: no properly formatted checksum lines found' > exp
compare exp err || fail=1
printf '%s\n' 'SHA2-128 (/dev/null) = 38b060a751ac96384cd9327eb1b1e36a' \
  > sha2-bad-length.sum
returns_ 1 brisk_ cksum -c sha2-bad-length.sum 2> err || fail=1
echo 'cksum: sha2-bad-length.sum: no properly formatted checksum lines found' \
  > exp
compare exp err || fail=1
returns_ 1 brisk_ cksum -a sha2 -l 100 -c mixed.sum 2> err || fail=1
grep "invalid length: '100'" err > /dev/null || fail=1

# Untagged base64 with -a, the length from the digest (9.9): sha2, sha3
# (-l given or not), blake2b from one byte up (GNU 9.10 reads 'hg==',
# the base64 of an 8-bit digest; 9.9 and Brisk before did not read
# digests under 16 bytes).
for a in sha2 sha3; do
  for n in 224 256 384 512; do
    brisk_ cksum -a $a -l $n --base64 --untagged inp > b64.sum || fail=1
    for l in '' "-l $n"; do
      brisk_ cksum -a $a $l -c b64.sum > out || fail=1
      echo 'inp: OK' > exp
      compare exp out || { echo "cksum -a $a $l -c, base64 $n" >&2; fail=1; }
    done
  done
done
for n in 8 24 40 120 128 216 224 232 248 256 264 376 384 392 504 512; do
  brisk_ cksum -a blake2b -l $n --base64 --untagged inp > b64.sum || fail=1
  brisk_ cksum -a blake2b -c b64.sum > out || fail=1
  compare exp out || { echo "cksum -a blake2b -c, base64 $n" >&2; fail=1; }
done

# Another algorithm's tag of four letters is a 3-byte BLAKE2b digest in
# base64, and what follows it the name of a file, as GNU 9.10 reads it.
echo 'SHA1 (f) = 1234' > sha1-tag.sum
returns_ 1 brisk_ cksum -a blake2b -c sha1-tag.sum > out 2> err || fail=1
echo "'(f) = 1234': FAILED open or read" > exp
compare exp out || fail=1
printf '%s\n' "cksum: '(f) = 1234': No such file or directory" \
  'cksum: WARNING: 1 listed file could not be read' > exp
compare exp err || fail=1

# A base64 digest that starts with the tag of -a's algorithm is read as
# an untagged line (9.9), not as a misformed tagged one.
echo 'SHA1+++++++++++++++++++++++=  /dev/null' > tag-prefix.sum
returns_ 1 brisk_ cksum -c -a sha1 tag-prefix.sum > out 2> err || fail=1
echo '/dev/null: FAILED' > exp
compare exp out || fail=1
echo 'cksum: WARNING: 1 computed checksum did NOT match' > exp
compare exp err || fail=1
echo 'MD5+AAAAAAAAAAAAAAAAAA==  /dev/null' > md5-prefix.sum
returns_ 1 brisk_ cksum -c -a md5 md5-prefix.sum > out 2> err || fail=1
echo '/dev/null: FAILED' > exp
compare exp out || fail=1
# Tagged lines still read as such, and 9.1's lines stay improper.
brisk_ cksum -a sha1 abc > sha1.sum || fail=1
brisk_ cksum -a sha1 -c sha1.sum > out || fail=1
echo 'abc: OK' > exp
compare exp out || fail=1
printf 'SHA1Xabc (abc) = 0\n' > sha1x.sum
twin_ cksum -a sha1 -c sha1x.sum || fail=1

# inp changes: each of its lines fails, the others pass; -w names the
# family in its warnings.
printf 'x' >> inp
cp mixed.sum wrong.sum
printf '%s\n' 'SHA2-128 (inp) = 38b060a751ac96384cd9327eb1b1e36a' \
  'SHA1 (inp) = 38b060a751ac96384cd9327eb1b1e36a38b060a7' >> wrong.sum
returns_ 1 brisk_ cksum -a sha2 -c -w wrong.sum > out 2> err || fail=1
printf 'inp: FAILED\nabc: OK\n' > one
cat one one one one one one one one > exp
compare exp out || fail=1
printf '%s\n' \
  'cksum: wrong.sum: 17: improperly formatted SHA2 checksum line' \
  'cksum: wrong.sum: 18: improperly formatted SHA2 checksum line' \
  'cksum: WARNING: 2 lines are improperly formatted' \
  'cksum: WARNING: 8 computed checksums did NOT match' > exp
compare exp err || fail=1

# GNU 9.3's fix: each line its own result (9.1 had it right).
ref_ cksum -a sha1 --untagged abc inp > two.chk
ref_ md5sum abc inp >> two.chk
printf 'y' >> inp
twin_ cksum -a sha1 -c two.chk || fail=1
twin_ md5sum -c two.chk || fail=1

# GNU 9.4's fix: b2sum -c on malformed lines (9.1 never read past them).
printf '%s\n' 'BLAKE2b' 'BLAKE2b-' 'BLAKE2b-0 (abc) = 00' \
  'BLAKE2b-99999999999999999999999 (abc) = 00' 'BLAKE2b-8' \
  'BLAKE2b-8 (' 'BLAKE2b-8 (abc' 'BLAKE2b-8 (abc) =' 'BLAKE2b-16 (abc) = z' \
  '0' '00' '00 ' '0000000' '\' > malformed.chk
twin_ b2sum -c -w malformed.chk || fail=1
twin_ b2sum -c -w --strict malformed.chk || fail=1

# GNU 9.8's fix: b2sum -l above 512 is refused (9.1 refused it too;
# a number too large for 9.1, as EOVERFLOW: tests/cksum/options-newer.sh).
for l in 520 1024; do
  twin_ b2sum -l $l abc || fail=1
done

# GNU 9.11: the result lines quote for the shell a name that needs it,
# on a terminal or not, in every tool and --quiet; a colon too, as in
# diagnostics.  Also checked against GNU's lines through their quoting
# by GNU's printf %q (tests/requote-check.pl) in the other tests;
# these are the bytes themselves.
rm -f q.chk
for n in plain 'sp ace' 'co:lon' "it's" 'back\slash' '$dollar' 'a
b' '-dash' "$(printf 'bad\377')"; do
  printf '%s' "$n" > "$n" && ref_ md5sum --tag -- "$n" >> q.chk \
    || framework_failure_ "md5sum $n"
done
printf '%s\n' 'plain: OK' "'sp ace': OK" "'co:lon': OK" "\"it's\": OK" \
  "'back\\slash': OK" "'\$dollar': OK" "'a'\$'\\n''b': OK" '-dash: OK' \
  "'bad'\$'\\377': OK" > exp.q || framework_failure_
for t in md5sum cksum; do
  for j in 1 2; do
    LC_ALL=C brisk_ $t -j $j -c q.chk > out || fail=1
    compare exp.q out || fail=1
  done
done
printf 'changed' > 'sp ace' && rm -- 'co:lon' || framework_failure_
printf '%s\n' "'sp ace': FAILED" "'co:lon': FAILED open or read" > exp.q
LC_ALL=C returns_ 1 brisk_ md5sum --quiet -c q.chk > out 2> /dev/null \
  || fail=1
compare exp.q out || fail=1

# The tag and the '(' (GNU 9.10): a length, then at most one space;
# 9.1 passed over any one character after the tag.  A length starts
# with a digit (GNU 9.11).  A tagged line without a length is of the
# algorithm's own length whatever -l says (b2sum -l 128 reads a 512-bit
# BLAKE2b line).
md5=$(brisk_ cksum -a md5 --untagged abc | cut -d' ' -f1)
b256=$(brisk_ b2sum -l 256 abc | cut -d' ' -f1)
brisk_ b2sum --tag abc > b512.sum || fail=1
for line in "MD5  (abc) = $md5" "MD5	(abc) = $md5" "MD5x(abc) = $md5" \
    "MD5- (abc) = $md5" "BLAKE2b-+256 (abc) = $b256" \
    "BLAKE2b- 256 (abc) = $b256" "BLAKE2b-	256 (abc) = $b256"; do
  printf '%s\n' "$line" > t.sum
  for c in 'cksum -c' 'cksum -a md5 -c' 'b2sum -c'; do
    returns_ 1 brisk_ $c t.sum > out 2> err \
      || { echo "$c took: $line" >&2; fail=1; }
    echo "${c%% *}: t.sum: no properly formatted checksum lines found" \
      > exp
    compare exp err || fail=1
  done
done
for line in "MD5 (abc) = $md5" "MD5(abc)= $md5" "MD5(abc) = $md5"; do
  printf '%s\n' "$line" > t.sum
  for c in 'cksum -c' 'cksum -a md5 -c'; do
    brisk_ $c t.sum > out || { echo "$c refused: $line" >&2; fail=1; }
  done
done
for line in "BLAKE2b-256 (abc) = $b256" "BLAKE2b-0x100 (abc) = $b256" \
    "BLAKE2b-256(abc) = $b256"; do
  printf '%s\n' "$line" > t.sum
  for c in 'cksum -c' 'b2sum -c' 'b2sum -l 256 -c'; do
    brisk_ $c t.sum > out || { echo "$c refused: $line" >&2; fail=1; }
  done
done
echo 'abc: OK' > exp
for c in 'b2sum -l 128 -c' 'cksum -a blake2b -l 128 -c' 'b2sum -l 8 -c'; do
  brisk_ $c b512.sum > out || { echo "$c refused BLAKE2b" >&2; fail=1; }
  compare exp out || fail=1
done

Exit $fail
