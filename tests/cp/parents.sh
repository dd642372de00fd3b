#!/bin/sh
# cp --parents: the leading directories it makes and the modes they
# end with, compared with GNU's cp: with -a and -p (whose mode, times
# and owner are the source's, given to the existing leading
# directories too when one is missing, and to none when the last one
# exists), with --no-preserve=mode, and with none of these, under a
# umask of 002 and of 077 (the permissions a made directory leaves out
# while it is filled come back at the end: those the umask allows); a
# source whose leading component is a file (no directory made for it);
# and the mode of a directory while cp fills it (GNU's
# parent-perm-race.sh): no write permission for group or others.
. "$(dirname "$0")/lib.sh"

tree ()
{
  mkdir -p a/b/c a/b/d g/h e x/y && printf 1 > a/b/c/f \
    && printf 2 > a/b/d/f && printf 3 > g/h/f && printf 4 > file \
    && chmod 0775 a a/b && chmod 0722 g && chmod 0700 g/h \
    && chmod 2775 x && chmod 0577 x/y && touch -d '2001-01-01' a g x \
    && "$gnu_cp_" -p --parents a/b/c/f e && chmod g-rx e/a e/a/b \
    && touch -d '2002-02-02' e/a
}

for u in 022 002 077; do
  umask $u
  cp_batch_ tree <<'EOF2' || fail=1
-p --parents a/b/d/f e
-p --parents a/b/c/f e
-a --parents g/h/f a/b/c e
--parents g/h/f new
--parents -v g/h/f a/b/d/f x/y e
--parents --no-preserve=mode g/h/f x/y/ e
--parents --preserve=mode x/y e
--parents --preserve=ownership x/y e/a
--parents --preserve=timestamps -r g e/a/b
--parents file/f e
--parents -r a/b/c/f/ e
--parents a/b/nothing/f e
--parents /dev/null e
EOF2
done
umask 022

# The existing destination a leading directory would be: a file.
clash ()
{
  mkdir -p a/b e && printf 1 > a/b/f && printf 2 > e/a
}
cp_batch_ clash <<'EOF2' || fail=1
--parents a/b/f e
-p --parents a/b/f e
EOF2

# The mode of the directory cp makes, while it copies the contents of
# a FIFO into it.
fill_mode ()
{
  fm_side_=$1 fm_attr_=$2
  rm -rf "$cmp_/race" && mkdir -p "$cmp_/race/$fm_attr_" "$cmp_/race/d" \
    && cd "$cmp_/race" && chmod 0775 "$fm_attr_" \
    && mkfifo "$fm_attr_/fifo" || framework_failure_ "race setup"
  cp_run_ "$fm_side_" "--preserve=$fm_attr_" -R --copy-contents --parents \
    "$fm_attr_" d &
  fm_pid_=$!
  timeout 10 sh -c "stat -c %A d/$fm_attr_ > $fm_attr_/fifo"
  wait $fm_pid_
  cat "d/$fm_attr_/fifo"
  stat -c %A "d/$fm_attr_"
  cd "$tmp_root_/w" || framework_failure_ "cd back"
}
umask 002
for attr in mode ownership; do
  g=$(fill_mode gnu $attr) && b=$(fill_mode brisk $attr) \
    || framework_failure_ "fill_mode $attr"
  test "$g" = "$b" || { echo "while filled ($attr): GNU $g, Brisk $b" >&2
                        fail=1; }
done

Exit $fail
