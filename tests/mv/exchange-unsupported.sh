#!/bin/sh
# mv --exchange where the file system cannot swap: the kernel's
# renameat2 (RENAME_EXCHANGE) fails with EINVAL (a file system whose
# rename takes no such flag: vfat, NFS, FUSE ones), or ENOSYS (a kernel
# without renameat2).  GNU's mv then says, through gnulib's renameatu,
# "cannot exchange 'a' and 'b': Operation not supported", exits 1 and
# leaves both names.  No such file system can be mounted in every test
# run, so strace makes the call fail so.
. "$(dirname "$0")/lib.sh"
PATH=$brisk_bin_:$PATH
require_strace_

printf A > a && printf B > b || framework_failure_ "set-up"
echo "mv: cannot exchange 'a' and 'b': Operation not supported" > exp
for e in EINVAL ENOSYS; do
  returns_ 1 strace -f -o /dev/null -e trace=renameat2 \
    -e inject=renameat2:error=$e mv --exchange a b > out 2> err || fail=1
  compare /dev/null out && compare exp err || fail=1
  test "$(cat a b)" = AB || fail=1
done
Exit $fail
