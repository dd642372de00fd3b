#!/bin/sh
# split against GNU's split 9.1, case by case from a table: the files
# made (names and bytes), standard output and error, exit status.  Every
# way of cutting (-b, -l, -C, -NUM, -n N, K/N, l/N, l/K/N, r/N, r/K/N)
# with suffix options, separators and -e, on inputs that are empty,
# lack a final newline, hold one long line, NULs or no newline at all,
# from a file, a regular file on standard input and a pipe (for -n N,
# K/N, l/N and l/K/N of a pipe, which GNU 9.1 refuses, GNU 9.1's cut of
# the file: GNU 9.2 and later cut the pipe the same).
. "$(dirname "$0")/../init.sh"
. "$test_dir_/lib.sh"

printf '' > empty
printf 'a' > one
printf 'abc\ndef\n\nghij\nk\nlmnopqrstuvwxyz\n' > lines
printf 'abc\ndef\n\nghij\nk\nlmno' > nofinal
awk 'BEGIN { for (i = 1; i <= 2000; i++) print i, substr("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1, i % 37) }' > many
{ head -c 300 /dev/zero | tr '\0' y; printf '\nshort\n'; } > long
printf 'a\0bb\0\0ccc\0dddd' > nuls
make_random_ rand 70000 3
head -c 1320 many > widen     # -b 2: 660 pieces, past xyz to xzaaa

# Each line: the input spec for check_ (see lib.sh), then the options.
# The file operand, when there is one, comes last.
while read -r in args; do
  # shellcheck disable=SC2086
  check_ "$in" $args || fail=1
done <<'TABLE'
- ../../empty
- -b 1 ../../empty
- -n 3 ../../empty
- -n l/3 ../../empty
- -n r/3 ../../empty
- -e -n 3 ../../empty
- -n 2/3 ../../empty
- -b 1 ../../one
- -l 1 ../../one
- -n 4 ../../one
- -e -n l/4 ../../one
- -l 2 ../../lines
- -l 2 ../../nofinal
- -3 ../../nofinal
- -1 -2 ../../lines
- -b 5 ../../lines
- -b 5 ../../nofinal
- -C 5 ../../lines
- -C 6 ../../nofinal
- -C 3 ../../lines
- -C 1 ../../lines
- -C 16 ../../lines
- -C 17 ../../lines
- -C 100 ../../long
- -C 150 ../../long
- -C 307 ../../long
- -C 1000 ../../many
- -C 111 ../../many
- -l 100 ../../many
- -b 1k ../../many
- -b 1KiB ../../many
- -b 1kB ../../many
- -b 2b ../../many
- -n 3 ../../lines
- -n 7 ../../many
- -n 1/7 ../../many
- -n 7/7 ../../many
- -n 4/7 ../../many
- -n l/7 ../../many
- -n l/3/7 ../../many
- -n l/7/7 ../../many
- -n l/5 ../../long
- -n l/2/5 ../../long
- -n l/5/5 ../../long
- -e -n l/5 ../../long
- -n l/4 ../../lines
- -n l/4 ../../nofinal
- -n l/40 ../../lines
- -e -n l/40 ../../lines
- -n r/3 ../../lines
- -n r/3 ../../nofinal
- -n r/2/3 ../../lines
- -n r/7 ../../many
- -n r/40 ../../lines
- -e -n r/40 ../../lines
- -u -n r/3 ../../many
- -n r/3/3 ../../many
- -t \0 -l 2 ../../nuls
- -t \0 -n l/3 ../../nuls
- -t \0 -n r/2 ../../nuls
- -t \0 -C 4 ../../nuls
- -t b -l 1 ../../nuls
- -t y -C 40 ../../long
- -d -b 1 ../../lines
- -x -b 1 ../../lines
- --numeric-suffixes=7 -b 3 ../../lines
- --hex-suffixes=09 -b 3 ../../lines
- --numeric-suffixes=009 -l 2 ../../lines
- -a 1 -b 5 ../../lines
- -a 4 -l 3 ../../lines
- -a 0 -l 3 ../../lines
- -a 3 -n 5 ../../lines
- -d -n 12 ../../many
- --numeric-suffixes=5 -n 6 ../../many
- --numeric-suffixes=99 -n 3 ../../many
- --additional-suffix=.txt -l 5 ../../lines
- --additional-suffix=.t -d -n r/3 ../../lines
- -l 2 ../../lines pre_
- -b 1000 ../../rand
- -b 4096 ../../rand
- -b 69999 ../../rand
- -b 70000 ../../rand
- -b 70001 ../../rand
- -n 9 ../../rand
- -n 5/9 ../../rand
- -n l/9 ../../rand
- -n r/4 ../../rand
- -C 4000 ../../rand
- -l 30 ../../rand
- -b 1 ../../lines
- -b 2 ../../widen
- -d -b 500 ../../many
- --verbose -l 500 ../../many
- --verbose -n r/3 ../../lines
- --verbose -e -n 10 ../../lines
- --filter=cat>$FILE.f -l 600 ../../many
- --filter=wc -n 3 ../../many
- --verbose --filter=cat>$FILE -b 9999 ../../many
<lines -l 2
<lines -l 2 -
<nofinal -n 3
<many -n l/3
<many -n 2/3
<rand -b 1000
|many -l 333
|many -b 777
|nofinal -C 5
|many -n r/5
|many -n r/2/5
~many -n 3
~many -n l/3
~many -n 2/3
|rand -b 30000
TABLE

# -b of the input read once already: from its offset on.
check_ '<many' -n 2 || fail=1

# Lines counted many to a block: pieces that end in every place of a
# 64-byte stretch, and in the random file's lines.
awk 'BEGIN { for (i = 1; i <= 3000; i++) print substr("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 1, i % 71) }' > lows
for n in 7 63 64 65 1000; do
  check_ - -l $n ../../lows || fail=1
done
check_ - -l 37 ../../rand || fail=1
check_ '<rand' -l 500 || fail=1

# A separator above 0x7f: GNU 9.1 takes it for no -t at all (newline),
# so Brisk's pieces are checked against GNU's of the same text with
# newlines, each piece turned back.
tr '\n' '\377' < lows > highs
for n in 7 64 1000; do
  mkdir h$n h$n/g h$n/b || framework_failure_
  (cd h$n/g && "$(gnu_tool split)" -l $n ../../lows &&
   for f in x*; do tr '\n' '\377' < $f > $f.t && mv $f.t $f; done &&
   cd ../b && "$BRISK_BIN/split" -t "$(printf '\377')" -l $n ../../highs) ||
    fail=1
  diff -r h$n/g h$n/b > /dev/null || { echo "FAIL: -t \\377 -l $n"; fail=1; }
done

# A hexadecimal start value with a letter: GNU 9.1 takes the letter's
# distance from '0' as its index in the alphabet and reads past it
# (names such as x0: and x0l, from whatever follows in its memory);
# Brisk counts on from it.
printf 'a\nb\nc\n' > abc
mkdir hex && (cd hex && "$BRISK_BIN/split" --hex-suffixes=0e -l 1 ../abc) \
  || fail=1
printf 'x0e\nx0f\nx10\n' > exp
ls hex > out && compare exp out || fail=1

echo "$check_n_ cases"
Exit $fail
