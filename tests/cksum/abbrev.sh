#!/bin/sh
# Abbreviated long options beside Brisk's own (--threads, --recursive,
# --audit, --dereference ...): one that begins the name of one of GNU's
# options only names it, as in GNU's tool ('cksum --r' is --raw, not
# ambiguous with --recursive; '--a' is --algorithm, '--de' --debug),
# with its argument in the next word or after '='; one that begins only
# Brisk's names that option; after '--', or as an option's argument, it
# is left alone.  GNU 9.1's cksum lacks --raw, so the results are
# compared with those of the full names.  One ambiguous among GNU's
# options is refused with GNU's message, which lists GNU's options only.
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum md5sum; do use_tool_ $t; done
printf 'abc' > abc
mkdir d && printf 'x\n' > d/f
ln -s d l

# abbrev_is_ "ABBREVIATED" "FULL": Brisk with the words ABBREVIATED prints
# and exits as with the words FULL (split at blanks).
abbrev_is_ ()
{
  brisk_ $1 > a.out 2> a.err
  ai_a_=$?
  brisk_ $2 > f.out 2> f.err
  ai_f_=$?
  compare f.out a.out && compare f.err a.err && test $ai_a_ = $ai_f_ \
    && return 0
  echo "'$1' is not '$2' (status $ai_a_ against $ai_f_)" >&2
  return 1
}

# Each line: the abbreviated words | the full ones.  The first are
# GNU's options; then Brisk's own, by their own abbreviations; --deb is
# md5sum's own --debug (GNU's md5sum has none).
while IFS='|' read -r short full; do
  abbrev_is_ "$short" "$full" || fail=1
done <<'EOF2'
cksum --r abc|cksum --raw abc
cksum --ra abc|cksum --raw abc
cksum --a md5 abc|cksum --algorithm md5 abc
cksum --a=sha1 abc|cksum --algorithm=sha1 abc
cksum abc --al sm3|cksum abc --algorithm sm3
cksum --de abc|cksum --debug abc
cksum --d abc|cksum --debug abc
cksum -a blake2b --r -l 8 abc|cksum -a blake2b --raw -l 8 abc
b2sum --b abc|b2sum --binary abc
cksum --rec d|cksum --recursive d
cksum --rec --dereference-a l|cksum -r -H l
cksum --th 2 abc|cksum --threads 2 abc
md5sum --th=1 abc|md5sum -j 1 abc
md5sum --au d -c /dev/null|md5sum --audit d -c /dev/null
md5sum --deb abc|md5sum --debug abc
EOF2
# --d begins md5sum's --debug and --dereference, both Brisk's own.
returns_ 1 brisk_ md5sum --d abc > out 2> err || fail=1
grep "^md5sum: option '--d' is ambiguous" err > /dev/null || fail=1
# An argument, or an operand after '--', is not an option.
returns_ 1 brisk_ cksum -a --r abc > out 2> err || fail=1
grep "invalid argument .--r. for .--algorithm." err > /dev/null || fail=1
returns_ 1 brisk_ cksum --al --r abc > out 2> err || fail=1
grep "invalid argument .--r. for .--algorithm." err > /dev/null || fail=1
returns_ 1 brisk_ cksum -- --r > out 2> err || fail=1
grep "^cksum: --r: No such file or directory" err > /dev/null || fail=1
# Ambiguous among GNU's options, it stays so.
returns_ 1 brisk_ cksum --s abc > out 2> err || fail=1
grep "^cksum: option '--s' is ambiguous; possibilities: '--status' \
'--strict'\$" err > /dev/null || fail=1
returns_ 1 brisk_ cksum --b abc > out 2> err || fail=1
grep "^cksum: option '--b' is ambiguous; possibilities: '--base64' \
'--binary'\$" err > /dev/null || fail=1
test ! -s out || fail=1
# Ambiguous among GNU's options, and beginning one of Brisk's own too:
# getopt's message lists GNU's possibilities only, as GNU's tool does
# ('--threads' begins with --t too), wherever the option stands (after
# an operand, which getopt passes over), and an earlier error is still
# the one reported.
for args in '--t abc' 'abc --t' '-b --t abc' '--t --bogus abc'; do
  # shellcheck disable=SC2086
  returns_ 1 brisk_ md5sum $args > out 2> err || fail=1
  sed 1q err > err1
  echo "md5sum: option '--t' is ambiguous; possibilities: '--tag'" \
    "'--text'" > exp
  compare exp err1 || fail=1
done
returns_ 1 brisk_ md5sum --bogus --t abc > out 2> err || fail=1
echo "md5sum: unrecognized option '--bogus'" > exp
sed 1q err > err1 && compare exp err1 || fail=1

Exit $fail
