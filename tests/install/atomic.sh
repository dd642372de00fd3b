#!/bin/sh
# Brisk's own: install writes a temporary in the destination's
# directory and renames it over the destination, so that a reader
# never finds the destination missing or partial.  Seen with strace:
# the data goes to ".install.XXXXXXXX" (created exclusively, owner-only
# when -o is given), then one rename onto the destination; the
# destination's inode changes.  Then a reader polls the destination
# while it is installed over and over: it must always find one of the
# two whole versions.  Last, SIGTERM while install writes (its source a
# FIFO that gives a few bytes and then waits) removes the temporary.
. "$(dirname "$0")/../init.sh"
require_strace_

install_=$BRISK_BIN/install
make_random_ new 300000 1 && make_random_ old 200000 2 \
  && cp old dst || framework_failure_ "make_random_"
ino=$(stat -c %i dst) || framework_failure_ stat
strace -o trace -e trace=openat,rename,renameat,renameat2,unlink,unlinkat \
  "$install_" -m 644 -o 65534 new dst || fail=1
compare new dst || fail=1
test "$(stat -c %i dst)" != "$ino" \
  || { echo "$me_: the destination's inode did not change" >&2; fail=1; }
# The lines that name dst or a temporary, in order.
grep -E '"(dst|\.install\.[0-9A-Za-z]{8})"' trace \
  | sed -E 's/\.install\.[0-9A-Za-z]{8}/TMP/g; s/ += .*//' > calls
cat > exp <<'EOF2'
openat(AT_FDCWD, "TMP", O_WRONLY|O_CREAT|O_EXCL|O_NOCTTY|O_CLOEXEC, 0600)
renameat(AT_FDCWD, "TMP", AT_FDCWD, "dst")
EOF2
compare exp calls || fail=1
grep -E 'unlink' trace && { echo "$me_: install removed a file" >&2; fail=1; }

# A reader sees old or new, whole, at every moment.
perl -e '
  use strict;
  my ($inst, $n) = @ARGV;
  my %ok;
  for my $f ("old", "new") {
    open (my $h, "<", $f) or die "$f: $!";
    local $/;
    $ok{<$h>} = 1;
  }
  my $pid = fork () // die "fork: $!";
  if (!$pid) {
    for my $i (1 .. $n) {
      system ($inst, "-m", "644", $i % 2 ? "new" : "old", "dst") == 0
        or die "install failed";
    }
    exit 0;
  }
  my ($reads, $bad) = (0, 0);
  while (waitpid ($pid, 1) == 0) {
    $reads++;
    open (my $h, "<", "dst") or do { $bad++; print STDERR "missing: $!\n";
                                     next };
    local $/;
    my $d = <$h>;
    $ok{$d} or do { $bad++; print STDERR "partial: ", length $d, "\n" };
  }
  $? == 0 or die "the installs failed";
  print STDERR "$reads reads\n";
  exit ($bad ? 1 : 0);' "$install_" 20 2> reads || { cat reads; fail=1; }

# A signal that ends install while it writes: the temporary goes too.
mkfifo fifo || framework_failure_ mkfifo
(printf part; exec sleep 30) > fifo &
writer=$!
"$install_" fifo dst2 &
pid=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  ls -a | grep '^\.install\.' > /dev/null && break
  sleep 0.2
done
ls -a | grep '^\.install\.' > /dev/null \
  || { echo "$me_: no temporary while reading a FIFO" >&2; fail=1; }
kill -TERM $pid
wait $pid
st=$?
kill $writer 2> /dev/null
test $st = 143 || { echo "$me_: install ended with $st" >&2; fail=1; }
if ls -a | grep -e '^\.install\.' -e '^dst2$' >&2; then
  echo "$me_: a signal left the temporary behind" >&2
  fail=1
fi
Exit $fail
