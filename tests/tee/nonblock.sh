#!/bin/sh
# Non-blocking standard input and output.  With data ready and room to
# write, the same as GNU.  When a read or write would block (EAGAIN), Brisk
# waits with poll and goes on, where GNU 9.1 reports the error: every byte
# must arrive, exit 0, nothing on stderr; through both the read/write path
# (input a file) and the kernel path (input a pipe), with and without -p.
. "$(dirname "$0")/lib.sh"

printf 'non-blocking\n' > small
make_random_ big 6000000 23

# feed_ FILE CMD...: run CMD with standard input a non-blocking pipe that
# holds FILE (under 64 KiB) and has no writer left: reads never block.
feed_ ()
{
  perl -e 'use Fcntl; my $f = shift;
    open (my $in, "<", $f) or die "$f: $!";
    local $/; my $d = <$in>;
    pipe (my $r, my $w) or die "pipe: $!";
    syswrite ($w, $d) == length $d or die "write: $!";
    close $w;
    open (STDIN, "<&", $r) or die "dup: $!";
    close $r;
    my $fl = fcntl (STDIN, F_GETFL, 0) or die;
    fcntl (STDIN, F_SETFL, $fl | O_NONBLOCK) or die;
    exec { $ARGV[0] } @ARGV or die "exec: $!"' "$@"
}

for s in gnu brisk; do
  eval "bin=\$${s}_bin_"
  rm -f a
  (PATH=$bin:$PATH; feed_ small tee a) > $s.out 2> $s.err
  echo $? >> $s.err
  cat a >> $s.out
  (PATH=$bin:$PATH; nonblock_ 1 tee a < small) 2>> $s.err | cat >> $s.out
  cat a >> $s.out
done
compare gnu.out brisk.out && compare gnu.err brisk.err || fail=1

# A slow reader: perl that reads a little and naps.
slow='while (sysread (STDIN, my $b, 4096)) { print $b;
  select (undef, undef, undef, 0.002) if ++$n % 64 == 0 }'

# check_ WHAT: the outputs a and out are whole and nothing was said.
check_ ()
{
  cmp -s big a && cmp -s big out && test ! -s err \
    || { echo "non-blocking, $1: outputs or messages wrong" >&2
         cat err >&2; fail=1; }
}

b=$brisk_bin_/tee
# Non-blocking stdin, input written late and in pieces.
(sleep 0.2; cat big) | nonblock_ 0 $b a 2> err > out
check_ "stdin, pipe"
# Non-blocking stdout, slow reader; input a file, then a pipe.
nonblock_ 1 $b a < big 2> err | perl -e "$slow" > out
check_ "stdout, file input"
cat big | nonblock_ 1 $b a 2> err | perl -e "$slow" > out
check_ "stdout, pipe input"
# Both.
(sleep 0.1; cat big) | nonblock_ 0,1 $b a 2> err | perl -e "$slow" > out
check_ "stdin and stdout"
# The same under -p, which also polls the pipe outputs before each
# round or read (GNU 9.2): a full non-blocking pipe is not a gone one.
cat big | nonblock_ 1 $b -p a 2> err | perl -e "$slow" > out
check_ "stdout, pipe input, -p"
(sleep 0.1; cat big) | nonblock_ 0,1 $b -p a 2> err | perl -e "$slow" > out
check_ "stdin and stdout, -p"
nonblock_ 1 $b --output-error=exit-nopipe a < big 2> err \
  | perl -e "$slow" > out
check_ "stdout, file input, exit-nopipe"

Exit $fail
