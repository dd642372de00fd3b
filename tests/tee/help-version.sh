#!/bin/sh
# --help and --version: exit 0, the usage line and every option listed, the
# version line as every Brisk tool's; both to a full or closed stdout fail
# as GNU's do.
. "$(dirname "$0")/lib.sh"

brisk_ tee --help > help || fail=1
sed 1q help > first
echo 'Usage: tee [OPTION]... [FILE]...' > exp
compare exp first || fail=1
for opt in '-a,' --append '-i,' --ignore-interrupts -p --output-error \
           warn-nopipe exit-nopipe --help --version; do
  grep -e "$opt" help >/dev/null \
    || { echo "--help does not mention $opt" >&2; fail=1; }
done

# GNU 9.2's line on -p.
grep -e 'With "nopipe" MODEs, exit immediately if all outputs become broken pipes\.$' \
  help > /dev/null || { echo "--help does not say what -p ends" >&2; fail=1; }

# The first line as every Brisk tool's: "tee (PACKAGE) VERSION".
brisk_ tee --version > version || fail=1
brisk_ md5sum --version | sed '1!d; s/^md5sum /tee /' > exp
sed 1q version > first
compare exp first || fail=1

# The texts differ from GNU's, the failures to print them must not.
for opt in --help --version; do
  for out in /dev/full closed; do
    tee_twin_ -o $out $opt || fail=1
  done
done
# --help wins over what follows it, as with GNU.
brisk_ tee --help --bogus > /dev/null || fail=1

Exit $fail
