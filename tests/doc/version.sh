#!/bin/sh
# One version everywhere: configure.ac's AC_INIT, the newest entry of
# NEWS ("* Version X"), the newest of debian/changelog (the package's
# version, "brisk (X) ..."), and each tool's --version ("TOOL (brisk)
# X"), which configure takes from AC_INIT.  A release changes all of
# them together (the manual's release procedure).
. "$(dirname "$0")/../init.sh"

top=$srcdir/..
for f in configure.ac NEWS debian/changelog; do
  test -f "$top/$f" || framework_failure_ "$top/$f missing"
done

ac=$(sed -n 's/^AC_INIT(\[brisk\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
news=$(sed -n 's/^\* Version \([^ ]*\).*/\1/p' "$top/NEWS" | head -n 1)
deb=$(sed -n '1s/^brisk (\([^)]*\)).*/\1/p' "$top/debian/changelog")
test -n "$ac" || { echo "configure.ac: no AC_INIT([brisk], [X])" >&2; fail=1; }
test -n "$news" || { echo "NEWS: no '* Version X' line" >&2; fail=1; }
test -n "$deb" || { echo "debian/changelog: no 'brisk (X)' first line" >&2; fail=1; }

test "$news" = "$ac" \
  || { echo "NEWS's version $news, configure.ac's $ac" >&2; fail=1; }
test "$deb" = "$ac" \
  || { echo "debian/changelog's version $deb, configure.ac's $ac" >&2; fail=1; }

for t in md2sum md4sum md5sum sha1sum sha224sum sha256sum sha384sum \
         sha512sum b2sum b3sum cksum sum cat tee cp mv install split; do
  "$BRISK_BIN/$t" --version > out 2> err || fail=1
  echo "$t (brisk) $ac" > exp
  head -n 1 out > first
  compare exp first || { echo "$t --version is not $ac" >&2; fail=1; }
done

Exit $fail
