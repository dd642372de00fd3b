#!/bin/sh
# cp -g and SIGUSR1.  With standard error a terminal (under script(1)),
# cp -g draws a progress line ("X of TOTAL (N%)") and erases it at the
# end; with standard error not a terminal it writes nothing there.  On
# SIGUSR1, cp says once which file it is copying and how far it has got
# (bytes, for a FIFO, whose size is unknown).  Every copy is checked.
# The copies start with a FIFO (a non-recursive cp reads it, as does -r
# with --copy-contents) whose writer pauses: so the display has had time
# to be due, and the signal comes while cp is surely copying.
. "$(dirname "$0")/../init.sh"

require_script_
cp=$BRISK_BIN/cp
test -x "$cp" || framework_failure_ "$cp missing"

make_random_ big $((64 << 20)) 5 || framework_failure_ "make big"
make_random_ part1 1000 6 && make_random_ part2 500 7 \
  || framework_failure_ "make parts"
cat part1 part2 > fifo.exp
mkdir tree tree/sub || framework_failure_ mkdir
for i in 1 2 3; do
  make_random_ tree/f$i 5000 $i && make_random_ tree/sub/g$i 70000 $i \
    || framework_failure_ "make tree"
done

# size_is_ FILE N: FILE exists and has N bytes.
size_is_ ()
{
  test -f "$1" && test "$(wc -c < "$1")" -eq "$2"
}

# slow_writer_ FIFO: write part1 to FIFO, pause 0.3 s (cp -g redraws at
# most five times a second: the next piece finds the display due), then
# part2.
slow_writer_ ()
{
  { cat part1; sleep 0.3; cat part2; } > "$1"
}

# check_copies_ DIR: DIR holds exact copies of fifo and tree (and big,
# if there).
check_copies_ ()
{
  compare fifo.exp "$1/fifo" || { echo "$1/fifo differs" >&2; fail=1; }
  test ! -e "$1/big" || cmp big "$1/big" || fail=1
  diff -r tree "$1/tree" || fail=1
}

# on_terminal_ DIR ARGS: make DIR and run "cp -g ARGS" (words) under
# script(1), into term, with a slow writer on a new fifo.
on_terminal_ ()
{
  rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
  slow_writer_ fifo &
  ot_writer_=$!
  mkdir "$1" || framework_failure_ mkdir
  script -qfc "'$cp' -g $2; echo \"exit \$?\"" \
    /dev/null < /dev/null > term 2> script.err
  wait $ot_writer_
}

# (a) Standard error a terminal: a progress line, erased at the end.
# The pty turns "\n" into "\r\n"; cp writes nothing else.
on_terminal_ d1 "-r --copy-contents fifo big tree d1"
display_shown_ term '^[0-9.]+ (B|KiB|MiB) of 64\.[0-9] MiB \([0-9]+%\)' \
  || { cat script.err; fail=1; }
check_copies_ d1

# (a2) A diagnostic while the display is drawn erases it first: the
# screen holds the message alone on its row.
on_terminal_ d3 "fifo missing d3"
render_ term | sed 's/^[^:]*cp: /cp: /' > screen
printf '%s\n' "cp: cannot stat 'missing': No such file or directory" \
  'exit 1' > exp.screen
compare exp.screen screen || { echo "what the terminal received:"; cat -A term
                               fail=1; }
tr '\r' '\n' < term | grep -a -E '^[0-9.]+ (B|KiB) ' > /dev/null \
  || { echo "no display before the message:"; cat -A term; fail=1; }
compare fifo.exp d3/fifo || fail=1

# (b) Standard error not a terminal: nothing on it.
rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
slow_writer_ fifo &
writer=$!
mkdir d2 || framework_failure_ mkdir
"$cp" -g -r --copy-contents fifo tree d2 2> err || fail=1
wait $writer
test -s err && { echo "cp -g wrote to a non-terminal:"; cat err; fail=1; }
check_copies_ d2

# (c) SIGUSR1 while cp reads a FIFO: one line, the bytes so far.
rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
{ cat part1; wait_for_ 200 test -f sent; cat part2; } > fifo &
writer=$!
"$cp" fifo out 2> err &
cp_pid=$!
if wait_for_ 200 size_is_ out 1000; then
  kill -USR1 $cp_pid
else
  echo "cp did not copy the first 1000 bytes"
  fail=1
fi
touch sent
wait $writer
wait $cp_pid || { echo "cp failed after SIGUSR1"; fail=1; }
compare fifo.exp out || fail=1
# The line comes at the next piece copied, after the first 1000 bytes
# (or with them, if the signal came between their write and the count).
one_line_ err "^'fifo' -> 'out'  1(0|5)00 bytes\$" || fail=1

Exit $fail
