#!/bin/sh
# With standard input a pipe or a regular file, the data moves by tee(2)
# and splice(2), and tee never reads it (no read(2) of standard input);
# with only outputs that splice(2) refuses, read(2) and write(2).  Checked
# with strace (skipped where strace is missing or cannot trace).
. "$(dirname "$0")/lib.sh"

require_strace_

make_random_ in 3000000 31
b=$brisk_bin_/tee

cat in | strace -o trace -e trace=read,write,tee,splice $b a b | cat > out
for f in a b out; do
  compare in $f >/dev/null || { echo "$f differs from the input" >&2; fail=1; }
done
grep '^tee(0,' trace >/dev/null \
  || { echo "no tee(2) from standard input" >&2; fail=1; }
grep '^splice(' trace >/dev/null || { echo "no splice(2)" >&2; fail=1; }
# Any read of standard input, any write but to standard error.
user_io='^(read\(0,|write\(([013-9]|[0-9][0-9]+),)'
if grep -E "$user_io" trace >/dev/null; then
  echo "data read or written in user space:" >&2
  grep -E "$user_io" trace | sed 3q >&2
  fail=1
fi

# Input from another process's pipe, the last output a file: the file
# is written from tee's scratch pipe, and standard input is spliced only
# to /dev/null (a splice(2) from it into the file would hold the pipe's
# lock while the file is written, and the writer would spin on it).
rm -f a
cat in | strace -o trace -e trace=openat,splice $b a > /dev/null
compare in a >/dev/null || { echo "last file: a differs" >&2; fail=1; }
fd_a=$(sed -n 's/^openat(.*"a", .*) = \([0-9]*\)$/\1/p' trace)
fd_null=$(sed -n 's|^openat(.*"/dev/null", .*) = \([0-9]*\)$|\1|p' trace)
test -n "$fd_a" && test -n "$fd_null" \
  || { echo "last file: no open of a or /dev/null" >&2; cat trace >&2; fail=1; }
grep "^splice(0, NULL, $fd_null," trace >/dev/null \
  || { echo "last file: no splice of the input to /dev/null" >&2; fail=1; }
grep "^splice(0, NULL, $fd_a," trace >/dev/null \
  && { echo "last file: spliced from the input" >&2; fail=1; }
grep -E "^splice\([0-9]+, NULL, $fd_a," trace >/dev/null \
  || { echo "last file: never spliced" >&2; fail=1; }

# Input from a regular file: spliced into a pipe, never read either.
strace -o trace -e trace=read,tee,splice $b a < in > out
compare in a >/dev/null && compare in out >/dev/null \
  || { echo "file input: wrong outputs" >&2; fail=1; }
grep '^splice(0,' trace >/dev/null \
  || { echo "file input: no splice(2) from standard input" >&2; fail=1; }
grep '^read(0,' trace >/dev/null \
  && { echo "file input: read(2) of standard input" >&2; fail=1; }

# No output can take a splice (files open for appending): read(2) and
# write(2), as GNU's tee.
rm -f a out
strace -o trace -e trace=read,tee,splice $b -a a < in >> out
compare in a >/dev/null && compare in out >/dev/null \
  || { echo "appending: wrong outputs" >&2; fail=1; }
grep '^read(0,' trace >/dev/null || { echo "appending: no read" >&2; fail=1; }

Exit $fail
