#!/bin/sh
# cksum -b/--binary and -t/--text (GNU 9.4; 9.1 refuses them), which let
# "cksum -a ALGO --untagged" stand in for md5sum and the others: the
# untagged lines are those of GNU's md5sum -b, -t or neither (models:
# GNU 9.1's md5sum, sha256sum, b2sum); tagged lines and the checksums
# ignore them; --text with tagged lines fails, whichever comes first
# (GNU 9.10), and -b or -t with --check fails as md5sum's do.
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum; do use_tool_ $t; done
printf 'abc' > abc
printf 'x\n' > 'b\s'

for a in md5 sha256 blake2b; do
  case $a in blake2b) g=b2sum ;; *) g=${a}sum ;; esac
  for m in '' -b -t --binary --text '-b -t' '-t -b' '--tag --untagged -b' \
           '--tag -b --untagged'; do
    ref_ $g $m abc 'b\s' > exp 2>&1
    brisk_ cksum -a $a --untagged $m abc 'b\s' > out 2>&1 \
      || { echo "cksum -a $a --untagged $m failed" >&2; fail=1; }
    case $m in
      *--tag*) ref_ $g -b abc 'b\s' > exp 2>&1 ;;
    esac
    compare exp out || { echo "cksum -a $a --untagged $m" >&2; fail=1; }
  done
  # Tagged lines: -b changes nothing.
  brisk_ cksum -a $a abc > exp || fail=1
  brisk_ cksum -a $a -b abc > out || fail=1
  compare exp out || fail=1
  brisk_ cksum -a $a --untagged -b abc > b.sum || fail=1
  brisk_ cksum -a $a -c b.sum > out || fail=1
  echo 'abc: OK' > exp
  compare exp out || fail=1
done
# 9.1's own quirk stays: --tag then --untagged, without -b, is text.
twin_ cksum -a md5 --tag --untagged abc || fail=1
# The CRC and sum's checksums ignore -b and --untagged -t.
for m in -b '--untagged -t' '--untagged -b'; do
  brisk_ cksum $m abc > out || fail=1
  ref_ cksum abc > exp
  compare exp out || fail=1
  brisk_ cksum -a sysv $m abc > out || fail=1
  ref_ cksum -a sysv abc > exp
  compare exp out || fail=1
done

# Refusals: --text with tagged lines, in either order; -b or -t with -c.
try="Try 'cksum --help' for more information."
for m in -t --text '--tag -t' '-t --tag' '--untagged -t --tag' \
         '-a md5 --text' '-a md5 --text --tag'; do
  returns_ 1 brisk_ cksum $m abc > out 2> err || fail=1
  printf '%s\n' 'cksum: --text mode is only supported with --untagged' \
    "$try" > exp
  compare exp err || { echo "cksum $m abc" >&2; fail=1; }
  compare /dev/null out || fail=1
done
brisk_ cksum -a md5 --untagged abc > u.sum || fail=1
for m in -b -t --binary '--text --untagged'; do
  returns_ 1 brisk_ cksum -a md5 $m -c u.sum > out 2> err || fail=1
  printf '%s\n' 'cksum: the --binary and --text options are meaningless when verifying checksums' \
    "$try" > exp
  compare exp err || { echo "cksum -a md5 $m -c" >&2; fail=1; }
done
# An earlier refusal of GNU's stays first.
returns_ 1 brisk_ cksum -t --status abc > out 2> err || fail=1
printf '%s\n' 'cksum: the --status option is meaningful only when verifying checksums' \
  "$try" > exp
compare exp err || fail=1

Exit $fail
