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
# relative to the one before.
deep () { deep_tree_ top 120; }
cp_batch_ deep <<'EOF2' || fail=1
-a top a
-r top r
-a top/ a/
EOF2
Exit $fail
