#!/bin/sh
# A write that moves fewer bytes than asked (SHORT), or that fails with
# EAGAIN on an output that is not non-blocking, is no error: tee writes
# the rest, every output whole, status 0, nothing on standard error.
# GNU 9.11's tee took a short write for an error and looped forever on
# such an EAGAIN; GNU's next release mends both (its tests
# tee/short-write.sh and tee/write-eagain.sh, which need an strace
# newer than Debian 12's).  The outputs are opened for appending (-a,
# >>), which refuse splices, so that tee writes them with write(2);
# the fault log shows that the fault was injected in the output meant.
. "$(dirname "$0")/lib.sh"

printf 'abcdef' > in || framework_failure_ in
for kind in SHORT EAGAIN; do
  for n in 1 2; do
    rm -f file1 out log
    fault_run_ write:$n:$kind env BRISK_FAULT_LOG=log BRISK_FAULT_PROG=tee \
      "$BRISK_BIN/tee" -a file1 < in >> out 2> err \
      || { echo "write:$n:$kind: status $?" >&2; fail=1; }
    compare in file1 && compare in out && compare /dev/null err || fail=1
    case $n in 1) meant=out ;; 2) meant=file1 ;; esac
    grep "^fault write $n $kind .*/$meant\$" log > /dev/null \
      || { echo "write:$n:$kind: not injected in $meant:" >&2
           cat log >&2; fail=1; }
  done
done
Exit $fail
