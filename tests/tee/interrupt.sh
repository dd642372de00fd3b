#!/bin/sh
# -i (--ignore-interrupts): SIGINT does not stop tee, which goes on copying;
# without it SIGINT kills tee.  Status and outputs compared with GNU.
. "$(dirname "$0")/lib.sh"

# int_ BIN OPT: run "tee OPT a" from BIN (SIGINT at its default action) on
# input "one", SIGINT it once "one" is out, then send "two"; print its
# status and the outputs.
int_ ()
{
  rm -f a out go
  { echo one; while test ! -f go; do sleep 0.02; done; echo two; } \
    | PATH=$1:$PATH perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' tee $2 a \
      > out &
  pid=$!
  n=0
  while test ! -s out && test $n -lt 500; do sleep 0.02; n=$((n + 1)); done
  kill -INT $pid
  sleep 0.05
  touch go
  wait $pid
  echo "status $?"
  cat a out
}

for opt in -i --ignore-interrupts -a; do
  int_ "$gnu_bin_" $opt > exp 2>&1
  int_ "$brisk_bin_" $opt > got 2>&1
  compare exp got || { echo "differ: tee $opt, SIGINT" >&2; fail=1; }
done

Exit $fail
