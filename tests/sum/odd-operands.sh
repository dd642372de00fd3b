#!/bin/sh
# Operands that are not plain files, or that have the longest names:
# a FIFO (as an operand and in a check file), a Unix socket (which
# cannot be opened: ENXIO), /dev/null (a device that ends), files
# under /proc and /sys whose size in stat is not their length, a name
# of 255 bytes (the longest a component may have) as an operand and in
# check and --tag lines, and a relative path of more than PATH_MAX
# bytes (ENAMETOOLONG, for Brisk as for GNU); compared with GNU.  In a
# check line, Brisk reaches the long path (see the end).
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'through a FIFO\n' > fifo.data
mkfifo fifo || framework_failure_ mkfifo
perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new (Local => "sock",
    Type => SOCK_STREAM, Listen => 1) or die "socket: $!"' \
  || framework_failure_ "a Unix socket"
test -S sock || framework_failure_ "sock is not a socket"

# Files of /proc and /sys whose contents do not change from one run to
# the next (copies kept here, for md2sum's and md4sum's reference).
special=
for f in /proc/version /proc/sys/kernel/ostype /sys/kernel/address_bits \
         /sys/kernel/cpu_byteorder /sys/kernel/mm/transparent_hugepage/enabled
do
  test -r $f && cat $f > "copy$(echo $f | tr / _)" 2>/dev/null \
    && special="$special $f"
done
test -n "$special" || framework_failure_ "no readable file in /proc or /sys"

n255=$(awk 'BEGIN { s = ""; while (length (s) < 251) s = s "n"; print s }')
n255=$n255.255
test ${#n255} = 255 || framework_failure_ "a name of 255 bytes"
printf 'longest name\n' > "$n255" || framework_failure_ "create $n255"

# A relative path of about 5100 bytes: 20 directories of 255 bytes,
# each made from the one before, and a file at the bottom.
dir255=$(echo "$n255" | tr n d)
(
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    mkdir "$dir255" && cd "$dir255" || exit 1
  done
  printf 'deep\n' > deep
) || framework_failure_ "a deep tree"
deep=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  deep=$deep$dir255/
done
deep=${deep}deep
test ${#deep} -gt 4096 || framework_failure_ "a path over PATH_MAX"

# feed_fifo_: start a writer for one reader of fifo.
feed_fifo_ ()
{
  (printf 'through a FIFO\n' > fifo) &
  ff_pid_=$!
}

# end_fifo_: stop that writer if no reader came.
# SIGKILL: a subshell killed before it has reset the traps it was
# forked with would run this shell's, whose cleanup_ removes the test's
# directory under it.
end_fifo_ ()
{
  kill -KILL $ff_pid_ 2>/dev/null
  wait $ff_pid_ 2>/dev/null
}

# fifo_twin_ TOOL ARG...: twin_ for a command line that reads fifo
# once: GNU's TOOL and Brisk's run each with a writer of their own
# (one writer for both could find GNU's reading end still open, and
# write its second copy there).
fifo_twin_ ()
{
  feed_fifo_
  ref_ "$@" > "$cmp_/gnu.out" 2> "$cmp_/gnu.err"
  echo "status $?" >> "$cmp_/gnu.out"
  end_fifo_
  feed_fifo_
  brisk_ "$@" > "$cmp_/brisk.out" 2> "$cmp_/brisk.err"
  echo "status $?" >> "$cmp_/brisk.out"
  end_fifo_
  compare "$cmp_/gnu.out" "$cmp_/brisk.out" \
    && compare "$cmp_/gnu.err" "$cmp_/brisk.err" && return 0
  show_cmd_ "GNU and Brisk differ on" "$@"
  return 1
}

for t in $some_sum_tools; do
  fifo_twin_ $t fifo /dev/null || fail=1
  fifo_twin_ $t --tag fifo - || fail=1

  twin_ $t sock || fail=1
  twin_ $t /dev/null sock "$n255" || fail=1
  twin_ $t $special || fail=1
  twin_ $t --tag "$n255" || fail=1
  twin_ $t -z "$n255" /dev/null || fail=1
  twin_ $t "$deep" "$n255" || fail=1
  twin_ $t -- "$deep" || fail=1

  # The same operands listed in a check file: right digests for the
  # FIFO, /dev/null, the special files and the longest name; the
  # socket cannot be opened.
  ref_ $t "$n255" /dev/null fifo.data $special > list.chk
  d=$(sed -n 3p list.chk | sed 's/ .*//')
  printf '%s  fifo\n%s  sock\n' $d $d >> list.chk
  ref_ $t --tag "$n255" > tag.chk
  fifo_twin_ $t -c list.chk || fail=1
  fifo_twin_ $t -c --ignore-missing list.chk || fail=1
  twin_ $t -c tag.chk || fail=1
  twin_ $t -c -w tag.chk || fail=1

  # A check line may name a file deeper than PATH_MAX (a manifest of
  # -r does): Brisk reaches it a piece of the name at a time, where
  # GNU's fail to open it.
  printf 'deep\n' > deep.copy
  ref_ $t deep.copy | sed "s|deep.copy\$|$deep|" > deep.chk
  printf '%s: OK\n' "$deep" > deep.exp
  for j in 1 3; do
    brisk_ $t -c -j $j deep.chk > deep.out 2> deep.err || fail=1
    compare deep.exp deep.out > /dev/null || { echo "$t -j $j: deep"; fail=1; }
    compare /dev/null deep.err || fail=1
  done
done

Exit $fail
