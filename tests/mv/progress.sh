#!/bin/sh
# mv -g and SIGUSR1, as cp's (tests/cp/progress.sh): Brisk's, not
# GNU's.  A move across file systems (to a tmpfs mounted here) is a
# copy: with standard error a terminal (under script(1)), mv -g draws
# cp's progress line ("X of TOTAL (N%)"), its total counted as each
# operand turns out to cross, and erases it at the end; with standard
# error not a terminal it writes nothing there, nor for a rename within
# one file system.  On SIGUSR1, a copying mv says once which file it
# copies and how far it has got; a mv that copies nothing takes the
# signal and goes on.  Every move is checked: the copy whole, the
# source gone.  The copies are slowed by tiny buffers
# (BRISK_IO_BUFSIZE, which changes speed, never output), so that the
# display is due before they end and the signal comes while mv copies.
. "$(dirname "$0")/lib.sh"

require_script_
# All of it is Brisk's own: nothing to check against GNU.
test -z "$twin_self_" || Exit $fail
PATH=$brisk_bin_:$PATH
mv=mv
make_random_ big $((2 << 20)) 5 && make_random_ small 300000 6 \
  || framework_failure_ "make files"
mkdir tree tree/sub || framework_failure_ mkdir
for i in 1 2 3; do
  make_random_ tree/f$i 5000 $i && make_random_ tree/sub/g$i 70000 $i \
    || framework_failure_ "make tree"
done
cp big big.exp && cp small small.exp && cp -r tree tree.exp \
  || framework_failure_ "keep copies"
# Mounted last: a set-up failure before leaves no mount behind.
require_tmpfs_
small_tmpfs_ fs 16m || framework_failure_ "mount"

# moved_ NAME DIR: DIR/NAME is an exact copy of NAME.exp, and NAME is
# gone.
moved_ ()
{
  test ! -e "$1" || { echo "$1 is still there" >&2; return 1; }
  if test -d "$1.exp"; then
    diff -r "$1.exp" "$2/$1"
  else
    cmp "$1.exp" "$2/$1"
  fi
}

# (a) Standard error a terminal: a progress line, erased at the end.
# The total is big's 2 MiB, then grows by small's 293 KiB and tree's
# 225 KiB as they cross.
script -qfc "BRISK_IO_BUFSIZE=4 '$mv' -g big small tree fs; echo \"exit \$?\"" \
  /dev/null < /dev/null > term 2> script.err
display_shown_ term \
  '^[0-9.]+ (B|KiB|MiB) of (at least )?2\.[0-9] MiB( \([0-9]+%\))?  ' \
  || { cat script.err; fail=1; }
for f in big small tree; do moved_ $f fs || fail=1; done

# (b) Standard error not a terminal, or a rename: nothing on it.
mv fs/big fs/small fs/tree . || framework_failure_ "move back"
BRISK_IO_BUFSIZE=4096 "$mv" -g big tree fs 2> err || fail=1
test -s err && { echo "mv -g wrote to a non-terminal:"; cat err; fail=1; }
moved_ big fs && moved_ tree fs || fail=1
script -qfc "'$mv' -g small small2; echo \"exit \$?\"" /dev/null \
  < /dev/null > term 2> script.err
printf 'exit 0\r\n' > exp
compare exp term && cmp small.exp small2 || fail=1
"$mv" small2 small || framework_failure_ "rename back"

# (c) SIGUSR1 while mv copies: one line, the percentage so far.
rm -f fs/big || framework_failure_ "rm fs/big"
BRISK_IO_BUFSIZE=1 "$mv" small fs/small.new 2> err &
mv_pid=$!
if wait_for_ 200 test -s fs/small.new; then
  kill -USR1 $mv_pid
else
  echo "mv did not start copying"
  fail=1
fi
wait $mv_pid || { echo "mv failed after SIGUSR1"; fail=1; }
test ! -e small && cmp small.exp fs/small.new || fail=1
one_line_ err "^'small' -> 'fs/small.new'  [0-9]+%\$" || fail=1

# (d) SIGUSR1 to a mv that only renames: no line, no end.  The mv waits
# on a prompt (-i, a terminal is not needed) while the signal comes.
rm -f err && touch r1 r2 && mkfifo answer \
  || framework_failure_ "set-up (d)"
"$mv" -i r1 r2 2> err < answer &
mv_pid=$!
exec 9> answer
wait_for_ 200 test -s err || { echo "mv -i did not ask"; fail=1; }
kill -USR1 $mv_pid
echo y >&9
exec 9>&-
wait $mv_pid || { echo "mv failed after SIGUSR1"; fail=1; }
printf "mv: overwrite 'r2'? " > exp
compare exp err && test ! -e r1 && test -e r2 || fail=1

umount fs || framework_failure_ "umount fs"
Exit $fail
