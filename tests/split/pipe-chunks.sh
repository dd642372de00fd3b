#!/bin/sh
# -n N, K/N, l/N and l/K/N of a pipe (GNU 9.2; 9.1 says "cannot determine
# file size"): what one buffer holds is cut from memory, a longer input
# is first copied into an unlinked temporary file in $TMPDIR (else
# /tmp).  The pieces, standard output and status must be those of GNU
# 9.1's split of the same data in a file (the "~" inputs of check_):
# empty input, fewer bytes than chunks, around the buffer's size and
# past it.  While split spools, its temporary file is in the right
# directory and has no name; failing to write or make it is "cannot
# determine file size" with the reason, as GNU 9.2 says.  /dev/zero is
# refused as 9.1 refuses it.
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

: > s0
printf 'x' > s1
printf 'a\nb\n' > s4
make_random_ s4095 4095 1
make_random_ s4096 4096 2
make_random_ s4097 4097 3
make_random_ s30001 30001 4
seq 1 9000 > lines
make_random_ big 700000 5
ln -s /dev/zero zero || framework_failure_ ln

cases='-n 3|-n 7|-n l/3|-n l/7|-n 1/3|-n 3/3|-n 2/7|-n l/1/3|-n l/3/3|-e -n 7|-e -n l/7|-n 1'
oldifs=$IFS
# With a 4 KiB buffer: the small inputs are cut from memory, the others
# spooled.  With the default buffer: the large ones spooled.
for env in BRISK_IO_BUFSIZE=4096 ''; do
  brisk_env_=$env
  for in in s0 s1 s4 s4095 s4096 s4097 s30001 lines big; do
    test -z "$env" && case $in in s409*|s30001) continue ;; esac
    IFS='|'
    for args in $cases; do
      IFS=$oldifs
      # shellcheck disable=SC2086
      check_ "~$in" $args || fail=1
    done
    IFS=$oldifs
  done
done
brisk_env_=
# A device without an end is refused, as GNU 9.1 refuses it (GNU 9.2
# copies it until the file system is full).
for args in '-n 2' '-n l/2' '-n 1/2' '-n l/1/2'; do
  # shellcheck disable=SC2086
  check_ - $args /dev/zero || fail=1
  # shellcheck disable=SC2086
  check_ '<zero' $args || fail=1
done
test $fail = 0 && rm -rf g[0-9]* b[0-9]* diff[0-9]*

# spool_where_ TMPDIR-SETTING DIR: run split -n 2 on a named pipe fed
# more than a buffer, then held open; once split holds a descriptor on
# a file in DIR, check that the file has no name ("(deleted)" in /proc,
# and nothing in DIR if it is ours), then feed the rest and check the
# pieces.  TMPDIR-SETTING is "unset" or TMPDIR's value.
spool_where_ ()
{
  rm -f fin xaa xab && mkfifo fin || framework_failure_ mkfifo
  if test "$1" = unset; then
    (unset TMPDIR; exec "$brisk_bin_/split" -n 2 < fin) & pid=$!
  else
    (TMPDIR=$1; export TMPDIR; exec "$brisk_bin_/split" -n 2 < fin) &
    pid=$!
  fi
  exec 3> fin
  head -c 400000 big >&3
  link= i=0
  while test $i -lt 100 && test -z "$link"; do
    for fd in /proc/$pid/fd/*; do
      l=$(readlink "$fd" 2>/dev/null) || continue
      case $l in "$2"/*) link=$l ;; esac
    done
    test -n "$link" || sleep 0.05
    i=$((i + 1))
  done
  case $link in
    *' (deleted)') ;;
    *) echo "TMPDIR $1: no unlinked temporary file in $2: '$link'" >&2
       fail=1 ;;
  esac
  # Others may make files in /tmp meanwhile: look only in ours.
  test "$2" != "$PWD/tmpd" || test -z "$(ls -A "$2")" \
    || { echo "TMPDIR $1: a name was left in $2" >&2; fail=1; }
  tail -c +400001 big >&3
  exec 3>&-
  wait $pid || fail=1
  cat xaa xab | cmp - big || fail=1
  test $(wc -c < xaa) = 350000 || fail=1
}
if test -r /proc/self/fd/0; then
  mkdir tmpd || framework_failure_ mkdir
  spool_where_ "$PWD/tmpd" "$PWD/tmpd"
  spool_where_ unset /tmp
  spool_where_ '' /tmp
  spool_where_ "$PWD/nonexistent" /tmp
  spool_where_ "$PWD/big" /tmp
fi

# fsize_ LIMIT CMD...: run CMD with files limited to LIMIT bytes, and
# SIGXFSZ ignored, so that a write past it fails with EFBIG.
fsize_ ()
{
  python3 -c 'import os, resource, signal, sys
lim = int (sys.argv[1])
resource.setrlimit (resource.RLIMIT_FSIZE, (lim, lim))
signal.signal (signal.SIGXFSZ, signal.SIG_IGN)
os.execvp (sys.argv[2], sys.argv[2:])' "$@"
}

# Writing the temporary file fails: with the first buffer, or later.
mkdir fail && cd fail || framework_failure_ mkdir
for lim in 2000 300000; do
  cat ../big | (PATH=$brisk_bin_:$PATH TMPDIR=$PWD fsize_ $lim split -n 2) \
    2> err
  echo $? >> err
  printf '%s\n' 'split: -: cannot determine file size: File too large' 1 \
    > exp
  compare exp err || fail=1
  test -z "$(ls -A | grep -v '^err$' | grep -v '^exp$')" \
    || { echo "pieces or files left after a failed spool:" >&2; ls -A >&2
         fail=1; }
done
cd .. || framework_failure_ cd

# The temporary file cannot be made: GNU's two messages.
if ! touch /proc/brisk-probe 2>/dev/null; then
  cat big | (PATH=$brisk_bin_:$PATH TMPDIR=/proc split -n 2) 2> err
  echo $? >> err
  sed "s|^\(split: failed to create temporary file '/proc/cutmp\)......'|\1XXXXXX'|" \
    err > err2
  { echo "split: failed to create temporary file '/proc/cutmpXXXXXX':" \
         "No such file or directory"
    echo 'split: -: cannot determine file size: No such file or directory'
    echo 1; } > exp
  compare exp err2 || fail=1
fi

Exit $fail
