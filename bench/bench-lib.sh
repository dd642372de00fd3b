# bench/bench-lib.sh -- sourced by bench/cp-compare and bench/mv-compare:
# sizes and counts from the command line, the statistics they print
# (median, ratio, verdict), the tree of small files they copy or move,
# and an ext4 file system in RAM.  Bash.

# Print the number of bytes that SIZE $1 stands for, or fail.
to_bytes ()
{
  local num=$1 mult=1
  case $1 in
    *[kK]) mult=1024 num=${1%?} ;;
    *[mM]) mult=$((1024 * 1024)) num=${1%?} ;;
    *[gG]) mult=$((1024 * 1024 * 1024)) num=${1%?} ;;
  esac
  case $num in
    *[!0-9]*|'') return 1 ;;
  esac
  [ "$num" -gt 0 ] || return 1
  echo $((num * mult))
}

# Fail unless $1 is a whole number of at least 1.
positive ()
{
  case $1 in
    *[!0-9]*|'') return 1 ;;
  esac
  [ "$1" -ge 1 ]
}

# Print the free space of the file system holding directory $1, in KiB.
free_kib ()
{
  df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }'
}

# Print the median of the numbers given as arguments.
median ()
{
  printf '%s\n' "$@" | sort -g |
    awk '{ v[NR] = $1 }
         END { if (NR % 2) print v[(NR + 1) / 2];
               else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Print "x.xx" = $1 / $2, or "-" if either is "-".
ratio ()
{
  if [ "$1" = - ] || [ "$2" = - ]; then echo -
  else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'
  fi
}

# Print "met" if ratio $1 is at most $2, "MISSED" if over it, "-" if
# there is no ratio.  Only text: timings on a busy machine can mislead.
verdict ()
{
  if [ "$1" = - ]; then echo -
  elif awk -v r="$1" -v t="$2" 'BEGIN { exit !(r <= t) }'; then echo met
  else echo MISSED
  fi
}

# Make in directory $1 a tree of $2 files of $4 bytes of random data
# spread over $3 directories d0000, d0001, ...; in each directory with
# two files or more, a hard link "link" to its first file and a symbolic
# link "symlink" to its second.  Then vary modes, owners (as root) and
# mtimes, directories' last.  One perl process writes the files: a
# process or two per directory would take most of a minute on a busy
# machine.
make_tree ()
{
  local top=$1
  perl -e '
    my ($top, $n, $nd, $size) = @ARGV;
    open (my $rnd, "<:raw", "/dev/urandom") or die "/dev/urandom: $!\n";
    mkdir $top or die "$top: $!\n";
    for my $d (0 .. $nd - 1) {
      my $cnt = int ($n / $nd) + ($d < $n % $nd ? 1 : 0);
      my $dir = sprintf ("%s/d%04d", $top, $d);
      mkdir $dir or die "$dir: $!\n";
      for my $i (0 .. $cnt - 1) {
        my $f = sprintf ("%s/f%05d", $dir, $i);
        read ($rnd, my $buf, $size) == $size or die "/dev/urandom: $!\n";
        open (my $out, ">:raw", $f) or die "$f: $!\n";
        print $out $buf or die "$f: $!\n";
        close $out or die "$f: $!\n";
      }
      next if $cnt < 2;
      link ("$dir/f00000", "$dir/link") or die "$dir/link: $!\n";
      symlink ("f00001", "$dir/symlink") or die "$dir/symlink: $!\n";
    }' "$@" || return 1
  find "$top" -type f -name 'f*3' -exec chmod 640 {} + &&
  find "$top" -type f -name 'f*7' -exec chmod 755 {} + &&
  find "$top" -type f -name 'f*8' -exec chmod 600 {} + || return 1
  if [ "$(id -u)" = 0 ]; then
    find "$top" -type f -name 'f*5' -exec chown 1234:5678 {} + &&
    find "$top" -path '*1/symlink' -exec chown -h 4321:8765 {} + ||
      return 1
  fi
  find "$top" -type f -name 'f*9' \
    -exec touch -d '2001-02-03 04:05:06.123456789' {} + &&
  find "$top" -path '*3/symlink' \
    -exec touch -h -d '2002-03-04 05:06:07.987654321' {} + &&
  find "$top" -mindepth 1 -type d -name 'd*5' -exec chmod 750 {} + &&
  find "$top" -mindepth 1 -type d -name 'd*2' \
    -exec touch -d '2003-04-05 06:07:08.5' {} +
}

# ext4_in_ram IMG MNT BYTES INODES: make IMG a sparse ext4 image of
# BYTES with INODES inodes and loop-mount it on MNT (a directory); on
# failure say why in ext4_why and return 1.  Its inode tables and
# journal are written by mkfs, so that no lazy initialisation runs in
# the background during the timings.
ext4_in_ram ()
{
  local img=$1 mnt=$2 bytes=$3 inodes=$4 out
  if [ "$(id -u)" != 0 ]; then
    ext4_why="not root: mount -o loop needs root"
    return 1
  fi
  command -v mkfs.ext4 >/dev/null || PATH=$PATH:/sbin:/usr/sbin
  if ! command -v mkfs.ext4 >/dev/null; then
    ext4_why="mkfs.ext4 not found (Debian: e2fsprogs)"
    return 1
  fi
  truncate -s "$bytes" "$img" || {
    ext4_why="cannot make $img"
    return 1
  }
  if ! out=$(mkfs.ext4 -q -F -N "$inodes" \
               -E lazy_itable_init=0,lazy_journal_init=0 "$img" 2>&1); then
    ext4_why="mkfs.ext4 failed: ${out%%$'\n'*}"
    return 1
  fi
  if ! out=$(mount -o loop "$img" "$mnt" 2>&1); then
    ext4_why="mount -o loop failed: ${out%%$'\n'*}"
    return 1
  fi
}
