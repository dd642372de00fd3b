#!/bin/sh
# Buffer boundaries: BRISK_IO_BUFSIZE (a testing aid, see lib/ioblksize.h)
# forces tiny IO buffers, so that every read ends at a new place relative
# to the hash blocks (64 and 128 bytes), lines and escapes.  md5sum,
# sha256sum and sha512sum, cat (plain through its read/write loop, -n,
# -A) and tee (through its read/write loop) must still give GNU's bytes;
# GNU ignores the variable.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
use_tool_ tee
. "$test_dir_/../cat/corpus.sh"

# Sizes around the buffer sizes tried and the hash block sizes.
files='text ctrl crlf blank nonl empty'
seed=1
for n in 1 6 7 8 63 64 65 127 128 129 1000 4095 4096 4097 70001; do
  make_random_ r$n $n $seed
  seed=$((seed + 1))
  files="$files r$n"
done
cat $files > all || framework_failure_ "cat corpus"

sizes='1 7 63 64 65 4096'
for size in $sizes; do
  BRISK_IO_BUFSIZE=$size
  export BRISK_IO_BUFSIZE
  for t in md5sum sha256sum sha512sum; do
    case " $sum_tools " in *" $t "*) ;; *) continue ;; esac
    twin_ $t -- $files || fail=1
    twin_ -i pipe:all $t || fail=1
  done

  # cat: the formatting loop, and the plain one.  An output opened for
  # appending refuses copy_file_range and sendfile, which sends plain
  # cat of regular files to its read/write loop.
  twin_ cat -n $files || fail=1
  twin_ cat -A $files || fail=1
  twin_ cat -nA $files || fail=1
  : > cat.out
  "$BRISK_BIN/cat" $files >> cat.out || fail=1
  compare all cat.out || fail=1

  # tee: outputs that all refuse splice (opened for appending) send it
  # to its read/write loop; the input is a regular file.
  : > tee.0
  rm -f tee.1 tee.2
  "$BRISK_BIN/tee" -a tee.1 tee.2 < all >> tee.0 || fail=1
  for o in tee.0 tee.1 tee.2; do
    compare all $o || fail=1
  done
done
unset BRISK_IO_BUFSIZE

Exit $fail
