#!/bin/sh
# The prompts with standard input a terminal (script(1)), compared with
# GNU's mv, run as user nobody (root may write anything, and is never
# asked): a destination not writable is asked about ("replace 'ro',
# overriding mode 0444 (r--r--r--)? ", set-ID bits shown), answered no
# or yes (a set-ID mode: "4440 (r-Sr-----)"); -i words its question
# the same for such a file; -f asks nothing; a symbolic link is never
# asked about.
. "$(dirname "$0")/lib.sh"
require_script_

# tty_side_ SIDE: run the moves as SIDE's mv on a terminal, in a tree
# of its own; leave the terminal's text and the tree in $cmp_/SIDE/.
tty_side_ ()
{
  d=$cmp_/tty-$1
  mkdir "$d" && cd "$d" && for f in a b c e; do printf $f > $f; done \
    && printf r > ro && printf s > s && printf t > t && printf l > l \
    && ln -s ro link && chown -R $cp_user_ . && chmod 0444 ro t l \
    && chmod 4440 s && chmod 0777 . \
    || framework_failure_ "set-up of $1"
  # An ordinary user is asked as nobody is: mv runs as that user.
  as=mv
  test "$(id -u)" != 0 \
    || as="setpriv --reuid=nobody --regid=nogroup --clear-groups mv"
  dir=$gnu_bin_
  test "$1" = gnu || dir=$brisk_bin_
  # The terminal echoes the answers as script(1) passes them on: where
  # that is before the shell turns echo off, the first lines are
  # theirs, and are left out; after it, they are not echoed.  (With
  # echo on, a busy machine could have script pass them on after a
  # prompt, in the middle of the text.)
  printf 'n\ny\ny\n' | script -qec "stty -echo; PATH=$dir:\$PATH
    $as a ro; echo \"exit \$?\"; $as b s; echo \"exit \$?\"
    $as -i c t; echo \"exit \$?\"; $as -f e l; echo \"exit \$?\"
    $as a link; echo \"exit \$?\"" /dev/null 2>&1 \
    | sed '1,3{/^[ny]\r$/d}' > "$cmp_/$1/out"
  cd "$tmp_root_/w" || framework_failure_ "cd back"
  "$tree_dump_" --no-mtime "$d" > "$cmp_/$1/tree" \
    || framework_failure_ "tree-dump $d"
}

tty_side_ gnu
# The "no" to the first question exits 1 since GNU 9.2 (9.1: 0).
if test -z "$twin_self_"; then
  sed "s/\(replace 'ro', overriding mode 0444 (r--r--r--)? \)exit 0/\
\1exit 1/" \
    "$cmp_/gnu/out" > "$cmp_/gnu/edited" \
    && mv "$cmp_/gnu/edited" "$cmp_/gnu/out" || framework_failure_ "sed"
fi
tty_side_ brisk
grep "replace 'ro', overriding mode 0444 (r--r--r--)? " "$cmp_/gnu/out" \
  > /dev/null || framework_failure_ "GNU's mv asked nothing: $(cat -A \
"$cmp_/gnu/out")"
cp_compare_ "on a terminal" || fail=1
Exit $fail
