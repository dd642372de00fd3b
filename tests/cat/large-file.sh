#!/bin/sh
# A few MiB of random bytes (not a whole number of pages or buffers)
# through every way cat moves them: file to file (copy_file_range), to a
# file opened for appending (read/write), to a pipe and pipe to pipe and
# to file (splice), to a socket and to /dev/null (sendfile), several
# files and standard input mixed; and formatted.  The bytes must arrive
# unchanged (cmp), or as GNU formats them.
. "$(dirname "$0")/../init.sh"
use_tool_ cat

make_random_ big 5000003 7
make_random_ big2 1234567 8
cat big big2 big > exp3 || framework_failure_ exp3
bcat=$brisk_bin_/cat

"$bcat" big > out && compare big out || { echo "file to file" >&2; fail=1; }
cp big2 app && "$bcat" big >> app && cat big2 big > exp \
  && compare exp app || { echo "file to appended file" >&2; fail=1; }
"$bcat" big | "$feed_cat_" > out && compare big out \
  || { echo "file to pipe" >&2; fail=1; }
"$feed_cat_" big | "$bcat" | "$feed_cat_" > out && compare big out \
  || { echo "pipe to pipe" >&2; fail=1; }
"$feed_cat_" big | "$bcat" > out && compare big out \
  || { echo "pipe to file" >&2; fail=1; }
"$bcat" big big2 big > out && compare exp3 out \
  || { echo "three files to file" >&2; fail=1; }
"$bcat" big - big < big2 | "$feed_cat_" > out && compare exp3 out \
  || { echo "files and stdin to pipe" >&2; fail=1; }
"$feed_cat_" big2 | "$bcat" big - big > out && compare exp3 out \
  || { echo "files and stdin pipe to file" >&2; fail=1; }
"$bcat" big big2 big > /dev/null 2> err && compare /dev/null err \
  || { echo "files to /dev/null" >&2; fail=1; }

# To a socket: perl reads the other end into a file.
perl -MSocket -e '
  socketpair (my $a, my $b, AF_UNIX, SOCK_STREAM, PF_UNSPEC) or die "$!";
  my $pid = fork // die "fork: $!";
  if (!$pid) { close $a; open (STDOUT, ">&", $b) or die; exec @ARGV; die }
  close $b; binmode $a; open (my $o, ">", "sock.out") or die; binmode $o;
  while (sysread ($a, my $buf, 65536)) { print $o $buf }
  waitpid ($pid, 0); exit ($? >> 8)' "$bcat" big big2 big \
  && compare exp3 sock.out || { echo "files to socket" >&2; fail=1; }

# Formatted, compared with GNU.
for opts in -v -A -n; do
  twin_ cat $opts big big2 || fail=1
  twin_ -i pipe:big cat $opts - big2 || fail=1
done
Exit $fail
