#!/bin/sh
# An output that cannot be opened, under each --output-error mode, -p and
# none.  In the "exit" modes GNU's tee reports it and exits 1 at once: no
# byte copied anywhere, the files before it created (empty, or untouched
# with -a), those after it never created, standard input left unread.
# The other modes report it and go on.  Compared with GNU.
. "$(dirname "$0")/lib.sh"

printf 'data\n' > in
mkdir dir
printf 'old\n' > old

for i in in pipe:in; do
  for mode in '' -p --output-error --output-error=warn \
              --output-error=warn-nopipe --output-error=exit \
              --output-error=exit-nopipe; do
    for args in 'a d/x b' 'd/x a' 'a dir b d/x c' "a '' b" 'a b dir' \
                '-a old d/x b' 'a /dev/full d/x b'; do
      eval "set -- $args"
      # shellcheck disable=SC2086
      tee_twin_ -i $i $mode "$@" || fail=1
      # shellcheck disable=SC2086
      tee_twin_ -i $i -o closed $mode "$@" || fail=1
      # shellcheck disable=SC2086
      tee_twin_ -i $i -o /dev/full $mode "$@" || fail=1
    done
  done
done

# Standard input left unread in the "exit" modes: what follows in the same
# shell reads all of it.
for s in gnu brisk; do
  eval "bin=\$${s}_bin_"
  (PATH=$bin:$PATH
   { tee --output-error=exit a d/x b; echo "status $?"; cat; } < in \
     > $s.out 2>&1)
done
compare gnu.out brisk.out || fail=1

Exit $fail
