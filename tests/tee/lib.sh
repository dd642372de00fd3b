# tests/tee/lib.sh -- sourced by the tee tests, instead of tests/init.sh:
# init.sh, then "use_tool_ tee" (so that run_in_, ref_ and brisk_ can run
# "tee"), and two helpers.
#
#   tee_twin_ [-i IN] [-o OUT] ARG...
#       runs "tee ARG..." as GNU's tee and as Brisk's, each in its own copy
#       of the current directory, and compares standard output, standard
#       error, exit status and the files left in the two copies.  IN and
#       OUT are as for run_in_ (see tests/init.sh); IN, and OUT if a file,
#       may be relative to the current directory.
#   nonblock_ FDS CMD ARG...
#       runs CMD with O_NONBLOCK set on each of the descriptors FDS
#       (comma-separated, e.g. "0" or "0,1").

. "$(dirname "$0")/../init.sh"

use_tool_ tee
"$gnu_bin_/tee" --version | sed 1q | grep ' 9\.1$' >/dev/null \
  || warn_ "$me_: note: GNU is not coreutils 9.1; Brisk targets 9.1"

tee_twin_ ()
{
  tt_in_=/dev/null tt_out_=
  while :; do
    case ${1-} in
      -i) tt_in_=$2; shift 2 ;;
      -o) tt_out_=$2; shift 2 ;;
      *) break ;;
    esac
  done
  rm -rf "$cmp_/gnu.d" "$cmp_/brisk.d"
  cp -a . "$cmp_/gnu.d" && cp -a . "$cmp_/brisk.d" \
    || framework_failure_ "copying the work directory"
  (cd "$cmp_/gnu.d" && run_in_ "$gnu_bin_" "$tt_in_" "$tt_out_" tee "$@") \
    > "$cmp_/gnu.out" 2> "$cmp_/gnu.err"
  tt_gst_=$?
  (cd "$cmp_/brisk.d" && run_in_ "$brisk_bin_" "$tt_in_" "$tt_out_" tee "$@") \
    > "$cmp_/brisk.out" 2> "$cmp_/brisk.err"
  tt_bst_=$?
  cmp -s "$cmp_/gnu.out" "$cmp_/brisk.out" \
    && cmp -s "$cmp_/gnu.err" "$cmp_/brisk.err" \
    && test $tt_gst_ = $tt_bst_ \
    && diff -r "$cmp_/gnu.d" "$cmp_/brisk.d" >/dev/null && return 0
  tt_what_="stdin=$tt_in_ stdout=${tt_out_:-file}"
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
