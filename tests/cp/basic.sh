#!/bin/sh
# Plain copies of files compared with GNU's cp: to a new name, over an
# existing file (its mode kept), into a directory, several into one,
# -t, -T, -v, -f, --remove-destination, --strip-trailing-slashes, the
# new file's mode under the umask, -x, and the contents of large and
# empty files.
. "$(dirname "$0")/lib.sh"
# Some cases here refuse to put a file over a directory, which GNU 9.1
# says without the file's name (see cp_side_).
cp_nondir_91_=1

files ()
{
  printf 'hello\n' > f && printf 'other\n' > g && : > empty \
    && mkdir d e && printf 'old\n' > d/f && chmod 0600 d/f \
    && printf x > x && chmod 0751 x && printf s > suid && chmod 4755 suid \
    && printf ro > ro && chmod 0444 ro && mkdir -p e/f \
    && make_random_ big 3000000
}

cp_batch_ files <<'EOF2' || fail=1
f new
f g
empty e2
x x2
suid suid2
f d
f d/
-v f g empty d
-v -t e f g
-T f d/f
-T d e
-T d e2
--strip-trailing-slashes f d/
big big2
-v big d
f ro
-f f ro
--remove-destination g ro
-fv x ro
-x f x3
-v x3 f g e
f e/
d/f/ nowhere
f/ nowhere
f nowhere/
./f ./d/./f2
EOF2

# The umask shapes new files and directories, not existing ones.
umasked () { files && touch exist && chmod 0666 exist; }
(umask 077 && cp_batch_ umasked) <<'EOF2' || fail=1
x new-x
f exist
-r d new-d
EOF2
(umask 0 && cp_twin_ umasked -- -v x f suid e) || fail=1

# Standard input is not read; "-" is a file name, and so is a name
# starting with "-" after "--".
dash () { printf a > -; printf b > -f; }
cp_batch_ -i /etc/passwd dash <<'EOF2' || fail=1
- dash
-- -f dashf
-v -- - -f .
EOF2
Exit $fail
