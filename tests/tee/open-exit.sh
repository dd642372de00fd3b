#!/bin/sh
# An output that cannot be opened, under each --output-error mode, -p and
# none.  In the "exit" modes GNU's tee reports it and exits 1 at once: no
# byte copied anywhere, the files before it created (empty, or untouched
# with -a), those after it never created, standard input left unread.
# The other modes report it and go on.  Standard input a file, a pipe, or
# closed; standard output a file, closed, or /dev/full.  Compared with GNU.
. "$(dirname "$0")/lib.sh"

printf 'data\n' > in
mkdir dir
printf 'old\n' > old

for i in in pipe:in closed; do
  # -p is --output-error and --output-error=warn-nopipe (options.sh
  # checks those spellings): one of the three runs here.
  for mode in '' -p --output-error=warn --output-error=exit \
              --output-error=exit-nopipe; do
    for args in 'a d/x b' 'd/x a' 'a dir b d/x c' "a '' b" '-a old d/x b' \
                'a /dev/full d/x b'; do
      test $i = closed && test "$args" != 'a d/x b' && continue
      eval "set -- $args"
      # shellcheck disable=SC2086
      tee_twin_ -i $i $mode "$@" || fail=1
    done
    test $i = closed && continue
    for out in closed /dev/full; do
      # shellcheck disable=SC2086
      tee_twin_ -i $i -o $out $mode a d/x b || fail=1
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
