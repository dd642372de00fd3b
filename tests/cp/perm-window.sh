#!/bin/sh
# cp -p and cp -a never give a new file more permission than its final
# mode, nor any to group and others while its owner is still to be set:
# a file of mode 0640 or 4750 owned by 1234:5678 (as root) is created
# with owner-only permissions, given its owner, and only then its mode
# (fchown clears the set-user-ID bit).  Onto an existing file of mode
# 0644, a source of mode 0600 or 0640 is written only once the
# destination's mode has been lowered to what both modes allow (and, as
# root, none for group and others while the group is still to be set):
# the new data is never readable by more than the source allows (GNU
# 9.1 writes it first, then sets the mode).  Seen with strace; as
# another user than root, the source is ours and only the rules on the
# modes are checked.
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

# Onto an existing file of mode 0644.  The calls on its descriptor, in
# order: each fchmod with its mode, and the first call that moves data
# into it (write, copy_file_range, or the ioctl FICLONE).
for m in 0600 0640; do
  chmod $m src || framework_failure_ chmod
  for opt in -p -a; do
    rm -f dst && echo 'old data, longer than the new' > dst \
      && chmod 0644 dst || framework_failure_ "make dst"
    strace -f -o trace \
      -e trace=openat,fchmod,fchmodat,write,copy_file_range,ioctl \
      "$cp" $opt src dst || fail=1
    fd=$(sed -n 's/.*openat([^,]*, "dst", [^)]*) = \([0-9]*\).*/\1/p' trace)
    if test -z "$fd"; then
      echo "cp $opt, $m onto dst: no opening of dst seen:"; cat trace; fail=1
      continue
    fi
    order=$(sed -n "s/^[0-9]* *fchmod($fd, \(0[0-7]*\)).*/\1/p
                    /^[0-9]* *write($fd, /{s/.*/data/p;q;}
                    /^[0-9]* *copy_file_range([0-9]*, NULL, $fd, /{s/.*/data/p;q;}
                    /^[0-9]* *ioctl($fd, [^,]*FICLONE/{s/.*/data/p;q;}" trace \
            | tr '\n' ' ')
    set -- $order
    # A lowering first: no bit beyond both modes' (and the final
    # mode's), none for group and others as root; then the data.
    if test $# -lt 2 || test "$2" != data \
       || test $(($1 & ~m & 07777)) -ne 0 \
       || { $root && test $(($1 & 077)) -ne 0; }; then
      echo "cp $opt, $m onto a 0644 dst: a lower mode, then the data," \
           "expected; got: $order"
      cat trace; fail=1
    fi
    exp=$(stat -c '%a %u:%g' src)
    got=$(stat -c '%a %u:%g' dst)
    test "$got" = "$exp" \
      || { echo "cp $opt, $m onto dst: dst is $got, not $exp"; fail=1; }
    compare src dst || fail=1
  done
done

Exit $fail
