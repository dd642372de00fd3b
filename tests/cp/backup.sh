#!/bin/sh
# Backups compared with GNU's cp: -b, --backup with every CONTROL
# (none/off, numbered/t, existing/nil, simple/never) and abbreviations,
# VERSION_CONTROL from the environment, -S/--suffix and
# SIMPLE_BACKUP_SUFFIX, existing numbered backups, directories with -r,
# a backup that would be the source, -b with -f and with -v.
. "$(dirname "$0")/lib.sh"

backed ()
{
  printf 1 > a && printf 2 > b && printf 3 > c && printf 4 > c.~1~ \
    && printf 5 > c.~7~ && printf 6 > c.~x~ && mkdir d e \
    && printf 7 > d/a && printf 8 > e/a && printf 9 > b~ && ln -s a sa
}

for ctl in '-b' '--backup=off' '--backup=t' '--backup=nil' \
           '--backup=simple' '-bv -S .bak' '--backup=numbered --suffix=_'; do
  cp_batch_ backed <<EOF2 || fail=1
$ctl a b
$ctl a c
$ctl b a
$ctl a b
$ctl -r d e
$ctl -r d e
$ctl sa a
$ctl -f a c
$ctl -d sa b~
EOF2
done

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
