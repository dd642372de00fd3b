#!/bin/sh
# Very deep trees.  cp walks a tree from directory descriptors, two for
# each level it is in, and one function call deep per level:
# (a) a tree of 1000 levels is copied whole with the soft limit on
#     descriptors set far lower (cp raises it to the hard limit);
# (b) on a stack of 1 MiB, cp stops going down where its stack would
#     run out: one message, exit status 1, the levels above copied,
#     never a crash (it overflowed its stack at about 6,000 levels of
#     the usual 8 MiB, where GNU's cp stops at PATH_MAX);
# (c) cp -g's count of a tree deeper than the levels it goes into (256)
#     says "of at least", and the copy is whole.
. "$(dirname "$0")/../init.sh"

require_script_
cp=$BRISK_BIN/cp
test -x "$cp" || framework_failure_ "$cp missing"

# deep_ DIR N: DIR holding N levels of directories named d, a file f at
# the bottom.
deep_ ()
{
  perl -e 'my ($top, $n) = @ARGV;
    mkdir $top and chdir $top or die "$top: $!";
    for (1 .. $n) { mkdir "d" and chdir "d" or die "$_: $!" }
    open (my $f, ">", "f") or die "f: $!";
    print $f "bottom";
    close $f or die "f: $!";' "$1" "$2"
}

# levels_ DIR: the number of directories named d under DIR, in a chain.
levels_ ()
{
  find "$1" -name d -type d | wc -l
}

# (a) 1000 levels, with as few descriptors as the hard limit allows
# (two a level and some), or 1000 levels' worth.
hard=$(ulimit -Hn)
n=1000
case $hard in
  unlimited) ;;
  *) test $((hard / 2 - 50)) -lt $n && n=$((hard / 2 - 50)) ;;
esac
deep_ tree $n || framework_failure_ "deep tree"
(ulimit -Sn 256 && exec "$cp" -a tree copy) 2> err \
  || { echo "cp -a of $n levels failed:"; cut -c1-200 err; fail=1; }
test -s err && { echo "cp -a of $n levels said:"; cut -c1-200 err; fail=1; }
test "$(levels_ copy)" -eq $n \
  || { echo "copy holds $(levels_ copy) levels, not $n"; fail=1; }
diff -r tree copy > /dev/null || { echo "copy differs"; fail=1; }

# (b) The same tree on a stack of 1 MiB.
(ulimit -s 1024 && exec "$cp" -a tree short) 2> err
rc=$?
test $rc -eq 1 || { echo "cp on a small stack: status $rc, not 1"; fail=1; }
grep -E "^([^:]*/)?cp: cannot copy 'tree(/d)+': directory nesting too deep\$" \
  err \
  > /dev/null && test "$(wc -l < err)" -eq 1 \
  || { echo "expected one 'directory nesting too deep':"; cut -c1-200 err
       fail=1; }
got=$(levels_ short)
test "$got" -ge 20 && test "$got" -lt $n \
  || { echo "the short copy holds $got levels"; fail=1; }
# The levels it made are those of the source, down to where it stopped.
(cd short && find . -type d) > made
(cd tree && find . -type d) | head -n "$(wc -l < made)" > want
compare want made || fail=1

# (c) cp -g on a terminal, 300 levels over a FIFO whose writer pauses
# (so that the display is drawn while cp reads it, as in progress.sh).
deep_ tree3 300 || framework_failure_ "deep tree"
bottom=tree3$(i=0; while [ $i -lt 300 ]; do printf /d; i=$((i + 1)); done)
rm -f "$bottom/f" && mkfifo "$bottom/fifo" || framework_failure_ mkfifo
head -c 20000 /dev/zero > data || framework_failure_ data
{ cat data; sleep 0.5; cat data; } > "$bottom/fifo" &
writer=$!
script -qfc "'$cp' -g -r --copy-contents tree3 copy3; echo \"exit \$?\"" \
  /dev/null < /dev/null > term 2> script.err
wait $writer
grep -a 'exit 0' term > /dev/null \
  || { echo "cp -g of 300 levels failed:"; cut -c1-200 term; fail=1; }
tr '\r' '\n' < term > lines
grep -a -E '^[0-9.]+ (B|KiB) of at least ' lines > /dev/null \
  && ! grep -a -E ' of [0-9.]+ (B|KiB) \([0-9]+%\)' lines > /dev/null \
  || { echo "the display does not say 'of at least' only:"
       cut -c1-100 lines; fail=1; }
test "$(levels_ copy3)" -eq 300 \
  && test "$(wc -c < "copy3${bottom#tree3}/fifo")" -eq 40000 \
  || { echo "the copy of 300 levels is not whole"; fail=1; }

Exit $fail
