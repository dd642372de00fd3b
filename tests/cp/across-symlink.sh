#!/bin/sh
# A symbolic link to the source on another file system (a tmpfs) as
# the destination, compared with GNU's cp: --remove-destination
# removes it and copies (with -d, -L, -f, -b too; GNU's mv test
# part-symlink.sh does this); without it, "are the same file".  Either
# way round: the link here and the file there, or the file here and
# the link there.  Needs mount(2): skips where tmpfs cannot be mounted.
. "$(dirname "$0")/lib.sh"

require_tmpfs_

linked ()
{
  small_tmpfs_ fs && printf 'XYZ\n' > f && ln -s "$PWD/f" fs/rl \
    && printf 'R\n' > fs/r && ln -s "$PWD/fs/r" rl \
    && printf 'g\n' > g && ln -s "$PWD/g" fs/gl
}
unmount () { umount fs; }
for opts in '--rem -d' '--rem' '--rem -L' '-f --rem -d' '--rem -b -d' \
            '-d' '-f -d'; do
  cp_batch_ -p unmount linked <<EOF2 || fail=1
$opts f fs/rl
$opts fs/r rl
EOF2
done
cp_batch_ -p unmount linked <<'EOF2' || fail=1
--rem -d -v g fs/gl
--remove-destination -d -l f fs/rl
EOF2
Exit $fail
