#!/bin/sh
# Several outputs: no FILE (stdout only), files, the same file named twice
# (and three times), '-' (a file of that name, not stdout), /dev/null,
# stdout to a file or a pipe, and the input file itself named as an output.
# Compared with GNU: stdout, stderr, status and every file left behind.
. "$(dirname "$0")/lib.sh"

make_random_ in 1000000 7
printf 'a\nb\n' > small
: > empty

for i in in pipe:in small pipe:small empty pipe:empty; do
  tee_twin_ -i $i || fail=1
  tee_twin_ -i $i a || fail=1
  tee_twin_ -i $i a b c || fail=1
  tee_twin_ -i $i a a || fail=1
  tee_twin_ -i $i a b a b a || fail=1
  tee_twin_ -i $i - || fail=1
  tee_twin_ -i $i - a - || fail=1
  tee_twin_ -i $i /dev/null a /dev/null || fail=1
  tee_twin_ -i $i -o out a b || fail=1
  tee_twin_ -i $i -o /dev/null a b || fail=1
done

# stdout through a pipe: the pipe path with a pipe output.
w=$PWD
for i in in pipe:in; do
  case $i in pipe:*) spec=pipe:$w/${i#pipe:} ;; *) spec=$w/$i ;; esac
  for args in '' 'a' 'a b a' '/dev/null' '- /dev/null b'; do
    rm -rf "$cmp_/g" "$cmp_/b" && mkdir "$cmp_/g" "$cmp_/b" \
      || framework_failure_ mkdir
    # shellcheck disable=SC2086
    (cd "$cmp_/g" && run_in_ "$gnu_bin_" "$spec" '' tee $args \
       | cat > stdout) 2> "$cmp_/g.err"
    # shellcheck disable=SC2086
    (cd "$cmp_/b" && run_in_ "$brisk_bin_" "$spec" '' tee $args \
       | cat > stdout) 2> "$cmp_/b.err"
    diff -r "$cmp_/g" "$cmp_/b" && compare "$cmp_/g.err" "$cmp_/b.err" \
      || { echo "differ: tee $args (stdin $i, stdout a pipe)" >&2; fail=1; }
  done
done

# The input named as an output: truncated before anything is read.
cp small self
tee_twin_ -i self self || fail=1

Exit $fail
