#!/bin/sh
# Permission errors compared with GNU's cp, cp running as user nobody
# (root would pass every check): an unreadable file (EACCES), an
# unreadable and an untraversable directory, a read-only destination
# directory, a read-only destination file (with and without -f), a
# source directory of mode 0000; and, as root, sources of mode 0000.
. "$(dirname "$0")/lib.sh"

# Run by an ordinary user, cp runs as that user (cp_run_ -u), who owns
# every file: what cp may not read or write its owner may not either
# (modes 0200, 0311, 0644 on a directory, 0555, 0444), as nobody may
# not the root's files.
test "$(id -u)" != 0 \
  || setpriv --reuid=nobody --regid=nogroup --clear-groups true \
  || framework_failure_ "setpriv cannot run as nobody"

guarded ()
{
  chmod 0777 . && printf 1 > secret && chmod 0200 secret \
    && printf 2 > open && mkdir -p noread/in noexec ro out && chmod 0777 out \
    && printf 3 > noread/f && printf 4 > noexec/f && chmod 0311 noread \
    && chmod 0644 noexec && chmod 0555 ro && printf 5 > rofile \
    && chmod 0444 rofile && chown $cp_user_ rofile && mkdir -p tree/a \
    && printf 6 > tree/a/ok && printf 7 > tree/a/no && chmod 0200 tree/a/no \
    && mkdir tree/zero && chmod 0000 tree/zero && mkdir -p mine/d \
    && chown -R $cp_user_ mine && printf 8 > mine/d/f && chmod 0444 mine/d/f
}

cp_batch_ -u -s guarded <<'EOF2' || fail=1
secret out
secret open out
open secret out/x
-r noread out
-r noexec out
noexec/f out
open ro
open ro/x
-r tree out
-a tree out/a
open rofile
-f open rofile
--remove-destination open rofile
-r mine out
-v open out/open
-a out/open ro
EOF2

# As root: sources of mode 0000 are read; modes are kept by -a.  (As
# another user, both cps fail alike to read them.)
zeros ()
{
  mkdir -p z/d && printf 1 > z/f && printf 2 > z/d/g && chmod 0000 z/f z/d z
}
cp_batch_ -s zeros <<'EOF2' || fail=1
-a z a
-r z r
-R z/ slash
EOF2
Exit $fail
