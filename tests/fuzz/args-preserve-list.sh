#!/bin/sh
# The preserve-list fuzz target's seeds (tests/fuzz/corpus/preserve-list) as
# command lines: our tool against GNU's answers, recorded by
# tests/fuzz/record-args in tests/fuzz/gnu/args/preserve-list (see
# tests/fuzz/args-lib.sh), and against GNU coreutils 9.1 where it is
# installed.
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/args-lib.sh"

args_check preserve-list 60
Exit $fail
