#!/bin/sh
# A backup that would destroy the source, compared with GNU's cp: the
# source is the destination's simple backup ("backing up 'a' might
# destroy source;  'a~' not copied", GNU's backup-is-src.sh), with -b,
# --backup=simple and existing, -S and SIMPLE_BACKUP_SUFFIX, through a
# hard link from another directory and a symlink beside the
# destination; not with numbered backups (which leave it be), nor for
# a source of another name.
. "$(dirname "$0")/lib.sh"

tilde ()
{
  printf a > a && printf tilde > a~ && printf orig > a.orig && mkdir d \
    && ln a~ d/a~ && printf b > b && ln -s b~real b~ && printf r > b~real \
    && printf x > d/x && printf y > d/x.bak
}

cp_batch_ tilde <<'EOF2' || fail=1
--b=simple a~ a
-b a~ a
--backup=existing a~ a
--backup=nil a~ d
-b -S .orig a.orig a
--suffix=.bak -b d/x.bak d/x
-b d/a~ a
-b b~real b
-bv b~ b
-bf a~ a
-b -S .orig a~ a
--backup=numbered a~ a
-b a.orig a
EOF2

# SIMPLE_BACKUP_SUFFIX names the suffix too.
(
  SIMPLE_BACKUP_SUFFIX=.orig
  export SIMPLE_BACKUP_SUFFIX
  cp_batch_ tilde <<'EOF2'
-b a.orig a
-b a~ a
EOF2
) || fail=1
Exit $fail
