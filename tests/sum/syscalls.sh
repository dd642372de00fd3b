#!/bin/sh
# System calls per small file (issue 11): hashing 200 files of 4 KiB
# makes about 4 calls a file (open, a read, the read that sees the end
# of file, close; GNU's makes 8), in generate and --check modes, and
# the output lines are gathered: every write to standard output holds
# whole lines only, at most a few KiB of them, and the output is GNU's.
# Counted with strace -c -f: the calls of 200 files less those of one
# file (start-up and exit), divided by 199.  A count, not a timing.
# That is with the multi-lane cores off (BRISK_LANES_IMPL=none); files
# hashed side by side cost one call more, a stat, to read FIFOs and
# other files that are not regular in their turn: about 5.  Unless
# BRISK_URING=0, files hashed side by side are opened and read in
# batches through io_uring (lib/read-batch.c): a statx and a share of
# the batch's io_uring_enter calls a file, at most 1.3 in all, where
# io_uring can be set up and the file system reads without waiting
# for a worker thread (not tmpfs: there the two reads of each file are
# its own calls).  In
# a build with -fsanitize (BRISK_SANITIZED), whose run-time makes calls
# of its own, one call a file more is allowed.
. "$(dirname "$0")/../init.sh"

require_strace_

make_random_ part $((200 * 4096)) 9 && split -b 4096 -a 3 part f \
  && mv faaa one || framework_failure_ "make files"
# One long name: a line of some 300 bytes among the others.
mv "$(ls f* | tail -n 1)" "f$(printf '%0200d' 0)" \
  || framework_failure_ "long name"
files="$(echo f*) one"
test "$(echo $files | wc -w)" = 200 || framework_failure_ "200 files"

limit=4.3
test -n "${BRISK_SANITIZED-}" && limit=5.3
single_limit=$limit
lanes_limit=$(echo "$limit" | awk '{ print $1 + 1 }')
# Where io_uring cannot be set up, the batches fall back on the calls
# of one file at a time.
uring_limit=1.3
# shellcheck disable=SC2086 # the names hold no blanks
strace -f -e trace=io_uring_setup -o setup "$BRISK_BIN/md5sum" $files \
  > /dev/null || framework_failure_ "md5sum of the files"
grep 'io_uring_setup(.* = [0-9]' setup > /dev/null || uring_limit=$lanes_limit
test "$(stat -f -c %T .)" = tmpfs && uring_limit=3.3

# count_ TOOL MODE BASE RUN EXP: run TOOL with the arguments RUN (200
# files) and BASE (one), under strace -c; check the calls a file, that
# the output is EXP, and that each write to standard output holds whole
# lines, at most 8 KiB of them (the 200 results of --check fit in
# one).
count_ ()
{
  # shellcheck disable=SC2086 # the names hold no blanks
  strace -c -f -o base "$BRISK_BIN/$1" $3 > /dev/null 2> err \
    && strace -c -f -o run "$BRISK_BIN/$1" $4 > out 2>> err \
    || { echo "$1 ($2) failed:"; cat err; fail=1; }
  test -s err && { echo "$1 ($2) wrote:"; cat err; fail=1; }
  compare "$5" out || fail=1
  calls_per_file_ base run 199 $limit "$1 ($2)" || fail=1

  # shellcheck disable=SC2086
  strace -f -o writes -e trace=write -xx -s 100000 \
    "$BRISK_BIN/$1" $4 > out 2> err || fail=1
  # The sums of 200 files pass 4 KiB: more than one write.
  n=$(grep -c '^[0-9]* *write(1,' writes)
  test $2 = check || test "$n" -ge 2 \
    || { echo "$1 ($2): $n writes, expected several"; fail=1; }
  bad=$(grep '^[0-9]* *write(1,' writes \
          | grep -v -E '\\x0a", [0-9]+\) = [0-9]+$' | head -n 3)
  test -z "$bad" || { echo "$1 ($2): a write cuts a line:"
                      echo "$bad" | cut -c 1-200; fail=1; }
  big=$(grep '^[0-9]* *write(1,' writes \
          | awk '{ n = $(NF - 2) + 0; if (n > 8192) print n }')
  test -z "$big" || { echo "$1 ($2): writes of $big bytes"; fail=1; }
}

for t in $some_sum_tools; do
  # shellcheck disable=SC2086
  ref_ $t $files > exp && ref_ $t one > one.chk && ref_ $t -c exp > exp.c \
    || framework_failure_ "GNU's $t"
  for how in none lanes uring; do
    case $how in
      none) limit=$single_limit BRISK_LANES_IMPL=none BRISK_URING=0 ;;
      lanes) limit=$lanes_limit BRISK_LANES_IMPL= BRISK_URING=0 ;;
      uring) limit=$uring_limit BRISK_LANES_IMPL= BRISK_URING= ;;
    esac
    export BRISK_LANES_IMPL BRISK_URING
    count_ $t sum one "$files" exp
    count_ $t check "-c one.chk" "-c exp" exp.c
  done
done
unset BRISK_LANES_IMPL BRISK_URING

# Where io_uring cannot be set up (strace makes io_uring_setup fail),
# the batches are the lanes' own (twice the lanes), not a ring's worth
# (32): the first write of the output, which a few KiB of lines fill
# (names of 250 bytes: a line of 300 and more), comes after fewer than
# 32 files were opened.  Seen with the first multi-lane core of fewer
# than 16 lanes (named ...xN) of sha256 or sha512, and the output must
# be GNU's.
mkdir ring && (
  cd ring || exit 1
  for i in $(seq 10 99); do
    printf '%s\n' "$i" > "$(printf '%0248d' 0)$i" || exit 1
  done
) || framework_failure_ "make ring/"
lanes_tool=
for t in sha256sum sha512sum; do
  case " $some_sum_tools " in *" $t "*) ;; *) continue ;; esac
  v=$(BRISK_LANES_IMPL=list "$BRISK_BIN/$t" /dev/null 2>&1 \
        | sed -n "s/^  - .\(.*x\([0-9]*\)\).$/\2 \1/p" \
        | awk '$1 < 16 { print $2; exit }')
  test -n "$v" && { lanes_tool=$t; lanes_impl=$v; break; }
done
if test -z "$lanes_tool"; then
  echo "not checked: no multi-lane core of fewer than 16 lanes here"
else
  (cd ring && ref_ $lanes_tool 0* > ../ring.exp) \
    || framework_failure_ "GNU's $lanes_tool"
  (cd ring && BRISK_LANES_IMPL=$lanes_impl \
     strace -f -o ../ring.tr -e trace=openat,write,io_uring_setup \
       -e inject=io_uring_setup:error=EPERM "$BRISK_BIN/$lanes_tool" 0* \
       > ../ring.out) || { echo "$lanes_tool without io_uring failed"; fail=1; }
  compare ring.exp ring.out || fail=1
  opened=$(awk '/write\(1,/ { print n + 0; exit }
                /openat\(.*"0/ { n++ }' ring.tr)
  echo "$lanes_tool ($lanes_impl) without io_uring: $opened files opened" \
    "before the first write"
  test -n "$opened" && test "$opened" -lt 32 \
    || { echo "$lanes_tool ($lanes_impl) without io_uring: $opened files"
         echo "opened before the first line was written, expected < 32"
         fail=1; }
fi

Exit $fail
