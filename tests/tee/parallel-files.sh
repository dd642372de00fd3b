#!/bin/sh
# With a pipe on standard input and two regular files or more, a worker
# thread writes some of the files while the main thread writes the
# others.  Every output still gets every byte (64 MiB through four
# files); failures are reported as GNU reports them, in output order,
# whichever thread met them (/dev/full among files; every file hitting
# the file size limit in the same round).  thread-strace.sh shows that
# the thread is there.
. "$(dirname "$0")/lib.sh"

make_random_ big 67108864 37
b=$brisk_bin_/tee

# Four files from a pipe, into a pipe, then from a file.
cat big | $b f1 f2 f3 f4 2> err | cat > out
for f in f1 f2 f3 f4 out; do
  cmp -s big $f || { echo "pipe input: $f differs from the input" >&2; fail=1; }
done
test ! -s err || { echo "pipe input: messages:" >&2; cat err >&2; fail=1; }
rm -f f1 f2 f3 f4 out
$b f1 f2 f3 f4 < big 2> err > out
for f in f1 f2 f3 f4 out; do
  cmp -s big $f || { echo "file input: $f differs from the input" >&2; fail=1; }
done
test ! -s err || { echo "file input: messages:" >&2; cat err >&2; fail=1; }
rm -f f1 f2 f3 f4 out

# run_both_ NAME LIMIT ARG...: run "cat big | tee ARG... | cat" as GNU's
# tee and as Brisk's, each in its own directory under $cmp_, with the file
# size limit LIMIT ('' for none; SIGXFSZ ignored, so that writes past it
# fail with EFBIG); compare standard output, messages, exit status and the
# files left.
run_both_ ()
{
  rb_name_=$1 rb_limit_=$2
  shift 2
  for s in gnu brisk; do
    eval "bin=\$${s}_bin_"
    rm -rf "$cmp_/$s" && mkdir "$cmp_/$s" || framework_failure_ mkdir
    (cd "$cmp_/$s" \
     && { (trap '' XFSZ
           test -z "$rb_limit_" || ulimit -f "$rb_limit_" || exit 99
           run_in_ "$bin" "pipe:$OLDPWD/big" '' tee "$@")
          echo $? > status; } | cat > stdout) 2> "$cmp_/$s.err"
  done
  grep '^99$' "$cmp_/gnu/status" >/dev/null && framework_failure_ "ulimit -f"
  diff -r "$cmp_/gnu" "$cmp_/brisk" >/dev/null \
    && compare "$cmp_/gnu.err" "$cmp_/brisk.err" && return 0
  echo "$rb_name_: GNU and Brisk differ (tee $*)" >&2
  diff -rq "$cmp_/gnu" "$cmp_/brisk" >&2
  return 1
}

# /dev/full among files: "tee: /dev/full: No space left on device", status
# 1, and the files complete.
run_both_ "/dev/full" '' f1 f2 /dev/full f3 f4 || fail=1
printf '%s\n' 'tee: /dev/full: No space left on device' > exp
compare exp "$cmp_/brisk.err" || fail=1
echo 1 > exp
compare exp "$cmp_/brisk/status" || fail=1
for f in f1 f2 f3 f4 stdout; do
  cmp -s big "$cmp_/brisk/$f" || { echo "/dev/full: $f incomplete" >&2; fail=1; }
done
run_both_ "/dev/full, -p" '' -p /dev/full f1 f2 f3 || fail=1

# Every file fails in the same round, two of them in the worker, two in
# the main thread, after /dev/full in the first round: the messages come
# in output order, and the files hold what GNU's hold.
run_both_ "file size limit" 2000 f1 f2 /dev/full f3 f4 || fail=1
run_both_ "file size limit, warn" 2000 --output-error=warn f1 f2 f3 || fail=1

Exit $fail
