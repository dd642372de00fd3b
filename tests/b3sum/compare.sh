#!/bin/sh
# b3sum against the BLAKE3 team's (Debian's b3sum 1.2): every option it
# has, on odd names (blanks, newline, backslash, carriage return, bytes
# that are not UTF-8), empty and large files, standard input, missing
# files and directories (a file of 3 MB, hashed on several threads with
# --num-threads): standard output and exit status byte for byte,
# standard error too but for Rust's " (os error N)" after the reason.
# --check both ways, and on malformed lines.  The options of later
# releases (--tag, --seek) against models built from 1.2's output.
. "$(dirname "$0")/../init.sh"
ref=$(command -v b3sum) || skip_ "the BLAKE3 team's b3sum is not installed"
"$ref" --version | grep '^b3sum 1\.' >/dev/null \
  || skip_ "$ref is not the BLAKE3 team's b3sum"
ln -s "$ref" "$gnu_bin_/b3sum" && ln -s "$BRISK_BIN/b3sum" "$brisk_bin_/b3sum" \
  || framework_failure_ "ln -s b3sum"

# b3_ [-i IN] ARG...: run both, compare stdout and status exactly and
# stderr without Rust's " (os error N)".
b3_ ()
{
  b3_in_=/dev/null
  if test "$1" = -i; then b3_in_=$2; shift 2; fi
  run_in_ "$gnu_bin_" "$b3_in_" '' b3sum "$@" > ref.out 2> ref.err
  b3_rst_=$?
  run_in_ "$brisk_bin_" "$b3_in_" '' b3sum "$@" > br.out 2> br.err
  b3_bst_=$?
  sed 's/ (os error [0-9]*)$//' ref.err > ref.err2
  cmp -s ref.out br.out && cmp -s ref.err2 br.err && test $b3_rst_ = $b3_bst_ \
    && return 0
  show_cmd_ "b3sum and Brisk's differ" "$@"
  compare ref.out br.out >&2
  compare ref.err2 br.err >&2
  echo "exit status: b3sum $b3_rst_, brisk $b3_bst_" >&2
  return 1
}

printf 'abc' > 'a b'
printf 'x' > "$(printf 'new\nline')"
printf 'y' > 'back\slash'
printf 'z' > "$(printf 'bad\377name')"
printf 'w' > "$(printf 'cr\rname')"
printf 'v' > "$(printf '\303\251t\303\251')"
: > empty
make_random_ big 3000000 5
mkdir dir
names="a b
new
line
back\\slash
empty
big"

# Every file at once, and each alone, with the output options.
set -- 'a b' "$(printf 'new\nline')" 'back\slash' "$(printf 'bad\377name')" \
  "$(printf 'cr\rname')" "$(printf '\303\251t\303\251')" empty big
for opts in '' '--no-names' '-l 0' '-l 1' '-l 31' '-l 33' '-l 64' '-l 65' \
            '-l 512' '--derive-key ctx' '--derive-key "" ' '--no-mmap' \
            '--num-threads 1' '--num-threads 3' '--num-threads 0'; do
  eval "b3_ $opts \"\$@\"" || fail=1
  for f in "$@"; do
    eval "b3_ $opts -- \"\$f\"" || fail=1
  done
done
for f in "$@"; do
  b3_ --raw "$f" || fail=1
  b3_ --raw -l 100 "$f" || fail=1
done
b3_ --raw 'a b' empty || fail=1

# Standard input, missing files, directories.
b3_ -i big || fail=1
b3_ -i big - || fail=1
b3_ -i 'a b' - empty - || fail=1
b3_ missing || fail=1
b3_ 'a b' missing empty dir || fail=1
b3_ dir || fail=1

# --keyed: the key on standard input, 32 bytes exactly.
printf '%032d' 7 > key
head -c 31 key > key31
cat key key > key64
b3_ -i key --keyed 'a b' big || fail=1
b3_ -i key --keyed -l 70 empty || fail=1
b3_ -i key31 --keyed 'a b' || fail=1
b3_ -i key64 --keyed 'a b' || fail=1
returns_ 1 brisk_ -i key b3sum --keyed 'a b' - > out 2> err || fail=1
compare - err <<\EOT || fail=1
b3sum: -: Cannot open `-` in keyed mode
EOT
b3_ -i key --keyed 'a b' - || fail=1

# --check: b3sum's lines checked by Brisk's, and Brisk's by b3sum's.
"$ref" -- "$@" > ref.sums
brisk_ b3sum -- "$@" > br.sums || fail=1
compare ref.sums br.sums || fail=1
b3_ -c ref.sums || fail=1
b3_ -c --quiet ref.sums || fail=1
b3_ -i ref.sums -c || fail=1
b3_ -i ref.sums -c - || fail=1
# The tagged lines of newer b3sum's --tag, read back by -c.
brisk_ b3sum --tag -- "$@" > tag.sums || fail=1
sed -n 's/^\(\\\{0,1\}\)\([0-9a-f]\{64\}\)  \(.*\)$/\1BLAKE3 (\3) = \2/p' \
  ref.sums > tag.exp
compare tag.exp tag.sums || fail=1
brisk_ b3sum -c ref.sums > ref.res 2>&1
brisk_ b3sum -c tag.sums > tag.res 2>&1
compare ref.res tag.res || fail=1

# Malformed and failing lines, as b3sum 1.2 reports them.
h=$("$ref" --no-names 'a b')
H=$(printf '%s' "$h" | tr a-f A-F)
{
  printf '%s  a b\n' "$h"
  printf '%s  a b\n' "$(printf '%s' "$h" | sed 's/^./0/')"
  printf '\n'
  printf 'short line\n'
  printf '%s  \n' "$h"
  printf '%s a b\n' "$h"
  printf '%s   a b\n' "$h"
  printf '%s  a b\n' "$H"
  printf '%s  missing\n' "$h"
  printf '%s  dir\n' "$h"
  printf '\\%s  back\\\\slash\n' "$("$ref" --no-names 'back\slash')"
  printf '\\%s  back\\slash\n' "$h"
  printf '\\%s  a b\\\n' "$h"
  printf '\\%s  new\\nline\n' "$("$ref" --no-names "$(printf 'new\nline')")"
  printf '%s  a\0b\n' "$h"
  printf '%s  \357\277\275\n' "$h"
  printf '\303\251%s  a b\n' "$h"
  printf '%s\303\251  a b\n' "$h"
  printf '%s  a b\r\n' "$h"
  printf '%s  a b' "$h"
} > bad.sums
b3_ -c bad.sums || fail=1
b3_ -c --quiet bad.sums || fail=1
b3_ -c bad.sums ref.sums || fail=1

# A line that is not UTF-8 ends the reading of its check file.
printf '%s  a b\n\377\n%s  a b\n' "$h" "$h" > nonutf8.sums
returns_ 1 brisk_ b3sum -c nonutf8.sums > out 2> err || fail=1
compare - out <<\EOT || fail=1
a b: OK
EOT
compare - err <<\EOT || fail=1
b3sum: nonutf8.sums: stream did not contain valid UTF-8
EOT

# --seek and --tag, of b3sum 1.4 and 1.6: models from 1.2's -l.
full=$("$ref" --no-names -l 200 big)
for s in 0 1 63 64 65 100; do
  got=$(brisk_ b3sum --no-names --seek $s -l 100 big) || fail=1
  exp=$(printf '%s' "$full" | cut -c$((2 * s + 1))-$((2 * s + 200)))
  test "$got" = "$exp" || { echo "--seek $s: $got, not $exp" >&2; fail=1; }
done
# big (3 MB) is hashed on several threads with --num-threads above 1.
for t in 1 2 5; do
  got=$(brisk_ b3sum --num-threads $t --no-names --seek 65 -l 100 big) \
    || fail=1
  exp=$(printf '%s' "$full" | cut -c131-330)
  test "$got" = "$exp" || { echo "--num-threads $t --seek 65" >&2; fail=1; }
done

# One file on several threads (src/digest/digest-b3threads.c): by default on
# a file of 8 MiB or more; with BRISK_IO_BUFSIZE=4096 in spans of 4
# chunks, on files of 16 spans (64 KiB) or more.  Sizes around a
# chunk, a span, the least file that takes the threads, and several
# spans and a byte; the keyed and derived modes, --seek, -r.
make_random_ huge 9000001 6
for opts in '' '--num-threads 1' '--num-threads 2' '--num-threads 3' \
            '--derive-key ctx' '-l 100'; do
  eval "b3_ $opts huge" || fail=1
done
b3_ -i key --keyed huge || fail=1
BRISK_IO_BUFSIZE=4096; export BRISK_IO_BUFSIZE
for n in 0 1 1023 1024 1025 4095 4096 4097 65535 65536 65537 81919 \
         81920 81921 300001; do
  head -c $n huge > part
  for opts in '' '--num-threads 2' '--num-threads 7' '--derive-key ctx'; do
    eval "b3_ $opts part" || fail=1
  done
  b3_ -i key --keyed part || fail=1
done
full=$("$ref" --no-names -l 200 part)
got=$(brisk_ b3sum --no-names --seek 65 -l 100 part) || fail=1
exp=$(printf '%s' "$full" | cut -c131-330)
test "$got" = "$exp" || { echo "threads, --seek 65: $got" >&2; fail=1; }
mkdir -p walk/sub && cp 'a b' big walk/sub/ && cp part walk/
brisk_ b3sum -r walk > out || fail=1
"$ref" walk/part walk/sub/'a b' walk/sub/big > exp
compare exp out || fail=1

# A file cut short while the threads read it: a digest or an error,
# never a crash.
cat huge huge huge huge huge > cut
brisk_ b3sum cut > out 2> err &
pid=$!
truncate -s 100000 cut
wait $pid
st=$?
test $st -le 1 || { echo "b3sum of a file cut short: status $st" >&2; fail=1; }
unset BRISK_IO_BUFSIZE

brisk_ b3sum --tag -l 8 'a b' > out || fail=1
printf 'BLAKE3 (a b) = %s\n' "$("$ref" --no-names -l 8 'a b')" > exp
compare exp out || fail=1

# Brisk's own: -j and -r give the lines of the files one by one.
brisk_ b3sum -j 3 -- "$@" > out || fail=1
compare ref.sums out || fail=1
mkdir -p tree/sub && cp 'a b' big tree/sub/ && cp empty tree/
brisk_ b3sum -r tree > out || fail=1
"$ref" tree/empty tree/sub/'a b' tree/sub/big > exp
compare exp out || fail=1
brisk_ b3sum -z 'back\slash' > out || fail=1
printf '%s  back\\slash\0' "$("$ref" --no-names 'back\slash')" > exp
compare exp out || fail=1

# Usage errors.
returns_ 1 brisk_ b3sum -c -l 8 ref.sums 2> /dev/null || fail=1
returns_ 1 brisk_ b3sum --keyed --derive-key x 'a b' 2> /dev/null || fail=1
returns_ 1 brisk_ b3sum --quiet 'a b' 2> /dev/null || fail=1
Exit $fail
