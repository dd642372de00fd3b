#!/bin/sh
# cp -a, and mv across file systems, of a tree 100,000 directories
# deep (names of one byte: paths of 200,000 bytes), under a stack limit
# of 1 MiB and 64 descriptors: the walks (cp's, and mv's removal of the
# source copied) keep a stack of their own, not the C stack, and a
# bounded number of directories open (they close the higher ones and
# open them again by ".." on the way back up), with memory in
# proportion to the depth.  The copy must be whole: every level's
# entries, a file at a few levels and at the bottom, the modes and
# times of directories at levels far above those kept open (given
# them on the way back up); and mv leaves no source.  Before, cp held
# two descriptors and a copy of the path per level, and stopped where
# its stack ran out; mv's removal too.
# On /dev/shm where it is a tmpfs: a disk makes the tree and removes it
# many times slower.  The copies go to a tmpfs mounted in the tree (as
# root, or in a user namespace: mount_ns_) where one can be: mv's is
# then across file systems.
. "$(dirname "$0")/../init.sh"

require_script_
cp=$BRISK_BIN/cp mv=$BRISK_BIN/mv
test -x "$cp" || framework_failure_ "$cp missing"
mount_ns_
shm_dir_

levels=100000 marks='1 2 17 18 40 50000 99983 99999 100000'

# deep.pl build DIR | check DIR PRESERVED: make DIR, LEVELS deep, or
# check that DIR is such a tree.  Level I's directory is named "a" in
# level I - 1's; at the levels in MARKS it holds a file "b" ("level
# I"), and its directory "a" (level I + 1, if any) has mode 0750 and
# the mtime I * 1000 + 0.5 seconds, set on the way back up.  The
# bottom holds a file "f".
cat > deep.pl <<'EOF' || framework_failure_ deep.pl
use strict;
use warnings;
use Time::HiRes qw(utime lstat);
my ($what, $top, $keep) = @ARGV;
my $n = $ENV{levels};
my %mark = map { $_ => 1 } split ' ', $ENV{marks};
sub slurp { open my $f, '<', $_[0] or return "(none)"; local $/; <$f> }
if ($what eq 'build')
  {
    mkdir $top and chdir $top or die "$top: $!";
    for my $i (1 .. $n)
      {
        mkdir "a" or die "mkdir at $i: $!";
        chdir "a" or die "chdir at $i: $!";
        if ($mark{$i})
          {
            open my $f, '>', 'b' or die; print $f "level $i\n"; close $f;
          }
      }
    open my $f, '>', 'f' or die; print $f "bottom\n"; close $f or die;
    for my $i (reverse 1 .. $n - 1)
      {
        chdir ".." or die "up at $i: $!";
        next unless $mark{$i};
        chmod 0750, "a" or die;
        utime $i * 1000 + 0.5, $i * 1000 + 0.5, "a" or die;
      }
    exit 0;
  }
my $bad = 0;
sub bad { print STDERR "level $_[0]: $_[1]\n"; exit 1 if ++$bad > 10 }
chdir $top or die "$top: $!";
my $i = 0;
while (1)
  {
    opendir my $d, '.' or die "level $i: $!";
    my @got = sort grep { !/^\.\.?$/ } readdir $d;
    closedir $d;
    my @want = ($i < $n ? ('a') : ('f'));
    push @want, 'b' if $mark{$i};
    @want = sort @want;
    bad ($i, "holds @got, not @want") if "@got" ne "@want";
    bad ($i, "b holds " . slurp ('b'))
      if $mark{$i} && slurp ('b') ne "level $i\n";
    last if $i == $n;
    my @st = lstat 'a';
    bad ($i, "a is not a directory"), last unless -d _;
    if ($keep && $mark{$i})
      {
        bad ($i, sprintf "a has mode %o", $st[2] & 07777)
          if ($st[2] & 07777) != 0750;
        bad ($i, "a has mtime $st[9]") if $st[9] != $i * 1000 + 0.5;
      }
    chdir 'a' or die "level $i: $!";
    $i++;
  }
bad ($i, "f holds " . slurp ('f')) if slurp ('f') ne "bottom\n";
exit ($bad != 0);
EOF
export levels marks
perl deep.pl build t || framework_failure_ "a tree $levels deep"

# run_ OUT CMD...: run CMD with the small limits, its messages in OUT.
run_ ()
{
  rn_out_=$1
  shift
  (ulimit -s 1024 && ulimit -n 64 && exec "$@") > "$rn_out_" 2>&1
}

# The copies go to a tmpfs mounted here, where one can be: then mv
# moves across file systems, and the copies go with the unmount,
# where removing them would take seconds.
to=.
if mkdir fs && mount -t tmpfs -o mode=0755 tmpfs fs 2> /dev/null; then
  cleanup_mounts_="$cleanup_mounts_ $sd_dir_/fs"
  to=fs
else
  echo "no tmpfs could be mounted: mv across file systems not tried"
fi

run_ out "$cp" -a t $to/ca \
  || { echo "cp -a: status $?"; head -c 300 out; fail=1; }
test -s out && { echo "cp -a said:"; head -c 300 out; fail=1; }
perl deep.pl check $to/ca 1 || { echo "cp -a: the copy differs"; fail=1; }

# mv to another file system: copied, then the source removed.
if test $to = fs; then
  run_ out "$mv" t fs/t \
    || { echo "mv: status $?"; head -c 300 out; fail=1; }
  test -s out && { echo "mv said:"; head -c 300 out; fail=1; }
  test -e t && { echo "mv left the source"; fail=1; }
  perl deep.pl check fs/t 1 || { echo "mv: the copy differs"; fail=1; }
fi

Exit $fail
