#!/bin/sh
# Differential test of the *sum tools' --check: pseudo-random check files
# (tests/diff/gen check) run by GNU's tool and Brisk's; standard output,
# standard error and exit status must agree byte for byte.  The check
# files mix GNU lines (two spaces, ' *'), BSD tag lines and reversed
# one-space lines, escaped lines (a leading backslash, bad escapes, NUL
# bytes), digests that are right, wrong, upper case, not hex, too short
# or long, comments, blank and garbage lines, CR LF ends, names of
# missing files, directories and '-'; several check files in one run,
# one on standard input (a file or a pipe); random sets of
# --ignore-missing --quiet --status --strict -w (and now and then -z,
# --tag, -b, -t, which GNU refuses with --check); now and then standard
# error merged into standard output, or a small BRISK_IO_BUFSIZE.
# md2sum and md4sum are compared through init.sh's emulation.  Not
# generated: non-blocking descriptors, standard output a closed pipe.
# Seed and number of cases: DIFF_SEED, DIFF_CASES (see tests/diff/lib.sh).
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

diff_run_ check 100
Exit $fail
