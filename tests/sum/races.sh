#!/bin/sh
# Files that grow and shrink while the *sum tools read them.  Each
# changing file is always the first bytes of a file ref, however it
# changes, so whatever a tool reads of it from its start to an end of
# file is too: its digest must be that of the first L bytes of ref,
# for some L no longer than the file ever was during the run, and no
# shorter than it was after its last change (the read that saw the end
# came after that), with no message and exit status 0, as GNU's tools
# do (a read that finds the file shorter just sees its end earlier: no
# error on Linux).  Every prefix's digest comes from Perl's Digest
# modules, checked with GNU's tool where GNU has it.
# (a) Changes made at a chosen call of the tool, by a preload library
#     (tests/sum/mutate.c): the Nth read of a file of 120000 bytes
#     (grow; cut below and above what was read; cut then grow), four
#     such files among others, read one at a time in 16 KiB pieces
#     (no lanes), side by side (-j 1, with and without the io_uring
#     batch), with -j2, and with -j2 one file at a time in each
#     thread.
# (b) Small files among many small ones, changed just after the stat
#     (statx in the io_uring batch) that comes before their open: the
#     batch then reads each as it is, its first 16 KiB and the 4 KiB
#     after; and changed again at their first read(2), in the file's
#     turn: what the batch read and the rest must follow on.  With the
#     batch (BRISK_URING unset) and without (BRISK_URING=0: the plain
#     stat, open and reads), -j 1 and -j2.
# (c) A writer process that races: it appends to a file while GNU's
#     tool and Brisk's (each way of (a)) read it; nothing is timed,
#     and only the invariant is checked.
# Processes are few a run: starting one costs much on a loaded machine.
. "$(dirname "$0")/../init.sh"

mutate_lib_=${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/sum/libmutate.so
test -f "$mutate_lib_" || framework_failure_ "$mutate_lib_ is not built"

ref_size=131072
make_random_ ref $ref_size 13

# prefixes_ NAME:SIZE...: make each file NAME the first SIZE bytes of
# ref.
prefixes_ ()
{
  perl -e 'open my $r, "<", "ref" or die; binmode $r; local $/;
    my $d = <$r>;
    for (@ARGV)
      {
        my ($name, $size) = split /:/;
        open my $w, ">", $name or die "$name: $!"; binmode $w;
        print $w substr ($d, 0, $size) or die "$name: $!";
        close $w or die "$name: $!";
      }' "$@" || framework_failure_ "make $*"
}

# Other files, prefixes of ref too: larger than what the batch reads
# (o*), and small ones, which it reads whole (s*).
others= smalls= sizes=
for i in 1 2 3 4 5 6; do
  others="$others o$i" smalls="$smalls s$i"
  sizes="$sizes o$i:$((i * 7000)) s$i:$((i * 1500 + 7))"
done
prefixes_ $sizes

# prefix_table_ TOOL: write table.TOOL, a line "HEX L" for each prefix
# of ref (L from 0 to its size), HEX being the first 32 digits of TOOL's
# digest of its first L bytes (all of an MD2, MD4 or MD5 digest): a
# smaller table is faster to search, and GNU checks the whole digest.
prefix_table_ ()
{
  case $1 in
    md2sum) pt_new_='Digest::MD2->new' pt_mod_=Digest::MD2 ;;
    md4sum) pt_new_='Digest::MD4->new' pt_mod_=Digest::MD4 ;;
    md5sum) pt_new_='Digest::MD5->new' pt_mod_=Digest::MD5 ;;
    sha*sum)
      pt_n_=${1#sha}
      pt_new_="Digest::SHA->new (${pt_n_%sum})" pt_mod_=Digest::SHA ;;
    *) framework_failure_ "no reference for $1" ;;
  esac
  perl -M$pt_mod_ -e 'binmode STDIN; local $/; my $d = <STDIN>;
    my $c = '"$pt_new_"';
    for my $l (0 .. length $d)
      {
        print substr ($c->clone->hexdigest, 0, 32), " $l\n";
        $c->add (substr ($d, $l, 1)) if $l < length $d;
      }' < ref > table.$1 \
    || framework_failure_ "the table of $1"
}

# check_out_ TOOL EXP CHECKS: check the file out, which TOOL printed:
# its lines for the files that CHECKS does not name must be EXP's (a
# file of GNU's lines); for each NAME:LO:HI in CHECKS (blank
# separated), NAME's digest must be TOOL's digest of the first L bytes
# of ref for some L from LO to HI, and GNU's TOOL (if GNU has it) must
# give the same digest of those bytes.  The L that GNU has confirmed
# are remembered, in $confirmed.  Say what is wrong.
confirmed=
check_out_ ()
{
  co_t_=$1 co_exp_=$2 co_checks_=$3 co_ok_=:
  : > out.others
  : > patterns
  for co_c_ in $co_checks_; do
    eval "digest_${co_c_%%:*}="
  done
  while read co_d_ co_n_; do
    case " $co_checks_ " in
      *" $co_n_:"*)
        eval "digest_$co_n_=\$co_d_"
        printf '^%.32s \n' "$co_d_" >> patterns ;;
      *) printf '%s  %s\n' "$co_d_" "$co_n_" >> out.others ;;
    esac
  done < out
  compare "$co_exp_" out.others || co_ok_=false
  grep -f patterns table.$co_t_ > lengths
  for co_c_ in $co_checks_; do
    co_n_=${co_c_%%:*} co_c_=${co_c_#*:}
    co_lo_=${co_c_%:*} co_hi_=${co_c_#*:} co_l_=
    eval "co_d_=\$digest_$co_n_"
    case $co_d_ in
      '' | *[!0-9a-f]*) ;;
      *)
        while read co_h_ co_len_; do
          case $co_d_ in
            "$co_h_"*) co_l_=$co_len_ ;;
          esac
        done < lengths ;;
    esac
    if test -z "$co_l_" || test $co_l_ -lt $co_lo_ \
       || test $co_hi_ -lt $co_l_; then
      echo "$me_: $co_n_: $co_d_ is not the digest of the first" \
        "$co_lo_ to $co_hi_ bytes of ref" >&2
      co_ok_=false
      continue
    fi
    case " $gnu_sum_tools :$confirmed: " in
      *":$co_t_:$co_d_:"*) ;;
      *" $co_t_ "*)
        co_gnu_=$(head -c $co_l_ ref | "$gnu_bin_/$co_t_")
        if test "${co_gnu_%% *}" = "$co_d_"; then
          confirmed=$confirmed:$co_t_:$co_d_:
        else
          echo "$me_: $co_n_: GNU's digest of $co_l_ bytes is" \
            "$co_gnu_, not $co_d_" >&2
          co_ok_=false
        fi ;;
      *) test ${#co_d_} = 32 || co_ok_=false ;;
    esac
  done
  $co_ok_
}

# race_ TOOL FIRED CHANGES ENV ARG...: make each file that CHANGES
# lists (NAME:SIZE:STEP;STEP..., blank separated) the first SIZE bytes
# of ref, run Brisk's "TOOL ARG..." with the assignments ENV in its
# environment and the preload library making each STEP (CALL:N:SIZE)
# on NAME, and check: status 0, nothing on standard error, each file's
# steps made (FIRED: all, or 0 where the tool makes no such call), the
# line of each other operand as GNU has it (ARG holds the files, and
# either $others or $smalls in that order, and options), and each
# file's digest that of a prefix of ref no longer than the greatest of
# SIZE and its STEPs' sizes, and no shorter than its last STEP's size
# (with FIRED 0: than the least of them).
race_ ()
{
  rc_t_=$1 rc_fired_=$2 rc_changes_=$3 rc_env_=$4
  shift 4
  : > mutate.log
  rc_spec_= rc_sizes_= rc_checks_=
  for rc_c_ in $rc_changes_; do
    rc_f_=${rc_c_%%:*} rc_c_=${rc_c_#*:}
    rc_size_=${rc_c_%%:*} rc_n_=0
    rc_sizes_="$rc_sizes_ $rc_f_:$rc_size_"
    lo=$rc_size_ hi=$rc_size_
    for rc_s_ in $(IFS=';'; echo ${rc_c_#*:}); do
      rc_spec_=$rc_spec_${rc_spec_:+,}$rc_f_:$rc_s_
      rc_s_=${rc_s_##*:} rc_n_=$((rc_n_ + 1))
      test $rc_s_ -ge $lo || lo=$rc_s_
      test $rc_s_ -le $hi || hi=$rc_s_
    done
    # Once every step is made, the file keeps its last size, which the
    # read that sees its end cannot have been short of.
    test $rc_fired_ = all && lo=$rc_s_ || rc_n_=$rc_fired_
    rc_checks_="$rc_checks_ $rc_f_:$lo:$hi"
    eval "steps_$rc_f_=$rc_n_ made_$rc_f_=0"
  done
  prefixes_ $rc_sizes_
  (
    LD_PRELOAD=$mutate_lib_ BRISK_MUTATE_SOURCE=ref BRISK_MUTATE=$rc_spec_
    BRISK_MUTATE_LOG=mutate.log
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
    export LD_PRELOAD BRISK_MUTATE_SOURCE BRISK_MUTATE BRISK_MUTATE_LOG \
      ASAN_OPTIONS
    for rc_a_ in $rc_env_; do
      export "$rc_a_"
    done
    brisk_ $rc_t_ "$@" > out 2> err
  )
  rc_status_=$?
  rc_ok_=:
  test $rc_status_ = 0 && ! test -s err || rc_ok_=false
  while read rc_f_ rc_rest_; do
    eval "made_$rc_f_=\$((made_$rc_f_ + 1))"
  done < mutate.log
  for rc_c_ in $rc_changes_; do
    rc_f_=${rc_c_%%:*}
    eval "test \$made_$rc_f_ = \$steps_$rc_f_" \
      || { echo "$me_: $rc_f_: not every step made" >&2; rc_ok_=false; }
  done
  case " $* " in
    *" o1 "*) rc_exp_=exp.others.$rc_t_ ;;
    *" s1 "*) rc_exp_=exp.smalls.$rc_t_ ;;
    *) rc_exp_=/dev/null ;;
  esac
  check_out_ $rc_t_ $rc_exp_ "$rc_checks_" || rc_ok_=false
  $rc_ok_ && return 0
  echo "$me_: $rc_t_ $*, $rc_env_, files changed: $rc_changes_;" \
    "the changes made, the status, output and errors:" >&2
  cat mutate.log >&2
  echo "status $rc_status_" >&2
  cat out err >&2
  return 1
}

# Whether the tool T hashes files side by side here: then -j 1 with
# many files stats each before opening it.
lanes_ ()
{
  impl_names_ BRISK_LANES_IMPL $1 | grep -v -e ' -$' -e '^none$' \
    | grep . > /dev/null
}

for t in $some_sum_tools; do
  prefix_table_ $t
  ref_ $t $others > exp.others.$t && ref_ $t $smalls > exp.smalls.$t \
    || framework_failure_ "GNU's $t"

  # (a) Files of 120000 bytes, each read at least twice in every way:
  # in pieces of 16 KiB, or of 64 KiB side by side.  At its second
  # read, c1 grows, c2 is cut below what was read (nothing more can be
  # read: it ends there), c3 above, c4 is cut and grows again at the
  # third.
  ch="c1:120000:read:2:126000 c2:120000:read:2:10000
      c3:120000:read:2:100000 c4:120000:read:2:70000;read:3:$ref_size"
  race_ $t all "$ch" 'BRISK_LANES_IMPL=none BRISK_IO_BUFSIZE=16384' \
    c1 c2 c3 c4 $others || fail=1
  race_ $t all "$ch" '' c1 c2 c3 c4 $others || fail=1
  race_ $t all "$ch" BRISK_URING=0 c1 c2 c3 c4 $others || fail=1
  race_ $t all "$ch" '' -j2 c1 c2 c3 c4 $others || fail=1
  race_ $t all "$ch" 'BRISK_LANES_IMPL=none BRISK_IO_BUFSIZE=16384' \
    -j2 c1 c2 c3 c4 $others || fail=1

  # (b) Files of 12000 bytes, which the batch reads whole as they were
  # stat'ed, changed just after that: c1 grown past what the batch
  # reads (the rest is read in its turn), c2 cut; c3 and c4 grown and
  # changed again at their first read(2): after the batch, at 20 KiB,
  # which is past c3's cut to 10000 (its end is where the batch
  # stopped) and before c4's growth to 60000.  Without lanes, -j 1
  # makes no stat.
  ch='c1:12000:stat:1:100000 c2:12000:stat:1:3000
      c3:12000:stat:1:100000;read:1:10000 c4:12000:stat:1:30000;read:1:60000'
  j1=all
  lanes_ $t || j1=0
  for env in '' BRISK_URING=0; do
    race_ $t $j1 "$ch" "$env" c1 $smalls c2 c3 c4 || fail=1
    race_ $t all "$ch" "$env" -j2 c1 $smalls c2 c3 c4 || fail=1
  done
done

# (c) A writer that races: a Perl process that appends ref's bytes to
# c0, from 40000 bytes on, a few hundred at a time, until the file
# stop exists or c0 is whole; the tool starts once it has made its
# first append (it says so through the FIFO go).  Appends only: a file
# cut and grown again while a read is under way can give that read the
# zeros of a page that the cut dropped (the kernel's race, which GNU's
# tools and cat see as well); the cuts are made in (a) and (b), between
# reads.
mkfifo go || framework_failure_ mkfifo
writer_perl_='my ($ref, $max) = @ARGV; srand 7;
  open my $r, "<", $ref or die; binmode $r;
  open my $w, ">", "c0" or die; binmode $w;
  sysread $r, my $buf, 40000; syswrite $w, $buf or die "write: $!";
  my $size = 40000;
  for (my $n = 0; $size < $max && !-e "stop"; $n++)
    {
      my $add = 1 + int rand 400;
      $add = $max - $size if $size + $add > $max;
      sysread $r, $buf, $add;
      syswrite $w, $buf or die "write: $!";
      $size += $add;
      if ($n == 0)
        {
          open my $go, ">", "go" or die; print $go "go\n"; close $go;
        }
      select undef, undef, undef, 0.0001;
    }'

# raced_ TOOL SIDE ENV ARG...: run SIDE's (gnu or brisk) "TOOL ARG..."
# with ENV as the writer grows c0, and check the status, the messages,
# c0's digest (a prefix of ref, no shorter than c0 was at the start),
# and the other operands' lines (ARG: c0, and $others or nothing).
raced_ ()
{
  rd_t_=$1 rd_side_=$2 rd_env_=$3
  shift 3
  rm -f stop
  perl -e "$writer_perl_" ref $ref_size &
  rd_writer_=$!
  read rd_go_ < go
  (
    for rd_a_ in $rd_env_; do
      export "$rd_a_"
    done
    if test $rd_side_ = gnu; then
      ref_ $rd_t_ "$@"
    else
      brisk_ $rd_t_ "$@"
    fi > out 2> err
  )
  rd_status_=$?
  : > stop
  wait $rd_writer_ || framework_failure_ "the writer failed"
  rd_exp_=/dev/null
  case " $* " in
    *" o1 "*) rd_exp_=exp.others.$rd_t_ ;;
  esac
  test $rd_status_ = 0 && ! test -s err \
    && check_out_ $rd_t_ $rd_exp_ c0:40000:$ref_size && return 0
  echo "$me_: $rd_side_ $rd_t_ $* ($rd_env_) as c0 grew:" >&2
  echo "status $rd_status_" >&2
  cat out err >&2
  return 1
}

for t in $some_sum_tools; do
  case " $gnu_sum_tools " in
    *" $t "*) raced_ $t gnu '' c0 || fail=1 ;;
  esac
  raced_ $t brisk BRISK_IO_BUFSIZE=512 c0 || fail=1
  raced_ $t brisk '' c0 $others || fail=1
  raced_ $t brisk BRISK_URING=0 c0 $others || fail=1
  raced_ $t brisk '' -j2 c0 $others || fail=1
done

Exit $fail
