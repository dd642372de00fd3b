# tests/init.sh -- set-up and helpers shared by Brisk's shell tests.
#
# A test is a small /bin/sh script, one concern per script, run by the
# Automake parallel harness (exit 0 pass, 1 fail, 77 skip, 99 hard error):
#
#   #!/bin/sh
#   # What this test checks, in one or two lines.
#   . "$(dirname "$0")/../init.sh"
#   for t in $sum_tools; do
#     twin_ $t -- -f || fail=1
#   done
#   Exit $fail
#
# Sourcing this file:
#   - sets 'set -u', LC_ALL=C, and fail=0;
#   - creates a fresh temporary directory, cd's into its work directory
#     (empty), and removes the whole tree on exit (set BRISK_TEST_KEEP=1
#     to keep it: its name is printed), and the paths a test put in
#     cleanup_paths_ (made elsewhere, e.g. on /dev/shm; no blanks);
#   - finds the tools under test in $BRISK_BIN (absolute; set by the
#     Makefile to the build's src/ directory; defaults to ./src when the
#     test is started from the top of the build tree);
#   - finds GNU's tools in $GNU_BIN (default /usr/bin).
#
# Environment knobs:
#   BRISK_BIN            directory holding the tools under test.
#   BRISK_SUM_TOOLS      which *sum tools to test (default: all eight).
#                        Running the suite against GNU itself uses
#                        BRISK_BIN=<dir of symlinks to GNU's tools> and
#                        BRISK_SUM_TOOLS="md5sum sha1sum ... sha512sum".
#   BRISK_EVERY_SUM_TOOL if non-empty, $some_sum_tools is $sum_tools: the
#                        tests of what every tool shares run with all of
#                        them (slower; the code path is the same).
#   BRISK_TEST_VARIANTS  space-separated values of BRISK_HASH_IMPL under
#                        which the digest-corpus test runs again.
#   BRISK_SKIP_SLOW      if non-empty, tests marked slow skip.
#   BRISK_VALGRIND       set by make check-valgrind: the tools in
#                        $BRISK_BIN run under valgrind (require_strace_
#                        then skips).
#   GNU_BIN              directory holding GNU coreutils' tools (make
#                        check-vs-newest sets it to the newest GNU's, the
#                        build of make check-gnu: a test must not assert a
#                        behaviour of the installed 9.1 that newer GNU
#                        changed).
#
# Helpers (all return 0 on success, so use them as 'helper ... || fail=1'):
#   compare EXP OUT      diff -u EXP OUT; prints the diff, non-zero if they
#                        differ.
#   returns_ N CMD...    runs CMD; true iff its exit status is N.
#   skip_ WHY            exit 77.   framework_failure_ WHY   exit 99.
#   Exit N               exit with status N (safe inside the exit trap).
#   gnu_tool NAME        prints the path of GNU's NAME (e.g. /usr/bin/md5sum).
#   use_tool_ NAME       makes twin_, ref_ and brisk_ work for NAME, a tool
#                        other than the *sum ones (cat, ...): skips the test
#                        if GNU's NAME is not GNU coreutils'.
#   ref_algo_ TOOL       prints MD2 or MD4 for md2sum/md4sum (the tools GNU
#                        lacks), nothing otherwise.
#   twin_ [-i IN] [-o OUT] TOOL ARG...
#                        runs "TOOL ARG..." as GNU's TOOL and as Brisk's, in
#                        the current directory, and compares standard output,
#                        standard error and exit status byte for byte.
#                        See the comment above its definition.
#   ref_ [-i IN] TOOL ARG...
#                        runs "TOOL ARG..." as GNU's TOOL (or its emulation)
#                        only: what Brisk's TOOL must print.  Use it to build
#                        expected output and check files.
#   brisk_ [-i IN] TOOL ARG...
#                        runs Brisk's TOOL only, with argv[0] = TOOL.
#   make_random_ FILE BYTES [SEED]
#                        writes BYTES bytes of reproducible pseudo-random data.
#   impl_names_ VAR TOOL prints "NAME" or "NAME -" (not on this CPU) for
#                        each value that VAR (BRISK_HASH_IMPL or
#                        BRISK_LANES_IMPL) takes for Brisk's TOOL.
#   impl_absent_ TOOL NAME
#                        says that the variant NAME is not on this CPU:
#                        fails if REQUIRE_VARIANTS (comma separated) names
#                        it, else says it is not tested.
#   wait_for_ N CMD...   runs CMD until it succeeds, at most N times,
#                        0.05 s apart; fails if it never did.
#   child_of_ PID        prints the pid of a child of process PID (the
#                        tool that strace PID runs), or nothing.
#   display_shown_ TERM PATTERN
#                        TERM, what script(1) caught of a tool run with -g
#                        then 'echo "exit $?"', shows a success, a progress
#                        line matching the extended regular expression
#                        PATTERN, and the display erased at the end; else
#                        prints what is wrong and fails.
#   one_line_ FILE ERE   succeeds if FILE holds exactly one line, which
#                        matches the extended regular expression ERE;
#                        else prints FILE and fails.
#   tty_run_ KEYS CMD... runs CMD on a terminal of its own (a pty, through
#                        Perl's Expect), types KEYS at it ("\n" a newline,
#                        "^D" end of file), and prints what the terminal
#                        showed, "\r\n" as "\n".  The status is CMD's
#                        (128 + N if signal N ended it), or 124 if CMD did
#                        not end within 10 s.  CMD ignores SIGHUP: once it
#                        has closed the terminal, which tells it has ended,
#                        the terminal is closed, and CMD may not have exited
#                        yet.
#   render_ TERM         prints the rows that a terminal shows after
#                        receiving TERM (what script(1) caught): "\r" goes
#                        back to the start of the row, "\n" to the next,
#                        other bytes are written over the row; blanks at
#                        the end of a row are not shown.
#   calls_per_file_ BASE RUN N LIMIT WHAT
#                        from two strace -c -f summaries, BASE (a run with
#                        few files) and RUN (the same with N files more),
#                        prints "WHAT: ... X a file" and fails, showing RUN,
#                        if X, RUN's calls less BASE's over N, is above
#                        LIMIT.
#   require_strace_      skips the test unless strace can trace here (it
#                        cannot where ptrace is forbidden), and turns off
#                        LeakSanitizer, which cannot run under ptrace.  The
#                        one reason such a test may skip: tests/may-skip.
#   mount_xfs_ DIR       makes DIR and loop-mounts on it a new XFS file
#                        system with reflink (an image of 300 MiB, sparse,
#                        in the test's directory; mkfs.xfs is Debian's
#                        xfsprogs, which ./bootstrap installs), unmounted
#                        when the test ends: a file system where cp can
#                        clone, and where copy_file_range shares blocks
#                        (holes stay holes) rather than copy them.  Skips
#                        ("cannot mount an XFS image here") without
#                        root, mount(2) or a loop device.
#   require_root_        skips the test ("needs root") unless run as root.
#   race_dir_ DIR        makes DIR owned by nobody, reachable by nobody.
#   swap_as_nobody_ DIR A B SECONDS [COUNT]
#                        starts tests/swap-names as nobody in the
#                        background (pid $swap_pid_): the race tests'
#                        attacker, swapping DIR/A and DIR/B.
#   swap_stop_           stops it.
#   shm_dir_             makes a directory on /dev/shm, removed when the
#                        test ends, and cd's into it: a tmpfs, where
#                        copy_file_range copies and FICLONE cannot,
#                        whatever TMPDIR's file system.  Skips ("/dev/shm
#                        is not a tmpfs") where it is none.
#   debug_line_ OFFLOAD REFLINK SPARSE METHOD
#                        prints the line cp, mv and install --debug print
#                        after a file copied (GNU's, and Brisk's method).
#   fault_run_ SPEC CMD...
#                        runs CMD with tests/fault/libfault.so preloaded
#                        and BRISK_FAULT=SPEC ("FN:N:KIND": the Nth call
#                        of FN fails; see tests/fault/inject.c), in a
#                        build with the sanitizers too.
#
# Variables for tests: $sum_tools (the tools under test), $all_sum_tools,
# $gnu_sum_tools (those GNU has), $some_sum_tools (md5sum and sha512sum
# of $sum_tools: for what src/digest/digest.c does the same way for every tool,
# such as parsing check lines, options and messages, where running all
# eight forks four times as many processes and tests nothing more; a
# test that loops over it leaves each tool's own digests, tags and line
# lengths to the tests that loop over $sum_tools, as check-basic.sh and
# output-modes.sh do), $test_dir_ (this test's source directory,
# absolute), $brisk_bin_ and $gnu_bin_ (directories holding each side's
# tools under their own names), $cmp_ (scratch directory for the helpers).
#
# How the two tools get comparable diagnostics: GNU prints argv[0] as typed.
# Both tools are symlinked under their own name into two directories,
# bin/gnu/ and bin/brisk/, and run as a bare "md5sum" with that directory
# first in PATH; so both see argv[0] = "md5sum" and their stderr can be
# compared without any rewriting.
#
# md2sum and md4sum have no GNU twin.  Their reference is GNU's md5sum run on
# the same command line (the three digests are all 16 bytes, so every format
# is the same), with the digests translated through a table built by perl's
# Digest::MD5 and Digest::MD2/Digest::MD4 over every file in the work
# directory (and the standard input file):
#   - in check mode (-c, --check or an abbreviation, or -c in a cluster of
#     short options), check files are translated MD4 -> MD5 before md5sum
#     reads them, and put back afterwards; a check file is recognised by its
#     name, which must end in ".chk" and hold no blank (operands and -i
#     files alike);
#   - md5sum's stdout and stderr are translated MD5 -> MD4, "MD5" -> "MD4"
#     (BSD tags and the "improperly formatted MD5 checksum line" warning) and
#     "md5sum" -> "md4sum".
# So in tests: name check files *.chk, avoid "MD5"/"md5sum" inside file names
# and data, and never put another tool's BSD tag in an md2/md4 check file.

set -u
LC_ALL=C
export LC_ALL
# Both would change option parsing or messages of GNU's tools.
unset POSIXLY_CORRECT LANGUAGE 2>/dev/null || :
fail=0
me_=$(basename "$0" .sh)
test_dir_=$(cd "$(dirname "$0")" && pwd)

Exit () { set +e; (exit $1); exit $1; }
skip_ () { echo "$me_: skipped: $*" >&2; Exit 77; }
framework_failure_ () { echo "$me_: set-up failure: $*" >&2; Exit 99; }
warn_ () { printf '%s\n' "$*" >&2; }

# require_script_: script(1), which gives a command a terminal, is
# here (./bootstrap installs it; a set-up failure, not a skip).
require_script_ ()
{
  command -v script > /dev/null \
    || framework_failure_ "script is missing (Debian package bsdutils;" \
                          "./bootstrap installs it)"
}

# diff -a shows binary files as text, where diff has it.
diff_a_=
diff -a /dev/null /dev/null >/dev/null 2>&1 && diff_a_=-a

# same_ A B: succeed if the files A and B hold the same bytes.  Two
# empty regular files need no cmp: a process costs some 15 ms of CPU on
# the project's VMs, and twin_ and compare run tens of thousands of
# times a suite, with an empty stdout or stderr on both sides more
# often than not.
same_ ()
{
  if test -f "$1" && test -f "$2" && ! test -s "$1" && ! test -s "$2"; then
    return 0
  fi
  cmp -s "$1" "$2"
}

# compare EXP OUT: print the differences and fail if EXP and OUT differ.
compare ()
{
  same_ "$1" "$2" && return 0
  diff -u $diff_a_ "$1" "$2"
  return 1
}

# returns_ N CMD...: run CMD; succeed iff it exits with status N.
returns_ ()
{
  rt_exp_=$1
  shift
  "$@"
  test $? -eq "$rt_exp_"
}

# ---- The temporary tree ----------------------------------------------------

case ${BRISK_BIN-} in
  '') BRISK_BIN=$PWD/src ;;
  /*) ;;
  *) BRISK_BIN=$PWD/$BRISK_BIN ;;
esac

cleanup_paths_=
cleanup_mounts_=
cleanup_ ()
{
  cu_st_=$?
  cd /
  for cu_m_ in $cleanup_mounts_; do
    umount "$cu_m_" 2>/dev/null || umount -l "$cu_m_"
  done
  if test -n "${BRISK_TEST_KEEP-}"; then
    echo "$me_: kept $tmp_root_" >&2
  else
    chmod -R u+rwx "$tmp_root_" 2>/dev/null
    rm -rf "$tmp_root_" $cleanup_paths_
  fi
  exit $cu_st_
}

tmp_root_=$(mktemp -d "${TMPDIR:-/tmp}/brisk-$me_.XXXXXX") \
  || framework_failure_ "cannot create a temporary directory"
trap cleanup_ 0
trap 'Exit 99' HUP INT PIPE TERM
gnu_bin_=$tmp_root_/bin/gnu
brisk_bin_=$tmp_root_/bin/brisk
cmp_=$tmp_root_/cmp
mkdir "$tmp_root_/bin" "$gnu_bin_" "$brisk_bin_" "$cmp_" "$tmp_root_/w" \
  || framework_failure_ "mkdir in $tmp_root_"
cd "$tmp_root_/w" || framework_failure_ "cd $tmp_root_/w"

# ---- The tools -------------------------------------------------------------

gnu_sum_tools='md5sum sha1sum sha224sum sha256sum sha384sum sha512sum'
all_sum_tools="md2sum md4sum $gnu_sum_tools"
sum_tools=${BRISK_SUM_TOOLS:-$all_sum_tools}
# The shortest and the longest digest (32 and 128 hex digits) and BSD
# tag that GNU has.
some_sum_tools=
for t_ in md5sum sha512sum; do
  case " $sum_tools " in
    *" $t_ "*) some_sum_tools="$some_sum_tools $t_" ;;
  esac
done
if test -n "${BRISK_EVERY_SUM_TOOL-}" || test -z "$some_sum_tools"; then
  some_sum_tools=$sum_tools
fi

# gnu_tool NAME: print the path of GNU coreutils' NAME.
gnu_tool ()
{
  printf '%s\n' "${GNU_BIN:-/usr/bin}/$1"
}

# use_tool_ NAME: link GNU's NAME and Brisk's into the two tool
# directories, as is done below for the *sum tools.
use_tool_ ()
{
  ut_p_=$(gnu_tool "$1")
  "$ut_p_" --version 2>/dev/null | sed 1q | grep 'GNU coreutils' >/dev/null \
    || skip_ "$ut_p_ is not GNU coreutils' $1"
  test -x "$BRISK_BIN/$1" \
    || framework_failure_ "$BRISK_BIN/$1 missing (build first, or set BRISK_BIN)"
  ln -sf "$ut_p_" "$gnu_bin_/$1" && ln -sf "$BRISK_BIN/$1" "$brisk_bin_/$1" \
    || framework_failure_ "ln -s $1"
}

# ref_algo_ TOOL: the Digest:: module behind TOOL when GNU lacks it.
ref_algo_ ()
{
  case $1 in
    md2sum) echo MD2 ;;
    md4sum) echo MD4 ;;
  esac
}

for t_ in $gnu_sum_tools; do
  p_=$(gnu_tool $t_)
  "$p_" --version 2>/dev/null | sed 1q | grep 'GNU coreutils' >/dev/null \
    || skip_ "$p_ is not GNU coreutils' $t_"
  ln -s "$p_" "$gnu_bin_/$t_" || framework_failure_ "ln -s $p_"
done

for t_ in $sum_tools; do
  case " $all_sum_tools " in
    *" $t_ "*) ;;
    *) framework_failure_ "BRISK_SUM_TOOLS: unknown tool $t_" ;;
  esac
  test -x "$BRISK_BIN/$t_" \
    || framework_failure_ "$BRISK_BIN/$t_ missing" \
                          "(build first, or set BRISK_BIN)"
  ln -s "$BRISK_BIN/$t_" "$brisk_bin_/$t_" || framework_failure_ "ln -s $t_"
  a_=$(ref_algo_ $t_)
  if test -n "$a_"; then
    perl -MDigest::$a_ -MDigest::MD5 -MFile::Find -e 1 2>/dev/null \
      || skip_ "perl's Digest::$a_ is missing (Debian package" \
               "libdigest-$(echo $a_ | tr A-Z a-z)-perl); install it, or" \
               "leave $t_ out of BRISK_SUM_TOOLS"
  fi
done
unset t_ p_ a_

# ---- Running the tools -----------------------------------------------------

# The system's cat, which feeds "pipe:FILE" whatever cat is under test.
feed_cat_=$(command -v cat)

# Perl code run as "perl -e CODE MODE CMD ARG...": make standard output a
# pipe whose reading end is already closed, set SIGPIPE as MODE says
# ("epipe": ignored, so writes fail with EPIPE; "sigpipe": default, so the
# first write kills), and exec CMD.
epipe_perl_='my $m = shift;
$SIG{PIPE} = $m eq "epipe" ? "IGNORE" : "DEFAULT";
pipe (my $r, my $w) or die "pipe: $!";
close $r;
open (STDOUT, ">&", $w) or die "dup: $!";
close $w;
exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!";'

# run_in_ DIR IN OUT CMD ARG...: run CMD found first in DIR, with argv[0] as
# given.  IN: a file for standard input, "closed", or "pipe:FILE" (FILE fed
# through a pipe).  OUT: '' (keep standard output), a file, "closed",
# "merged" (standard error sent to standard output), "epipe" or "sigpipe"
# (see epipe_perl_).  Returns CMD's exit status.
run_in_ ()
{
  ri_dir_=$1 ri_in_=$2 ri_out_=$3
  shift 3
  (
    PATH=$ri_dir_:$PATH
    export PATH
    case $ri_out_ in
      '') ;;
      closed) exec >&- ;;
      merged) exec 2>&1 ;;
      epipe|sigpipe) set -- perl -e "$epipe_perl_" "$ri_out_" "$@" ;;
      *) exec > "$ri_out_" ;;
    esac
    case $ri_in_ in
      closed) exec "$@" <&- ;;
      pipe:*) "$feed_cat_" "${ri_in_#pipe:}" | exec "$@" ;;
      *) exec "$@" < "$ri_in_" ;;
    esac
  )
}

# md_map_ TOOL [FILE]...: extend the MD5 <-> TOOL digest table
# $cmp_/map.TOOL ("md5hex otherhex" lines) with the contents of every regular
# file under the work directory, of each FILE and of the empty string.
# Perl with its Digest modules is slow to start, so first ask GNU's md5sum
# whether any content is new, and stop there if none is.
md_map_ ()
{
  mm_tool_=$1
  mm_a_=$(ref_algo_ $mm_tool_)
  shift
  if test -s "$cmp_/map.$mm_tool_" \
     && { find . -type f ! -size +64M -exec "$gnu_bin_/md5sum" {} + 2>/dev/null
          test $# = 0 || "$gnu_bin_/md5sum" -- "$@" 2>/dev/null; } \
        | sed 's/^\\//; s/ .*//' \
        | awk 'NR == FNR { known[$1]; next } !($1 in known) { exit 1 }' \
              "$cmp_/map.$mm_tool_" -; then
    return 0
  fi
  perl -MFile::Find -MDigest::MD5 -MDigest::$mm_a_ -e '
    my $cls = "Digest::" . shift;
    my @f = @ARGV;
    find ({ no_chdir => 1,
            wanted => sub {
              push @f, $_ if -f $_ && ! -l $_ && -s _ <= 64 << 20 } },
          ".");
    print Digest::MD5->new->hexdigest, " ", $cls->new->hexdigest, "\n";
    for my $f (@f) {
      open (my $fh, "<", $f) or next;
      binmode $fh;
      my $a = Digest::MD5->new->addfile ($fh)->hexdigest;
      seek ($fh, 0, 0) or next;
      print $a, " ", $cls->new->addfile ($fh)->hexdigest, "\n";
    }' $mm_a_ "$@" >> "$cmp_/map.$mm_tool_" \
    || framework_failure_ "perl digest table for $mm_tool_"
  sort -u "$cmp_/map.$mm_tool_" > "$cmp_/map.tmp" \
    && mv "$cmp_/map.tmp" "$cmp_/map.$mm_tool_" || framework_failure_ sort
}

# Perl code run as "perl -e CODE MAP DIR TOOL < IN > OUT": copy IN to OUT
# translating digests through the table MAP, from MD5 to TOOL's algorithm
# when DIR is "fwd" (then also "MD5" and "md5sum" become TOOL's tag and
# name), from TOOL's back to MD5 when DIR is "rev" (digests in any case;
# TOOL's tag becomes "MD5").  Any run of 32 hex digits in the table is
# translated, wherever it stands.
tr_perl_='my ($map, $dir, $tool) = @ARGV;
(my $alg = uc $tool) =~ s/SUM$//;
open (my $m, "<", $map) or die "$map: $!";
my %t;
while (<$m>) {
  my ($md5, $other) = split;
  if ($dir eq "fwd") { $t{$md5} = $other } else { $t{$other} = $md5 }
}
binmode STDIN;
binmode STDOUT;
local $/;
my $s = <STDIN> // "";
if ($dir eq "fwd") {
  $s =~ s{([0-9a-fA-F]{32})}
         { my $k = lc $1;
           !exists $t{$k} ? $1 : $1 eq $k ? $t{$k} : uc $t{$k} }ge;
  $s =~ s/MD5/$alg/g;
  $s =~ s/md5sum/$tool/g;
} else {
  $s =~ s{([0-9a-fA-F]{32})}{ exists $t{lc $1} ? $t{lc $1} : $1 }ge;
  $s =~ s/$alg/MD5/g;
}
print $s;'

# md_tr_ TOOL fwd|rev: translate standard input to standard output (see
# tr_perl_).
md_tr_ ()
{
  perl -e "$tr_perl_" "$cmp_/map.$1" "$2" "$1"
}

# Perl code run as "perl -e CODE < IN > OUT": copy IN, the diagnostics
# of GNU's cksum of any release, to OUT in the words of GNU's newest
# and of Brisk: the list of -a's valid arguments is GNU 9.11's (9.1
# lacked crc32b, sha2 and sha3), then Brisk's own (brisk_algos_); the
# refusal of -c with a legacy checksum names crc32b (9.6).
brisk_algos_='blake3 shake128 shake256 md2 md4'
newer_err_perl_='my @valid = (qw(bsd sysv crc crc32b md5 sha1 sha224 sha256 sha384
                 sha512 sha2 sha3 blake2b sm3), split (" ", shift));
binmode STDIN;
binmode STDOUT;
local $/;
my $s = <STDIN> // "";
$s =~ s{(--algorithm.*\n.*:\n)((?:  - .*\n)+)}
       { my ($head, $list) = ($1, $2);
         my ($l, $r) = $list =~ /\A  - (\S+?)bsd(\S+)\n/ ? ($1, $2) : ("", "");
         $head . join ("", map { "  - $l$_$r\n" } @valid) }e;
$s =~ s/(--check is not supported with --algorithm=\{bsd,sysv,crc)\}/$1,crc32b}/g;
print $s;'

# print_lines_ FILE: print FILE, whose lines each end in a newline, in
# shell builtins.
print_lines_ ()
{
  while IFS= read -r pl_l_; do
    printf '%s\n' "$pl_l_"
  done < "$1"
}

# newer_err_plain_ FILE: print FILE and succeed where newer_err_perl_
# would leave it as it is, without starting a process: no line names
# --algorithm or says --check is not supported, and each ends in a
# newline.  Else print nothing and fail.
newer_err_plain_ ()
{
  ne_l_=
  while IFS= read -r ne_l_; do
    case $ne_l_ in *--algorithm*|*'--check is not supported'*) return 1 ;; esac
    ne_l_=
  done < "$1"
  test -z "$ne_l_" && print_lines_ "$1"
}

# requote_ TOOL ESCAPE_ALL: standard input to standard output with
# TOOL's --check result lines of an older GNU in GNU 9.11's form (see
# tests/requote-check.pl).
requote_ ()
{
  perl "$test_dir_/../requote-check.pl" "$(gnu_tool printf)" "$1" "$2" \
    || framework_failure_ "requote"
}

# requote_plain_ FILE: print FILE and succeed where requote_ would leave
# it as it is, without starting a process (each costs some 15 ms of CPU
# on CI's machines, and the check tests run thousands): every line,
# newline-terminated, a result line "NAME: WHAT" whose NAME holds only
# what no quoting touches (letters, digits, '_', '.', '/', '-') and
# WHAT only letters and spaces.  Else print nothing and fail.
requote_plain_ ()
{
  rp_l_=
  while IFS= read -r rp_l_; do
    case $rp_l_ in *': '*) ;; *) return 1 ;; esac
    rp_name_=${rp_l_%%: *}
    case $rp_name_ in ''|*[!A-Za-z0-9_./-]*) return 1 ;; esac
    case ${rp_l_#"$rp_name_: "} in ''|*[!A-Za-z\ ]*) return 1 ;; esac
    rp_l_=
  done < "$1"
  test -z "$rp_l_" && print_lines_ "$1"
}

# check_args_ ARG...: whether the arguments ask for check mode (-c,
# --check, --ch..., or -c in a cluster of short options before "--").
check_args_ ()
{
  for ca_a_ in "$@"; do
    case $ca_a_ in
      --) return 1 ;;
      --c*) return 0 ;;
      --*) ;;
      -*c*) return 0 ;;
    esac
  done
  return 1
}

# emul_run_ IN OUT TOOL ARG...: GNU's behaviour for md2sum/md4sum, from
# GNU's md5sum and the digest table (see the head of this file).
emul_run_ ()
{
  er_in_=$1 er_out_=$2 er_tool_=$3
  shift 3
  case $er_in_ in
    closed) md_map_ $er_tool_ ;;
    pipe:*) md_map_ $er_tool_ "${er_in_#pipe:}" ;;
    *) md_map_ $er_tool_ "$er_in_" ;;
  esac
  # Check files are translated only in check mode.
  er_check_=
  check_args_ "$@" && er_check_=1
  case $er_check_$er_in_ in
    1*.chk)
      er_f_=${er_in_#pipe:}
      er_pre_=${er_in_%"$er_f_"}
      md_tr_ $er_tool_ rev < "$er_f_" > "$cmp_/stdin.chk" \
        || framework_failure_ "translating $er_f_"
      er_in_=$er_pre_$cmp_/stdin.chk ;;
  esac
  er_n_=0
  er_saved_=
  for er_a_ in "$@"; do
    test -n "$er_check_" || break
    case $er_a_ in
      *.chk)
        test -f "$er_a_" || continue
        case " $er_saved_ " in *" $er_a_ "*) continue ;; esac
        er_n_=$((er_n_ + 1))
        cp -p "$er_a_" "$cmp_/bak.$er_n_" \
          && md_tr_ $er_tool_ rev < "$cmp_/bak.$er_n_" > "$er_a_" \
          || framework_failure_ "translating $er_a_"
        er_saved_="$er_saved_ $er_a_" ;;
    esac
  done
  run_in_ "$gnu_bin_" "$er_in_" "$er_out_" md5sum "$@" \
    > "$cmp_/emul.out" 2> "$cmp_/emul.err"
  er_st_=$?
  er_n_=0
  for er_a_ in $er_saved_; do
    er_n_=$((er_n_ + 1))
    cp -p "$cmp_/bak.$er_n_" "$er_a_" || framework_failure_ "restoring $er_a_"
  done
  md_tr_ $er_tool_ fwd < "$cmp_/emul.out"
  md_tr_ $er_tool_ fwd < "$cmp_/emul.err" >&2
  return $er_st_
}


# gnu_exec_ IN OUT TOOL ARG...: run GNU's TOOL (or its emulation), and
# give cksum's diagnostics in the newest words (see newer_err_perl_).
gnu_exec_ ()
{
  if test -n "$(ref_algo_ $3)"; then
    emul_run_ "$@"
  elif test "$3" = cksum; then
    run_in_ "$gnu_bin_" "$@" 2> "$cmp_/gnu-run.err"
    ge_st_=$?
    test ! -s "$cmp_/gnu-run.err" || newer_err_plain_ "$cmp_/gnu-run.err" >&2 \
      || perl -e "$newer_err_perl_" "$brisk_algos_" < "$cmp_/gnu-run.err" >&2 \
      || framework_failure_ "newer_err_perl_"
    return $ge_st_
  else
    run_in_ "$gnu_bin_" "$@"
  fi
}

# gnu_run_ IN OUT TOOL ARG...: run GNU's TOOL (or its emulation).  In
# check mode, its result lines are given in GNU 9.11's form (see
# tests/requote-check.pl); cksum's diagnostics, in the newest words (see
# newer_err_perl_).
gnu_run_ ()
{
  gr_in_=$1 gr_out_=$2
  shift 2
  # Only check mode's output is rewritten; the rest goes straight out.
  case $gr_out_ in
    ''|merged) check_args_ "$@" ;;
    *) false ;;
  esac || { gnu_exec_ "$gr_in_" "$gr_out_" "$@"; return; }
  gnu_exec_ "$gr_in_" "$gr_out_" "$@" > "$cmp_/gnu-run.out"
  gr_st_=$?
  requote_plain_ "$cmp_/gnu-run.out" && return $gr_st_
  # Whether that GNU escapes every name (9.4 and later), asked once a
  # tool (tool names are shell words: md5sum, b2sum ...).
  eval "gr_all_=\${gnu_escape_all_$1_-}"
  if test -z "$gr_all_"; then
    gr_ver_=$gnu_bin_/$1
    test -n "$(ref_algo_ $1)" && gr_ver_=$gnu_bin_/md5sum
    "$gr_ver_" --version 2>/dev/null \
      | sed -n '1s/.* \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' \
      | { read -r gr_maj_ gr_min_
          test "${gr_maj_:-9}" -gt 9 || test "${gr_min_:-1}" -ge 4; }
    gr_all_=$(( $? == 0 ))
    eval "gnu_escape_all_$1_=\$gr_all_"
  fi
  requote_ "$1" $gr_all_ < "$cmp_/gnu-run.out"
  return $gr_st_
}

# ref_ [-i IN] TOOL ARG...: what GNU's TOOL prints (see gnu_run_).
ref_ ()
{
  rf_in_=/dev/null
  if test "$1" = -i; then rf_in_=$2; shift 2; fi
  gnu_run_ "$rf_in_" '' "$@"
}

# brisk_ [-i IN] TOOL ARG...: run Brisk's TOOL.
brisk_ ()
{
  br_in_=/dev/null
  if test "$1" = -i; then br_in_=$2; shift 2; fi
  run_in_ "$brisk_bin_" "$br_in_" '' "$@"
}

# show_cmd_ LABEL ARG...: print LABEL and the arguments, one per line, with
# unprintable bytes made visible (sed's l command).
show_cmd_ ()
{
  sc_label_=$1
  shift
  echo "$me_: $sc_label_:" >&2
  sc_n_=0
  for sc_a_ in "$@"; do
    sc_n_=$((sc_n_ + 1))
    if test $sc_n_ -gt 12; then
      echo "    ... ($# arguments in all)" >&2
      break
    fi
    printf '%s\n' "$sc_a_" | sed -n 'l' | sed 's/^/    /' >&2
  done
}

# twin_ [-i IN] [-o OUT] TOOL ARG...: run "TOOL ARG..." as GNU's TOOL (its
# emulation for md2sum/md4sum) and as Brisk's, in the current directory, and
# compare standard output, standard error and exit status.
# IN: standard input: a file (default /dev/null), "closed", or "pipe:FILE".
# OUT: "merged" compares standard error and output as one stream (their
# interleaving); otherwise standard output is not compared but goes to a
# file (/dev/full), is "closed", or is a pipe nobody reads, with SIGPIPE
# ignored ("epipe") or not ("sigpipe").
# Prints the command line and the differences on mismatch.
# Returns 0 if all three agree, 1 if not.
twin_ ()
{
  tw_in_=/dev/null tw_out_=
  while :; do
    case $1 in
      -i) tw_in_=$2; shift 2 ;;
      -o) tw_out_=$2; shift 2 ;;
      *) break ;;
    esac
  done
  # A tool set up on neither side would fail alike on both, and pass.
  test -x "$brisk_bin_/$1" && { test -x "$gnu_bin_/$1" \
                                || test -n "$(ref_algo_ $1)"; } \
    || framework_failure_ "twin_: $1 is not set up (see use_tool_)"
  gnu_run_ "$tw_in_" "$tw_out_" "$@" > "$cmp_/gnu.out" 2> "$cmp_/gnu.err"
  tw_gst_=$?
  run_in_ "$brisk_bin_" "$tw_in_" "$tw_out_" "$@" \
    > "$cmp_/brisk.out" 2> "$cmp_/brisk.err"
  tw_bst_=$?
  same_ "$cmp_/gnu.out" "$cmp_/brisk.out" \
    && same_ "$cmp_/gnu.err" "$cmp_/brisk.err" \
    && test $tw_gst_ = $tw_bst_ && return 0
  tw_what_="stdin=$tw_in_ stdout=${tw_out_:-file}"
  show_cmd_ "GNU and Brisk differ on ($tw_what_)" "$@"
  cmp -s "$cmp_/gnu.out" "$cmp_/brisk.out" \
    || { echo "-- stdout (gnu vs brisk):" >&2
         compare "$cmp_/gnu.out" "$cmp_/brisk.out" >&2; }
  cmp -s "$cmp_/gnu.err" "$cmp_/brisk.err" \
    || { echo "-- stderr (gnu vs brisk):" >&2
         compare "$cmp_/gnu.err" "$cmp_/brisk.err" >&2; }
  test $tw_gst_ = $tw_bst_ \
    || echo "-- exit status: gnu $tw_gst_, brisk $tw_bst_" >&2
  return 1
}

# make_random_ FILE BYTES [SEED]: BYTES bytes of reproducible pseudo-random
# data (an AES-CTR key stream; perl's rand if openssl is missing).
make_random_ ()
{
  mr_seed_=$(printf '%032x' "${3:-1}")
  mr_iv_=00000000000000000000000000000000
  if command -v openssl >/dev/null 2>&1; then
    head -c "$2" /dev/zero \
      | openssl enc -aes-128-ctr -nosalt -K "$mr_seed_" -iv "$mr_iv_" > "$1"
  else
    perl -e 'srand $ARGV[1]; my $n = $ARGV[0];
      print pack "C*", map { int rand 256 } 1 .. $n' "$2" "${3:-1}" > "$1"
  fi
  test "$(wc -c < "$1")" -eq "$2" || framework_failure_ "make_random_ $1 $2"
}

# impl_names_ VAR TOOL: print "NAME" or "NAME -" (not on this CPU) for
# each name that the environment variable VAR takes for Brisk's TOOL,
# from the list that TOOL prints when VAR names no variant.
impl_names_ ()
{
  # A name cannot contain '/'.
  eval "$1=/ brisk_ \$2 /dev/null" 2>&1 >/dev/null \
    | sed -n "s/^  - '\([^']*\)'\( (not on this CPU)\)\{0,1\}\$/\1\2/p" \
    | sed 's/ (not on this CPU)/ -/'
}

# impl_absent_ TOOL NAME: the variant NAME of TOOL's core is not on this
# CPU.  Fail, saying so, if REQUIRE_VARIANTS names it; else say that it
# is not tested.
impl_absent_ ()
{
  case ",${REQUIRE_VARIANTS-}," in
    *,$2,*) echo "$1: required variant $2 not on this CPU" >&2; return 1 ;;
  esac
  echo "$1: variant $2 not on this CPU: not tested" >&2
}

# wait_for_ N CMD...: see the head of this file.
wait_for_ ()
{
  wf_n_=$1
  shift
  until "$@"; do
    wf_n_=$((wf_n_ - 1))
    test $wf_n_ -gt 0 || return 1
    sleep 0.05
  done
}

# child_of_ PID: see the head of this file.
child_of_ ()
{
  grep -l "^PPid:[[:space:]]*$1\$" /proc/[0-9]*/status 2> /dev/null \
    | sed 's|^/proc/||; s|/.*||; q'
}

# display_shown_ TERM PATTERN: see the head of this file.  The pty turns
# "\n" into "\r\n"; the last thing the tool writes before the exit
# status is the erasure: "\r", as many blanks as the line drawn before
# it, "\r".
display_shown_ ()
{
  grep -a 'exit 0' "$1" > /dev/null \
    || { echo "the run on a terminal failed:"; cat -A "$1"; return 1; }
  tr '\r' '\n' < "$1" | grep -a -E "$2" > /dev/null \
    || { echo "no progress line matching '$2':"; cat -A "$1"; return 1; }
  perl -0777 -ne '
    s/exit 0\r\n\z// or exit 1;
    /\r([^\r\n]*)\r( +)\r\z/ or exit 1;
    exit (length ($2) >= length ($1) ? 0 : 1)' "$1" \
    || { echo "the display is not erased at the end:"
         tail -c 300 "$1" | od -An -c; return 1; }
}

# one_line_ FILE ERE: see the head of this file.
one_line_ ()
{
  grep -E "$2" "$1" > /dev/null && test "$(wc -l < "$1")" -eq 1 && return 0
  echo "expected one line matching '$2', got:"
  cat "$1"
  return 1
}

# render_ TERM: see the head of this file.
render_ ()
{
  perl -0777 -ne '
    my @rows;
    my ($row, $col) = ("", 0);
    for my $c (split //) {
      if ($c eq "\r") { $col = 0 }
      elsif ($c eq "\n") { push @rows, $row; $row = ""; $col = 0 }
      else {
        $row .= " " x ($col - length $row) if length $row < $col;
        substr ($row, $col, 1) = $c;
        $col++;
      }
    }
    push @rows, $row if length $row;
    s/ +\z// for @rows;
    print "$_\n" for @rows' "$1"
}

# calls_per_file_ BASE RUN N LIMIT WHAT: see the head of this file.
calls_per_file_ ()
{
  cf_base_=$(awk '$NF == "total" { print $(NF - 1 - (NF == 6)) }' "$1")
  cf_run_=$(awk '$NF == "total" { print $(NF - 1 - (NF == 6)) }' "$2")
  case $cf_base_$cf_run_ in
    '' | *[!0-9]*) framework_failure_ "no totals in strace -c's output" ;;
  esac
  cf_per_=$(awk -v t=$cf_run_ -v b=$cf_base_ -v n=$3 \
              'BEGIN { printf "%.2f", (t - b) / n }')
  echo "$5: $cf_run_ calls, $cf_base_ without the $3 files: $cf_per_ a file"
  awk -v p=$cf_per_ -v l=$4 'BEGIN { exit !(p > l) }' || return 0
  echo "$5: $cf_per_ calls a file, more than $4; the calls:"
  cat "$2"
  return 1
}

# require_strace_: see the head of this file.  ./bootstrap installs
# strace, so its absence is a failure to set up, not a reason to skip.
require_strace_ ()
{
  command -v strace > /dev/null 2>&1 \
    || framework_failure_ "strace is missing (Debian package strace;" \
                          "./bootstrap installs it)"
  strace -o /dev/null true 2> /dev/null || skip_ "strace cannot trace here"
  # Under make check-valgrind, strace would trace valgrind.
  test -z "${BRISK_VALGRIND-}" \
    || skip_ "the tools run under valgrind, which strace would trace"
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
  export ASAN_OPTIONS
}

# tty_run_ KEYS CMD...: see the head of this file.
tty_run_ ()
{
  perl -MExpect -e 1 2> /dev/null \
    || framework_failure_ "Perl's Expect is missing (Debian package" \
                          "libexpect-perl; ./bootstrap installs it)"
  perl -MExpect -e '
    my $keys = shift @ARGV;
    $keys =~ s/\\n/\n/g;
    $keys =~ s/\^D/\cD/g;
    $SIG{HUP} = "IGNORE";
    my $e = Expect->new;
    $e->log_user (0);
    $e->spawn (@ARGV) or die "cannot run $ARGV[0]: $!\n";
    $e->send ($keys);
    $e->expect (10, "eof");
    my $status = $e->exitstatus;
    (my $shown = $e->before) =~ s/\r\n/\n/g;
    print $shown;
    $e->hard_close;
    exit 124 unless defined $status;
    exit ($status & 127 ? 128 + ($status & 127) : $status >> 8);' "$@"
}

# mount_xfs_ DIR: see the head of this file.
mount_xfs_ ()
{
  command -v mkfs.xfs > /dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin
  command -v mkfs.xfs > /dev/null 2>&1 \
    || framework_failure_ "mkfs.xfs is missing (Debian package xfsprogs;" \
                          "./bootstrap installs it)"
  mkdir "$1" && truncate -s 300M "$1.img" \
    && mkfs.xfs -q -m reflink=1 "$1.img" > /dev/null 2>&1 \
    || framework_failure_ "mkfs.xfs $1.img"
  mount -o loop "$1.img" "$1" 2> /dev/null \
    || skip_ "cannot mount an XFS image here"
  cleanup_mounts_="$cleanup_mounts_ $(cd "$1" && pwd)"
}

# require_root_: skip the test unless it runs as root (what it checks
# needs another user, or an owner only root can give).
require_root_ ()
{
  test "$(id -u)" = 0 || skip_ "needs root"
}

# race_dir_ DIR: make DIR, owned by user nobody, in a tree nobody can
# reach (the race tests' attacker works in it); the test's temporary
# directory is made searchable by all, as mktemp made it private.
race_dir_ ()
{
  chmod a+x "$tmp_root_" "$tmp_root_/w"     && mkdir "$1" && chown nobody:nogroup "$1"     || framework_failure_ "race_dir_ $1"
}

# swap_as_nobody_ DIR A B SECONDS [COUNT]: start the attacker in the
# background as user nobody: tests/swap-names swapping DIR/A and DIR/B
# (see that file), and wait until it runs; its pid is then $swap_pid_,
# and it prints "ready", then the number of swaps made, to file swaps.
# Wait for it with "wait", or stop it with swap_stop_.
swap_as_nobody_ ()
{
  sn_prog_=${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/swap-names
  test -x "$sn_prog_" \
    || framework_failure_ "$sn_prog_ missing (make check builds it)"
  : > swaps
  setpriv --reuid=nobody --regid=nogroup --clear-groups \
    "$sn_prog_" "$@" > swaps &
  swap_pid_=$!
  # Until it runs, the process is a copy of this shell, which would
  # take swap_stop_'s SIGTERM to its trap and so remove the test's
  # whole tree.
  wait_for_ 200 test -s swaps \
    || framework_failure_ "tests/swap-names did not start"
}

# swap_stop_: stop the attacker that swap_as_nobody_ started, wait for
# it, and set $swap_count_ to the number of swaps it made.
swap_stop_ ()
{
  kill "$swap_pid_" 2> /dev/null
  wait "$swap_pid_"
  swap_count_=$(sed -n 2p swaps)
}

# shm_dir_: see the head of this file.
shm_dir_ ()
{
  test "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs \
    || skip_ "/dev/shm is not a tmpfs"
  sd_dir_=$(mktemp -d "/dev/shm/brisk-$me_.XXXXXX") \
    || framework_failure_ "mktemp in /dev/shm"
  cleanup_paths_="$cleanup_paths_ $sd_dir_"
  cd "$sd_dir_" || framework_failure_ "cd $sd_dir_"
}

# debug_line_ OFFLOAD REFLINK SPARSE METHOD: see the head of this file.
debug_line_ ()
{
  echo "copy offload: $1, reflink: $2, sparse detection: $3, method: $4"
}

# fault_run_ SPEC CMD...: see the head of this file.  The library comes
# before the sanitizer's runtime, which has to be told that this is
# allowed.
fault_run_ ()
{
  fr_spec_=$1 fr_lib_=${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/fault/libfault.so
  shift
  test -f "$fr_lib_" || framework_failure_ "$fr_lib_ is not built"
  LD_PRELOAD=$fr_lib_ BRISK_FAULT=$fr_spec_ \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
    "$@"
}

# ---- Running as an ordinary user -------------------------------------------
# make check runs as any user.  What needs root to run at all skips
# ("needs root", require_root_); a test that needs root for one part
# runs that part only where real_root_, and the rest as any user.

# real_root_: succeed if the test runs as root, and not as the root of
# the user namespace that mount_ns_ made (where no other user exists:
# chown to another owner, setpriv to nobody and mknod of a device all
# fail).
real_root_ ()
{
  test "$(id -u)" = 0 && test -z "${BRISK_MOUNT_NS_-}"
}

# mount_ns_: let a test that mounts a tmpfs run as an ordinary user.
# Unless root, run the whole test again from its start (this run's
# directory removed) in a new user namespace with a mount namespace of
# its own (unshare -rm): there the user, mapped to root, may mount a
# tmpfs, though not an XFS image (a loop device), and the mounts go
# when the test ends.  Only the user's own uid and gid are mapped
# there: see real_root_.  GNU's tools and Brisk's run in the same
# namespace, so comparing them stays fair.  Does nothing as root, in
# the namespace, or where the kernel refuses one (the test then skips
# as before, unable to mount).
mount_ns_ ()
{
  test "$(id -u)" = 0 && return 0
  unshare -rm true 2> /dev/null || return 0
  BRISK_MOUNT_NS_=1
  export BRISK_MOUNT_NS_ BRISK_BIN
  cd / && chmod -R u+rwx "$tmp_root_" && rm -rf "$tmp_root_" \
    || framework_failure_ "removing $tmp_root_"
  trap - 0
  exec unshare -rm sh "$test_dir_/$me_.sh"
}
