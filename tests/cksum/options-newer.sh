#!/bin/sh
# The option errors that GNU words otherwise since 9.1, with GNU 9.10's
# bytes (GNU 9.1 differs, so they are asserted, not compared): only the
# last -l counts; a -l too long for BLAKE2b, even too large a number,
# says the maximum (9.8), and that before "not a multiple of 8"; for
# sha2 and sha3 any other length than 224, 256, 384 or 512 says so;
# -l with an algorithm of fixed length names the three that take it;
# an explicit --tag with -c is refused by cksum too, not only by the
# *sum tools, but --untagged after it undoes it; -t then --tag is
# refused as --tag then -t is (GNU 9.10), by b2sum and the *sum tools,
# once the other refusals have had their say.  A negative -l (9.11).
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum; do use_tool_ $t; done
printf 'abc' > abc

# expect_ STATUS TOOL ARG...: run Brisk's TOOL with ARG and the file
# abc; its status must be STATUS and its standard error the file exp.
expect_ ()
{
  ex_st_=$1
  shift
  returns_ $ex_st_ brisk_ "$@" abc > out 2> err \
    || { echo "$*: status not $ex_st_" >&2; fail=1; }
  compare exp err || { echo "$*: see above" >&2; fail=1; }
}

for t in b2sum 'cksum -a blake2b'; do
  tool=${t%% *}
  for l in 513 520 18446744073709551616 99999999999999999999999; do
    printf "%s: invalid length: '%s'\n" $tool $l > exp
    printf "%s: maximum digest length for 'BLAKE2b' is 512 bits\n" \
      $tool >> exp
    expect_ 1 $t -l $l || fail=1
  done
  printf "%s: invalid length: '%s'\n" $tool 123 > exp
  printf "%s: length is not a multiple of 8\n" $tool >> exp
  expect_ 1 $t -l 128 -l 123
  : > exp
  expect_ 0 $t -l 123 -l 128
  test "$(brisk_ $t -l 123 -l 128 --untagged abc)" \
    = "$(brisk_ $t -l 128 --untagged abc)" || fail=1
  for l in x '' 8x -x; do
    printf "%s: invalid length: '%s'\n" $tool "$l" > exp
    expect_ 1 $t -l "$l" -l 128
  done
  # A negative length (GNU 9.11 reads a signed number, below the least
  # length: EOVERFLOW's text); -0 is 0, the default.
  for l in -8 -1 -99999999999999999999; do
    printf "%s: invalid length: '%s': %s\n" $tool "$l" \
      'Value too large for defined data type' > exp
    expect_ 1 $t -l "$l" -l 128
  done
  test "$(brisk_ $t -l -0 --untagged abc)" \
    = "$(brisk_ $t --untagged abc)" || fail=1
done

for a in sha2 sha3; do
  A=$(echo $a | tr a-z A-Z)
  for l in 513 0 128 18446744073709551616; do
    printf "cksum: invalid length: '%s'\n" $l > exp
    printf "cksum: digest length for '%s' must be 224, 256, 384, or 512\n" \
      $A >> exp
    expect_ 1 cksum -a $a -l $l
    expect_ 1 cksum -a $a -l 256 -l $l
  done
  : > exp
  expect_ 0 cksum -a $a -l 123 -l 256
done

for args in '-a md5 -l 128' '-l 128' '-a sm3 -l 8'; do
  echo 'cksum: --length is only supported with --algorithm blake2b,' \
    'sha2, or sha3' > exp
  eval "expect_ 1 cksum $args"
done

for args in '--tag -c' '-c --tag' '--untagged --tag -c'; do
  printf '%s\n' 'cksum: the --tag option is meaningless when verifying' \
    "Try 'cksum --help' for more information." \
    | sed '1s/$/ checksums/' > exp
  eval "expect_ 1 cksum $args"
done
for t in b2sum md5sum sha256sum; do
  for args in '-t --tag' '--text --tag' '--tag -t'; do
    printf '%s\n' "$t: --tag does not support --text mode" \
      "Try '$t --help' for more information." > exp
    eval "expect_ 1 $t $args"
  done
  # Text mode with --tag is judged last (GNU 9.10), after the options
  # that check mode refuses or needs; 9.1 judged it first.
  for args in '--tag -t -c' '-t --tag -c'; do
    printf '%s\n' \
      "$t: the --tag option is meaningless when verifying checksums" \
      "Try '$t --help' for more information." > exp
    eval "expect_ 1 $t $args"
  done
  printf '%s\n' \
    "$t: the --quiet option is meaningful only when verifying checksums" \
    "Try '$t --help' for more information." > exp
  expect_ 1 $t -t --tag --quiet
done
brisk_ cksum -a md5 abc > abc.sum || fail=1
brisk_ cksum --tag --untagged -c abc.sum > out || fail=1
echo 'abc: OK' > exp
compare exp out || fail=1

Exit $fail
