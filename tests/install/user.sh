#!/bin/sh
# install as user nobody (root passes every check) compared with GNU's:
# an unreadable source, a read-only destination directory, a sticky
# directory, -o and -g it may not give, -d where it may not write.
# Where GNU's install has removed the destination before it fails
# (the source unreadable, the owner refused), its messages and status
# are compared but not its tree: Brisk's leaves the old destination as
# it was and no temporary behind, which is checked on its own.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

# Run by an ordinary user, install runs as that user (cp_run_ -u), who
# owns every file: what it may not read or write its owner may not
# either (modes 0200, 0555), as nobody may not the root's files.
test "$(id -u)" != 0 \
  || setpriv --reuid=nobody --regid=nogroup --clear-groups true \
  || framework_failure_ "setpriv cannot run as nobody"

guarded ()
{
  chmod 0777 . && printf 1 > secret && chmod 0200 secret \
    && printf 2 > open && mkdir ro out sticky && chmod 0777 out \
    && printf old > ro/old && chmod 0555 ro && chmod 1777 sticky \
    && printf 3 > sticky/root && printf 4 > out/mine \
    && chown $cp_user_ out/mine && chmod 755 out/mine
}
# install -d of a directory it may not make: mkdir's error since GNU 9.8
# (9.1 reported the chmod that followed).
cp_batch_ -u -g "s|^install: cannot change permissions of 'ro/sub': No such file or directory\$|install: cannot create directory 'ro/sub': Permission denied|" \
  guarded <<'EOF2' || fail=1
secret out/new
-v secret open out
open ro/x
-v open ro
open ro/old
-b open ro/old
open sticky/root
-D open ro/sub/x
-d ro/sub
-v -d -o root out/dd
-d -m 700 ro
-m 4755 open out/suid
-m 2755 -g nogroup open out/sgid
-C -m 755 open out/mine
-C -m 755 -g nogroup open out/mine
EOF2

# Where GNU's install loses the old destination.
cp_batch_ -u -n guarded <<'EOF2' || fail=1
-v secret out/mine
-o root open out/mine
-g root open out/mine
-v -o root -g root -t out open
EOF2
t=$cmp_/trees/brisk.$cp_n_
if test -z "$twin_self_"; then
  test "$(cat "$t/out/mine")" = 4 && test ! -e "$t/out/open" \
    || { echo "$me_: a failed install changed out/mine or made out/open" >&2
         fail=1; }
fi
if ls -a "$t" "$t/out" | grep '^\.install\.' >&2; then
  echo "$me_: a temporary was left behind" >&2
  fail=1
fi
Exit $fail
