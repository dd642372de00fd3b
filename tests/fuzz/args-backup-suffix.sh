#!/bin/sh
# The backup-suffix fuzz target's seeds (tests/fuzz/corpus/backup-suffix) as
# command lines: our tool against GNU's answers, recorded by
# tests/fuzz/record-args in tests/fuzz/gnu/args/backup-suffix (see
# tests/fuzz/args-lib.sh), and against GNU coreutils 9.1 where it is
# installed.
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/args-lib.sh"

args_check backup-suffix 100
Exit $fail
