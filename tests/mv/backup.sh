#!/bin/sh
# Backups in mv's decisions, compared with GNU's mv: a simple backup
# that would be the source itself ("backing up 'a' might destroy
# source;  'a~' not moved": -b, --backup=existing, -S, ./ names, a
# hard link of the backup name; --backup=numbered goes on), a
# directory over a file and a file over a directory (-T), allowed
# with a backup only, -b with "." or ".." as the source's last
# component (no backup), -b with -i and -u, and a directory that
# cannot go inside itself, which keeps the backup made.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1
unset VERSION_CONTROL SIMPLE_BACKUP_SUFFIX

files ()
{
  printf 'a\n' > a && printf 'a2\n' > a~ && printf 'b\n' > b \
    && printf 'bb\n' > b.bak && mkdir d e && printf 'x\n' > d/x \
    && printf 'f\n' > f && ln a~ h && mkdir -p t/a && printf 'in\n' > t/a/f \
    && printf 'g\n' > g && printf 'k\n' > k
}

# -i with no answer declines: exit 1 since GNU 9.2 (9.1: 0).
cp_batch_ -g '/^0 mv -i -b a~ a$/s/^0/1/' files <<'EOF2' || fail=1
-b a~ a
--backup=existing a~ a
-b ./a~ ./a
-S .bak -b b.bak b
-u -b a~ a
-i -b a~ a
-b h a
-T d f
-T f e
-b . g
-b d/.. g
-bv d f
-bT g e
-b a~ t
-b b.bak b
--backup=numbered a~ a
EOF2

# Moving a directory into itself: GNU's mv leaves the backup it made.
into ()
{
  mkdir -p b/b c && : > c/b
}
cp_batch_ into <<'EOF2' || fail=1
-bv b b
-b b b c
EOF2
Exit $fail
