#!/bin/sh
# ./bootstrap finds what a fresh machine lacks: with commands taken out
# of PATH and Perl modules hidden (a module of the same name first in
# PERL5LIB that dies when loaded), "./bootstrap --print-missing" names
# their Debian packages, and on this machine, set up by ./bootstrap,
# nothing.  (Perl module names hold "::", which once cut the package
# name in two, so that libdigest-md2-perl was never installed.)
. "$(dirname "$0")/init.sh"

bootstrap=$test_dir_/../bootstrap
test -f "$bootstrap" || framework_failure_ "no $bootstrap"
sh=$(command -v sh)

# Nothing is missing here.
"$sh" "$bootstrap" --print-missing > out || fail=1
printf '\n' > exp
compare exp out || fail=1

# A PATH of links to every command but strace and busybox: one ln per
# directory of PATH (a process per command took minutes here); the
# first directory that has a name wins, as in PATH, since ln will not
# replace a link.
mkdir path perl5 perl5/Digest || framework_failure_ mkdir
old_ifs=$IFS
IFS=:
for d in $PATH; do
  IFS=$old_ifs
  test -d "$d" || continue
  ln -s "$d"/* path/ 2> /dev/null
done
IFS=$old_ifs
rm -f path/strace path/busybox
test -e path/strace && framework_failure_ "strace still in PATH"
for m in MD2 MD4; do
  echo 'die "hidden by tests/bootstrap-deps.sh\n";' > perl5/Digest/$m.pm
done
PERL5LIB=$PWD/perl5 perl -MDigest::MD2 -e 1 2> /dev/null \
  && framework_failure_ "Digest::MD2 not hidden"

PATH=$PWD/path PERL5LIB=$PWD/perl5 "$sh" "$bootstrap" --print-missing \
  > out || fail=1
echo 'strace busybox libdigest-md2-perl libdigest-md4-perl' > exp
compare exp out || fail=1

# One module hidden: only its package.
rm perl5/Digest/MD2.pm
PERL5LIB=$PWD/perl5 "$sh" "$bootstrap" --print-missing > out || fail=1
echo 'libdigest-md4-perl' > exp
compare exp out || fail=1

Exit $fail
