#!/bin/sh
# mv --exchange, from GNU 9.5 (9.1 lacks it), against the rules of
# GNU's manual and mv: two names swapped in one rename, files,
# directories, a file with a directory, a symbolic link; into a
# DIRECTORY (or -t), each SOURCE swapped with the entry of its name
# there; -v's "exchanged 'a' <-> 'b'"; -n, --update, -i as for a
# destination replaced; and the failures, each with GNU's message and
# status 1, both names left as they were: a missing source or
# destination, too few or too many operands, --backup, one name the
# same file as the other, a directory and one inside it (GNU says
# "Operation not supported", gnulib's word for the kernel's EINVAL),
# and two file systems (a tmpfs mounted here), with or without
# --no-copy.
. "$(dirname "$0")/lib.sh"
PATH=$brisk_bin_:$PATH
mv=mv

# run_ EXPECTED-STATUS ARG...: mv ARG..., its stdout in out, its stderr
# in err.
run_ () { st=$1; shift; returns_ "$st" "$mv" "$@" > out 2> err; }

# is_ NAME CONTENT: the regular file NAME holds CONTENT.
is_ () { test -f "$1" && ! test -h "$1" && test "$(cat "$1")" = "$2"; }

# quiet_: the last run printed nothing.
quiet_ () { compare /dev/null out && compare /dev/null err; }

# says_ LINE...: the last run printed nothing on stdout, and these
# lines on stderr.
says_ () { printf '%s\n' "$@" > exp; compare /dev/null out && compare exp err; }

try_=\
"Try 'mv --help' for more information."

printf A > a && printf B > b && mkdir d1 d2 && printf 1 > d1/one \
  && printf 2 > d2/two || framework_failure_ "set-up"

# Two files, then back with -v.
run_ 0 --exchange a b && quiet_ && is_ a B && is_ b A || fail=1
run_ 0 -v --exchange a b || fail=1
echo "exchanged 'a' <-> 'b'" > exp
compare exp out && compare /dev/null err && is_ a A && is_ b B || fail=1

# Two directories (-T), and a file with a directory.
run_ 0 -T --exchange d1 d2 && quiet_ && is_ d1/two 2 && is_ d2/one 1 \
  || fail=1
run_ 0 -T --exchange a d1 && quiet_ && is_ a/two 2 && is_ d1 A || fail=1
run_ 0 -T --exchange a d1 && is_ a A && is_ d1/two 2 || fail=1

# A symbolic link swaps its own name, not its target's.
ln -s a l || framework_failure_ "ln -s"
run_ 0 --exchange l b && quiet_ && is_ l B && test -h b \
  && test "$(readlink b)" = a && is_ a A || fail=1
run_ 0 --exchange l b && is_ b B && test -h l || fail=1
rm l

# Into a directory: with the entry of the same name there.  None there:
# nothing moves (GNU: "Both files must exist").
printf X > d2/a && printf Y > d2/b || framework_failure_ "set-up d2"
run_ 0 --exchange a d2 && quiet_ && is_ a X && is_ d2/a A || fail=1
run_ 0 --exchange a b d2 && is_ a A && is_ d2/a X && is_ b Y \
  && is_ d2/b B || fail=1
run_ 0 -t d2 --exchange a b && is_ a X && is_ b B && is_ d2/b Y || fail=1
run_ 0 -t d2 --exchange a && is_ a A && is_ d2/a X || fail=1
run_ 1 --exchange a d1 \
  && says_ "mv: cannot exchange 'a' and 'd1/a': No such file or directory" \
  && is_ a A && test ! -e d1/a || fail=1

# Missing names, operands.
run_ 1 --exchange a nosuch \
  && says_ "mv: cannot exchange 'a' and 'nosuch': No such file or directory" \
  && is_ a A && test ! -e nosuch || fail=1
run_ 1 -T --exchange a nosuch \
  && says_ "mv: cannot exchange 'a' and 'nosuch': No such file or directory" \
  && is_ a A || fail=1
run_ 1 --exchange nosuch b \
  && says_ "mv: cannot stat 'nosuch': No such file or directory" \
  && is_ b B || fail=1
run_ 1 --exchange a && says_ "mv: missing destination file operand after 'a'" \
  "$try_" || fail=1
run_ 1 --exchange a b d2/a && says_ "mv: target 'd2/a': Not a directory" \
  || fail=1
run_ 1 -T --exchange a b d1 && says_ "mv: extra operand 'd1'" "$try_" \
  || fail=1
run_ 1 -b --exchange a b \
  && says_ "mv: cannot combine --backup with --exchange, -n, or --update=none-fail" \
           "$try_" || fail=1
run_ 1 --exchange --suffix=.old a b \
  && says_ "mv: cannot combine --backup with --exchange, -n, or --update=none-fail" \
           "$try_" || fail=1
is_ a A && is_ b B && test ! -e b~ && test ! -e b.old || fail=1

# -n, --update, -i: as for a destination mv would replace.
run_ 0 -n --exchange a b && quiet_ && is_ a A && is_ b B || fail=1
run_ 0 --update=none -T --exchange d1 d2 && quiet_ && is_ d1/two 2 || fail=1
run_ 1 --update=none-fail --exchange a b && says_ "mv: not replacing 'b'" \
  && is_ a A || fail=1
run_ 1 --update=none-fail -T --exchange d1 d2 \
  && says_ "mv: not replacing 'd2'" && is_ d1/two 2 || fail=1
touch -d 2001-01-01 a && touch -d 2002-02-02 b || framework_failure_ touch
run_ 0 -u --exchange a b && quiet_ && is_ a A || fail=1
run_ 0 -u --exchange b a && quiet_ && is_ a B && is_ b A || fail=1
run_ 0 -u -T --exchange d1 d2 && is_ d1/one 1 || fail=1  # never older
run_ 0 -T --exchange d1 d2 || fail=1
echo n > no && echo y > yes || framework_failure_ "answers"
returns_ 1 "$mv" -i --exchange a b < no > out 2> err || fail=1  # a "no"
printf "mv: overwrite 'b'? " > exp
compare exp err && is_ a B || fail=1
returns_ 0 "$mv" -i --exchange a b < yes > out 2> err || fail=1
compare exp err && is_ a A && is_ b B || fail=1

# One file under two names; a directory and one inside it.
ln a h || framework_failure_ "ln"
run_ 1 --exchange a h && says_ "mv: 'a' and 'h' are the same file" || fail=1
run_ 1 --exchange a a && says_ "mv: 'a' and 'a' are the same file" || fail=1
rm h
mkdir -p p/q || framework_failure_ "mkdir p/q"
run_ 1 -T --exchange p p/q \
  && says_ "mv: cannot exchange 'p' and 'p/q': Operation not supported" \
  && test -d p/q || fail=1
run_ 1 -T --exchange p/q p \
  && says_ "mv: cannot exchange 'p/q' and 'p': Operation not supported" \
  && test -d p/q || fail=1
is_ a A && is_ b B || fail=1

# Two file systems: no copy, with or without --no-copy; within the
# tmpfs, a swap.
require_tmpfs_
small_tmpfs_ fs 64k || framework_failure_ "mount"
printf F > fs/a && printf G > fs/g && mkdir fs/d \
  || framework_failure_ "set-up fs"
run_ 1 --exchange a fs \
  && says_ "mv: cannot exchange 'a' and 'fs/a': Invalid cross-device link" \
  || fail=1
run_ 1 --no-copy -T --exchange a fs/a \
  && says_ "mv: cannot exchange 'a' and 'fs/a': Invalid cross-device link" \
  || fail=1
run_ 1 -T --exchange d1 fs/d \
  && says_ "mv: cannot exchange 'd1' and 'fs/d': Invalid cross-device link" \
  || fail=1
is_ a A && is_ fs/a F && is_ d1/two 2 && test -d fs/d || fail=1
run_ 0 --exchange fs/a fs/g && is_ fs/a G && is_ fs/g F || fail=1
umount fs || framework_failure_ "umount fs"
Exit $fail
