#!/bin/sh
# Hard links kept when the destination holds members of the group
# already, compared with GNU's cp: a second copy of a tree whose source
# changed since (the earlier copy's links are replaced, not written
# through, and the names linked again), -u leaving newer members that
# the others get linked to (even without links kept: "cp -u a b dir"),
# --attributes-only onto a file with other links (its data stays),
# links met through symbolic links with -H and -L, and -v's "removed"
# lines.
. "$(dirname "$0")/lib.sh"

# s/a and s/b: one file, newer than the copy d made of it before.
stale ()
{
  mkdir s d && echo 2 > s/a && ln s/a s/b && echo 1 > d/a && ln d/a d/b \
    && touch -d '-2 hours' d/a
}
for args in '-a s/. d' '-aT s d' '-Rd s/. d' '-R --preserve=links s/. d' \
            '-av s/. d' '-a --remove-destination s/. d' '-a s/a s/b d'; do
  cp_twin_ -s stale $args || fail=1
done

# Members of s's group in t/s: some missing, some linked already, an
# older and a newer separate file (GNU's tests/cp/preserve-link.sh).
groups ()
{
  mkdir -p s t/s && touch s/f && for n in linkm linke fileo fileu; do
    ln s/f s/$n || return 1
  done
  touch t/s/${1-f} && ln t/s/${1-f} t/s/linke \
    && touch -d '-1 hour' t/s/fileo && touch -d '2030-01-01 12:00:00' t/s/fileu
}
groups_m () { groups linkm; }
for setup in groups groups_m; do
  for args in '-au s t' '-auv s t' '-a s t' '-Ru --preserve=links s t'; do
    cp_twin_ -s $setup $args || fail=1
  done
done

# -u alone: the newer destinations stay, the second one a link of the
# first.
newer ()
{
  echo x > a && ln a b && mkdir dir && echo y > dir/a && echo z > dir/b \
    && touch -d '2030-01-01 12:00:00' dir/a dir/b
}
cp_twin_ newer -u a b dir || fail=1
cp_twin_ newer -uv a b dir || fail=1
cp_twin_ newer -ul a b dir || fail=1

# --attributes-only onto a file with another link (GNU's
# tests/cp/attr-existing.sh): its data stays.
attr ()
{
  printf 1 > file1 && printf 2 > file2 && ln file2 link2
}
cp_twin_ attr -a --attributes-only file1 file2 || fail=1
cp_twin_ attr -R --preserve=links --attributes-only file1 file2 || fail=1

# Links reached through symbolic links (GNU's tests/cp/link-preserve.sh).
via_symlink ()
{
  mkdir c d && touch a && ln -s a b && touch d/a && ln -s a d/b \
    && touch d/h && ln d/h d/h2
}
cp_twin_ via_symlink --preserve=links -R -H a b c || fail=1
cp_twin_ via_symlink --preserve=links -R -L d e || fail=1
cp_twin_ via_symlink --preserve=links -L a b c || fail=1

Exit $fail
