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
# Brisk's environment only.
#
# GNU 9.2 changed the cuts of -n N, K/N, l/N and l/K/N (the SIZE % N
# first chunks are a byte longer; 9.1 gave the last chunk the rest):
# those cases are checked against GNU's newest split instead, the one
# that tests/gnu/check-gnu builds ($gnu_newest_split_), built here
# first if need be; the test skips only where it cannot be built (no
# Debian mirror to fetch it from).  So is every case while $newest_ is
# set (default empty): GNU 9.10 reads the counts of -a, -b, -C, -l, -n
# and -NUM otherwise, and Brisk as it does.  $split_stdout_, if set, is where
# standard output goes instead (/dev/full).  $pre_ (default empty): a
# command run in each fresh directory before split (to plant files
# there).  On a difference it prints the command and what differs, and
# returns 1.

use_tool_ split
mkdir gbin_ bbin_ || framework_failure_ mkdir
ln -s "$(gnu_tool split)" gbin_/split && ln -s "$BRISK_BIN/split" bbin_/split \
  || framework_failure_ "ln split"
gnu_newest_split_=${BRISK_GNU_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/brisk-gnu}/coreutils-$(sed -n 's/^[^ ]* \([^-]*\).*/\1/p' "$test_dir_/../gnu/newest")/src/split
brisk_env_=
newest_=
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
  # An input smaller than N: GNU 9.1 and 9.2 cut it alike (one byte a
  # chunk), and GNU 9.10's l/N goes on for ever past its end.  An
  # endless device (/dev/zero): 9.10 would spool it for ever.
  rs_file_=${rs_in_#?}
  test "$rs_in_" = - && for rs_a_ do rs_file_=${rs_a_#../../}; done
  if test "$rs_bin_" = gbin_ \
     && { test -n "$newest_" \
          || { newer_cut_ "$@" \
               && ! test -c "$rs_file_" \
               && ! { test -f "$top_work_/$rs_file_" \
                      && test "$(wc -c < "$top_work_/$rs_file_")" \
                              -lt "$nc_count_"; }; }; }
  then
    # Built once into the cache that make check-gnu uses (a few
    # minutes; the lock makes a second test wait for the first).
    test -x "$gnu_newest_split_" \
      || env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
           bash "$test_dir_/../gnu/check-gnu" --prepare > prepare.out 2>&1 \
      || cat prepare.out >&2
    test -x "$gnu_newest_split_" \
      || skip_ "GNU's newest split cannot be built here (check-gnu --prepare)"
    test -d "$top_work_/gnbin_" || { mkdir "$top_work_/gnbin_" &&
      ln -s "$gnu_newest_split_" "$top_work_/gnbin_/split"; } \
      || framework_failure_ "ln newest split"
    rs_bin_=gnbin_
  fi
  (
    cd "$rs_dir_/w" || exit 99
    test -z "${pre_-}" || eval "$pre_" || exit 99
    PATH=$top_work_/$rs_bin_:$PATH
    # shellcheck disable=SC2086
    case $rs_in_ in
      -) ${rs_env_:+env $rs_env_} split "$@" < /dev/null ;;
      '<'*) ${rs_env_:+env $rs_env_} split "$@" < "$top_work_/${rs_in_#?}" ;;
      '|'*) cat "$top_work_/${rs_in_#?}" | ${rs_env_:+env $rs_env_} split "$@" ;;
      '~'*) if test "$rs_bin_" != bbin_; then
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
  # GNU 9.10 says "standard output" where 9.1 said "stdout" (the refusal
  # of --filter with K/N); Brisk says what the newest says.
  test "$rs_bin_" != gbin_ \
    || sed -i 's/chunk extracted to stdout$/chunk extracted to standard output/' \
         "$rs_dir_/err"
}

# newer_cut_ ARG...: whether ARG cuts by -n N, K/N, l/N or l/K/N, which
# GNU 9.2 changed, or is a bad count, which GNU 9.10 words otherwise;
# set nc_count_ to its N (0 for a bad count).  Counts of 19 digits or
# more are left out: GNU 9.10 takes one past INTMAX_MAX as that many
# pieces, which a test may not make; limits.sh sets newest_ for those
# that stop early.
newer_cut_ ()
{
  nc_n_=false
  for nc_a_ do
    if $nc_n_; then
      nc_a_=-n$nc_a_
    fi
    case $nc_a_ in
      -nr/* | --number=r/*) return 1 ;;
      *[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]*)
        return 1 ;;
      -n?* | --number=*)
        nc_spec_=${nc_a_#-n}; nc_spec_=${nc_spec_#--number=}
        nc_spec_=${nc_spec_#l/}
        nc_count_=0
        case $nc_spec_ in
          '' | *[!0-9/]* | 0* | */0* | */*/* | */ | /*) return 0 ;;
        esac
        nc_count_=${nc_spec_##*/}
        test "${nc_spec_%/*}" -le "$nc_count_" || nc_count_=0
        return 0 ;;
      -n) nc_n_=true ;;
    esac
  done
  return 1
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
