#!/bin/sh
# tests/cp/tree-dump: what every cp test trusts prints what it should.
. "$(dirname "$0")/lib.sh"

mkdir d && cd d || framework_failure_ mkdir
printf abc > abc && : > empty && ln abc sub-link || framework_failure_ files
mkdir -m 0750 sub && ln abc sub/hard && ln -s ../abc sub/sym \
  && ln -s "$(printf 'x\ny')" dangle || framework_failure_ links
printf z > "$(printf 'new\nline')" && printf z > "$(printf 'bad\377 \\=')" \
  && printf z > 'caf'"$(printf '\303\251')" || framework_failure_ names
o='mtime=1612325106.123456789 atime=1612300000.987654321'
# The device and another owner only as root (mknod, chown); the files
# are the user's own (u).
u=$(id -u):$(id -g) eu=$u null=
mkfifo -m 0600 fifo || framework_failure_ fifo
if real_root_; then
  mknod -m 0640 null c 1 3 && chown 1:2 empty || framework_failure_ nodes
  eu=1:2
  null="null type=c mode=0640 owner=$u nlink=1 size=0 $o rdev=1:3
"
fi
chmod 4755 abc && chmod 1777 sub || framework_failure_ modes
setfattr -n user.b -v 0x0102 empty && setfattr -n user.a -v xy empty \
  || framework_failure_ setfattr
# A link's xattr is a trusted.* one (no user.* on links): root only.
tx=
if real_root_; then
  setfattr -h -n trusted.t -v 1 sub/sym || framework_failure_ setfattr
  tx=' xattr:trusted.t=31'
fi
touch -h -d '@1000000000.5' sub/sym && touch -d '@2000000000.25' empty \
  || framework_failure_ touch
cd .. || framework_failure_ cd

# --age gives the recent times fixed old ones, and keeps the others.
cp_dump_ --age d || fail=1
cp_dump_ --atime d > out || fail=1
f="type=f mode=0644 owner=$u nlink=1"
z=af63f74c86021a6d
s3="type=f mode=4755 owner=$u nlink=3 link=abc size=3"
e=e71fa2190541574b
cat > exp <<EXP
. type=d mode=0755 owner=$u nlink=3 $o
abc $s3 $o sum=$e
bad\\xff\\x20\\x5c\\x3d $f size=1 $o sum=$z
caf$(printf '\303\251') $f size=1 $o sum=$z
dangle type=l mode=0777 owner=$u nlink=1 size=3 $o target=x\\x0ay
empty type=f mode=0644 owner=$eu nlink=1 size=0 mtime=2000000000.250000000\
 atime=2000000000.250000000 sum=cbf29ce484222325 xattr:user.a=7879\
 xattr:user.b=0102
fifo type=p mode=0600 owner=$u nlink=1 size=0 $o
new\\x0aline $f size=1 $o sum=$z
${null}sub type=d mode=1777 owner=$u nlink=2 $o
sub-link $s3 $o sum=$e
sub/hard $s3 $o sum=$e
sub/sym type=l mode=0777 owner=$u nlink=1 size=6 mtime=1000000000.500000000\
 atime=1000000000.500000000 target=../abc$tx
EXP
compare exp out || fail=1

# Reading leaves access times alone, and the default fields.
cp_dump_ d > out2 || fail=1
sed 's/ atime=[0-9.]*//' out > exp2
compare exp2 out2 || fail=1

# A time of the last hour prints as "recent"; a deep path past
# PATH_MAX is read; a hard link group is named by its first path.
deep_tree_ e 80 || framework_failure_ deep
cp_dump_ --no-mtime --no-xattr e > out || fail=1
test "$(wc -l < out)" = 84 || fail=1
f=$(sed -n '82s/ .*//p' out)
case $f in d*/f) ;; *) fail=1 ;; esac
test "$(printf %s "$f" | wc -c)" -gt 5000 || fail=1
for n in 82 83; do
  sed -n ${n}p out | grep " type=f mode=0644 owner=$u nlink=2 link=$f " \
    > /dev/null || fail=1
done
sed -n 84p out | grep '/s type=l .* target=f$' > /dev/null || fail=1
cp_dump_ e | grep -v ' mtime=recent' && fail=1

# --blocks: a file of holes has none, one of 8 KiB written has some.
mkdir b && truncate -s 1M b/holes && head -c 8192 /dev/zero > b/full \
  || framework_failure_ blocks
cp_dump_ --blocks b > out || fail=1
grep '^holes .* size=1048576 blocks=0 ' out > /dev/null || fail=1
grep '^full .* size=8192 blocks=[1-9][0-9] ' out > /dev/null || fail=1

# Errors: a missing directory, a bad option.
returns_ 2 cp_dump_ nowhere 2> err || fail=1
echo 'tree-dump: nowhere: No such file or directory' > exp
compare exp err || fail=1
returns_ 2 cp_dump_ --bad d 2> /dev/null || fail=1
Exit $fail
