#!/bin/sh
# System calls per small file: cat of 200 files of 4 KiB into a regular
# file makes at most 5 calls a file (open, fstat, two copy_file_range,
# close; GNU's cat 9.1 makes 7: it also advises and seeks), and the
# output is the files' bytes.  Counted with strace -c -f: the calls of
# 201 files less those of one, divided by 200.  A count, not a timing.
# In a build with -fsanitize (BRISK_SANITIZED), one call a file more is
# allowed.
. "$(dirname "$0")/../init.sh"

require_strace_

make_random_ part $((201 * 4096)) 11 && split -b 4096 -a 3 part f \
  || framework_failure_ "make files"
test "$(echo f* | wc -w)" = 201 || framework_failure_ "201 files"

limit=5.1
test -n "${BRISK_SANITIZED-}" && limit=6.1
strace -c -f -o base "$BRISK_BIN/cat" faaa > one 2> err \
  && strace -c -f -o run "$BRISK_BIN/cat" f* > all 2>> err \
  || { echo "cat failed:"; cat err; fail=1; }
test -s err && { echo "cat wrote:"; cat err; fail=1; }
compare part all || fail=1
calls_per_file_ base run 200 $limit cat || fail=1

Exit $fail
