#!/bin/sh
# Byte pieces of a regular file are copied in the kernel: split -b and
# -n N of a 3 MiB file call copy_file_range from standard input (the
# input) to each piece and never read(2) the input; -l, which must look
# at the bytes, reads it.  Seen with strace.
. "$(dirname "$0")/../init.sh"

require_strace_
split=$BRISK_BIN/split
test -x "$split" || framework_failure_ "$split missing"
make_random_ in $((3 * 1024 * 1024)) 5

for args in '-b 1M' '-n 4' '-n 3/4'; do
  rm -rf d && mkdir d || framework_failure_ mkdir
  # shellcheck disable=SC2086
  (cd d && strace -o ../trace -e trace=read,copy_file_range \
     "$split" $args ../in > ../out) || fail=1
  ranges=$(grep -c '^copy_file_range(0, ' trace)
  reads=$(grep -c '^read(0, ' trace)
  echo "split $args: $ranges copy_file_range, $reads read from the input"
  if test "$ranges" -lt 1 || test "$reads" -ne 0; then
    cat trace
    fail=1
  fi
done
head -c $((3 * 786432)) in | tail -c 786432 > exp
cmp exp out || fail=1

rm -rf d && mkdir d || framework_failure_ mkdir
(cd d && strace -o ../trace -e trace=read "$split" -l 5000 ../in) || fail=1
grep '^read(0, ' trace > /dev/null || { echo "-l did not read"; fail=1; }
cat d/* | cmp - in || fail=1

Exit $fail
