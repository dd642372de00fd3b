#!/bin/sh
# cp -p and cp -a never give a new file more permission than its final
# mode, nor any to group and others while its owner is still to be set:
# a file of mode 0640 or 4750 owned by 1234:5678 (as root) is created
# with owner-only permissions, given its owner, and only then its mode
# (fchown clears the set-user-ID bit).  Seen with strace; as another
# user than root, the source is ours and only the first rule is checked.
. "$(dirname "$0")/../init.sh"

require_strace_
cp=$BRISK_BIN/cp
test -x "$cp" || framework_failure_ "$cp missing"

echo data > src || framework_failure_ "make src"
root=false
if test "$(id -u)" = 0; then
  root=true
  chown 1234:5678 src || framework_failure_ chown
fi

for m in 0640 04750; do
  chmod $m src || framework_failure_ chmod
  for opt in -p -a; do
    rm -f dst
    strace -f -o trace -e trace=openat,fchmod,fchmodat,fchown,fchownat \
      "$cp" $opt src dst || fail=1
    # The creation: openat(AT_FDCWD, "dst", ...O_CREAT..., 0MODE) = FD.
    made=$(sed -n 's/.*openat([^,]*, "dst", [^,]*O_CREAT[^,]*, '\
'\(0[0-7]*\)) = \([0-9]*\).*/\1 \2/p' trace)
    set -- $made
    if test $# -ne 2; then
      echo "cp $opt, $m: no creation of dst seen:"; cat trace; fail=1
      continue
    fi
    mode=$1 fd=$2
    # No bit beyond the final mode's; none for group and others as root.
    if test $((mode & ~m)) -ne 0 \
       || { $root && test $((mode & 077)) -ne 0; }; then
      echo "cp $opt, $m: dst created with mode $mode"; fail=1
    fi
    # As root: the owner, then the mode, on the new file's descriptor.
    if $root; then
      order=$(sed -n "s/^[0-9]* *fchown($fd, 1234, 5678).*/owner/p
                      s/^[0-9]* *fchmod($fd, $m).*/mode/p" trace \
              | tr '\n' ' ')
      test "$order" = "owner mode " \
        || { echo "cp $opt, $m: fchown then fchmod expected, got: $order"
             cat trace; fail=1; }
    fi
    # The copy's attributes.
    exp=$(stat -c '%a %u:%g' src)
    got=$(stat -c '%a %u:%g' dst)
    test "$got" = "$exp" \
      || { echo "cp $opt, $m: dst is $got, not $exp"; fail=1; }
  done
done

Exit $fail
