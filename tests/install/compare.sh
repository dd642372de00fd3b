#!/bin/sh
# install -C compared with GNU's: a destination that already has the
# contents, mode, owner and group it would get is left alone (its times
# too: the tree dump shows them), any difference replaces it; a mode
# with special bits turns -C off, with GNU's message.  Then Brisk's own
# -C leaves the destination's inode and times as they were.
twin_tool_=install
. "$(dirname "$0")/../cp/lib.sh"

setup ()
{
  printf 'same\n' > a && printf 'same\n' > same && chmod 755 same \
    && printf 'diff\n' > diff && chmod 755 diff && printf 'samf\n' > samf \
    && chmod 755 samf && printf 'longer\n' > long && chmod 755 long \
    && printf 'same\n' > m644 && chmod 644 m644 \
    && printf 'same\n' > own && chmod 755 own && chown 65534:65534 own \
    && printf 'same\n' > sg && chmod 2755 sg && ln -s same lsame \
    && printf 'same\n' > x4755 && chmod 4755 x4755 && ln -s a sa \
    && mkdir d && printf 'same\n' > d/a && chmod 755 d/a \
    && printf 'same\n' > d/same && chmod 600 d/same \
    && printf 'same\n' > grp && chmod 755 grp && chgrp 65534 grp
}
cp_batch_ setup <<'EOF2' || fail=1
-C a same
-C -v a same
-C a diff
-C -v a samf
-C a long
-C a m644
-C -m 644 a m644
-C -v -m 0644 a same
-C a own
-C -o 65534 -g 65534 -v a own
-C -o 65534 a own
-C -g 65534 a grp
-C -v a sg
-C -m 4755 a x4755
-C -m 4755 a x4755
-C a lsame
-C -v a b d
-C -t d a same
-C --compare -v a a
-C /dev/null d/null
-C -v /dev/null d/null
EOF2

# Brisk's own: an untouched destination keeps its inode and times.
printf 'data\n' > src && "$BRISK_CP" -m 644 src dst || fail=1
touch -d '2001-02-03 04:05:06' dst || framework_failure_ touch
before=$(stat -c '%i %Y %Z' dst) || framework_failure_ stat
"$BRISK_CP" -C -m 644 src dst || fail=1
test "$(stat -c '%i %Y %Z' dst)" = "$before" \
  || { echo "$me_: install -C touched an identical destination" >&2; fail=1; }
printf 'other\n' > src || framework_failure_ printf
"$BRISK_CP" -C -m 644 src dst || fail=1
# (GNU's install may give the new file the old one's freed inode.)
{ test -n "$twin_self_" || test "$(stat -c %i dst)" != "${before%% *}"; } \
  && compare src dst \
  || { echo "$me_: install -C did not replace a changed file" >&2; fail=1; }
Exit $fail
