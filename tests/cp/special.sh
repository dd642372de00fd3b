#!/bin/sh
# Special files compared with GNU's cp: FIFOs (made anew, never opened,
# with -a, -R and -r, as GNU 9.1's -r is -R; opened and read by a plain
# copy and with --copy-contents), character devices (made anew by -R
# and -a; read by a plain copy and with --copy-contents), sockets (made
# anew; with --no-preserve=mode, 0755), and empty files and
# directories.  The device only as root (mknod); without it, both
# cps fail alike where it is named.
. "$(dirname "$0")/lib.sh"

specials ()
{
  mkdir -p d/empty && mkfifo -m 0640 d/fifo \
    && { ! real_root_ || mknod -m 0600 d/null c 1 3; } \
    && printf 1 > d/f && : > d/zero && mkfifo fed \
    && perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new (Local => "d/sock",
         Type => SOCK_STREAM, Listen => 1) or die "socket: $!"'
}

cp_batch_ -s specials <<'EOF2' || fail=1
-a d a
-R d R
-r d r
-rv d rv
-dR d dR
-R d/fifo d/null fifo-null
-a d/sock sock
d/null null-contents
-R --copy-contents d/null null-cc
-R --copy-contents d/zero d/empty cc
EOF2

# --no-preserve=mode: a new socket gets a directory's default mode
# (0777 less the umask) as in GNU's cp, a FIFO a file's; both keep the
# sticky bit.
sticky () { specials && chmod 1700 d/sock && chmod 1600 d/fifo; }
cp_batch_ -s sticky <<'EOF2' || fail=1
-a --no-preserve=mode d/sock d/fifo d/empty
-R --no-preserve=mode d nm
-a --no-preserve=mode d anm
EOF2

# A plain copy of a FIFO reads it: a writer waits on it (for ten
# seconds at most, should cp never open it).
fed ()
{
  mkfifo fifo && mkdir d && mkfifo d/fifo || return 1
  timeout 10 sh -c 'printf "through the pipe\n" > fifo' &
  timeout 10 sh -c 'printf "copied contents\n" > d/fifo' &
}
cp_twin_ fed -- fifo copy || fail=1
cp_twin_ fed -- -R --copy-contents d copy || fail=1
Exit $fail
