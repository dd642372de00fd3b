#!/bin/sh
# tee's worker thread (see parallel-files.sh) is started for two files
# or more from a pipe, and not for one file, in the "exit" modes, or
# with one CPU (taskset); strace counts the clones.  The count with no
# file at all is the base: a sanitizer may start threads of its own.
. "$(dirname "$0")/lib.sh"
require_strace_

make_random_ in 3000000 38
b=$brisk_bin_/tee

# clones_ VAR [taskset -c N] TEE ARG...: set VAR to the count of clone
# calls of "cat in | TEE ARG... | cat" (under taskset if given); the
# output and every file among ARG must be whole.
clones_ ()
{
  cl_var_=$1
  shift
  rm -f f1 f2 out
  cat in | strace -f -o trace -e trace=clone,clone3 "$@" | cat > out
  for f in out f1 f2; do
    test $f = out || case " $* " in *" $f "*) ;; *) continue ;; esac
    cmp -s in $f || { echo "$*: $f differs from the input" >&2; fail=1; }
  done
  eval "$cl_var_=\$(grep -Ec '^[0-9]+ +clone3?\(' trace)"
}

clones_ n0 $b
clones_ n1 $b f1
clones_ ne $b --output-error=exit f1 f2
clones_ nx $b --output-error=exit-nopipe f1 f2
clones_ one taskset -c 0 $b f1 f2
test "$n1" = "$n0" \
  || { echo "a thread for one file ($n1 clones, $n0 without)" >&2; fail=1; }
test "$ne" = "$n0" && test "$nx" = "$n0" \
  || { echo "a thread in an exit mode ($ne, $nx clones)" >&2; fail=1; }
test "$one" = "$n0" \
  || { echo "a thread on one CPU ($one clones, $n0 without)" >&2; fail=1; }

if test "$(nproc)" -lt 2; then
  test $fail = 0 || Exit $fail
  skip_ "one CPU: no worker thread to see"
fi
clones_ n2 $b f1 f2
test "$n2" -gt "$n0" \
  || { echo "no thread for two files ($n2 clones)" >&2; fail=1; }

Exit $fail
