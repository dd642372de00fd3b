#!/bin/sh
# Root walks, with sha256sum -r and -c --audit, a tree that its owner
# (user nobody) changes meanwhile: a name that held a regular file or a
# directory when the walk read its directory becomes a symbolic link to
# a file, or a directory, that only root may read.  The walk does not
# follow symbolic links (-P), and must not under a race either: the
# secret's digest and its name never appear.  A name that became a
# symbolic link is skipped as one, without a word (status 0 for -r).
# (a) The attacker, tests/swap-names, swaps the names in a loop while
#     root runs the walk 240 times: plainly, through the pool
#     (-j1, with and without the io_uring batch) and with a worker
#     thread (-j2); and --audit.
# (b) The same, deterministic: strace holds the tool after it read the
#     entries of the attacker's directory (its first getdents64), and
#     the names are swapped once during the hold.  When the tool went on
#     before the swap was made (a busy machine), that run is made again
#     with a longer hold.
. "$(dirname "$0")/../init.sh"
require_root_

mkdir priv && chmod 700 priv && printf 'root only\n' > priv/secret \
  && chmod 600 priv/secret && printf 'listed\n' > pub \
  || framework_failure_ "make the secret"
secret_sum=$(ref_ sha256sum priv/secret | cut -d ' ' -f 1)
ref_ sha256sum pub > manifest || framework_failure_ "manifest"

# The attacker's tree: a file f and a link l to the secret; a directory
# d holding x and a link m to the secret's directory.
race_dir_ att
printf 'public\n' > att/f && ln -s "$PWD/priv/secret" att/l \
  && mkdir att/d && printf 'x\n' > att/d/x && ln -s "$PWD/priv" att/m \
  && chown -hR nobody:nogroup att \
  || framework_failure_ "make the attacker's tree"

# leaked_ OUT ERR: the secret's digest or name is in OUT, or ERR holds
# anything but the audit's count of new files.
leaked_ ()
{
  grep -q -e "$secret_sum" -e secret "$1" \
    || grep -v '^sha256sum: WARNING: [0-9]* files\? \(is\|are\) NEW$' \
         "$2" > /dev/null
}

# walk_ OUT ERR HOW: run the walk HOW (plain, j1, j1-plain, j2, audit)
# on att, its output appended to OUT and ERR.  -r exits 0; --audit
# finds new files, so 1.
walk_ ()
{
  case $3 in
    plain) set -- "$1" "$2" 0 sha256sum -r att ;;
    j1) set -- "$1" "$2" 0 sha256sum -r -j1 att ;;
    j1-plain) set -- "$1" "$2" 0 env BRISK_URING=0 sha256sum -r -j1 att ;;
    j2) set -- "$1" "$2" 0 sha256sum -r -j2 att ;;
    audit) set -- "$1" "$2" 1 sha256sum -c --audit=att manifest ;;
  esac
  w_out_=$1 w_err_=$2 w_status_=$3
  shift 3
  (PATH=$brisk_bin_:$PATH && exec "$@") >> "$w_out_" 2>> "$w_err_"
  w_got_=$?
  test $w_got_ = "$w_status_" || echo "status $w_got_ from $*" >> "$w_err_"
}

hows='plain j1 j1-plain j2 audit'

# (a) 24 runs of each way for each pair: 240 in all.
for pair in 'f l' 'd m'; do
  set -- $pair
  : > out && : > err
  swap_as_nobody_ att "$1" "$2" 20
  i=0
  while test $i -lt 24; do
    for how in $hows; do
      walk_ out err $how
    done
    i=$((i + 1))
  done
  swap_stop_
  test "$swap_count_" -gt 0 \
    || framework_failure_ "the attacker never swapped $1 and $2"
  # Put the names back, if an odd number of swaps was made.
  test -L "att/$2" || perl -e 'rename "att/$ARGV[0]", "att/tmp"
    and rename "att/$ARGV[1]", "att/$ARGV[0]"
    and rename "att/tmp", "att/$ARGV[1]" or die' "$1" "$2" \
    || framework_failure_ "restore att/$1 and att/$2"
  if leaked_ out err; then
    echo "(a) swapping $1 and $2: the walk followed a link, or failed:"
    grep -e "$secret_sum" -e secret out | sort | uniq -c
    sort err | uniq -c
    fail=1
  fi
done

# swap_once_ A B: swap att/A and att/B, as the attacker.
swap_once_ ()
{
  setpriv --reuid=nobody --regid=nogroup --clear-groups \
    "${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/swap-names" att "$1" "$2" 5 1 \
    > /dev/null || framework_failure_ "swap att/$1 and att/$2"
}

# held_ HOLD A B HOW: run the walk HOW (see walk_) under strace, held
# HOLD seconds on the return of its first getdents64 (its read of att's
# entries), and swap att/A and att/B once meanwhile, then once again
# after.  Its output goes to out and err.  Return 0 if the swap was
# made during the hold, 1 if not.
held_ ()
{
  h_hold_=$1 h_a_=$2 h_b_=$3 h_how_=$4
  : > out && : > err && rm -f log
  (
    PATH=$brisk_bin_:$PATH
    export PATH
    strace () { command strace -f -o log -e trace=getdents64 \
                  -e inject=getdents64:delay_exit=${h_hold_}s:when=1 "$@"; }
    case $h_how_ in
      j1-plain) BRISK_URING=0 && export BRISK_URING && h_how_=j1 ;;
    esac
    case $h_how_ in
      plain) strace sha256sum -r att ;;
      j1) strace sha256sum -r -j1 att ;;
      j2) strace sha256sum -r -j2 att ;;
      audit) strace sha256sum -c --audit=att manifest ;;
    esac
    echo "status $?" > status
  ) > out 2> err &
  h_pid_=$!
  wait_for_ 400 grep -q DELAYED log 2> /dev/null \
    || framework_failure_ "strace did not hold sha256sum"
  swap_once_ "$h_a_" "$h_b_"
  h_calls_=$(grep -c getdents64 log)
  wait $h_pid_
  swap_once_ "$h_a_" "$h_b_"
  test "$h_calls_" = 1
}

# (b) Each way, each pair: a hold of 0.5 s, then 2 s, then 5 s.
require_strace_
for pair in 'f l' 'd m'; do
  set -- $pair
  for how in $hows; do
    for hold in 0.5 2 5; do
      held_ $hold "$1" "$2" $how && break
    done
    test "$how" = audit && expect='status 1' || expect='status 0'
    if leaked_ out err || test "$(cat status)" != "$expect"; then
      echo "(b) $how, swapping $1 and $2 during a hold of $hold s:"
      cat out err status
      grep -q "$secret_sum" out && echo "(the secret's digest)"
      fail=1
    fi
  done
done

Exit $fail
