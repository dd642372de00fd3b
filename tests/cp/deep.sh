#!/bin/sh
# Very deep trees.  cp walks a tree from directory descriptors, with a
# stack of its own (not the C stack) and a bounded number of
# directories open (tests/cp/deep-tree.sh copies 100,000 levels):
# (a) a tree of 1000 levels is copied whole with the soft limit on
#     descriptors set far lower;
# (b) and on a stack of 1 MiB (before, cp stopped going down where
#     its stack would run out, with "directory nesting too deep"; it
#     had overflowed its stack at about 6,000 levels of the usual
#     8 MiB, where GNU's cp stops at PATH_MAX);
# (c) cp -g's count of a tree deeper than the levels it goes into (256)
#     says "of at least", and the copy is whole;
# (d) cp -aL of a directory entered through a symbolic link, with a
#     tree below it deeper than the walk keeps open: ".." from the
#     link's target is not the directory that holds the link, which the
#     walk opens again by its name instead, to go on and to give its
#     copy its mode and times.
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

# (a) 1000 levels (fewer where the hard limit on descriptors is below
# the two a level and some that the walk needed before), with a soft
# limit of 64.
hard=$(ulimit -Hn)
n=1000
case $hard in
  unlimited) ;;
  *) test $((hard / 2 - 50)) -lt $n && n=$((hard / 2 - 50)) ;;
esac
deep_ tree $n || framework_failure_ "deep tree"
(ulimit -Sn 64 && exec "$cp" -a tree copy) 2> err \
  || { echo "cp -a of $n levels failed:"; cut -c1-200 err; fail=1; }
test -s err && { echo "cp -a of $n levels said:"; cut -c1-200 err; fail=1; }
test "$(levels_ copy)" -eq $n \
  || { echo "copy holds $(levels_ copy) levels, not $n"; fail=1; }
diff -r tree copy > /dev/null || { echo "copy differs"; fail=1; }

# (b) The same tree on a stack of 1 MiB.
(ulimit -s 1024 && exec "$cp" -a tree short) 2> err \
  || { echo "cp on a small stack: status $?"; cut -c1-200 err; fail=1; }
test -s err && { echo "cp on a small stack said:"; cut -c1-200 err; fail=1; }
diff -r tree short > /dev/null \
  || { echo "the copy on a small stack differs"; fail=1; }

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

# (d) t/x/l is a link to a directory 40 levels deep; t/x also holds m.
mkdir -p t/x && deep_ real 40 && ln -s ../../real t/x/l \
  && printf m > t/x/m && chmod 0750 t/x && touch -d 2001-01-01 t/x \
  || framework_failure_ "a link to a deep tree"
(ulimit -n 64 && exec "$cp" -aL t tl) 2> err \
  || { echo "cp -aL: status $?"; cut -c1-200 err; fail=1; }
test -s err && { echo "cp -aL said:"; cut -c1-200 err; fail=1; }
diff -r real tl/x/l > /dev/null && test "$(cat tl/x/m)" = m \
  || { echo "cp -aL: the copy differs"; fail=1; }
test "$(stat -c '%a %Y' tl/x)" = "$(stat -c '%a %Y' t/x)" \
  || { echo "cp -aL: tl/x has $(stat -c '%a %Y' tl/x)"; fail=1; }

Exit $fail
