#!/bin/sh
# Replacing what is there, compared with GNU's mv: -f, -n, -u (newer,
# older, same time), -i answered yes and no, the last of -i, -f and -n
# winning, -b, -S, --backup=numbered and existing (with VERSION_CONTROL
# left unset), -v with backups, a backup onto a second hard link of the
# source, a file not writable (root is not asked).  --update=WHICH,
# which GNU 9.1 lacks: newer-options.sh.
. "$(dirname "$0")/lib.sh"
unset VERSION_CONTROL SIMPLE_BACKUP_SUFFIX

files ()
{
  for f in a b c d e f g h; do printf "$f\n" > $f || return 1; done
  touch -d '2001-01-01 00:00:01' old && touch -d '2002-02-02 00:00:02' new \
    && touch -d '2001-01-01 00:00:01' old2 && printf i > i && ln i i2 \
    && mkdir dir && printf n > dir/a && printf n > dir/b \
    && printf ro > ro && chmod 0444 ro
}

cp_batch_ files <<'EOF2' || fail=1
-n a b
-u new old
-u old new
-u old old2
-f c d
-fn e d
-nf e d
-b f g
-v -b g h
--backup=numbered h a
-v --backup=numbered h2 a
-S .bak -v a dir
--suffix=.orig --backup=existing dir/b dir/a
-b i i2
ro ro2
b ro2
EOF2

printf 'y\nn\nyes\n' > answers || framework_failure_ answers
cp_batch_ -i answers files <<'EOF2' || fail=1
-i a b
-i c d
-nfi e f
-in g h
-i -v ro a
EOF2
Exit $fail
