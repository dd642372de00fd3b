#!/bin/sh
# The install-mode fuzz target's seeds (tests/fuzz/corpus/install-mode) as
# command lines: our tool against GNU's answers, recorded by
# tests/fuzz/record-args in tests/fuzz/gnu/args/install-mode (see
# tests/fuzz/args-lib.sh), and against GNU coreutils 9.1 where it is
# installed.
. "$(dirname "$0")/../init.sh"
. "$srcdir/fuzz/args-lib.sh"

args_check install-mode 50
Exit $fail
