#!/bin/sh
# -g/--progress and SIGUSR1 of the digest tools (cp's display, from
# src/shared/progress.c).  With standard error a terminal (under script(1))
# and standard output not, -g draws "X of TOTAL (N%)" and erases it at
# the end, with -r and with -c; with standard error not a terminal it
# writes nothing there.  With both on the terminal, the lines and a
# diagnostic go out above the display: the screen, rendered from what
# the terminal received, holds exactly the lines and the message.  SIGUSR1 prints one status line (bytes hashed,
# rate, the file whose line is next) and the run goes on.  The lines printed are those of a
# run without -g.  Each run starts with a FIFO whose writer pauses, so
# that the display is due (it is redrawn at most five times a second)
# and the signal comes while the tool is surely reading.
. "$(dirname "$0")/../init.sh"
require_script_

make_random_ part1 1000 6 && make_random_ part2 500 7 \
  || framework_failure_ "make parts"
mkdir -p tree/sub || framework_failure_ mkdir
for i in 1 2 3; do
  make_random_ tree/f$i 5000 $i && make_random_ tree/sub/g$i 70000 $i \
    || framework_failure_ "make tree"
done
cat part1 part2 > fifo.data

# slow_writer_ FIFO: part1, a pause of 0.3 s, part2.
slow_writer_ ()
{
  { cat part1; sleep 0.3; cat part2; } > "$1"
}

# on_terminal_ TOOL ARGS PATTERN: run TOOL ARGS (words) under script(1),
# standard output to out, with a slow writer on a new fifo; the display
# must show a line matching PATTERN and be erased at the end.
on_terminal_ ()
{
  rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
  slow_writer_ fifo &
  ot_writer_=$!
  script -qfc "'$BRISK_BIN/$1' $2 > out; echo \"exit \$?\"" \
    /dev/null < /dev/null > term 2> script.err
  wait $ot_writer_
  display_shown_ term "$3" || { echo "$1 $2"; cat script.err; return 1; }
}

# (d) Standard output the same terminal: a FIFO whose writer pauses,
# so that the display is drawn; a missing operand, whose message must
# erase it; a tree, whose lines wait; a second paused FIFO, during
# which a redraw writes them out above the display.
make_random_ part3 700 8 || framework_failure_ "make part3"
rm -f fifo fifo2 && mkfifo fifo fifo2 || framework_failure_ mkfifo
cat part1 part2 > fifo.data && cat part3 part1 > fifo2.data \
  || framework_failure_ "make fifo data"
{ ref_ sha256sum fifo.data; ref_ sha256sum missing;
  ref_ sha256sum tree/f1 tree/f2 tree/f3 tree/sub/g1 tree/sub/g2 \
    tree/sub/g3 fifo2.data; } 2>&1 \
  | sed 's/fifo\.data/fifo/; s/fifo2\.data/fifo2/; s/^[^:]*sha256sum: /sha256sum: /' \
  > exp.screen
echo 'exit 1' >> exp.screen
slow_writer_ fifo &
w1=$!
{ cat part3; sleep 0.5; cat part1; } > fifo2 &
w2=$!
script -qfc "'$BRISK_BIN/sha256sum' -g -r fifo missing tree fifo2; echo \"exit \$?\"" \
  /dev/null < /dev/null > term 2> script.err
wait $w1 $w2
render_ term | sed 's/^[^:]*sha256sum: /sha256sum: /' > screen
compare exp.screen screen || { echo "what the terminal received:"; cat -A term; fail=1; }
tr '\r' '\n' < term \
  | grep -a -E '^[0-9.]+ (B|KiB|MiB) of (at least )?[0-9.]+ (B|KiB|MiB)' \
  > /dev/null \
  || { echo "no progress display with stdout on the terminal:"; cat -A term
       fail=1; }

for t in sha256sum md5sum cksum; do
  ref_ $t fifo.data tree/f1 tree/f2 tree/f3 tree/sub/g1 tree/sub/g2 \
    tree/sub/g3 | sed 's/fifo\.data/fifo/' > exp
  ref_ $t fifo.data tree/f1 > exp.c
  sed 's/fifo\.data/fifo/' exp.c > exp.c2
  case $t in
    cksum) ref_ $t --untagged -a sha256 fifo.data tree/f1 > SUMS ;;
    *) ref_ $t fifo.data tree/f1 > SUMS ;;
  esac
  sed -i 's/fifo\.data/fifo/' SUMS
  copt=
  test $t = cksum && copt='-a sha256'

  # (a) On a terminal: -r, then -c.
  on_terminal_ $t "-g -r fifo tree" \
    '^[0-9.]+ (B|KiB|MiB) of (at least )?[0-9.]+ (B|KiB|MiB)' || fail=1
  compare exp out || fail=1
  on_terminal_ $t "-g -c $copt SUMS" \
    '^[0-9.]+ (B|KiB|MiB) of (at least )?[0-9.]+ (B|KiB|MiB)' || fail=1
  printf 'fifo: OK\ntree/f1: OK\n' > exp.ok
  compare exp.ok out || fail=1

  # (b) Standard error not a terminal: nothing on it.
  rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
  slow_writer_ fifo &
  writer=$!
  "$BRISK_BIN/$t" -g -r fifo tree > out 2> err || fail=1
  wait $writer
  compare exp out || fail=1
  compare /dev/null err || fail=1

  # (c) SIGUSR1 while the FIFO is read: one line, the run goes on.
  rm -f fifo && mkfifo fifo || framework_failure_ mkfifo
  { cat part1; wait_for_ 200 test -f sent; cat part2; } > fifo &
  writer=$!
  rm -f sent
  "$BRISK_BIN/$t" fifo tree/f1 > out 2> err &
  pid=$!
  # The tool is reading once the FIFO has no writer waiting for it:
  # give it a moment, then signal.
  sleep 0.3
  kill -USR1 $pid
  touch sent
  wait $writer
  wait $pid || { echo "$t failed after SIGUSR1"; fail=1; }
  compare exp.c2 out || fail=1
  one_line_ err '^[0-9.]+ (B|KiB)  [0-9.]+ (B|KiB|MiB)/s  fifo$' \
    || { echo "$t: the status line for fifo"; fail=1; }
done

Exit $fail
