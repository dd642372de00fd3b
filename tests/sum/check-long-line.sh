#!/bin/sh
# md5sum --check of a check file holding one line of 100 MiB holds that
# line once: under "ulimit -v" set 160 MiB above what the same check of
# a short line needs, the line read by getline (in a buffer of up to
# 120 MiB: it doubles from 120 bytes) fits, a second copy does not.
# Brisk's md5sum copied each line it queued for its pool of files
# (206 MB of memory at its peak; GNU's 104 MB).  Two lines: one that
# is not a check line (100 MiB of 'a'), and one that names a file of
# 100 MiB (too long a name: its message quotes it, here as it is, as
# no character of it needs quoting).  The messages, the output and the
# status are GNU's.
# In a build with the sanitizers (BRISK_SANITIZED), whose run-time
# reserves terabytes of address space, no "ulimit -v" can hold the
# tool: there only the outputs are compared.
. "$(dirname "$0")/../init.sh"

(ulimit -v 100000) 2>/dev/null || skip_ "this shell lacks ulimit -v"
use_tool_ md5sum
budget=true
test -z "${BRISK_SANITIZED-}" || budget=false

mib=1048576
head -c $((100 * mib)) /dev/zero | tr '\0' a > name \
  && { cat name; echo; } > improper.md5 \
  && { printf '%032d  ' 0; cat name; echo; } > proper.md5 \
  && rm name && printf '%032d  short\n' 0 > short.md5 \
  && test "$(wc -c < proper.md5)" = $((100 * mib + 35)) \
  || framework_failure_ "the check files"

# The least "ulimit -v" (KiB) under which the short line's check runs
# to its end (status 1: no file "short"), to 50 KiB.
lo=500 hi=400000
while $budget && test $((hi - lo)) -gt 50; do
  mid=$(((lo + hi) / 2))
  (ulimit -v $mid && exec "$brisk_bin_/md5sum" -c short.md5) > /dev/null 2>&1
  if test $? = 1; then
    hi=$mid
  else
    lo=$mid
  fi
done
! $budget || test $hi -lt 400000 || framework_failure_ "md5sum -c short.md5"
limit=$((hi + 160 * 1024))

# run_ SIDE FILE: md5sum -c FILE as SIDE's (gnu, or brisk: under the
# limit, if any), run as a bare "md5sum" as both name themselves in
# their messages; print its status and the checksums of its outputs.
run_ ()
{
  (
    if test $1 = gnu; then
      PATH=$gnu_bin_:$PATH
    else
      PATH=$brisk_bin_:$PATH
      ! $budget || ulimit -v $limit || exit 99
    fi
    exec md5sum -c $2
  ) > out 2> err
  echo "status $?, out $(cksum < out), err $(cksum < err)"
  rm -f out err
}

for f in improper.md5 proper.md5; do
  gnu=$(run_ gnu $f) && brisk=$(run_ brisk $f) \
    || framework_failure_ "run $f"
  test "$gnu" = "$brisk" \
    || { echo "$f: GNU: $gnu; Brisk: $brisk"; fail=1; }
done

Exit $fail
