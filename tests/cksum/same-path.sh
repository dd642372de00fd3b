#!/bin/sh
# cksum -a goes the way of the algorithm's own tool (issue 25): for
# each algorithm that has one (md2 ... sha512 and blake2b), --debug
# names the same hash implementation and multi-lane core for cksum -a
# as for the tool, and over 150 files of mixed sizes, -j 1, cksum -a
# makes the same system calls, call by call and in number, as the
# tool with --tag: the same batches through io_uring, the same reads
# of the files, the same writes of the lines, which are the same.
# Counted with strace -c -f, the calls of the 150 files less those of
# one file (start-up and exit, which the options may change).  Counts,
# not timings.  Where a read through the ring is asked not to wait,
# whether it had to (a page under writeback, say) is the kernel's
# moment: the file's reads and seeks are then the caller's, so with
# io_uring the reads and seeks are left out of the count; without it
# (BRISK_URING=0) they are counted too.  In a build with the
# sanitizers (BRISK_SANITIZED), their runtime maps and unmaps memory
# for its allocator on a schedule of its own (one mmap more or less
# between two runs of one command), so the calls that manage memory
# are left out of the count there, and the total with them.
. "$(dirname "$0")/../init.sh"
require_strace_
use_tool_ cksum
use_tool_ b2sum

# Sizes below a batch's first read (16 KiB), above it, above a lane's
# 64 KiB piece, and empty files.
i=0
while test $i -lt 150; do
  make_random_ f$i $((i * 7919 % 90000 * (i % 5 != 0))) $i
  i=$((i + 1))
done
files=$(ls f*)
# Written back now, rather than while the tools read them.
# shellcheck disable=SC2086 # the names hold no blanks
sync $files 2> /dev/null || sync

# calls_ OUT CMD...: the system calls of CMD over the files less those
# over f0 alone, as lines "NAME CALLS ERRORS" in OUT; with io_uring,
# not the reads and seeks (see above), nor their total; under the
# sanitizers, not the calls that manage memory, nor the total.
calls_ ()
{
  cl_out_=$1
  shift
  # shellcheck disable=SC2086
  strace -c -f -o one "$@" f0 > /dev/null 2>&1 \
    && strace -c -f -o all "$@" $files > /dev/null 2>&1 \
    || { echo "failed: $*" >&2; return 1; }
  # strace -c's lines: % time, seconds, usecs/call, calls, [errors,]
  # syscall.
  for cl_f_ in one all; do
    awk '$1 ~ /^[0-9.]+$/ && NF >= 5 { print $NF, $4, (NF == 6 ? $5 : 0) }' \
      $cl_f_ | sort > $cl_f_.calls
  done
  join -a 1 -a 2 -e 0 -o 0,1.2,1.3,2.2,2.3 all.calls one.calls \
    | awk -v all="${BRISK_URING-}" -v san="${BRISK_SANITIZED-}" '
        all != "0" && ($1 == "read" || $1 == "lseek" || $1 == "total") { next }
        san != "" && $1 ~ /^(mmap|munmap|mremap|madvise|mprotect|brk|total)$/ { next }
        { print $1, $2 - $4, $3 - $5 }' > "$cl_out_"
}

for a in md2 md4 md5 sha1 sha224 sha256 sha384 sha512 blake2b; do
  t=${a}sum
  test $a = blake2b && t=b2sum
  case " $sum_tools b2sum " in
    *" $t "*) ;;
    *) continue ;;
  esac

  brisk_ cksum -a $a --debug f1 f2 > exp 2> cksum.err || fail=1
  brisk_ $t --tag --debug f1 f2 > out 2> tool.err || fail=1
  compare exp out || fail=1
  sed 's/^[^:]*: //' cksum.err > exp
  sed 's/^[^:]*: //' tool.err > out
  grep 'implementation of' exp > /dev/null \
    || { echo "cksum -a $a --debug said:"; cat cksum.err; fail=1; }
  compare exp out || fail=1

  # shellcheck disable=SC2086 # the names hold no blanks
  "$BRISK_BIN/cksum" -a $a -j 1 $files > exp \
    && "$BRISK_BIN/$t" --tag -j 1 $files > out || fail=1
  compare exp out || fail=1
  for BRISK_URING in 1 0; do
    export BRISK_URING
    calls_ exp "$BRISK_BIN/cksum" -a $a -j 1 \
      && calls_ out "$BRISK_BIN/$t" --tag -j 1 || { fail=1; continue; }
    compare exp out \
      || { echo "cksum -a $a (BRISK_URING=$BRISK_URING): other calls than $t"
           fail=1; }
  done
  unset BRISK_URING
done

Exit $fail
