#!/bin/sh
# install -d and -D compared with GNU's: directories made with their
# parents (announced by -v), -d's mode (octal and symbolic, the set-ID
# bits an existing directory keeps) and owner, leading directories of
# DEST and the whole -t directory with -D, what is in the way, and
# paths longer than PATH_MAX.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

setup ()
{
  printf 'a\n' > a && printf 'f\n' > f && mkdir sg && chmod 2755 sg \
    && mkdir ex && ln -s ex lex && ln -s nowhere dang
}
# A directory that cannot be made and is not there (in a directory
# nobody may not write, a dangling symbolic link) is reported with
# mkdir's error, as GNU 9.10 and later do; 9.1 says "cannot change
# permissions of 'DIR': No such file or directory".
dirs_errors="s/^\\(install: cannot \\)change permissions of \\('ro\\/d'\\): \
No such file or directory\$/\\1create directory \\2: Permission denied/
s/^\\(install: cannot \\)change permissions of \\('dang'\\): No such \
file or directory\$/\\1create directory \\2: File exists/"
cp_batch_ -g "$dirs_errors" setup <<'EOF2' || fail=1
-d
-v -d x/y/z x/w
-v -d x/y
-d -m 700 x/m
-d -m 750 ex
-d -m 2755 x/sg
-v -d -m 755 sg/n
-d -m 755 sg
-d sg/n
-d -m u+s,g+s x/us
-d -m +t x/st
-d -m 0 x/zero
-d -m 700 lex
-d dang
-d f
-d f/g
-d a//b///c/
-d ./dot/./dot
-d ''
-T -d t1 t2
-v -d -o nobody -g nogroup x/own
-d -o 12345 -m 2750 x/own2
-d -m 999 x/bad
-v -D a p/q/r
-v -D a p/q/s
-v -D a p/q/r/
-D a y/
-v -D a new/f/
-D a f/g
-D a f/g/h
-v -D -t t1/t2 a f
-v -D -t t1/t2 a
-v -D -t t1/t2/t3 a f
-D -t f a
-v -D a b c
-D a x
-v -D -m 600 -o nobody a own/dir/file
EOF2

# In the way of -d, unwritable and dangling (see dirs_errors) and more.
unwritable () { mkdir -m 111 ro && ln -s nowhere dang; }
cp_batch_ -u -g "$dirs_errors" unwritable <<'EOF2' || fail=1
-d ro/d
-v -d dang
-d ro/d/e
EOF2

# A path longer than PATH_MAX: 2,100 levels, all made (GNU's install
# walks it with chdir, Brisk's from each parent's descriptor); -D then
# fails on the file's own name, as GNU's does.
long=$(perl -e 'print join ("/", ("d") x 2100)')
cp_twin_ setup -v -d "$long" || fail=1
cp_twin_ setup -D a "$long/f" || fail=1
cp_twin_ setup -D -t "$long" a || fail=1

# An empty name (the batch above gives a name of two quotes): nothing
# to make, said as GNU says it.
cp_twin_ setup -d '' || fail=1
Exit $fail
