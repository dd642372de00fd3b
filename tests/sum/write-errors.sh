#!/bin/sh
# Errors writing standard output: /dev/full, a closed stdout, a pipe
# without reader with SIGPIPE ignored (EPIPE) and with SIGPIPE default
# (killed); for short and long output, --check output, --status (writes
# nothing), --help and --version.
# GNU 9.10 stops at the first line that cannot be written and says
# "write error" with its errno (9.1 went on to the end and said it
# without); Brisk's lines must do the same, asserted here, as 9.1 differs.
# The rest (-z, no output, --help, a killing SIGPIPE) is compared with GNU.
# The legacy sums' lines (sum, cksum's CRC, BSD and SysV sums) are not
# checked by GNU 9.11, 9.10 nor 9.1: they go on to the end, the other
# files' errors said, and then "write error", with an errno only where
# GNU's fclose fails as well (stdout closed; or, with -z, bytes held
# since the last diagnostic); compared with GNU, and for crc32b, which
# 9.1 lacks, asserted.
# Endless input (yes LINE | TOOL -c > /dev/full) must stop too: every
# tool of $sum_tools, b2sum, cksum and b3sum.
# b3sum says the same in GNU's form, where the BLAKE3 team's b3sum 1.2
# panics (status 101): its lines, --check's and standard input's.
# With $some_sum_tools (md5sum, sha512sum): src/digest/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"
for t in cksum b2sum; do use_tool_ $t; done
ln -s "$BRISK_BIN/b3sum" "$brisk_bin_/b3sum" \
  || framework_failure_ "ln -s b3sum"

printf 'data\n' > f
# Enough operands that the output passes any stdio buffer many times.
i=0
while test $i -lt 200; do i=$((i + 1)); echo $i > n$i; done
set -- n*

# fails_ OUT MSG [-i IN] TOOL ARG...: Brisk's TOOL, its stdout being OUT
# as twin_ takes it, exits 1 and says only "TOOL: write error: MSG".
fails_ ()
{
  fa_out_=$1 fa_msg_=$2 fa_in_=/dev/null
  shift 2
  test "$1" = -i && { fa_in_=$2; shift 2; }
  run_in_ "$brisk_bin_" "$fa_in_" "$fa_out_" "$@" > /dev/null 2> err
  fa_st_=$?
  echo "$1: write error: $fa_msg_" > exp
  test $fa_st_ = 1 && compare exp err && return 0
  show_cmd_ "Brisk, with stdout=$fa_out_, status $fa_st_" "$@"
  return 1
}

# error_of_ OUT: the reason a write to OUT (as fails_ takes it) fails.
error_of_ ()
{
  case $1 in
    /dev/full) echo 'No space left on device' ;;
    closed) echo 'Bad file descriptor' ;;
    epipe) echo 'Broken pipe' ;;
  esac
}

for t in $some_sum_tools; do
  ref_ $t f > one.chk
  ref_ $t "$@" > many.chk
  for out in /dev/full closed epipe; do
    msg=$(error_of_ $out)
    fails_ $out "$msg" $t f || fail=1
    fails_ $out "$msg" $t "$@" || fail=1
    fails_ $out "$msg" $t --tag f missing || fail=1
    fails_ $out "$msg" $t -c one.chk || fail=1
    fails_ $out "$msg" $t -c many.chk || fail=1
    fails_ $out "$msg" -i f $t || fail=1
  done
  for out in /dev/full closed epipe sigpipe; do
    twin_ -o $out $t -z f || fail=1
    twin_ -o $out $t -c --quiet one.chk || fail=1
    twin_ -o $out $t -c --status one.chk || fail=1
    twin_ -o $out $t missing || fail=1
    twin_ -o $out $t --bogus || fail=1
  done
  for args in f "$*" '--tag f missing' '-c one.chk' '-c many.chk'; do
    eval "twin_ -o sigpipe $t $args" || fail=1
  done
  # --help and --version texts differ from GNU's, their errors must not.
  for opt in --help --version; do
    for out in /dev/full closed epipe sigpipe; do
      twin_ -o $out $t $opt || fail=1
    done
  done
done

use_tool_ sum
for t in sum 'sum -s' cksum 'cksum -a bsd' 'cksum -a sysv'; do
  for out in /dev/full closed epipe sigpipe; do
    for args in f "$*" 'f missing f' "$* missing" "-z f" "-z f missing" \
                "-z $* missing f" "-z missing"; do
      case $t,$args in sum*,-z*) continue ;; esac
      eval "twin_ -o $out $t $args" || fail=1
    done
  done
done
# crc32b (GNU 9.6 and later): as crc, asserted.
for out in /dev/full closed; do
  for z in '' -z; do
    run_in_ "$brisk_bin_" /dev/null $out cksum -a crc32b $z f missing f \
      > /dev/null 2> err
    st=$?
    msg=
    test $out = closed && msg=": $(error_of_ closed)"
    test $out,$z = /dev/full,-z && msg=": $(error_of_ /dev/full)"
    { echo "cksum: missing: No such file or directory"
      echo "cksum: write error$msg"; } > exp
    sed "s|^$brisk_bin_/||" err > err2
    test $st = 1 || { echo "crc32b $z to $out: status $st" >&2; fail=1; }
    compare exp err2 || fail=1
  done
done

brisk_ b3sum f > b3one.chk && brisk_ b3sum "$@" > b3many.chk \
  || framework_failure_ "b3sum's check files"
for out in /dev/full closed epipe; do
  msg=$(error_of_ $out)
  fails_ $out "$msg" b3sum f || fail=1
  fails_ $out "$msg" b3sum "$@" || fail=1
  fails_ $out "$msg" b3sum -c b3one.chk || fail=1
  fails_ $out "$msg" b3sum -c b3many.chk || fail=1
  fails_ $out "$msg" -i f b3sum || fail=1
  fails_ $out "$msg" cksum -a blake3 "$@" || fail=1
done

for t in $sum_tools b2sum 'cksum -a sha3 -l 256' 'cksum -a md5' b3sum \
         'cksum -a blake3'; do
  line=$(brisk_ $t /dev/null) || fail=1
  tool=${t%% *}
  returns_ 1 timeout 10 sh -c "yes '$line' | $brisk_bin_/$tool -c > /dev/full" \
    2> err || { echo "yes | $tool -c > /dev/full: no prompt exit" >&2; fail=1; }
  echo "$brisk_bin_/$tool: write error: No space left on device" > exp
  compare exp err || fail=1
  timeout 10 env --default-signal=PIPE sh -c \
    "yes '$line' | $brisk_bin_/$tool -c | :" 2> err \
    || { echo "yes | $tool -c | :: no prompt exit" >&2; fail=1; }
  compare /dev/null err || fail=1
done

Exit $fail
