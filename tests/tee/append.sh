#!/bin/sh
# -a appends to existing files (and creates missing ones), without -a they
# are truncated; the same file named twice, with and without -a; input from
# a file and through a pipe.  Compared with GNU.  With -a, a file named twice
# gets the input in alternating pieces whose size is the tool's read size
# (GNU's is 8 KiB, Brisk's larger), so that case uses input shorter than a
# piece.
. "$(dirname "$0")/lib.sh"

make_random_ in 300000 5
printf 'old contents\n' > f
printf 'other old contents, longer than the new ones\n' > g
printf 'short\n' > small

for i in in pipe:in small pipe:small; do
  tee_twin_ -i $i -a f || fail=1
  tee_twin_ -i $i --append f new || fail=1
  tee_twin_ -i $i f g || fail=1
  tee_twin_ -i $i g g || fail=1
done
for i in small pipe:small; do
  tee_twin_ -i $i -a f f || fail=1
  tee_twin_ -i $i -a g new g new || fail=1
done

# With the big input, each copy of a file named twice with -a is whole.
for i in in pipe:in; do
  rm -f twice
  brisk_ -i $i tee -a twice twice > /dev/null || fail=1
  cat in in | cmp -s - twice && continue
  size=$(wc -c < twice)
  test "$size" = 600000 \
    || { echo "-a twice twice ($i): $size bytes" >&2; fail=1; }
done

Exit $fail
