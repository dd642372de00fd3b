#!/bin/sh
# Non-blocking standard input and output (pipes with O_NONBLOCK set, fed
# or drained slowly): cat waits out EAGAIN and loses nothing, on every
# path (splice, read/write, formatting).  GNU's cat 9.1 fails here
# ("Resource temporarily unavailable"), so the expected output is the
# input itself, or GNU's formatting of it.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

make_random_ data 1000003 11
bcat=$brisk_bin_/cat

# Perl: set O_NONBLOCK on standard input ("in"), output ("out") or both,
# then run the rest.
nb='use Fcntl; my $w = shift;
for my $h ($w =~ /in|both/ ? (\*STDIN) : (),
           $w =~ /out|both/ ? (\*STDOUT) : ()) {
  my $fl = fcntl ($h, F_GETFL, 0) or die "F_GETFL: $!";
  fcntl ($h, F_SETFL, $fl | O_NONBLOCK) or die "F_SETFL: $!" }
exec @ARGV or die "exec: $!"'
# Perl: copy standard input to output in pieces of $ARGV[0] bytes with a
# pause of 2 ms after each.
slow='use Time::HiRes "sleep"; binmode STDIN; binmode STDOUT; $| = 1;
while (read (STDIN, my $buf, $ARGV[0])) { print $buf; sleep 0.002 }'

for opts in '' -n -v; do
  if test -z "$opts"; then cp data exp; else ref_ cat $opts data > exp; fi

  perl -e "$slow" 65536 < data | perl -e "$nb" in "$bcat" $opts > out 2> err
  st=$?
  test $st = 0 && compare exp out && compare /dev/null err \
    || { echo "cat $opts: slow non-blocking input (status $st)" >&2; fail=1; }

  : > out
  perl -e "$slow" 65536 < data | perl -e "$nb" in "$bcat" $opts >> out 2> err
  st=$?
  test $st = 0 && compare exp out && compare /dev/null err \
    || { echo "cat $opts: slow non-blocking input, append (status $st)" >&2
         fail=1; }

  perl -e "$nb" out "$bcat" $opts data 2> err | perl -e "$slow" 65536 > out
  compare exp out && compare /dev/null err \
    || { echo "cat $opts: file to slow non-blocking output" >&2; fail=1; }

  perl -e "$slow" 100000 < data | perl -e "$nb" both "$bcat" $opts 2> err \
    | perl -e "$slow" 65536 > out
  compare exp out && compare /dev/null err \
    || { echo "cat $opts: both non-blocking, both slow" >&2; fail=1; }
done
Exit $fail
