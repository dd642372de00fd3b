#!/bin/sh
# Inputs that are neither a pipe nor a regular file (a socket, a
# character device), to an output that is no pipe: cat splices them
# through a pipe of its own, as GNU 9.11 does, so that a failure is
# known to be the input's or the output's.  strace injects the
# failures.  Asserted:
#  - a socket to a file: a successful splice, and the bytes whole;
#  - the first splice in, or the first out, failing (nothing has gone
#    out yet): read and write take over, the bytes whole, status 0;
#  - a splice in failing after bytes went out: "cat: NAME: ..." and
#    status 1; a splice out failing so: "cat: write error: ..." and 1;
#  - no pipe to be had (EMFILE): read and write, the bytes whole;
#  - an output that refuses splices: the relay tried once, not once for
#    each input.
# Skipped without a working strace.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

require_strace_

make_random_ big 3000000 11
bcat=$brisk_bin_/cat

# from_socket_ FILE CMD...: run CMD with standard input a stream
# socket, into whose other end this writes FILE, then closes it; the
# status is CMD's (128 + N if signal N ended it).
from_socket_ ()
{
  perl -MSocket -e '
    my $file = shift @ARGV;
    socketpair (my $w, my $r, AF_UNIX, SOCK_STREAM, PF_UNSPEC) or die "$!";
    my $pid = fork // die "fork: $!";
    if ($pid == 0)
      {
        close $w;
        open (STDIN, "<&", $r) or die "$!";
        close $r;
        exec @ARGV or die "exec: $!";
      }
    close $r;
    open (my $f, "<", $file) or die "$file: $!";
    binmode $f;
    local $/;
    my $data = <$f>;
    print {$w} $data;
    close $w;
    waitpid ($pid, 0);
    exit ($? & 127 ? 128 + ($? & 127) : $? >> 8);' "$@"
}

# A socket to a file: splice moves the bytes.
from_socket_ big strace -o trace -e trace=splice "$bcat" > out || fail=1
compare big out || fail=1
grep -E '^splice\(.*= [1-9][0-9]*$' trace > /dev/null \
  || { echo "socket to file: no splice moved bytes:" >&2; cat trace >&2
       fail=1; }

# The first splice in (1) or out (2) fails: read and write take over.
for when in 1 2; do
  from_socket_ big strace -o /dev/null \
    -e inject=splice:error=EIO:when=$when "$bcat" > out 2> err \
    || { echo "splice $when failing: status $?" >&2; fail=1; }
  compare big out || fail=1
  compare /dev/null err || fail=1
done

# After bytes went out: the input's failure (3), the output's (4).
eio=$(perl -MPOSIX -e '$! = EIO; print "$!"')
for when in 3 4; do
  returns_ 1 timeout 10 strace -o /dev/null \
    -e inject=splice:error=EIO:when=$when "$bcat" /dev/zero \
    > /dev/null 2> err || fail=1
  if test $when = 3; then
    echo "cat: /dev/zero: $eio" > exp
  else
    echo "cat: write error: $eio" > exp
  fi
  sed "s|^$bcat:|cat:|" err > err2
  compare exp err2 || fail=1
done

# No pipe: read and write.
from_socket_ big strace -f -o /dev/null \
  -e inject=pipe,pipe2:error=EMFILE "$bcat" > out || fail=1
compare big out || fail=1
# An output that refuses splices (O_APPEND), for two inputs in turn (a
# terminal, whose ^D ends each "-"; in canonical mode each read or
# splice takes one line): the relay is tried for the first only, whose
# bytes read and write then move, and the second goes by read and
# write at once.  All four lines arrive, in order.
rm -f out trace
tty_run_ 'a\nb\n^Dc\nd\n^D' sh -c \
  'exec strace -o trace -e trace=splice "$0" - - >> out' "$bcat" > shown \
  || { echo "cat - - >> out, on a terminal: status $?" >&2; fail=1; }
printf 'a\nb\nc\nd\n' > exp && compare exp out || fail=1
test "$(grep -c '^splice(.*EINVAL' trace)" = 1 \
  || { echo "the relay was tried more than once:" >&2; cat trace >&2
       fail=1; }

Exit $fail
