#!/bin/sh
# 64 MiB of random data through tee to three files and a pipe, from a pipe
# (the kernel path) and from a file: every output identical to the input
# (compared with cmp, which is faster than a digest and misses nothing).
# Again with a slow pipe reader, so that the pipe takes the data in uneven
# pieces, with a non-blocking stdout, and with named pipes as outputs.
. "$(dirname "$0")/lib.sh"

make_random_ big 67108864 29
b=$brisk_bin_/tee

# check_ WHAT: the outputs f1 f2 f3 out are the input.
check_ ()
{
  for f in f1 f2 f3 out; do
    cmp -s big $f || { echo "$1: $f differs from the input" >&2; fail=1; }
  done
  test ! -s err || { echo "$1: messages:" >&2; cat err >&2; fail=1; }
  rm -f f1 f2 f3 out
}

cat big | $b f1 f2 f3 2> err | cat > out
check_ "pipe input"
$b f1 f2 f3 < big 2> err | cat > out
check_ "file input"

slow='while (sysread (STDIN, my $b, 1 + int rand 20000)) { print $b;
  select (undef, undef, undef, 0.001) if ++$n % 256 == 0 }'
cat big | $b f1 f2 f3 2> err | perl -e "$slow" > out
check_ "pipe input, slow reader"
cat big | nonblock_ 1 $b f1 f2 f3 2> err | perl -e "$slow" > out
check_ "pipe input, slow reader, non-blocking stdout"
# Outputs that are named pipes, read at different speeds.
mkfifo p1 p2 || framework_failure_ mkfifo
cat p1 > f1 &
perl -e "$slow" < p2 > f2 &
cat big | $b p1 p2 f3 2> err | perl -e "$slow" > out
wait
check_ "pipe input, named pipe outputs"

Exit $fail
