#!/bin/sh
# Buffer boundaries: Brisk's split with buffers of 7 and 64 bytes
# (BRISK_IO_BUFSIZE) against GNU's with its own, on inputs whose lines
# are shorter and longer than the buffer, with and without a final
# newline, from a file and from a pipe, for every way of cutting that
# reads the input; and -l with blocks of 200 and 4096 bytes.
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

awk 'BEGIN { srand(7); for (i = 0; i < 80; i++) {
  n = int(rand() * rand() * 60); s = "";
  for (j = 0; j < n; j++) s = s sprintf("%c", 97 + int(rand() * 26));
  print s } }' > mixed
{ cat mixed; printf 'tail-without-newline'; } > nofinal

# Buffers of 7 bytes on every cut, from a file; 64 bytes and pipes on
# the cuts that keep state across blocks (lines, -C's held line).
brisk_env_=BRISK_IO_BUFSIZE=7
for in in mixed nofinal; do
  for args in '-l 7' '-C 5' '-C 7' '-C 8' '-C 60' '-C 200' '-n l/5' \
              '-n l/3/5' '-n r/4' '-n r/4/4' '-b 50'; do
    # shellcheck disable=SC2086
    check_ - $args ../../$in || fail=1
  done
done
for size in 7 64; do
  brisk_env_=BRISK_IO_BUFSIZE=$size
  for args in '-l 7' '-C 8' '-C 60' '-n r/4' '-b 50'; do
    # shellcheck disable=SC2086
    check_ "|nofinal" $args || fail=1
  done
done

# -l counts a block's lines 64 bytes at a time: blocks of several such
# stretches, with pieces ending in some blocks and not in others.
awk 'BEGIN { srand(8); for (i = 0; i < 3000; i++) {
  n = int(rand() * 90); s = "";
  for (j = 0; j < n; j++) s = s "x";
  print s } }' > longer
for size in 200 4096; do
  brisk_env_=BRISK_IO_BUFSIZE=$size
  for args in '-l 3' '-l 7' '-l 100' '-l 2999'; do
    # shellcheck disable=SC2086
    check_ - $args ../../longer || fail=1
  done
done

echo "$check_n_ cases"
Exit $fail
