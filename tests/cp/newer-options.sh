#!/bin/sh
# NOT COMPARED WITH GNU: options that GNU coreutils 9.1 lacks, checked
# against the semantics the coreutils manual (9.4 and later) documents:
#   --update=all     replace every destination (as with no --update);
#   --update=none    replace none, skip them silently, exit 0 (not
#                    with --backup);
#   --update=older   replace a destination only if it is older than its
#                    source (what plain -u and --update do);
#   --debug          explain how each file is copied; implies --verbose.
# GNU 9.1 rejects all of these, so this test runs them only with the cp
# under test, and checks results; the wording of --debug's lines is
# checked by tests/cp/debug.sh and debug-xfs.sh.
. "$(dirname "$0")/lib.sh"

dated ()
{
  printf new > new && printf old > old && printf newer > newer \
    && touch -d '2020-01-01' new && touch -d '2001-01-01' old \
    && touch -d '2030-01-01' newer
}

# run_ NAME ARG...: in a fresh tree NAME made by dated, run the cp under
# test; leaves out.NAME, err.NAME, st.NAME and NAME's contents in
# NAME.list ("file: contents" lines).
run_ ()
{
  r_name=$1
  shift
  mkdir "$r_name" && (cd "$r_name" && dated) || framework_failure_ dated
  (cd "$r_name" && cp_run_ brisk "$@") > "out.$r_name" 2> "err.$r_name"
  echo $? > "st.$r_name"
  for r_f in "$r_name"/*; do
    printf '%s: %s\n' "${r_f#*/}" "$(cat "$r_f")"
  done > "$r_name.list"
}

# --update=none: nothing replaced, no message, exit 0; a missing
# destination is still made.
run_ none --update=none new old
run_ none2 --update=none newer old
run_ none3 --update=none new fresh
printf 'new: new\nnewer: newer\nold: old\n' > exp
compare exp none.list || fail=1
compare exp none2.list || fail=1
printf 'fresh: new\nnew: new\nnewer: newer\nold: old\n' > exp
compare exp none3.list || fail=1
for r in none none2 none3; do
  compare /dev/null "out.$r" || fail=1
  compare /dev/null "err.$r" || fail=1
  echo 0 | compare - "st.$r" || fail=1
done

# --update=all replaces even a newer destination; --update=older and
# -u replace only an older one.
run_ all --update=all old new
run_ older1 --update=older old new
run_ older2 --update=older new old
run_ u1 -u old new
printf 'new: old\nnewer: newer\nold: old\n' > exp
compare exp all.list || fail=1
printf 'new: new\nnewer: newer\nold: old\n' > exp
compare exp older1.list || fail=1
compare exp u1.list || fail=1
printf 'new: new\nnewer: newer\nold: new\n' > exp
compare exp older2.list || fail=1
for r in all older1 older2 u1; do
  compare /dev/null "err.$r" || fail=1
  echo 0 | compare - "st.$r" || fail=1
done

# The last --update wins over an earlier one, and plain --update means
# older.
run_ last --update=none --update=all old new
run_ plain --update=all --update old new
printf 'new: old\nnewer: newer\nold: old\n' > exp
compare exp last.list || fail=1
printf 'new: new\nnewer: newer\nold: old\n' > exp
compare exp plain.list || fail=1

# --update=none and none-fail leave nothing to back up: --backup is
# refused (GNU 9.3 and later), with the message that names -n too.
for u in none none-fail; do
  run_ b-$u -b --update=$u new old
  echo 1 | compare - st.b-$u || fail=1
  printf '%s\n' "cp: --backup is mutually exclusive with -n or \
--update=none-fail" "Try 'cp --help' for more information." > exp
  compare exp err.b-$u || fail=1
  printf 'new: new\nnewer: newer\nold: old\n' > exp
  compare exp b-$u.list || fail=1
done

# A bad --update argument: exit 1 and a message naming it.
run_ bad --update=sometimes new old
echo 1 | compare - st.bad || fail=1
grep "sometimes" err.bad > /dev/null || fail=1
grep "^Try 'cp --help' for more information\.$" err.bad > /dev/null \
  || fail=1

# --debug: the copy and the exit status are those without it; as it
# implies --verbose, standard output holds the verbose line; the rest
# of what it says is not checked here.
run_ debug --debug new copy
run_ nodebug new copy
compare nodebug.list debug.list || fail=1
compare st.nodebug st.debug || fail=1
grep "^'new' -> 'copy'" out.debug > /dev/null || fail=1
run_ debug2 --debug nothing copy
echo 1 | compare - st.debug2 || fail=1
grep "^cp: cannot stat 'nothing': No such file or directory$" err.debug2 \
  > /dev/null || fail=1
Exit $fail
