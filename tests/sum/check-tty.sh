#!/bin/sh
# --check's result lines quote a name that needs it for the shell, as
# GNU 9.11's do ('a'$'\n''b', 'sp ace', "it's"): on a terminal, where a
# name holding a control character could send escape sequences, and to
# a file or a pipe alike.  With standard error a terminal, the
# diagnostics are GNU's (which quote names there everywhere).
# md5sum and cksum, -j 1 and -j 2, --quiet; the C and a UTF-8 locale.
. "$(dirname "$0")/../init.sh"
require_script_
use_tool_ cksum

# on_tty_ SIDE OUT CMD: run the shell command CMD with SIDE's tools
# (gnu or brisk) first in PATH, its standard output and error on a
# terminal whose output goes to OUT, newlines untranslated; CMD's exit
# status is written after it.
on_tty_ ()
{
  ot_dir_=$gnu_bin_
  test "$1" = gnu || ot_dir_=$brisk_bin_
  script -qec "stty -onlcr; PATH=$ot_dir_:\$PATH; $3; echo \"exit \$?\"" \
    /dev/null < /dev/null > "$2" 2> script.err \
    || { echo "script failed:"; cat script.err; return 1; } >&2
}

# add_ TOOL ARGS NAME RESULT: make the file NAME, append TOOL ARGS's
# check line for it (GNU's) to list.chk and what Brisk's TOOL -c must
# print for it on a terminal to exp.tty: NAME as GNU's ls quotes it in
# the shell-escape style (the style of GNU 9.11's --check; the names
# here hold no colon, which it would quote too).  RESULT: OK, FAILED
# (the file changes after its line is made) or FAILED open or read
# (the file is removed).
add_ ()
{
  printf 'data\n' > "$3" || framework_failure_ "cannot create $3"
  ref_ $1 $2 -- "$3" >> list.chk || framework_failure_ "$1 $3"
  q=$(ls -d --quoting-style=shell-escape -- "$3")
  printf '%s: %s\n' "$q" "$4" >> exp.tty
  case $4 in
    FAILED) printf 'changed\n' > "$3" ;;
    'FAILED open or read') rm -- "$3" ;;
  esac
}

esc=$(printf '\033')
nl='
'
utf8=$(locale -a 2>/dev/null | grep -i -E '^(c|en_us)\.utf-?8$' | sed 1q)
for loc in C $utf8; do
  LC_ALL=$loc
  export LC_ALL
  for t in md5sum cksum; do
    a=
    test $t = cksum && a='-a sha1'
    rm -rf d && mkdir d && cd d || framework_failure_ "mkdir d"
    : > list.chk
    : > exp.tty
    add_ $t "$a" plain OK
    add_ $t "$a" "sp ace" OK
    add_ $t "$a" 'back\slash' OK
    add_ $t "$a" "esc${esc}[2Jhidden" OK
    add_ $t "$a" "a${nl}b" OK
    add_ $t "$a" "back\\${nl}slash" OK
    add_ $t "$a" "tab$(printf '\t')x" FAILED
    add_ $t "$a" "del$(printf '\177')" OK
    add_ $t "$a" "caf$(printf '\303\251')" OK
    add_ $t "$a" "$(printf '\303')(bad" OK
    add_ $t "$a" "c1$(printf '\302\233')31m" OK
    add_ $t "$a" "it's" FAILED
    add_ $t "$a" "gone${esc}]0;title$(printf '\007')" 'FAILED open or read'
    add_ $t "$a" gone 'FAILED open or read'
    echo 'exit 1' >> exp.tty
    grep -v ': OK$' exp.tty > exp.quiet
    if test $loc = C; then
      grep -F -e "'a'\$'\\n''b': OK" -e "'sp ace': OK" exp.tty \
        | wc -l | grep -x 2 > /dev/null \
        || { echo "ls quotes differently:"; cat -A exp.tty; fail=1; }
    fi

    # Both standard output and error on the terminal (the diagnostics
    # are left out: their order against the lines is not GNU's concern
    # here), with each way of hashing, --quiet.
    for j in 1 2; do
      on_tty_ brisk out "$t -j $j -c list.chk 2>/dev/null" || fail=1
      compare exp.tty out || { echo "$loc $t -j $j -c" >&2; fail=1; }
      on_tty_ brisk out "$t -j $j -c --quiet list.chk 2>/dev/null" || fail=1
      compare exp.quiet out || { echo "$loc $t -j $j -c --quiet" >&2; fail=1; }
      on_tty_ brisk out "$t -j $j -c --status list.chk 2>/dev/null" || fail=1
      printf 'exit 1\n' > exp.status
      compare exp.status out || fail=1
    done

    # Standard output a file or a pipe: the same lines; GNU's, their
    # names quoted as GNU 9.11 quotes them (see
    # tests/requote-check.pl), and the diagnostics.
    twin_ $t -c list.chk || fail=1
    twin_ -o merged $t -c list.chk || fail=1
    ref_ $t -c list.chk > exp.file 2> /dev/null
    brisk_ $t -j 2 -c list.chk > out 2> /dev/null
    compare exp.file out || fail=1
    brisk_ $t -c list.chk 2> /dev/null | cat > out
    compare exp.file out || fail=1
    grep -v '^exit ' exp.tty > exp.lines
    compare exp.lines exp.file || fail=1

    # Standard error on the terminal, standard output a file: GNU's
    # diagnostics, and the lines as above.
    on_tty_ gnu err.gnu "$t -c list.chk > out.gnu" || fail=1
    on_tty_ brisk err.brisk "$t -c list.chk > out.brisk" || fail=1
    compare err.gnu err.brisk || fail=1
    compare exp.file out.brisk || fail=1
    cd .. || framework_failure_ "cd .."
  done
done

Exit $fail
