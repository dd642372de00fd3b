#!/bin/sh
# An output that fails on every write: /dev/full as a FILE ("tee: /dev/full:
# No space left on device", exit 1) and as stdout ("tee: 'standard output':
# ..."), under each --output-error mode; the other outputs still get every
# byte (except in the "exit" modes).  Input from a file and from a pipe,
# short and longer than any buffer.  Compared with GNU.
. "$(dirname "$0")/lib.sh"

make_random_ big 3000000 11
printf 'hello\n' > small

for i in small pipe:small big pipe:big; do
  for mode in '' -p --output-error=warn --output-error=exit \
              --output-error=exit-nopipe; do
    case $i$mode in
      big*exit*|pipe:big*exit*) continue ;;   # see below
    esac
    # shellcheck disable=SC2086
    tee_twin_ -i $i $mode a /dev/full b || fail=1
    # shellcheck disable=SC2086
    tee_twin_ -i $i -o /dev/full $mode a b || fail=1
  done
  tee_twin_ -i $i /dev/full /dev/full a || fail=1
done

# In the "exit" modes tee stops after the piece of input it was writing
# when the error came, and pieces are larger than GNU's: so with long input
# compare only the messages and status, and check that what was written is
# a start of the input, the same on every output before the failing one.
for i in big pipe:big; do
  for mode in --output-error=exit --output-error=exit-nopipe; do
    for s in gnu brisk; do
      eval "bin=\$${s}_bin_"
      rm -f a b
      run_in_ "$bin" $i '' tee $mode a /dev/full b > out 2> $s.err
      echo $? >> $s.err
      n=$(wc -c < out)
      test "$n" -gt 0 && cmp -s -n "$n" out big && cmp -s out a \
        && test ! -s b \
        || { echo "$s tee $mode a /dev/full b < $i: wrong outputs" >&2
             fail=1; }
    done
    compare gnu.err brisk.err || fail=1
  done
done

# Stdout a pipe, the failing output in the middle (the pipe path).
for i in small big; do
  for s in gnu brisk; do
    eval "bin=\$${s}_bin_"
    rm -rf "$cmp_/$s" && mkdir "$cmp_/$s" || framework_failure_ mkdir
    (cd "$cmp_/$s" && { run_in_ "$bin" "pipe:$OLDPWD/$i" '' tee a /dev/full b
                        echo $? > status; } | cat > stdout) 2> "$cmp_/$s.err"
  done
  diff -r "$cmp_/gnu" "$cmp_/brisk" \
    && compare "$cmp_/gnu.err" "$cmp_/brisk.err" \
    || { echo "differ: $i | tee a /dev/full b | cat" >&2; fail=1; }
done

Exit $fail
