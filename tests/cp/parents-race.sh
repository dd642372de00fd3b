#!/bin/sh
# cp -p --parents and a leading directory that another user swaps for
# a symbolic link to a directory of root's, after cp made it: the
# attributes cp gives that directory at the end (times, mode) must go
# to the directory it made, not through the link (GNU's cp 9.1 sets
# them by name, and follows it), and nothing is written there.
# The attacker, user nobody, owns the directory r that cp fills
# (race_dir_); the victim, outside r, is root's, mode 0700, of 2010.
# The source a (mode 0750, of 2001) is copied as r/a, its file f as
# r/a/f.  The victim's mode, owner, mtime and ctime are compared (not
# its atime, which looking into it to see it empty changes).
# (a) cp held (an injected delay, see races.sh) just after it made
#     r/a, and just after it gave r/a/f its times, while r/a and r/l,
#     a link to the victim, are exchanged: the victim's mode and times
#     are as they were, and it is still empty.
# (b) The same race left to chance: the attacker exchanges the two
#     names once, as soon as r/a is there, while cp runs, 150 times.
# Brisk's own: not run when the cp under test is GNU's.
. "$(dirname "$0")/lib.sh"
require_root_
require_strace_

"$BRISK_CP" --version | sed 1q | grep 'GNU coreutils' > /dev/null \
  && skip_ "the cp under test is GNU's, which follows the link"

race_dir_ r
mkdir a victim && echo f > a/f && chmod 0750 a && chmod 0700 victim \
  && touch -d '2001-01-01 01:01:01' a a/f \
  && touch -d '2010-01-01 01:01:01' victim \
  || framework_failure_ "the tree"
victim_was=$(stat -c '%a %u %g %Y %Z' victim)
src_mtime=$(stat -c %Y a/f)

# reset_: r holds only l, a link to the victim.
reset_ ()
{
  rm -rf r/a r/l && ln -s "$PWD/victim" r/l || framework_failure_ "reset r"
}

# victim_intact_ WHAT: the victim is as it was, and empty; else say so
# (WHAT names the run) and return 1.
victim_intact_ ()
{
  vi_now_=$(stat -c '%a %u %g %Y %Z' victim)
  test "$vi_now_" = "$victim_was" && test -z "$(ls -A victim)" && return 0
  echo "$1: the victim changed: '$victim_was' became '$vi_now_'," \
       "holding: $(ls -A victim)"
  # Mend it for the runs that follow.
  rm -rf victim/* && chmod 0700 victim \
    && touch -d '2010-01-01 01:01:01' victim \
    || framework_failure_ "mend the victim"
  victim_was=$(stat -c '%a %u %g %Y %Z' victim)
  return 1
}

# f_timed_: r/a/f has got its source's times.
f_timed_ ()
{
  test "$(stat -c %Y r/a/f 2> /dev/null)" = "$src_mtime"
}

# (a) Held after the first mkdir (r/a), or after the first utimensat
# (r/a/f's times), until r/a is r/l.
for point in mkdir,mkdirat:'test -d r/a' utimensat:f_timed_; do
  call=${point%%:*} ready=${point#*:}
  for hold in 0.3 2 5; do
    reset_
    strace -f -o /dev/null -e "inject=$call:delay_exit=${hold}s:when=1" \
      "$BRISK_CP" -p --parents a/f r 2> err &
    cp_pid=$!
    hit=false
    if wait_for_ 200 $ready; then
      swap_as_nobody_ r a l 10 1
      wait $swap_pid_
      test "$(sed -n 2p swaps)" = 1 || framework_failure_ "the swap: $(cat swaps)"
      kill -0 $cp_pid 2> /dev/null && hit=true
    fi
    wait $cp_pid
    $hit && break
  done
  $hit || { echo "(a) $call: cp ended before the swap"; fail=1; }
  victim_intact_ "(a) $call" || { cat err; fail=1; }
done

# (b) Left to chance: each attempt starts the attacker, then cp.
i=0 changed=0
while test $i -lt 150; do
  reset_
  swap_as_nobody_ r a l 5 1
  "$BRISK_CP" -p --parents a/f r 2> err
  wait $swap_pid_
  victim_intact_ "(b) attempt $i" > /dev/null || changed=$((changed + 1))
  i=$((i + 1))
done
test $changed = 0 || { echo "(b) the victim changed in $changed of $i"; fail=1; }

Exit $fail
