#!/bin/sh
# Differential test of tee: random outputs (new and existing files,
# /dev/null, a file in a missing directory, a directory, '-', an empty
# name, one file named twice, the input itself), random sets of -a -i -p
# and --output-error[=MODE] (every mode, abbreviations, bad ones),
# standard input a file, a pipe or /dev/null, standard output a file,
# /dev/full or closed (tests/diff/gen tee); standard output, standard
# error, exit status and every file left behind must agree byte for byte
# between GNU's tee and Brisk's, also with a small BRISK_IO_BUFSIZE.
# Not generated: pipes as outputs (which end GNU's tee with SIGPIPE at a
# point that depends on timing; tests/tee/early-close.sh), non-blocking
# descriptors (Brisk waits where GNU fails with EAGAIN;
# tests/tee/nonblock.sh), unwritable files (the tests run as root here),
# signals (-i), the input appended to (-a in) as it is read (it grows for
# ever).  Where -a names one file twice and the input is a pipe, the
# input is at most 8 KiB: GNU's tee reads 8 KiB at a time, and such a
# file holds each piece once per descriptor, in pieces that, from a
# pipe, depend on timing.
# Seed and number of cases: DIFF_SEED, DIFF_CASES (see tests/diff/lib.sh).
. "$(dirname "$0")/../tee/lib.sh"
. "$test_dir_/lib.sh"

# On a mismatch, also say where each output file first differs.
diff_case_ ()
{
  tee_twin_ -i "$input" ${output:+-o "$output"} "$@" && return 0
  for f in $(cd "$cmp_/gnu.d" && find . -type f ! -name case | sort); do
    f=${f#./}
    cmp -s "$cmp_/gnu.d/$f" "$cmp_/brisk.d/$f" 2>/dev/null && continue
    echo "-- $f: gnu $(wc -c < "$cmp_/gnu.d/$f") bytes," \
         "brisk $(wc -c < "$cmp_/brisk.d/$f" 2>/dev/null || echo no) bytes" >&2
    cmp "$cmp_/gnu.d/$f" "$cmp_/brisk.d/$f" >&2
  done
  return 1
}

diff_run_ tee 60
Exit $fail
