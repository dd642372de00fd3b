# tests/split/lib.sh -- sourced by the split tests after tests/init.sh.
#
# check_ IN ARG... runs "split ARG..." as GNU's split and as Brisk's,
# each in a fresh empty directory under the work directory (so the
# input files, made in the work directory, are ../NAME), and compares
# the files left there (names and bytes), standard output, standard
# error and the exit status.  Both run as "split" through PATH, so that
# their messages start alike.  IN says what standard input is:
#   -        /dev/null
#   <FILE    the file ../FILE
#   |FILE    a pipe from cat ../FILE
# $brisk_env_ (default empty), e.g. BRISK_IO_BUFSIZE=7, is put in
# Brisk's environment only.  $split_stdout_, if set, is where standard
# output goes instead (/dev/full).  $pre_ (default empty): a command
# run in each fresh directory before split (to plant files there).  On a difference it prints the command and
# what differs, and returns 1.

use_tool_ split
mkdir gbin_ bbin_ || framework_failure_ mkdir
ln -s "$(gnu_tool split)" gbin_/split && ln -s "$BRISK_BIN/split" bbin_/split \
  || framework_failure_ "ln split"
brisk_env_=
check_n_=0

# run_split_ BIN DIR IN ARG...: run split from BIN in the fresh DIR.
run_split_ ()
{
  rs_bin_=$1 rs_dir_=$2 rs_in_=$3
  shift 3
  rm -rf "$rs_dir_" && mkdir "$rs_dir_" || framework_failure_ "mkdir"
  rs_env_=
  test "$rs_bin_" = bbin_ && rs_env_=$brisk_env_
  (
    cd "$rs_dir_" || exit 99
    test -z "${pre_-}" || eval "$pre_" || exit 99
    PATH=$PWD/../$rs_bin_:$PATH
    case $rs_in_ in
      -) env $rs_env_ split "$@" < /dev/null ;;
      '<'*) env $rs_env_ split "$@" < "../${rs_in_#?}" ;;
      '|'*) cat "../${rs_in_#?}" | env $rs_env_ split "$@" ;;
    esac > "${split_stdout_:-../$rs_dir_.out}" 2> ../$rs_dir_.err
    echo $? > ../$rs_dir_.rc
  )
}

check_ ()
{
  check_n_=$((check_n_ + 1))
  ck_in_=$1
  shift
  run_split_ gbin_ g "$ck_in_" "$@"
  run_split_ bbin_ b "$ck_in_" "$@"
  ck_ok_=0
  for ck_f_ in out err rc; do
    cmp -s g.$ck_f_ b.$ck_f_ || ck_ok_=1
  done
  diff -r g b > /dev/null 2>&1 || ck_ok_=1
  if test $ck_ok_ != 0; then
    echo "FAIL: split $* (input $ck_in_${brisk_env_:+, $brisk_env_})"
    for ck_f_ in out err rc; do
      cmp -s g.$ck_f_ b.$ck_f_ || { echo "  $ck_f_:"; diff g.$ck_f_ b.$ck_f_ | head -10; }
    done
    diff -r g b | head -10
    return 1
  fi
  return 0
}
