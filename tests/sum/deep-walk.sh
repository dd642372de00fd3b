#!/bin/sh
# sha256sum -r and -c --audit on a tree 100,000 directories deep (names
# of one byte: a path of 200,000 bytes), beside a few files higher up:
# the walk keeps a stack of its own, not the C stack (it runs under a
# stack limit of 1 MiB too), and a bounded number of descriptors (it
# runs with 64), whatever the depth.  The bottom file's line is what
# GNU's sha256sum prints for it from its directory, named by the long
# path; the lines of the files higher up come after it, in the walk's
# order (byte order of names, depth first); the manifest checks, and
# the audit finds nothing new.
# On /dev/shm where it is a tmpfs: a disk makes the tree and removes it
# many times slower.
. "$(dirname "$0")/../init.sh"

test "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs && shm_dir_

levels=100000 with_b='1 2 3 50 99990'
perl -e 'my $n = shift; my %b = map { $_ => 1 } split " ", shift;
  mkdir "t" and chdir "t" or die;
  for my $i (1 .. $n)
    {
      mkdir "a" or die "mkdir at $i: $!";
      if ($b{$i})
        { open my $f, ">", "b" or die; print $f "level $i\n"; close $f }
      chdir "a" or die "chdir at $i: $!";
    }
  open my $f, ">", "f" or die; print $f "bottom\n"; close $f or die;
  exec "'"$gnu_bin_"'/sha256sum", "f" or die' $levels "$with_b" > bottom.sum \
  || framework_failure_ "a tree $levels deep"

# The expected lines: the bottom file's, named t/a/.../a/f, then the b
# files from the bottom up (each level's "a" comes before its "b"),
# their digests from GNU's tool on copies.
mkdir flat || framework_failure_ "mkdir flat"
for i in $with_b; do
  printf 'level %d\n' $i > flat/$i || framework_failure_ "flat/$i"
done
(cd flat && "$gnu_bin_/sha256sum" $with_b) > flat.sums \
  || framework_failure_ "GNU's digests"
perl -e 'my ($n, $bottom, $sums) = @ARGV;
  $bottom =~ s/  f\z// or die "$bottom";
  print $bottom, "  t", "/a" x $n, "/f\n";
  my @b;
  for (split /\n/, $sums) { /^(\S+)  (\d+)$/ or die; push @b, [$2, $1] }
  for (sort { $b->[0] <=> $a->[0] } @b)
    { print $_->[1], "  t", "/a" x ($_->[0] - 1), "/b\n" }' \
  $levels "$(cat bottom.sum)" "$(cat flat.sums)" > exp \
  || framework_failure_ "expected lines"

for j in '' '-j1' '-j2'; do
  (ulimit -s 1024 && ulimit -n 64 \
     && exec "$brisk_bin_/sha256sum" -r $j t) > out 2> err \
    || { echo "-r $j: status $?"; cat err; fail=1; }
  compare exp out > /dev/null || { echo "-r $j: wrong output"; fail=1; }
  test -s err && { cat err; fail=1; }
done

(ulimit -s 1024 && ulimit -n 64 \
   && exec "$brisk_bin_/sha256sum" -c --quiet --audit=t exp) > out 2> err \
  || { echo "--audit: status $?"; cat err; fail=1; }
test -s out && { head -c 300 out; fail=1; }
test -s err && { head -c 300 err; fail=1; }

Exit $fail
