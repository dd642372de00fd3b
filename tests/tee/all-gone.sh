#!/bin/sh
# -p and the "nopipe" --output-error modes (GNU 9.2): when every output
# is a pipe whose reader has gone, tee ends at once, status 0 and nothing
# said, without waiting for more input; GNU 9.1 waited for the input's
# next bytes or its end.  Through the kernel path (input a pipe) and the
# read/write path (input a socket).  An output that is not a pipe keeps
# tee reading to the end; the other modes still wait; and an infinite
# input feeding readers that go ends as GNU 9.1's tee does.
. "$(dirname "$0")/lib.sh"

# hold_ KIND SECS ST CMD ARG...: run CMD with standard input a pipe
# (KIND pipe) or a socket (KIND socket) into which "x" and a newline are
# written and which is then held open, neither written nor closed.
# Write to the file ST CMD's exit status (128 + its signal if killed),
# or "held" if CMD is still running after SECS seconds (it is then
# killed).
hold_ ()
{
  perl -e 'use Socket; use POSIX ":sys_wait_h";
    my ($kind, $secs, $st) = splice (@ARGV, 0, 3);
    open (my $out, ">", $st) or die "$st: $!";
    my ($r, $w);
    if ($kind eq "pipe") { pipe ($r, $w) or die "pipe: $!" }
    else { socketpair ($r, $w, AF_UNIX, SOCK_STREAM, 0) or die "sp: $!" }
    $SIG{PIPE} = "IGNORE";
    my $pid = fork // die "fork: $!";
    if ($pid == 0) {
      close $w;
      open (STDIN, "<&", $r) or die "dup: $!";
      close $r;
      $SIG{PIPE} = "DEFAULT";
      exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!";
    }
    close $r;
    syswrite ($w, "x\n");
    for (my $t = 0; $t < $secs * 100; $t++) {
      if (waitpid ($pid, WNOHANG) == $pid) {
        print $out $? & 127 ? 128 + ($? & 127) : $? >> 8, "\n";
        exit 0;
      }
      select (undef, undef, undef, 0.01);
    }
    kill ("KILL", $pid);
    waitpid ($pid, 0);
    print $out "held\n";' "$@"
}

b=$brisk_bin_/tee

# Standard output a pipe whose reader takes one byte and goes; and with
# two named pipes as well, whose readers do the same.
for kind in pipe socket; do
  for mode in -p --output-error --output-error=warn-nopipe \
              --output-error=exit-nopipe; do
    hold_ $kind 20 st $b $mode 2> err | head -c 1 > /dev/null
    echo 0 > exp
    compare exp st && test ! -s err \
      || { echo "tee $mode, stdout gone, input a held $kind" >&2
           cat err >&2; fail=1; }

    rm -f f1 f2
    mkfifo f1 f2 || framework_failure_ mkfifo
    head -c 1 f1 > /dev/null & r1=$!
    head -c 1 f2 > /dev/null & r2=$!
    hold_ $kind 20 st $b $mode f1 f2 2> err | head -c 1 > /dev/null
    wait $r1 $r2
    compare exp st && test ! -s err \
      || { echo "tee $mode f1 f2, all gone, input a held $kind" >&2
           cat err >&2; fail=1; }
  done
done

# A file among the outputs: tee goes on reading, and the file gets every
# byte.  Input a pipe written in two parts, the second after the pipe
# reader has gone.
rm -f f1 f3
mkfifo f1 || framework_failure_ mkfifo
head -c 1 f1 > /dev/null & r1=$!
{ { printf 'one\n'; sleep 0.5; printf 'two\n'; } \
    | $b -p f1 f3 2> err; echo $? > st; } | head -c 1 > /dev/null
wait $r1
printf 'one\ntwo\n' > exp
compare exp f3 || fail=1
echo 0 > exp
compare exp st || fail=1
test ! -s err || { cat err >&2; fail=1; }

# The other modes do not watch: tee waits for input, as GNU 9.1's does.
for mode in '' --output-error=warn --output-error=exit; do
  # shellcheck disable=SC2086
  hold_ pipe 1 st $b $mode 2> err | head -c 1 > /dev/null
  echo held > exp
  compare exp st || { echo "tee $mode did not wait for input" >&2; fail=1; }
done

# An endless input, readers that go after one byte: tee ends, with GNU
# 9.1's status and no message, in the "nopipe" modes (tests/tee/
# early-close.sh has the others).
endless_ ()
{
  rm -f f1
  mkfifo f1 || framework_failure_ mkfifo
  head -c 1 f1 > /dev/null &
  # shellcheck disable=SC2086
  { yes | timeout 20 env PATH="$1:$PATH" tee $2 f1 2> err;
    echo $? > st; } | head -c 1 > /dev/null
  wait
  cat st err
}
for mode in -p --output-error=warn-nopipe --output-error=exit-nopipe; do
  endless_ "$gnu_bin_" $mode > exp
  endless_ "$brisk_bin_" $mode > out
  compare exp out || { echo "yes | tee $mode f1 | head -c 1" >&2; fail=1; }
done

Exit $fail
