#!/bin/sh
# -r/--recursive: the lines of a walked tree are GNU's lines for its
# regular files given as operands, in byte order of the names within
# each directory, depth first (the order a Perl walk gives here); the
# same for -j 1, -j 0 and -j 3; the manifest checks back with -c (odd
# names with newlines and backslashes, empty files, a path deeper than
# PATH_MAX); a FIFO and a socket in the tree are skipped, never opened
# (run under timeout: an open would wait); -P (the default), -H and -L;
# a symbolic link loop under -L is reported and not followed; an
# unreadable file and directory are reported as GNU's form has them,
# exit 1, and the rest still hashed (as user nobody, where root reads
# everything); without -r a directory stays GNU's "Is a directory".
. "$(dirname "$0")/../init.sh"

# A varied tree.
mkdir -p d/a d/'a b' d/empty-dir d/sub/deeper d/'back\slash dir' \
  || framework_failure_ "mkdir d"
printf 1 > d/a/y && printf 2 > d/'a b'/x && printf 3 > d/a-c \
  && printf 4 > d/A && printf 5 > d/$(printf '\303\251') \
  && : > d/empty && : > d/sub/deeper/empty \
  && printf 'line\n' > "d/new
line" && printf 6 > 'd/back\slash' && printf 7 > 'd/back\slash dir/f\' \
  && printf 8 > "d/sub/deeper/cr$(printf '\r')" \
  && make_random_ d/sub/big 300000 7 \
  && ln -s a-c d/link-file && ln -s sub d/link-dir \
  && ln -s nowhere d/dangling \
  || framework_failure_ "files of d"
mkfifo d/sub/fifo || framework_failure_ mkfifo
perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new (Local => "d/sock",
    Type => SOCK_STREAM, Listen => 1) or die "socket: $!"' \
  || framework_failure_ "a Unix socket"
ln -s d top-link || framework_failure_ "ln -s d top-link"

# expect_list_ FOLLOW DIR...: the regular files under each DIR, each
# null-terminated, in the order -r must give: entries of a directory in
# byte order of their names, depth first.  FOLLOW is P, H or L.
expect_list_ ()
{
  perl -e 'my $follow = shift;
    sub walk {
      my ($dir, $top) = @_;
      opendir (my $h, $dir) or die "$dir: $!";
      for my $e (sort grep { $_ ne "." && $_ ne ".." } readdir $h) {
        my $p = "$dir/$e";
        next if -l $p && $follow ne "L";
        if (-d $p) { walk ($p) } elsif (-f $p) { print "$p\0" }
      }
    }
    for (@ARGV) { walk ($_) }' "$@"
}

# gnu_lines_ TOOL LIST [ARG...]: GNU's lines for the files of LIST
# (null-terminated), given as operands in that order.
gnu_lines_ ()
{
  gl_tool_=$1 gl_list_=$2
  shift 2
  xargs -0 "$(gnu_tool $gl_tool_)" "$@" < "$gl_list_"
}

expect_list_ P d > list.P || framework_failure_ "list d"
expect_list_ L d > list.L || framework_failure_ "list d -L"
grep -z -c . list.P | grep '^12$' > /dev/null \
  || framework_failure_ "list.P: $(tr '\0' ' ' < list.P)"

# The order itself, spelled out for the plain names (not from Perl).
printf 'd/A\nd/a/y\nd/a b/x\nd/a-c\n' > order.exp
brisk_ sha256sum -r d | sed -n 's/^[0-9a-f]*  //p' \
  | grep -x -e 'd/A' -e 'd/a-c' -e 'd/a/y' -e 'd/a b/x' > order.out
compare order.exp order.out || fail=1

use_tool_ cksum
for t in sha256sum $some_sum_tools cksum; do
  for f in P L; do
    opt=
    test $f = L && opt=-L
    gnu_lines_ $t list.$f > exp.$f || framework_failure_ "GNU $t"
    for j in 1 0 3; do
      timeout 60 "$BRISK_BIN/$t" -r $opt -j $j d > out 2> err
      st=$?
      test $st = 0 || { echo "$t -r $opt -j $j: status $st"; fail=1; }
      compare exp.$f out || { echo "$t -r $opt -j $j: lines"; fail=1; }
      compare /dev/null err || fail=1
    done
  done
  # An operand "d/" gives "d/x", as find prints it; a file operand is
  # as without -r, before and after a tree.
  gnu_lines_ $t list.P > exp
  timeout 60 "$BRISK_BIN/$t" -r d/ > out 2>&1 || fail=1
  compare exp out || fail=1
  { ref_ $t d/A && cat exp && ref_ $t d/a-c; } > exp2
  timeout 60 "$BRISK_BIN/$t" -r d/A d d/a-c > out 2>&1 || fail=1
  compare exp2 out || fail=1
  # Without -r, a directory is GNU's error (for cksum's CRC, GNU 9.2's
  # and later: 9.1 printed the CRC of nothing, see tests/cksum/output.sh).
  if test $t = cksum; then
    returns_ 1 brisk_ cksum d d/A > out 2> err || fail=1
    echo 'cksum: d: Is a directory' | compare - err || fail=1
    ref_ cksum d/A | compare - out || fail=1
  else
    twin_ $t d d/A || fail=1
  fi
done

# The manifest checks back, and is the same whatever -j: one digest
# of the whole tree (the recipe of --help).
brisk_ sha256sum -r d > SUMS || fail=1
brisk_ sha256sum -c SUMS > check.out 2> check.err || fail=1
test $(grep -c ': OK$' check.out) = 12 || { cat check.out; fail=1; }
compare /dev/null check.err || fail=1
for j in 1 0 3; do
  (cd d && brisk_ sha256sum -r -j $j . | brisk_ sha256sum) > tree.$j
done
compare tree.1 tree.0 && compare tree.1 tree.3 || fail=1
(cd d && find . -type f -print0 | sort -z | xargs -0 "$(gnu_tool sha256sum)") \
  > /dev/null || framework_failure_ "GNU over d"

# -H and -L follow a symbolic link given as operand; -P reads it as
# without -r: a link to a directory is then GNU's "Is a directory".
sed -z 's|^d/|top-link/|' list.P > list.H
gnu_lines_ sha256sum list.H > exp.H
brisk_ sha256sum -r -H top-link > out 2>&1 || fail=1
compare exp.H out || fail=1
sed -z 's|^d/|top-link/|' list.L > list.TL
gnu_lines_ sha256sum list.TL > exp.TL
brisk_ sha256sum -r --dereference top-link > out 2>&1 || fail=1
compare exp.TL out || fail=1
ref_ sha256sum top-link > exp.P 2>&1
echo "status $?" >> exp.P
brisk_ sha256sum -r -P top-link > out 2>&1
echo "status $?" >> out
compare exp.P out || fail=1

# A loop under -L: reported in find's words, exit 1, the rest hashed.
mkdir -p loop/a && printf z > loop/a/z && ln -s .. loop/a/up \
  || framework_failure_ "loop"
ref_ sha256sum loop/a/z > exp
cat > exp.err <<'EOF2'
sha256sum: File system loop detected; 'loop/a/up' is part of the same file system loop as 'loop'.
EOF2
for j in 1 3; do
  returns_ 1 timeout 20 "$BRISK_BIN/sha256sum" -r -L -j $j loop > out 2> err \
    || fail=1
  compare exp out || fail=1
  sed "s|^$BRISK_BIN/||" err > err2
  compare exp.err err2 || fail=1
done

# A path deeper than PATH_MAX: 20 directories of 255 bytes.
n255=$(awk 'BEGIN { s = ""; while (length (s) < 255) s = s "q"; print s }')
deep=deep
(
  mkdir deep && cd deep || exit 1
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    mkdir $n255 && cd $n255 || exit 1
  done
  printf 'bottom\n' > f
) || framework_failure_ "a deep tree"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  deep=$deep/$n255
done
test ${#deep} -gt 4096 || framework_failure_ "a path over PATH_MAX"
printf 'bottom\n' > bottom
printf 'top\n' > deep/top
{ ref_ sha256sum bottom | sed "s|bottom\$|$deep/f|"
  ref_ sha256sum deep/top; } > deep.exp
for j in 1 3; do
  brisk_ sha256sum -r -j $j deep > deep.sums 2> err || fail=1
  compare deep.exp deep.sums > /dev/null || { echo "deep -j $j"; fail=1; }
  compare /dev/null err || fail=1
  brisk_ sha256sum -c -j $j deep.sums > out 2> err || fail=1
  test "$(cut -c 1-5 out | tr '\n' ' ')" = "deep/ deep/ " || fail=1
  grep -c ': OK$' out | grep '^2$' > /dev/null || fail=1
  compare /dev/null err || fail=1
done

# Unreadable entries: as user nobody if root (root reads anything).
mkdir -p u/locked && printf ok > u/ok && printf s > u/secret \
  && printf l > u/locked/l && chmod 000 u/secret u/locked \
  || framework_failure_ "u"
as_user_=
if test "$(id -u)" = 0; then
  chmod 755 "$tmp_root_" "$tmp_root_/w" "$tmp_root_/bin" "$brisk_bin_" \
    "$gnu_bin_" || framework_failure_ "chmod $tmp_root_"
  as_user_='setpriv --reuid=nobody --regid=nogroup --clear-groups'
fi
$as_user_ "$(gnu_tool sha256sum)" u/ok u/secret > exp 2> exp.err
cat > exp.err2 <<'EOF2'
sha256sum: cannot read directory 'u/locked': Permission denied
EOF2
sed "s|^$(gnu_tool sha256sum):|sha256sum:|" exp.err >> exp.err2
for j in 1 3; do
  $as_user_ "$BRISK_BIN/sha256sum" -r -j $j u > out 2> err
  test $? = 1 || { echo "unreadable -j $j: status"; fail=1; }
  compare exp out || fail=1
  sed "s|^$BRISK_BIN/sha256sum:|sha256sum:|" err > err2
  compare exp.err2 err2 || fail=1
done

Exit $fail
