#!/bin/sh
# Root's install in a directory that user nobody owns, nobody swapping
# a directory that install just made for a symbolic link to a
# directory of root's (the victim): the owner, mode and files meant
# for the new directory must never reach the victim.
# (a) Made deterministic: strace holds install for a while after each
#     mkdir/mkdirat returns, and the attacker (as nobody) puts the link
#     in place of the new directory meanwhile.  Cases: install -d -m
#     0777 -o nobody att/nd (GNU's install fails there too); install
#     -D -m 4755 f att/p/q/file, the link put in place of att/p, and
#     in place of att/p/q (att/p being nobody's); install -D -t
#     att/t/u f, of att/t/u (att/t being nobody's).
#     Brisk's install must exit 1 and leave the victim as it was; GNU's
#     is run in the same scenario and its outcome printed.
#     And with strace, the order of install -d's calls on the directory
#     it makes: mkdirat owner-only, openat O_NOFOLLOW, fchown, fchmod.
# (b) The natural race: the attacker swapping the new name and the link
#     in a loop (tests/swap-names, renameat2 RENAME_EXCHANGE) while
#     install -d and install -D run 100 times each: no hit.
. "$(dirname "$0")/../init.sh"
require_root_
require_strace_

install_=$BRISK_BIN/install
gnu_install_=$(gnu_tool install)
race_dir_ att
mkdir victim && chmod 700 victim && echo data > f \
  || framework_failure_ "set up"

# victim_ok_: the victim is root's, mode 0700, and holds nothing.
victim_ok_ ()
{
  test "$(stat -c '%a %u' victim)" = "700 0" \
    && test -z "$(ls -A victim)"
}

# as_nobody_ CMD: run the shell command CMD as user nobody.
as_nobody_ ()
{
  setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c "$1"
}

# held_ SIDE MINE NAME ARG...: run SIDE's install (brisk or gnu) with
# ARG... under strace, held 1 s after each mkdir and mkdirat; as soon as
# att/NAME is a directory, nobody renames it away and puts a link to
# the victim in its place.  MINE, unless "-", is a directory under att
# that nobody made before (so may change what is in it).  Store
# install's status in file st.
held_ ()
{
  hd_prog_=$install_
  test "$1" = gnu && hd_prog_=$gnu_install_
  hd_name_=$3
  rm -rf att/* || framework_failure_ "clean att"
  test "$2" = - || as_nobody_ "mkdir att/$2" \
    || framework_failure_ "mkdir att/$2"
  shift 3
  strace -f -o /dev/null -e inject=mkdir,mkdirat:delay_exit=1s \
    "$hd_prog_" "$@" > /dev/null 2> err &
  hd_pid_=$!
  wait_for_ 200 test -d "att/$hd_name_" \
    || framework_failure_ "att/$hd_name_ never made"
  as_nobody_ "mv att/$hd_name_ att/$hd_name_.moved && ln -s '$PWD/victim' \
    att/$hd_name_" || framework_failure_ "swap att/$hd_name_"
  wait $hd_pid_
  echo $? > st
}

# (a)
for case in '- nd -d -m 0777 -o nobody att/nd' \
            '- p -D -m 4755 f att/p/q/file' \
            'p p/q -D -m 4755 f att/p/q/file' \
            't t/u -D -m 4755 -t att/t/u f'; do
  for side in gnu brisk; do
    held_ $side $case
    if victim_ok_ && test "$(cat st)" = 1; then
      outcome=safe
    else
      outcome="hit (status $(cat st), victim: $(stat -c '%a %u' victim)\
 $(ls -A victim | tr '\n' ' '))"
      test $side = brisk && fail=1
    fi
    echo "$side install $case: $outcome"
    chown 0:0 victim && chmod 700 victim && rm -rf victim/* \
      || framework_failure_ "restore victim"
  done
done

# The order of calls that leaves no window: the directory made
# owner-only, opened without following a link, then its owner, then
# its mode, on the descriptor.
strace -o trace -e trace=mkdir,mkdirat,openat,fchown,fchmod,fchmodat,chown,chmod \
  "$install_" -d -m 0777 -o nobody att/sd || fail=1
grep -E '"sd"|^fch' trace | sed -E 's/\(-?[0-9]+, /(N, /; s/ += .*//' > calls
cat > exp <<'EOF2'
mkdirat(N, "sd", 0700)
openat(N, "sd", O_RDONLY|O_NOCTTY|O_NONBLOCK|O_NOFOLLOW|O_CLOEXEC|O_DIRECTORY)
fchown(N, 65534, -1)
fchmod(N, 0777)
EOF2
compare exp calls || fail=1

# (b) For each case: ATTEMPTS runs of install as root, the attacker
# swapping att/NAME (once made) and att/l (the link) all the while.
attempts=100
natural_ ()
{
  nt_name_=$1
  shift
  nt_hits_=0
  nt_swaps_=0
  nt_i_=0
  while test $nt_i_ -lt $attempts; do
    rm -rf att/* || framework_failure_ "clean att"
    as_nobody_ "ln -s '$PWD/victim' att/l" || framework_failure_ "ln"
    swap_as_nobody_ att "$nt_name_" l 5
    "$install_" "$@" > /dev/null 2>&1
    swap_stop_
    nt_swaps_=$((nt_swaps_ + swap_count_))
    victim_ok_ || {
      nt_hits_=$((nt_hits_ + 1))
      chown 0:0 victim && chmod 700 victim && rm -rf victim/*
    }
    nt_i_=$((nt_i_ + 1))
  done
  echo "brisk install $*, natural race: $nt_hits_ hits in $attempts" \
    "($nt_swaps_ swaps)"
  test $nt_swaps_ -gt 0 || framework_failure_ "the attacker never swapped"
  test $nt_hits_ = 0
}
natural_ nd -d -m 0777 -o nobody att/nd || fail=1
natural_ p -D -m 4755 f att/p/file || fail=1

Exit $fail
