#!/bin/sh
# The split-args fuzz target's seeds (tests/fuzz/corpus/split-args) as
# command lines: our tool against GNU's answers, recorded by
# tests/fuzz/record-args in tests/fuzz/gnu/args/split-args (see
# tests/fuzz/args-lib.sh) from GNU's newest split (9.10), whose reading
# of the counts Brisk follows, and against that split where make
# check-gnu has built it.
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/args-lib.sh"

args_check split-args 100
Exit $fail
