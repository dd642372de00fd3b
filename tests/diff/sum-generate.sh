#!/bin/sh
# Differential test of the *sum tools without --check: random operands
# (names with newlines, backslashes, carriage returns, non-UTF-8 bytes,
# leading blanks and '*', '-', missing files, directories) and random
# sets of --tag -z -b -t (now and then a check-only option, an error),
# standard input a file, a pipe, /dev/null or closed (tests/diff/gen
# sums); standard output, standard error and exit status of GNU's tool
# and Brisk's must agree byte for byte, also with a small
# BRISK_IO_BUFSIZE.  md2sum and md4sum through init.sh's emulation.
# Not generated: non-blocking descriptors (Brisk waits where GNU fails
# with EAGAIN), standard output a closed pipe.
# Seed and number of cases: DIFF_SEED, DIFF_CASES (see tests/diff/lib.sh).
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

diff_run_ sums 50
Exit $fail
