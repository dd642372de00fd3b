#!/bin/sh
# Every tool reads and writes in the size that lib/ioblksize.h decides
# (IO_BUFSIZE, as no file system here has an st_blksize above it): the
# *sum tools' reads of a file and of a pipe, cat's formatting loop and
# its plain read/write loop, tee's read/write loop.  Seen with strace
# -y, which names the file behind each descriptor: each read asks for
# IO_BUFSIZE bytes, and each write but the last writes that many;
# but a *sum tool reads the rest of a regular file that filled its
# first buffer in pieces of IO_STREAM_BUFSIZE.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
use_tool_ tee

require_strace_
unset BRISK_IO_BUFSIZE

# define_ NAME: the value of the constant NAME as the header writes
# it: "IO_BUFSIZE = 128 * 1024,".
define_ ()
{
  v=$(sed -n "s/^ *$1 = \\([0-9 *]*\\),.*/\\1/p" \
        "$test_dir_/../../lib/ioblksize.h")
  v=$(($v)) 2> /dev/null || framework_failure_ "no $1"
  test "$v" -gt 0 || framework_failure_ "no $1 in ioblksize.h"
  echo $v
}
size=$(define_ IO_BUFSIZE) || Exit 99
stream=$(define_ IO_STREAM_BUFSIZE) || Exit 99
test "$stream" -gt "$size" || framework_failure_ "IO_STREAM_BUFSIZE too small"
# Large enough for several full buffers and a short last one.
make_random_ in $((5 * size + 1234)) 7

# check_ CALL NAME [REST]: in the strace output "trace", every CALL
# (read or write) on the descriptor of the file whose path ends in
# /NAME (for a pipe: "pipe:[") asks for $size bytes; for writes, all
# but the last; with REST, all but the first ask for REST bytes.  The
# counts asked for are printed to "sizes".
check_ ()
{
  sed -n "s|^$1([0-9]*<[^>]*$2[^>]*>, .*, \([0-9][0-9]*\)) *= .*|\1|p" \
    trace > sizes
  test -s sizes || { echo "no $1 of $2 in the trace" >&2; return 1; }
  case $1 in write) sed '$d' sizes > sizes.all ;; *) cp sizes sizes.all ;; esac
  rest=${3-$size}
  if sed -n 1p sizes.all | grep -v "^$size\$" > /dev/null \
     || sed 1d sizes.all | grep -v "^$rest\$" > /dev/null; then
    echo "$1 of $2 in pieces other than $size, then $rest:" >&2
    sort sizes.all | uniq -c >&2
    return 1
  fi
}

trace_ () { strace -y -s 0 -e trace=read,write -o trace "$@"; }

for t in $sum_tools; do
  trace_ "$BRISK_BIN/$t" in > out || fail=1
  check_ read /in $stream || { echo "$t FILE" >&2; fail=1; }
  cat in | trace_ "$BRISK_BIN/$t" > out || fail=1
  check_ read 'pipe:\[' || { echo "$t < pipe" >&2; fail=1; }
done

# cat -n: reads and writes in the formatting loop.  Plain cat into a
# file opened for appending: the read/write loop (copy_file_range and
# sendfile refuse such an output).
trace_ "$BRISK_BIN/cat" -n in > out || fail=1
check_ read /in || { echo "cat -n: reads" >&2; fail=1; }
check_ write /out || { echo "cat -n: writes" >&2; fail=1; }
: > app
trace_ "$BRISK_BIN/cat" in >> app || fail=1
compare in app > /dev/null || { echo "cat >> app: wrong output" >&2; fail=1; }
check_ read /in || { echo "cat >> app: reads" >&2; fail=1; }
check_ write /app || { echo "cat >> app: writes" >&2; fail=1; }

# tee with only outputs opened for appending: its read/write loop.
: > t1
: > t2
trace_ "$BRISK_BIN/tee" -a t1 < in >> t2 || fail=1
compare in t1 > /dev/null && compare in t2 > /dev/null \
  || { echo "tee -a: wrong outputs" >&2; fail=1; }
check_ read /in || { echo "tee -a: reads" >&2; fail=1; }
check_ write /t1 || { echo "tee -a: writes of t1" >&2; fail=1; }
check_ write /t2 || { echo "tee -a: writes of t2" >&2; fail=1; }

Exit $fail
