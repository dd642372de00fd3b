# tests/tee/lib.sh -- sourced by the tee tests, instead of tests/init.sh:
# init.sh, then "use_tool_ tee" (so that run_in_, ref_ and brisk_ can run
# "tee"), and two helpers.
#
#   tee_twin_ [-i IN] [-o OUT] [-n] [-g FIFO]... ARG...
#       runs "tee ARG..." as GNU's tee and as Brisk's, each in its own copy
#       of the current directory, and compares standard output, standard
#       error, exit status and the files left in the two copies.  IN and
#       OUT are as for run_in_ (see tests/init.sh); IN, and OUT if a file,
#       may be relative to the current directory.  -n: tee starts with
#       SIGPIPE ignored.  -g FIFO: FIFO (a name in the current directory,
#       where it must not exist) is made a named pipe whose reader goes
#       once tee has opened it, before tee gets any input: writing it
#       raises SIGPIPE or fails with EPIPE.  With -g, IN (a file, or
#       "pipe:FILE") always comes through a pipe, written in one piece
#       once tee has opened every FIFO (or has exited).
#   nonblock_ FDS CMD ARG...
#       runs CMD with O_NONBLOCK set on each of the descriptors FDS
#       (comma-separated, e.g. "0" or "0,1").

. "$(dirname "$0")/../init.sh"

use_tool_ tee
"$gnu_bin_/tee" --version | sed 1q | grep ' 9\.1$' >/dev/null \
  || warn_ "$me_: note: GNU is not coreutils 9.1; Brisk targets 9.1"

# Perl code run as "perl -e CODE IN FIFO... -- CMD ARG...": open each named
# pipe FIFO for reading (which waits for no writer), start CMD with its
# standard input a pipe, wait until CMD has opened every FIFO for writing
# (a read then says EAGAIN where it said end of file) or has exited, and
# close them: CMD's writes to them now raise SIGPIPE or fail with EPIPE.
# Only then write the file IN into CMD's input, in one piece.  Exit as CMD
# did: with its status, or killed by the same signal.
gone_perl_='use Fcntl;
my $in = shift;
my @fifos;
push @fifos, shift while $ARGV[0] ne "--";
shift;
my @rd = map {
  sysopen (my $h, $_, O_RDONLY | O_NONBLOCK) or die "$_: $!"; $h } @fifos;
pipe (my $r, my $w) or die "pipe: $!";
my $pid = fork // die "fork: $!";
if ($pid == 0) {
  close $_ for $w, @rd;
  open (STDIN, "<&", $r) or die "dup: $!";
  exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!";
}
close $r;
$SIG{PIPE} = "IGNORE";
my $st;
for my $h (@rd) {
  until (defined $st) {
    last if !defined sysread ($h, my $b, 1) && $!{EAGAIN};
    $st = $? if waitpid ($pid, 1) == $pid;     # 1: WNOHANG (POSIX is slow)
    select (undef, undef, undef, 0.005);
  }
  close $h;
}
if (!defined $st) {
  open (my $f, "<", $in) or die "$in: $!";
  binmode $f;
  local $/;
  my $data = <$f> // "";
  syswrite ($w, $data);
  close $w;
  waitpid ($pid, 0);
  $st = $?;
}
if ($st & 127) {
  $SIG{$_} = "DEFAULT" for keys %SIG;
  kill ($st & 127, $$);
  sleep 1;
}
exit ($st >> 8);'

# tee_run_ DIR IN OUT ARG...: run "tee ARG..." from DIR as run_in_ does,
# under tee_twin_'s -n and -g (TT_IGN_, TT_FIFOS_).
tee_run_ ()
{
  tr_dir_=$1 tr_in_=$2 tr_out_=$3
  shift 3
  if test -n "$tt_ign_"; then
    set -- perl -e '$SIG{PIPE} = "IGNORE"; exec { $ARGV[0] } @ARGV' tee "$@"
  else
    set -- tee "$@"
  fi
  if test -n "$tt_fifos_"; then
    # shellcheck disable=SC2086
    set -- perl -e "$gone_perl_" "${tr_in_#pipe:}" $tt_fifos_ -- "$@"
    tr_in_=/dev/null
  fi
  run_in_ "$tr_dir_" "$tr_in_" "$tr_out_" "$@"
}

tee_twin_ ()
{
  tt_in_=/dev/null tt_out_= tt_ign_= tt_fifos_=
  while :; do
    case ${1-} in
      -i) tt_in_=$2; shift 2 ;;
      -o) tt_out_=$2; shift 2 ;;
      -n) tt_ign_=1; shift ;;
      -g) tt_fifos_="$tt_fifos_ $2"; shift 2 ;;
      *) break ;;
    esac
  done
  rm -rf "$cmp_/gnu.d" "$cmp_/brisk.d"
  cp -a . "$cmp_/gnu.d" && cp -a . "$cmp_/brisk.d" \
    || framework_failure_ "copying the work directory"
  for tt_s_ in gnu brisk; do
    # shellcheck disable=SC2086
    test -z "$tt_fifos_" || (cd "$cmp_/$tt_s_.d" && mkfifo $tt_fifos_) \
      || framework_failure_ "mkfifo$tt_fifos_"
  done
  (cd "$cmp_/gnu.d" && tee_run_ "$gnu_bin_" "$tt_in_" "$tt_out_" "$@") \
    > "$cmp_/gnu.out" 2> "$cmp_/gnu.err"
  tt_gst_=$?
  (cd "$cmp_/brisk.d" && tee_run_ "$brisk_bin_" "$tt_in_" "$tt_out_" "$@") \
    > "$cmp_/brisk.out" 2> "$cmp_/brisk.err"
  tt_bst_=$?
  # shellcheck disable=SC2086
  test -z "$tt_fifos_" \
    || (cd "$cmp_/gnu.d" && rm $tt_fifos_ && cd ../brisk.d && rm $tt_fifos_) \
    || framework_failure_ "rm$tt_fifos_"
  cmp -s "$cmp_/gnu.out" "$cmp_/brisk.out" \
    && cmp -s "$cmp_/gnu.err" "$cmp_/brisk.err" \
    && test $tt_gst_ = $tt_bst_ \
    && diff -r "$cmp_/gnu.d" "$cmp_/brisk.d" >/dev/null && return 0
  tt_what_="stdin=$tt_in_ stdout=${tt_out_:-file}"
  test -z "$tt_ign_" || tt_what_="$tt_what_ SIGPIPE=ignored"
  test -z "$tt_fifos_" || tt_what_="$tt_what_ readers gone:$tt_fifos_"
  show_cmd_ "GNU and Brisk tee differ on ($tt_what_)" tee "$@"
  # Outputs may be binary: say where they differ, show no bytes.
  cmp "$cmp_/gnu.out" "$cmp_/brisk.out" >&2 \
    || echo "-- stdout: gnu $(wc -c < "$cmp_/gnu.out") bytes," \
            "brisk $(wc -c < "$cmp_/brisk.out")" >&2
  cmp -s "$cmp_/gnu.err" "$cmp_/brisk.err" \
    || { echo "-- stderr (gnu vs brisk):" >&2
         compare "$cmp_/gnu.err" "$cmp_/brisk.err" >&2; }
  test $tt_gst_ = $tt_bst_ \
    || echo "-- exit status: gnu $tt_gst_, brisk $tt_bst_" >&2
  diff -rq "$cmp_/gnu.d" "$cmp_/brisk.d" >&2
  return 1
}

nonblock_ ()
{
  perl -e 'use Fcntl; my $fds = shift; my @keep;
    for my $fd (split /,/, $fds) {
      my $h;
      open ($h, "<&=", $fd) or open ($h, ">&=", $fd) or die "fd $fd: $!";
      my $fl = fcntl ($h, F_GETFL, 0) or die "F_GETFL: $!";
      fcntl ($h, F_SETFL, $fl | O_NONBLOCK) or die "F_SETFL: $!";
      push @keep, $h;
    }
    exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!"' "$@"
}
