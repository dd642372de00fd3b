#!/bin/sh
# Every formatting option alone and in every combination of -b -E -n -s -T
# -v, on single files and on several files at once (numbering, -s and a
# line without newline run on across files), compared byte for byte with
# GNU's cat.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
. "$test_dir_/corpus.sh"

sets='text,nonl,text,blank,blank
blank,crlf,empty,ctrl,nonl,blank,crlf'

for b in '' -b; do
  for E in '' -E; do
    for n in '' -n; do
      for s in '' -s; do
        for T in '' -T; do
          for v in '' -v; do
            for set in $sets; do
              files=$(echo $set | tr , ' ')
              twin_ cat $b $E $n $s $T $v $files || fail=1
            done
          done
        done
      done
    done
  done
done

# The shorthands, long options and -u, clustered or not, options after
# operands, and "--".
for opts in -A -e -t -u -vET -bn -nb -uA -Ab -et -sbA --show-all \
  --number-nonblank --number --squeeze-blank --show-ends --show-tabs \
  --show-nonprinting '--num -b' '--show-e --show-t' '-u -n' ; do
  twin_ cat $opts text ctrl crlf || fail=1
done
twin_ cat text -n ctrl -E || fail=1
twin_ cat -n -- text -E || fail=1
Exit $fail
