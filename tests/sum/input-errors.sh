#!/bin/sh
# Operands that cannot be read: missing file, empty name, directory, a path
# through a regular file, a symlink loop, a too-long name, an unreadable file
# (not as root), a read error after a successful open (/proc/self/mem);
# the tool reports each, goes on with the next operand and exits 1;
# compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'good\n' > good
mkdir dir
ln -s loop loop
long=$(awk 'BEGIN { s = "n"; while (length (s) < 300) s = s "n"; print s }')

if test "$(id -u)" != 0; then
  printf 'secret\n' > unreadable && chmod 000 unreadable \
    || framework_failure_ "chmod 000"
  unreadable=unreadable
else
  unreadable=    # root reads mode-000 files anyway
fi

for t in $some_sum_tools; do
  for opts in '' --tag -z -b; do
    twin_ $t $opts missing || fail=1
    twin_ $t $opts '' || fail=1
    twin_ $t $opts dir || fail=1
    twin_ $t $opts good/x || fail=1
    twin_ $t $opts loop || fail=1
    twin_ $t $opts "$long" || fail=1
    twin_ $t $opts good missing dir good || fail=1
    twin_ $t $opts missing good || fail=1
    if test -n "$unreadable"; then
      twin_ $t $opts "$unreadable" good || fail=1
    fi
    if test -r /proc/self/mem; then
      twin_ $t $opts /proc/self/mem good || fail=1
    fi
  done
  ref_ $t good > list.chk
  d=$(sed 's/ .*//' list.chk)
  printf '%s  dir\n%s  loop\n' $d $d >> list.chk
  if test -r /proc/self/mem; then
    printf '%s  /proc/self/mem\n' $d >> list.chk
  fi
  if test -n "$unreadable"; then
    printf '%s  %s\n' $d "$unreadable" >> list.chk
  fi
  twin_ $t -c list.chk || fail=1
  twin_ $t -c --ignore-missing list.chk || fail=1
done

Exit $fail
