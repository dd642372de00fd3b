#!/bin/sh
# install -s compared with GNU's: a small program built here and
# stripped by strip (the same bytes either way), with -m, -p and -o;
# --strip-program naming a program that fails; a file that strip rejects,
# which strip's own message names by the destination's name (Brisk
# strips a temporary, and gives that message with the destination's
# name in place of the temporary's).  Then what is Brisk's own: a
# failed strip leaves the old destination whole and no temporary, and
# strip's message names the destination there too; a destination in a
# directory named "-d" is stripped (GNU 9.1's strip takes it for
# options).  A strip program that cannot be run, or is no program (a
# text file), is reported as GNU 9.11 reports it, once ("cannot run
# strip program 'P': ...", "cannot run 'strip'" for the default), where
# 9.1's child printed its message and the unflushed -v line, then
# "strip process terminated abnormally", and ran a text file by sh; no
# pipe to be had for strip's messages is "cannot run 'strip'" too.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

printf 'int main (void) { return 0; }\n' > prog.c \
  && cc -g -o "$cmp_/prog" prog.c || framework_failure_ "cc cannot build"
strip -o /dev/null "$cmp_/prog" || framework_failure_ "strip cannot run"
printf '#!/bin/sh\nexit 3\n' > "$cmp_/fails" && chmod 755 "$cmp_/fails" \
  || framework_failure_ "fails"

built ()
{
  cp "$cmp_/prog" prog && touch -d '2005-06-07 08:09:10.25' prog \
    && printf 'old\n' > old && printf 'text\n' > text && mkdir d
}
cp_batch_ -D --atime built <<EOF2 || fail=1
-s prog p1
-s -v -m 750 prog p2
-s -p prog p3
-s -o 65534 -g 65534 -m 4755 prog p4
-s -t d prog
--strip-program=false -s prog p5
--strip-program=$cmp_/fails -v -s prog p6
-s text p9
-s -t d text
-s -d dir
-s -b -v prog old
EOF2

# Brisk's own: the old destination survives a failed strip.
test -z "$twin_self_" || Exit $fail
cd "$tmp_root_/w" || framework_failure_ cd
mkdir own && printf 'old\n' > own/dst && printf 'text\n' > own/text \
  || framework_failure_ mkdir
returns_ 1 cp_run_ brisk -s own/text own/dst 2> err || fail=1
tail -n 1 err > last
printf 'install: strip process terminated abnormally\n' > exp
compare exp last || fail=1
grep "^strip: own/dst: " err > /dev/null && ! grep install\\. err \
  || { cat err; echo "$me_: strip's message names no destination" >&2
       fail=1; }
test "$(cat own/dst)" = old && test "$(ls -a own | wc -l)" = 4 \
  || { ls -a own; echo "$me_: a failed strip left debris" >&2; fail=1; }

# A strip program that cannot be run (GNU 9.11).
cd "$tmp_root_/w" && rm -rf sp && mkdir sp && cd sp && built \
  || framework_failure_ "sp"
sp_entries=$(ls -a | wc -l)
returns_ 1 cp_run_ brisk --strip-program=/nonexistent/strip -s -v prog p7 \
  > out 2> err || fail=1
echo "'prog' -> 'p7'" > exp && compare exp out || fail=1
echo "install: cannot run strip program '/nonexistent/strip': No such \
file or directory" > exp && compare exp err || fail=1
returns_ 1 cp_run_ brisk --strip-program=./text -s prog p8 > out 2> err \
  || fail=1
echo "install: cannot run strip program './text': Permission denied" > exp
compare exp err && compare /dev/null out || fail=1
chmod +x text || framework_failure_ "chmod"
returns_ 1 cp_run_ brisk --strip-program=./text -s prog p8 > out 2> err \
  || fail=1
echo "install: cannot run strip program './text': Exec format error" > exp
compare exp err || fail=1
returns_ 1 sh -c 'PATH=$1:/nonexistent; exec install -s prog p9' sh \
  "$brisk_bin_" > out 2> err || fail=1
echo "install: cannot run 'strip': No such file or directory" > exp
compare exp err || fail=1
test ! -e p7 && test ! -e p8 && test ! -e p9 || fail=1
# No pipe for strip's messages (EMFILE): strip cannot be run.
emfile=$(perl -MPOSIX -e '$! = EMFILE; print "$!"')
returns_ 1 fault_run_ pipe:1:EMFILE "$brisk_bin_/install" -s prog p10 \
  > out 2> err || fail=1
echo "install: cannot run 'strip': $emfile" > exp
sed "s|^$brisk_bin_/install:|install:|" err > err2
compare exp err2 && compare /dev/null out || fail=1
test ! -e p10 \
  && test "$(ls -a | grep -c -v -x -e out -e err -e err2 -e exp)" \
          = "$sp_entries" \
  || { ls -a; echo "$me_: no pipe for strip: debris left" >&2; fail=1; }
cd "$tmp_root_/w" || framework_failure_ cd

# A destination in a directory whose name starts with "-": GNU 9.1's
# install gives strip "-d/.." as is, which strip takes for options.
mkdir ./-d && cp "$cmp_/prog" prog || framework_failure_ "mkdir -d"
cp_run_ brisk -s prog -- -d/p || fail=1
strip -o stripped prog && compare stripped ./-d/p || fail=1
Exit $fail
