#!/bin/sh
# The split-args fuzz target's seeds (tests/fuzz/corpus/split-args) as
# command lines: our tool against GNU's answers, recorded by
# tests/fuzz/record-args in tests/fuzz/gnu/args/split-args (see
# tests/fuzz/args-lib.sh), and against GNU coreutils 9.1 where it is
# installed.
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/args-lib.sh"

args_check split-args 100
Exit $fail
