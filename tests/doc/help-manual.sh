#!/bin/sh
# Every tool's --help ends, as GNU's do, with the line that names its
# chapter of the manual: "Full documentation: info '(brisk) TOOL
# invocation'", after a blank line; and doc/brisk.texi has that node,
# so that the line leads somewhere (info brisk, and the man pages,
# which help2man makes from --help).
. "$(dirname "$0")/../init.sh"

texi=$srcdir/../doc/brisk.texi
test -f "$texi" || framework_failure_ "$texi missing"

for t in md2sum md4sum md5sum sha1sum sha224sum sha256sum sha384sum \
         sha512sum b2sum b3sum cksum sum cat tee cp mv install split; do
  test -x "$BRISK_BIN/$t" || framework_failure_ "$BRISK_BIN/$t missing"
  "$BRISK_BIN/$t" --help > help 2> err || { echo "$t --help failed" >&2; fail=1; }
  compare /dev/null err || fail=1
  printf "\nFull documentation: info '(brisk) %s invocation'\n" "$t" > exp
  tail -n 2 help > out
  compare exp out || { echo "$t --help: no line naming the manual" >&2; fail=1; }
  grep "^@node $t invocation\$" "$texi" > /dev/null \
    || { echo "doc/brisk.texi: no node '$t invocation'" >&2; fail=1; }
done

Exit $fail
