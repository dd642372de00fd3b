#!/bin/sh
# Odd file names compared with GNU's cp: newlines, invalid UTF-8,
# blanks, a leading dash, quotes and backslashes, in messages (the
# quoting of each) and in the trees; and a tree deeper than PATH_MAX,
# made by chained relative mkdirs, copied with -a and -r.
. "$(dirname "$0")/lib.sh"

nl='
'
odd ()
{
  mkdir "d${nl}x" && printf 1 > "d${nl}x/a${nl}b" \
    && printf 2 > "$(printf 'bad\377\376')" && printf 3 > "sp ace" \
    && printf 4 > "quo'te" && printf 5 > 'back\slash' && printf 6 > -- -dash \
    && printf 7 > "$(printf 'caf\303\251')" && mkdir dest \
    && ln -s "$(printf 't\na\377')" "link${nl}"
}
cp_twin_ -s odd -- -av "d${nl}x" "$(printf 'bad\377\376')" "sp ace" \
  "quo'te" 'back\slash' -dash "$(printf 'caf\303\251')" "link${nl}" dest \
  || fail=1
cp_twin_ odd -- "$(printf 'no\377')" "d${nl}x" "quo'te/" "new${nl}" \
  || fail=1
cp_twin_ odd -- -r "d${nl}x" "sp ace" || fail=1
cp_twin_ odd -- "sp ace" "d${nl}x/a${nl}b" || fail=1
cp_twin_ odd -- -T "d${nl}x" "quo'te" || fail=1

# A path of about 8000 bytes: 120 directories of 65 bytes, each made
# relative to the one before.  GNU's cp 9.1 gives up there ("cannot
# stat ...: File name too long", exit 1); Brisk's walks the tree from
# directory descriptors and copies it whole: the copy must be the
# source, hard link and symlink at the bottom included (with -a,
# times too).
mkdir deep && cd deep && deep_tree_ top 120 || framework_failure_ deep
for opts in -a -r; do
  cp_run_ brisk $opts top copy$opts > out 2> err || fail=1
  compare /dev/null out && compare /dev/null err || fail=1
  dump_opts=
  test $opts = -r && dump_opts=--no-mtime
  cp_dump_ $dump_opts top > exp && cp_dump_ $dump_opts copy$opts > got \
    || framework_failure_ tree-dump
  test $opts = -a || sed 's/ nlink=[0-9]*//; s/ link=[^ ]*//' exp > e \
    && sed 's/ nlink=[0-9]*//; s/ link=[^ ]*//' got > g && mv e exp \
    && mv g got
  compare exp got || fail=1
done
test "$(wc -l < exp)" -gt 120 || fail=1
cd .. || framework_failure_ cd
Exit $fail
