#!/bin/sh
# Backups compared with GNU's cp: -b, --backup with every CONTROL
# (none/off, numbered/t, existing/nil, simple/never) and abbreviations,
# VERSION_CONTROL from the environment, -S/--suffix and
# SIMPLE_BACKUP_SUFFIX, existing numbered backups, directories with -r,
# a backup that would be the source, -b with -f and with -v; one source
# named twice, which --backup=numbered copies twice ("will not overwrite
# just-created" otherwise).
. "$(dirname "$0")/lib.sh"

backed ()
{
  printf 1 > a && printf 2 > b && printf 3 > c && printf 4 > c.~1~ \
    && printf 5 > c.~7~ && printf 6 > c.~x~ && mkdir d e \
    && printf 7 > d/a && printf 8 > e/a && printf 9 > b~ && ln -s a sa
}

for ctl in '-b' '--backup=off' '--backup=t' '--backup=nil' \
           '--backup=simple' '-bv -S .bak' '--backup=numbered --suffix=_'; do
  # GNU 9.1 makes a simple backup of a destination in another
  # directory in the wrong place (./a~ for e/a, d/a~ beside the source
  # for e/d/a with -r; a bug fixed in later GNU): that case is checked
  # below, not compared.
  recursive="$ctl -r d e"
  test "$ctl" = --backup=simple && recursive="$ctl a b"
  cp_batch_ backed <<EOF2 || fail=1
$ctl a b
$ctl a c
$ctl b a
$ctl a b
$recursive
$recursive
$ctl sa a
$ctl -f a c
$ctl -d sa b~
EOF2
done

# The second copy of one source onto what the first made.
cp_batch_ backed <<'EOF2' || fail=1
--backup=numbered a a d/
--backup=t -v b b a e
-b a a d/
--backup=existing b b e
--backup=numbered a ./a d
EOF2

# Brisk: the simple backup of e/a and of e/d/a goes beside it, and the
# source directory and the current one are left alone.
mkdir simple && (cd simple && backed) \
  && (cd simple && cp_run_ brisk --backup=simple d/a e \
      && cp_run_ brisk --backup=simple -r d e \
      && cp_run_ brisk --backup=simple -r d e) || fail=1
test "$(cat simple/e/a~)" = 8 && test "$(cat simple/e/d/a~)" = 7 \
  && test ! -e simple/d/a~ && test ! -e simple/a~ || {
  echo "backup: --backup=simple: e/a~ or e/d/a~ wrong, or d/a~ or a~ made"
  fail=1
}

# The environment: VERSION_CONTROL picks the default control of -b (an
# option beats it); SIMPLE_BACKUP_SUFFIX the suffix (-S beats it).
for vc in existing none bad; do
  (VERSION_CONTROL=$vc && export VERSION_CONTROL \
     && cp_batch_ backed) <<'EOF2' || fail=1
-b a b
-b a c
--backup=simple a b
--backup a c
a b
EOF2
done
(SIMPLE_BACKUP_SUFFIX=.orig && export SIMPLE_BACKUP_SUFFIX \
   && cp_batch_ backed) <<'EOF2' || fail=1
-b a b
-b -S .s a c
--backup=t a b
-b a b
EOF2
(SIMPLE_BACKUP_SUFFIX=x/y && export SIMPLE_BACKUP_SUFFIX \
   && cp_batch_ backed) <<'EOF2' || fail=1
-b a b
EOF2
Exit $fail
