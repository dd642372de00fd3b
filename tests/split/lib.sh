# tests/split/lib.sh -- sourced by the split tests after tests/init.sh.
#
# check_ IN ARG... runs "split ARG..." as GNU's split and as Brisk's,
# each in a fresh empty directory two levels under the work directory
# (so the input files, made in the work directory, are ../../NAME),
# and compares
# the files left there (names and bytes), standard output, standard
# error and the exit status.  Both run as "split" through PATH, so that
# their messages start alike.  IN says what standard input is:
#   -        /dev/null
#   <FILE    the file FILE of the work directory
#   |FILE    a pipe from cat FILE
#   ~FILE    a pipe from cat FILE for Brisk, the file FILE for GNU: for
#            -n N, K/N, l/N and l/K/N, which GNU 9.2 and later take from
#            a pipe (9.1 cannot), cutting it as 9.1 cuts the file
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
top_work_=$PWD

# run_split_ BIN DIR IN ARG...: run split from BIN in the fresh DIR/w,
# its output, messages and status in DIR/out, DIR/err and DIR/rc.
run_split_ ()
{
  rs_bin_=$1 rs_dir_=$2 rs_in_=$3
  shift 3
  mkdir -p "$rs_dir_/w" || framework_failure_ "mkdir"
  rs_env_=
  test "$rs_bin_" = bbin_ && rs_env_=$brisk_env_
  (
    cd "$rs_dir_/w" || exit 99
    test -z "${pre_-}" || eval "$pre_" || exit 99
    PATH=$top_work_/$rs_bin_:$PATH
    # shellcheck disable=SC2086
    case $rs_in_ in
      -) ${rs_env_:+env $rs_env_} split "$@" < /dev/null ;;
      '<'*) ${rs_env_:+env $rs_env_} split "$@" < "$top_work_/${rs_in_#?}" ;;
      '|'*) cat "$top_work_/${rs_in_#?}" | ${rs_env_:+env $rs_env_} split "$@" ;;
      '~'*) if test "$rs_bin_" = gbin_; then
              split "$@" < "$top_work_/${rs_in_#?}"
            else
              cat "$top_work_/${rs_in_#?}" | ${rs_env_:+env $rs_env_} split "$@"
            fi ;;
    esac > "${split_stdout_:-../out}" 2> ../err
    echo $? > ../rc
  )
  # Under the sanitizers with allocator_may_return_null (limits.sh), a
  # malloc that fails is reported on stderr before it returns NULL:
  # that line is the run-time's, not split's.
  case $rs_env_ in
    *allocator_may_return_null=1*)
      sed '/^==[0-9]*==WARNING: AddressSanitizer failed to allocate 0x[0-9a-f]* bytes$/d' \
        "$rs_dir_/err" > "$rs_dir_/err.t" && mv "$rs_dir_/err.t" "$rs_dir_/err" ;;
  esac
}

# check_ IN ARG...: see the head of this file.  Each case has its own
# directories gN and bN (left for the end of the test to remove).
check_ ()
{
  check_n_=$((check_n_ + 1))
  ck_in_=$1
  shift
  run_split_ gbin_ g$check_n_ "$ck_in_" "$@"
  run_split_ bbin_ b$check_n_ "$ck_in_" "$@"
  if ! diff -r g$check_n_ b$check_n_ > diff$check_n_ 2>&1; then
    echo "FAIL: split $* (input $ck_in_${brisk_env_:+, $brisk_env_})"
    head -20 diff$check_n_
    return 1
  fi
  return 0
}
