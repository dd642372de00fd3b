#!/bin/sh
# cat reading a terminal and writing to it ends at the first end of
# file the terminal gives (^D), after a line or at once, with status 0
# and the line copied.  That input is spliced through a pipe of cat's
# own (tests/cat/relay.sh): a terminal says end of file once, so when
# the splice sees it cat must end, not hand over to read, which would
# wait for another.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
# What the terminal shows: the line echoed, then cat's copy of it.
for line in 'a b' ''; do
  tty_run_ "${line:+$line\n}^D" "$brisk_bin_/cat" > out
  status=$?
  test $status = 0 \
    || { echo "cat (line: \"$line\") ended with status $status" \
              "(124: not within 10 s of ^D)" >&2; fail=1; }
  if test -n "$line"; then
    printf '%s\n%s\n' "$line" "$line" > exp
  else
    : > exp
  fi
  compare exp out || fail=1
done
Exit $fail
