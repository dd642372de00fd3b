#!/bin/sh
# cp's command line: invalid options and option arguments, missing and
# extra operands, options that exclude each other, -t and -T, each
# compared with GNU's cp (message, "Try 'cp --help'" line, status 1, and
# nothing written); --help and --version exit 0.
. "$(dirname "$0")/lib.sh"

files () { printf a > f && printf b > g && mkdir d; }

# Option errors, operand errors.  -n with -b: GNU 9.3 and later's
# message.
cp_batch_ -g "s/^cp: options --backup and --no-clobber are mutually \
exclusive\$/cp: --backup is mutually exclusive with -n or \
--update=none-fail/" files <<'ARGS' || fail=1

f
-T f g d
-t f g
-t nowhere f
-t d -T f g
-l -s f h
-n -b f g
--parents f g
--reflink=bad f g
--reflink= f g
--sparse=x f g
--sparse= f g
--backup=n f g
--backup=foo f g
--backup= f g
--preserve=bad f g
--preserve= f g
--preserve=mode,bad f g
--no-preserve=bad f g
--no-preserve=all f g
-q f g
--foo f g
--re f g
--p f g
f g --p
--no-target-directory=x f g
-t
-S
f g h
f g nowhere/
d/ f g h
--
-- -f
-Tf g
-S .b -v -b f g
--verb f v
--target-dir=d f g
--context=x f h
--preserve=context f h
-a --preserve=context f h
--preserve=all f h
ARGS

# Abbreviated option arguments are taken (and so are abbreviations that
# GNU resolves without ambiguity, beside Brisk's own --progress too:
# --pr is --preserve; --path is GNU's deprecated --parents), in every
# form getopt_long accepts.
while IFS= read -r args; do
  # shellcheck disable=SC2086
  cp_twin_ files -- $args || fail=1
done <<'ARGS'
--reflink=n f h
--reflink=au f h
--sparse=al f h
--sparse=ne f h
--backup=nu f g
--backup=t f g
--backup=ni f g
--backup=si f g
--backup=off f g
--preserve=mode,times,own f h
--preserve=l,x f h
--no-preserve=mode,timestamps f h
--suffix=.x --backup f g
-b -S x f g
-bS.y f g
--pr=mode f h
--pr f h
--pres f h
--path f d
--pa f d
ARGS

# --help and --version: exit 0 and print something (the text is ours).
for o in --help --version; do
  brisk_ cp $o > out 2> err || fail=1
  test -s out || fail=1
  compare /dev/null err || fail=1
done
brisk_ cp --version | sed 1q | grep '^cp ' > /dev/null || fail=1
# --help, then another option or operand: --help wins, as with GNU.
ref_ cp --help f > /dev/null; gst=$?
brisk_ cp --help f > /dev/null; bst=$?
test $gst = 0 && test $bst = 0 || fail=1
Exit $fail
