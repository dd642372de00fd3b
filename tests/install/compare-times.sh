#!/bin/sh
# NOT COMPARED WITH GNU (9.1 refuses -C with -p): install's newer
# --compare rules, against GNU's NEWS and manual.  GNU 9.11 allows -C
# with -p: a destination that already has the contents, owner, group
# and mode it would get is left in place (same inode), and -p gives it
# its source's access and modification times.  Nothing that is right
# is written again (GNU after 9.11: "install -C will now avoid updating
# file metadata when the destination already has the appropriate
# ownership and permissions"): a second run changes not even the ctime,
# nor does -C without -p.  GNU 9.6 and later compare a source that is a
# symbolic link by the file it names.
. "$(dirname "$0")/../init.sh"

use_tool_ install
# st_ FILE: its inode, access, modification and change times (ns).
st_ () { stat -c '%i %x %y %z' "$1"; }
# times_ FILE: its access and modification times.
times_ () { stat -c '%x %y' "$1"; }

printf 'data\n' > a || framework_failure_ a
brisk_ install a b || fail=1
touch -d '2020-02-02 02:02:02.5' a && touch -a -d '2021-01-01' a \
  || framework_failure_ touch
st_ b > before
sleep 0.05

# -C -p: contents, owner, group, mode right; times made the source's
# (as they were before install ran: reading a file may change its
# access time, so each file's times are taken before anything reads
# it again).
times_ a > exp || framework_failure_ stat
brisk_ install -C -p -v a b > out 2> err || fail=1
compare /dev/null out || fail=1
compare /dev/null err || fail=1
times_ b > got || framework_failure_ stat
compare exp got || fail=1
test "$(stat -c %i b)" = "$(cut -d' ' -f1 before)" || fail=1

# Again, and without -p: nothing written, not even the ctime changes.
st_ b > before
sleep 0.05
brisk_ install -C -p a b || fail=1
brisk_ install -C a b || fail=1
st_ b > after
compare before after || fail=1

# Other contents: installed anew, with -p the source's times.
printf 'other\n' > a && touch -d '2019-03-03' a || framework_failure_ a2
times_ a > exp || framework_failure_ stat
brisk_ install -C -p a b || fail=1
times_ b > got || framework_failure_ stat
compare exp got || fail=1
cmp a b || fail=1

# Another mode asked: installed anew.
st_ b > before
brisk_ install -C -m 600 a b || fail=1
test "$(stat -c %a b)" = 600 || fail=1
test "$(stat -c %i b)" != "$(cut -d' ' -f1 before)" || fail=1

# A symbolic link to a file like the destination: nothing done.
ln -s a link || framework_failure_ ln
brisk_ install -C -m 600 a c || fail=1
st_ c > before
sleep 0.05
brisk_ install -C -m 600 link c || fail=1
st_ c > after
compare before after || fail=1

Exit $fail
