#!/bin/sh
# A destination that is a symbolic link, compared with GNU's cp: one
# that an earlier operand just made ("will not copy 'b/1' through
# just-created symlink 'c/1'", GNU's abuse.sh), dangling or naming a
# file; a dangling one, refused, or written through with
# POSIXLY_CORRECT (GNU's thru-dangling.sh); a loop of symlinks, which
# -f removes (GNU since 8.30) and nothing else touches.
. "$(dirname "$0")/lib.sh"

abuse ()
{
  mkdir a b c && ln -s ../t a/1 && printf payload > b/1 && mkdir e \
    && ln -s ../t e/2 && printf 2 > a/2
}
abuse_t () { abuse && printf i > t; }
for setup in abuse abuse_t; do
  cp_batch_ $setup <<'EOF2' || fail=1
-dR a/1 b/1 c
-dRv a/1 b/1 c
-dR --backup=t a/1 b/1 c
-dR -f a/1 b/1 c
-dR --remove-destination a/1 b/1 c
-dR a/1 a/1 c
-dR a/2 e/2 c
-dR e/2 a/2 c
-L a/1 b/1 c
EOF2
done

dangling ()
{
  ln -s no-such dangle && printf hi > f && ln -s loop loop && mkdir d \
    && ln -s ../nowhere d/out && ln -s a b && ln -s b a \
    && ln -s no-dir/x deep
}
cp_batch_ dangling <<'EOF2' || fail=1
f dangle
-f f dangle
f loop
-i f loop
-n f loop
-u f loop
-R d loop
-f f loop
-fv f a
-f f b
-f f deep
-rf d d2
EOF2
(
  POSIXLY_CORRECT=1
  export POSIXLY_CORRECT
  cp_batch_ dangling <<'EOF2'
f dangle
-v f d/out
-p f deep
f loop
-a f a
-d f b
EOF2
) || fail=1
Exit $fail
