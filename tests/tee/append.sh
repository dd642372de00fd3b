#!/bin/sh
# -a appends to existing files (and creates missing ones), without -a they
# are truncated; the same file named twice, with and without -a; input from
# a file and through a pipe.  Compared with GNU.  With -a, a file named twice
# gets the input in alternating pieces of GNU's read size, 8 KiB, which
# Brisk then takes too, whatever its buffer size; so it does when standard
# output appends to a FILE operand.  From a pipe, the pieces are what each
# read returns, which depends on timing: there the input is shorter than a
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

# From a file, the pieces are GNU's, also with a tiny BRISK_IO_BUFSIZE.
for size in '' 7; do
  BRISK_IO_BUFSIZE=$size tee_twin_ -i in -a f f || fail=1
  BRISK_IO_BUFSIZE=$size tee_twin_ -i in -a g new g new || fail=1
done
# Standard output appending to a FILE operand.
for a in '' -a; do
  for t in gnu brisk; do
    printf 'old\n' > $t.out
    case $t in
      gnu) tee_=$(gnu_tool tee) ;;
      brisk) tee_=$brisk_bin_/tee ;;
    esac
    $tee_ $a $t.out < in >> $t.out || fail=1
  done
  cmp gnu.out brisk.out || { echo "tee $a F >> F differs" >&2; fail=1; }
done

# With the big input through a pipe, each copy of a file named twice
# with -a is whole.
for i in pipe:in; do
  rm -f twice
  brisk_ -i $i tee -a twice twice > /dev/null || fail=1
  cat in in | cmp -s - twice && continue
  size=$(wc -c < twice)
  test "$size" = 600000 \
    || { echo "-a twice twice ($i): $size bytes" >&2; fail=1; }
done

Exit $fail
