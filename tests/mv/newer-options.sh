#!/bin/sh
# What GNU 9.1's mv lacks, checked against the answers newer GNU gives:
# --update=none (leave what is there, exit 0), --update=none-fail
# ("not replacing", exit 1), both for a directory and a second name of
# the source too, and neither with --backup, --update=older and all,
# an invalid --update argument; --no-copy: a rename within a file
# system, and "cannot move ... Invalid cross-device link" across (a
# tmpfs mounted here), the source left whole; "cannot overwrite 'DST':
# Directory not empty".
. "$(dirname "$0")/lib.sh"
PATH=$brisk_bin_:$PATH
mv=mv

printf a > a && printf b > b && printf c > c && touch -d 2001-01-01 old \
  && touch -d 2002-02-02 new || framework_failure_ "set-up"

# run_ EXPECTED-STATUS ARG...: mv ARG..., its stderr in err.
run_ () { st=$1; shift; returns_ "$st" "$mv" "$@" 2> err; }

run_ 0 --update=none a b || fail=1
compare /dev/null err || fail=1
test "$(cat a b)" = ab || fail=1
run_ 1 --update=none-fail a b || fail=1
echo "mv: not replacing 'b'" > exp
compare exp err || fail=1
test "$(cat a b)" = ab || fail=1
run_ 0 --update=none-fail a new-name || fail=1
run_ 0 --update=older old new || fail=1
test -e old || fail=1
run_ 0 --update=older new old || fail=1
test ! -e new || fail=1
run_ 0 --update=all c b || fail=1
test "$(cat b)" = c || fail=1
# Neither leaves a destination to back up: --backup is refused, with
# newer GNU's message (9.1's for -n).
printf x > x && printf y > y || framework_failure_ "set-up x y"
for u in none none-fail; do
  run_ 1 -b --update=$u x y || fail=1
  printf '%s\n' "mv: cannot combine --backup with --exchange, -n, or \
--update=none-fail" "Try 'mv --help' for more information." > exp
  compare exp err && test "$(cat x y)" = xy && test ! -e y~ || fail=1
done
run_ 1 --update=sometimes b c || fail=1
cat > exp <<'EOF2'
mv: invalid argument 'sometimes' for '--update'
Valid arguments are:
  - 'all'
  - 'none'
  - 'none-fail'
  - 'older'
Try 'mv --help' for more information.
EOF2
compare exp err || fail=1

run_ 0 --no-copy b c || fail=1
test "$(cat c)" = c && test ! -e b || fail=1

# none and none-fail leave any destination be, a directory too, and
# look at nothing else: a second name of the source is "not replacing",
# not "the same file".
mkdir dx dy && touch dx/keep && ln c hl || framework_failure_ "set-up"
run_ 1 -T --update=none-fail dx dy || fail=1
echo "mv: not replacing 'dy'" > exp
compare exp err && test -e dx/keep && test ! -e dy/keep || fail=1
run_ 0 -T --update=none dx dy || fail=1
compare /dev/null err && test -e dx/keep || fail=1
run_ 1 --update=none-fail c hl || fail=1
echo "mv: not replacing 'hl'" > exp
compare exp err && test -e c && test -e hl || fail=1
# A directory onto one that is not empty: the destination alone is
# named (GNU 9.3 and later; 9.1: "cannot move 'dz' to 'dy'").
mkdir dz dy/sub || framework_failure_ "set-up dz"
run_ 1 -T dz dy || fail=1
echo "mv: cannot overwrite 'dy': Directory not empty" > exp
compare exp err && test -d dz && test -d dy/sub || fail=1
require_tmpfs_
small_tmpfs_ fs 64k || framework_failure_ "mount"
run_ 1 --no-copy c fs || fail=1
echo "mv: cannot move 'c' to 'fs/c': Invalid cross-device link" > exp
compare exp err || fail=1
test "$(cat c)" = c && test ! -e fs/c || fail=1
umount fs || framework_failure_ "umount fs"
Exit $fail
