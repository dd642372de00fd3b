#!/bin/sh
# Fault injection, sampled: tests/fault/walk --sample makes one call of
# each function class that each workload reaches fail (the first, the
# middle or the last call of the class, the kinds of fault in turn)
# and checks the invariant (see its head); in a build with the
# sanitizers, whose processes start several times slower, --half does
# so for every other class.  make fault-walk walks every call with
# every kind.
. "$(dirname "$0")/../init.sh"

mode=--sample
test -z "${BRISK_SANITIZED-}" || mode=--half
sh "$srcdir/fault/walk" $mode || fail=1
Exit $fail
