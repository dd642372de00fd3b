#!/usr/bin/perl
# tests/requote-check.pl PRINTF TOOL ESCAPE_ALL < IN > OUT:
# copy IN to OUT with the result lines of an older GNU's --check
# ("NAME: OK", "NAME: FAILED", ...) in GNU 9.11's form, the name quoted
# for the shell where it needs it: as GNU's printf %q quotes it (the
# same quoting style, from the same library: PRINTF is GNU's printf),
# and quoted too where it holds a colon (9.11 quotes names as in its
# diagnostics, colons included).  The older form escaped a name
# ("\" before the line, "\\", "\n" and "\r" in the name): GNU 9.4
# to 9.10 every name with a backslash, newline or carriage return
# (ESCAPE_ALL 1), GNU 9.1 to 9.3 only one with a newline (ESCAPE_ALL
# 0: a line that starts with a backslash then holds an escaped newline,
# or was not escaped; a name that starts with a backslash and holds a
# backslash and an "n" but no newline is read wrong, and the tests have
# none).  Diagnostics, which start with "TOOL: ", stay as they are.

use strict;
use warnings;

my ($printf, $tool, $all) = @ARGV;
binmode STDIN;
binmode STDOUT;
my (@lines, @names);
while (my $l = <STDIN>) {
  my $nl = $l =~ s/\n\z// ? "\n" : "";
  if (index ($l, "$tool: ") != 0 && $l =~ /\A(.*): ([^:]*)\z/s) {
    my ($name, $what) = ($1, $2);
    if ($name =~ /\A\\((?:[^\\]|\\[nr\\])*)\z/s) {
      (my $u = $1) =~ s{\\(.)}{ $1 eq "n" ? "\n" : $1 eq "r" ? "\r" : $1 }ge;
      $name = $u if $all || $u =~ /\n/;
    }
    push @names, $name;
    push @lines, [$name, $what, $nl];
  } else {
    push @lines, [undef, $l, $nl];
  }
}
my @q;
if (@names) {
  open (my $p, "-|", $printf, "%q\\n", @names) or die "$printf: $!";
  binmode $p;
  @q = map { chomp; $_ } <$p>;
  close $p or die "$printf %q failed";
}
for my $e (@lines) {
  if (!defined $e->[0]) { print $e->[1], $e->[2]; next }
  my $q = shift @q;
  $q = "\x27$q\x27" if $q eq $e->[0] && $q =~ /:/;
  print "$q: $e->[1]$e->[2]";
}
