#!/bin/sh
# --check with --audit=DIR: GNU's lines and warnings for the check file
# (compared with GNU's -c), then "NAME: NEW" for each regular file
# under DIR that the check file does not list, in the order of -r's
# walk, and "WARNING: N files are NEW"; exit 1 if any file failed, is
# missing or is new.  --quiet prints only the problems (NEW ones too),
# --status nothing.  A FIFO added to the tree is not new (not a
# regular file); -j 1 and -j 3 print the same.
. "$(dirname "$0")/../init.sh"

mkdir -p d/sub d/keep && printf 1 > d/a && printf 2 > d/sub/b \
  && printf 3 > d/keep/c && printf 4 > "d/odd
name" || framework_failure_ "tree"

for t in sha256sum $some_sum_tools; do
  rm -rf d/new-dir d/added "d/new
one" d/fifo
  printf 1 > d/a && printf 2 > d/sub/b || framework_failure_ "reset"
  brisk_ $t -r d > SUMS || framework_failure_ "$t -r d"

  # Nothing changed: GNU's output, exit 0.
  for j in 1 3; do
    ref_ $t -c SUMS > exp 2> exp.err
    brisk_ $t -c --audit=d -j $j SUMS > out 2> err || fail=1
    compare exp out || fail=1
    compare exp.err err || fail=1
  done

  # A file changed, one gone, three new (one in a new directory, one
  # with a newline in its name), a FIFO added.
  printf changed > d/a && rm d/sub/b && mkdir d/new-dir \
    && printf x > d/new-dir/x && printf y > d/added && printf z > "d/new
one" && mkfifo d/fifo || framework_failure_ "changes"
  ref_ $t -c SUMS > exp 2> exp.err
  test $? = 1 || framework_failure_ "GNU $t -c: not 1"
  # The new name quoted as GNU 9.11 quotes a name in a result line.
  printf '%s\n' 'd/added: NEW' "'d/new'\$'\\n''one': NEW" \
    'd/new-dir/x: NEW' > new
  cat exp new > exp.all
  cp exp.err exp.err.all && echo "$t: WARNING: 3 files are NEW" >> exp.err.all
  for j in 1 3; do
    returns_ 1 timeout 20 "$BRISK_BIN/$t" -c --audit=d -j $j SUMS > out \
      2> err || fail=1
    compare exp.all out || fail=1
    sed "s|^$BRISK_BIN/||" err > err2
    compare exp.err.all err2 || fail=1
  done

  # --quiet: the problems only; --status: nothing.
  ref_ $t -c --quiet SUMS > exp 2> /dev/null
  cat exp new > exp.all
  returns_ 1 brisk_ $t -c --quiet --audit=d SUMS > out 2> /dev/null || fail=1
  compare exp.all out || fail=1
  returns_ 1 brisk_ $t -c --status --audit d SUMS > out 2> err || fail=1
  compare /dev/null out || fail=1
  ref_ $t -c --status SUMS 2> exp.err
  compare exp.err err || fail=1

  # Only new files: the check passes, the audit does not.
  printf 1 > d/a && printf 2 > d/sub/b || framework_failure_ "restore"
  ref_ $t -c SUMS > exp 2> /dev/null || framework_failure_ "GNU $t -c"
  cat exp new > exp.all
  returns_ 1 brisk_ $t -c --audit=d SUMS > out 2> err || fail=1
  compare exp.all out || fail=1
  echo "$t: WARNING: 3 files are NEW" > exp.err
  compare exp.err err || fail=1
done

# --audit wants --check, and a directory.
returns_ 1 brisk_ sha256sum --audit=d SUMS > /dev/null 2> err || fail=1
grep -F 'the --audit option is meaningful only when verifying checksums' \
  err > /dev/null || { cat err; fail=1; }
brisk_ sha256sum -r d > SUMS || framework_failure_ "SUMS"
returns_ 1 brisk_ sha256sum -c --audit=d/a SUMS > out 2> err || fail=1
grep -F 'sha256sum: d/a: Not a directory' err > /dev/null || { cat err; fail=1; }
returns_ 1 brisk_ sha256sum -c --audit=nowhere SUMS > out 2> err || fail=1
grep -F 'sha256sum: nowhere: No such file or directory' err > /dev/null \
  || { cat err; fail=1; }

Exit $fail
