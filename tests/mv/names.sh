#!/bin/sh
# Odd names, compared with GNU's mv: a newline, invalid UTF-8, a
# leading dash, blanks and quotes, in the source, the destination and
# the messages (-v, and the errors of a missing source and of a
# directory over a file).
. "$(dirname "$0")/lib.sh"

nl='a
b'
bad=$(printf 'x\377y')
odd ()
{
  printf 1 > "$nl" && printf 2 > "$bad" && printf 3 > -dash \
    && printf 4 > "it's here" && mkdir "dir $nl"
}

cp_twin_ odd -- -v "$nl" "$bad" "dir $nl" || fail=1
cp_twin_ odd -- -v -- -dash "it's here" "dir $nl" || fail=1
cp_twin_ odd -- "no $nl" "$bad" || fail=1
cp_twin_ odd -- -T "dir $nl" "$bad" || fail=1
Exit $fail
