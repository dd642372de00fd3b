#!/bin/sh
# cat reading a terminal and writing to it ends at the first end of
# file the terminal gives (^D), after a line or at once, with status 0
# and the line copied.  That input is spliced through a pipe of cat's
# own (tests/cat/relay.sh): a terminal says end of file once, so when
# the splice sees it cat must end, not hand over to read, which would
# wait for another.
. "$(dirname "$0")/../init.sh"
use_tool_ cat
perl -MExpect -e 1 2> /dev/null \
  || framework_failure_ "Perl's Expect is missing (Debian package" \
                        "libexpect-perl; ./bootstrap installs it)"

for line in 'a b' ''; do
  perl -MExpect -e '
    my ($cat, $line) = @ARGV;
    my $e = Expect->new;
    $e->log_user (0);
    $e->spawn ($cat) or die "cannot run $cat: $!\n";
    $e->send ("$line\n") if length $line;
    $e->send ("\cD");
    $e->expect (10, "eof");
    defined $e->exitstatus
      or die "cat did not end after ^D (line: \"$line\")\n";
    $e->exitstatus == 0
      or die "cat ended with status " . ($e->exitstatus >> 8) . "\n";
    (my $out = $e->before) =~ s/\r\n/\n/g;
    # The terminal echoes the line, then cat copies it.
    my $exp = length $line ? "$line\n$line\n" : "";
    $out eq $exp
      or die "cat wrote \"$out\" (line: \"$line\")\n";
    $e->hard_close;' "$brisk_bin_/cat" "$line" || fail=1
done
Exit $fail
