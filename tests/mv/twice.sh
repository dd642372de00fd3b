#!/bin/sh
# Operands that meet in one destination, compared with GNU's mv: a
# second file of the same name is not moved over the first ("will not
# overwrite just-created 'c/f' with 'b/f'"), unless --backup=numbered
# (-b and --backup=existing still refuse); hard links of one file under
# two names both move; -t and a trailing slash alike; with -f, -u, -i.
# A directory named twice: the second time is "warning: source
# directory 'b' specified more than once" when the first could not go
# inside itself (b b b/), but a failure each time when the destination
# is a directory not empty, or a file.
. "$(dirname "$0")/lib.sh"
unset VERSION_CONTROL SIMPLE_BACKUP_SUFFIX

two ()
{
  mkdir a b c && printf 'a\n' > a/f && printf 'b\n' > b/f \
    && printf 'g\n' > b/g && ln b/g a/g
}
for args in 'a/f b/f c' '-b a/f b/f c' '--backup=numbered a/f b/f c' \
            '--backup=existing a/f b/f c' 'a/g b/g c' '-f a/f b/f c' \
            '-u a/f b/f c' '-t c a/f b/f' 'a/f b/f c/' 'a/f a/g b/f c' \
            '-v a/f b/f b/g c'; do
  # shellcheck disable=SC2086
  cp_twin_ two $args || fail=1
done
printf 'y\ny\n' > yes
cp_twin_ -i yes two -i a/f b/f c || fail=1

dirs ()
{
  mkdir -p b d/b/x e && : > a && printf 'z\n' > e/b
}
for args in 'b b d' 'b ./b d' '--verbose ./b b b/' 'b b b' 'b b/ d' \
            '-t d b b' '-b b b d' 'b b e' '-f b b d' './b b b'; do
  # A rename refused for the destination's sake names only the
  # destination since GNU 9.4 (9.1: "cannot move 'b' to 'd/b'").
  # shellcheck disable=SC2086
  cp_twin_ -g "s|^mv: cannot move '[^']*' to \('[^']*'\): Directory not empty\$|mv: cannot overwrite \1: Directory not empty|" \
    dirs $args || fail=1
done
Exit $fail
