#!/bin/sh
# Fault injection, sampled: tests/fault/walk --sample makes calls of
# each function class that each workload reaches fail (the first, the
# middle and the last call of the class, the kinds of fault in turn)
# and checks the invariant (see its head).  make fault-walk walks every
# call with every kind.
. "$(dirname "$0")/../init.sh"

sh "$srcdir/fault/walk" --sample || fail=1
Exit $fail
