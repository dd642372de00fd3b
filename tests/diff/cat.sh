#!/bin/sh
# Differential test of cat: random data (text, runs of empty lines,
# tabs, CRs, control and high bytes, long lines), random sets of -A -b
# -e -E -n -s -t -T -u -v (short, long, clustered, after the operands),
# several operands among them '-' (a file or a pipe), missing files and a
# directory, standard output a file, merged with standard error, full or
# closed (tests/diff/gen cat); standard output, standard error and exit
# status of GNU's cat and Brisk's must agree byte for byte, whatever
# BRISK_IO_BUFSIZE (three cases in five run Brisk's cat under one of 1,
# 3, 7, 64, 4096 rather than the default).
# Not generated: non-blocking descriptors (Brisk waits where GNU fails
# with EAGAIN; tests/cat/nonblocking.sh), an output that is also an
# input (tests/cat/input-is-output.sh).
# Seed and number of cases: DIFF_SEED, DIFF_CASES (see tests/diff/lib.sh).
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/lib.sh"

diff_run_ cat 90
Exit $fail
