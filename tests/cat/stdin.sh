#!/bin/sh
# Standard input: no operands, "-", "-" twice, between files, from a file,
# a pipe or /dev/null, closed; formatted and not.  Compared with GNU's cat.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/corpus.sh"

for opts in '' -n -A; do
  for in in text pipe:text ctrl pipe:ctrl /dev/null; do
    twin_ -i $in cat $opts || fail=1
    twin_ -i $in cat $opts - || fail=1
    twin_ -i $in cat $opts text - nonl || fail=1
    twin_ -i $in cat $opts - - text - || fail=1
  done
  # Closed: "-: Bad file descriptor", then "closing standard input".
  twin_ -i closed -o merged cat $opts || fail=1
  twin_ -i closed -o merged cat $opts text - nonl || fail=1
  # Never read: no complaint about closed standard input.
  twin_ -i closed cat $opts text || fail=1
done

# A file named "-" is reached as "./-".
echo dash > ./-
twin_ -i text cat ./- - || fail=1
Exit $fail
