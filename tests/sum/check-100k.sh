#!/bin/sh
# Check files of 100,000 lines, compared with GNU: all lines OK, and OK
# lines mixed with FAILED ones, missing files, unreadable operands and
# improperly formatted lines (quiet, and with --ignore-missing, -w and
# --strict through a pipe): the counts in the closing warnings, and
# every line's report.  The lines name 100 small files, each a
# thousand times.  One tool only (md5sum): src/digest/digest.c reads
# check lines the same way for every tool (check-basic.sh covers each
# tool's line), and every run opens 100,000 files.
. "$(dirname "$0")/../init.sh"

i=0
while test $i -lt 100; do
  echo "file $i" > f$i
  i=$((i + 1))
done
mkdir dir

# The first of them only (md5sum, unless BRISK_SUM_TOOLS says otherwise).
set -- $some_sum_tools
for t in $1; do
  ref_ $t f* > one.chk || framework_failure_ "$t f*"
  perl -ne 'chomp; $l[$. - 1] = $_;
    END { for my $r (0 .. 999) { print "$_\n" for @l } }' one.chk > ok.chk
  test "$(wc -l < ok.chk)" = 100000 || framework_failure_ "ok.chk"
  # Every 97th line FAILED (a digest changed), every 89th a missing
  # file, every 83rd a directory, every 79th not a check line.
  perl -ne 'chomp;
    if ($. % 97 == 0) { s/^(.)/$1 eq "0" ? "1" : "0"/e }
    elsif ($. % 89 == 0) { s/  f/  missing/ }
    elsif ($. % 83 == 0) { s/  f\d+$/  dir/ }
    elsif ($. % 79 == 0) { $_ = "not a check line $." }
    print "$_\n"' ok.chk > mixed.chk
  test "$(wc -l < mixed.chk)" = 100000 || framework_failure_ "mixed.chk"

  twin_ $t -c ok.chk || fail=1
  twin_ $t -c --quiet mixed.chk || fail=1
  twin_ -i pipe:mixed.chk $t -c -w --strict --ignore-missing - || fail=1
done

Exit $fail
