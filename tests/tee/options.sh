#!/bin/sh
# Option parsing as GNU's: invalid and ambiguous options and --output-error
# modes (messages listing the valid modes), abbreviations, clusters, "--",
# and each mode accepted on a normal run; outputs compared with GNU.
. "$(dirname "$0")/lib.sh"

printf 'line one\nline two\n' > in

for args in -x --bogus --output-error=foo --output-error= --output-error=w \
            --output-error=e --output-error=exit- --output-err=nope \
            '--output-error foo' -pz --append=x --a \
            '--output-error=warn --bogus'; do
  # shellcheck disable=SC2086
  tee_twin_ -i in $args || fail=1
done

for args in '' -a -i -p -aip --append --ignore-interrupts --output-error \
            --output-error=warn --output-error=warn-nopipe \
            --output-error=exit --output-error=exit-nopipe \
            --output-error=warn-n --output-error=exit-n --output-e=ex \
            '--app --ign' '-- -a' '-p --output-error=exit -p' \
            '-a -- --help'; do
  # shellcheck disable=SC2086
  tee_twin_ -i in $args out || fail=1
  # shellcheck disable=SC2086
  tee_twin_ -i pipe:in $args out || fail=1
done

Exit $fail
