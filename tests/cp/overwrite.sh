#!/bin/sh
# Overwriting, compared with GNU's cp: -i answered y and n on standard
# input, -n, -u with older and newer destinations (touch -d), a
# dangling symbolic link as destination ("not writing through dangling
# symlink"), a directory over a file and a file over a directory,
# "will not overwrite just-created", -f on a file that cannot be opened
# for writing, a destination that is a symbolic link to a file; -i on
# a destination not writable: "replace 'old', overriding mode 0444
# (r--r--r--)?" with -f or --remove-destination, "unwritable 'old'
# (mode 0444, r--r--r--); try anyway?" without.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

dated ()
{
  printf new > new && printf old > old && printf mid > mid \
    && touch -d '2020-01-02 03:04:05.5' new && touch -d '2001-01-01' old \
    && touch -d '2010-06-06' mid && mkdir d e && printf o > d/new \
    && touch -d '2001-01-01' d/new && printf n > e/new \
    && touch -d '2030-01-01' e/new && ln -s nowhere dangle \
    && ln -s new symnew && mkdir -p dir/new
}

for opts in -u '-u -v -a -b' '-n -v -r' -un; do
  cp_batch_ -s dated <<EOF2 || fail=1
$opts new old
$opts old mid
$opts mid new
$opts new d
$opts new e
$opts -r d e
$opts new mid d e
$opts new nothing
$opts new dangle
$opts old symnew
$opts new dir
EOF2
done

cp_batch_ dated <<'EOF2' || fail=1
new dangle
-f new dangle
--remove-destination new dangle
-a new dangle
-P new dangle
-d new dangle
new dir
-r dir new
-r dir/new mid
new mid d/new new
d/new e/new d
new mid d/new d/new e
-r e d
new new2 new2
-v old old2 d
EOF2

# -i: the answers come from standard input, one line per question.
printf 'y\n' > yes
printf 'n\n' > no
printf 'yes\nno\ny\n' > mixed
printf '' > none
# A "no" exits 1 since GNU 9.2 (9.1: 0): where cp asks.
for in in yes no mixed; do
  sed=
  test $in != no || sed='/^0 cp -ir d e$/b
/^0 cp -i -u /b
s/^0 cp /1 cp /'
  cp_batch_ -g "$sed" -i $in dated <<'EOF2' || fail=1
-i new mid
-iv new old mid d
-ir d e
-n -i old new
-i -u old new
-ib mid old
EOF2
done

# A destination that root can write but nobody cannot; -f unlinks it.
# (Run by an ordinary user, cp runs as that user: see cp_run_.)
guarded ()
{
  dated && chmod 0444 old && chmod 0777 . && chmod 0644 new mid \
    && chown $cp_user_ old mid && chmod 0444 mid
}
cp_batch_ -u guarded <<'EOF2' || fail=1
new old
-f new old
new mid
-f --remove-destination new mid
EOF2

# -i onto them, as nobody; answered yes, then no.
printf 'y\ny\ny\ny\ny\n' > yes5 && chmod 0644 yes5 || framework_failure_
printf 'n\nn\nn\nn\nn\n' > no5 && chmod 0644 no5 || framework_failure_
for in in yes5 no5; do
  sed=
  test $in = yes5 || sed='s/^0 cp /1 cp /'  # 1 since GNU 9.2
  cp_batch_ -g "$sed" -u -i $in guarded <<'EOF2' || fail=1
-fi new old
-if new mid
-i --remove-destination new mid
-i new old
-i new d/new
EOF2
done
Exit $fail
