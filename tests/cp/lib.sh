# tests/cp/lib.sh -- sourced by the cp tests, instead of tests/init.sh:
# init.sh, then the two cps and the helpers that compare them.
#
# The cp under test is $BRISK_CP (default $BRISK_BIN/cp, Brisk's); the
# reference is GNU's, $GNU_BIN/cp (default /usr/bin/cp).  Running the
# tests with BRISK_CP=/usr/bin/cp compares GNU with itself: every test
# must pass so.  Both are linked as "cp" into the two tool directories
# of init.sh ($gnu_bin_, $brisk_bin_) and run as a bare "cp" with that
# directory first in PATH, so both see argv[0] = "cp" and their
# messages start alike ("cp: ...").
#
# Helpers:
#   cp_twin_ [-i IN] [-u] [-D DUMPOPTS] [-p POST] SETUP [--] ARG...
#       for each side (GNU's cp, then the one under test): makes an empty
#       directory $cmp_/t, runs the shell function SETUP in it (in a
#       subshell), ages the tree (tree-dump --age: every time set a
#       moment ago becomes a fixed old time, so the two trees made a
#       moment apart are alike to the nanosecond; a time SETUP sets more
#       than an hour away is kept), runs "cp ARG..." in it, dumps the
#       whole tree, sources and destinations alike (tree-dump DUMPOPTS
#       $cmp_/t; see tests/cp/tree-dump.c), runs the shell function POST
#       in it if given (to unmount, say), and moves it to $cmp_/gnu or
#       $cmp_/brisk.  Then compares standard output, standard error,
#       exit status and the two dumps byte for byte, and prints the
#       differences if any.  Returns 0 if all agree, 1 if not.
#       Both runs happen at the same absolute path ($cmp_/t), so that
#       absolute names (in symbolic link targets made by SETUP, or in
#       messages) are alike without any rewriting.
#       IN: standard input (a file; relative to the current directory;
#       default /dev/null), e.g. answers to -i.  -u: cp runs as user
#       nobody, group nogroup, no supplementary groups (setpriv), to
#       meet permissions that root would pass; SETUP must leave what
#       cp needs accessible to others.
#   cp_run_ [-i IN] [-u] SIDE ARG...
#       runs "cp ARG..." as SIDE's cp (gnu or brisk) in the current
#       directory, no comparison; returns cp's exit status.
#   cp_dump_ [DUMPOPTS] DIR
#       prints tree-dump's lines for DIR.
#
# Variables: $gnu_cp_ (GNU's cp), $BRISK_CP, $tree_dump_ (the program).

. "$(dirname "$0")/../init.sh"

gnu_cp_=$(gnu_tool cp)
"$gnu_cp_" --version 2>/dev/null | sed 1q | grep 'GNU coreutils' >/dev/null \
  || skip_ "$gnu_cp_ is not GNU coreutils' cp"
"$gnu_cp_" --version | sed 1q | grep ' 9\.1$' >/dev/null \
  || warn_ "$me_: note: GNU is not coreutils 9.1; Brisk targets 9.1"
BRISK_CP=${BRISK_CP:-$BRISK_BIN/cp}
case $BRISK_CP in
  /*) ;;
  *) BRISK_CP=$PWD/$BRISK_CP ;;
esac
test -x "$BRISK_CP" \
  || framework_failure_ "$BRISK_CP missing (build src/cp, or set BRISK_CP)"
ln -s "$gnu_cp_" "$gnu_bin_/cp" && ln -s "$BRISK_CP" "$brisk_bin_/cp" \
  || framework_failure_ "ln -s cp"

tree_dump_=${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/cp/tree-dump
test -x "$tree_dump_" \
  || framework_failure_ "$tree_dump_ missing (make check builds it)"

# The tree and the tools must be reachable by user nobody (cp_twin_ -u):
# mktemp made the temporary directory private.
chmod 755 "$tmp_root_" "$tmp_root_/bin" "$gnu_bin_" "$brisk_bin_" "$cmp_" \
  || framework_failure_ "chmod $tmp_root_"

# cp_dump_ [DUMPOPTS] DIR: see the head of this file.
cp_dump_ ()
{
  "$tree_dump_" "$@"
}

# cp_run_ [-i IN] [-u] SIDE ARG...: see the head of this file.
cp_run_ ()
{
  cr_in_=/dev/null cr_user_=
  while :; do
    case $1 in
      -i) cr_in_=$2; shift 2 ;;
      -u) cr_user_=1; shift ;;
      *) break ;;
    esac
  done
  cr_dir_=$gnu_bin_
  test "$1" = gnu || cr_dir_=$brisk_bin_
  shift
  if test -n "$cr_user_"; then
    run_in_ "$cr_dir_" "$cr_in_" '' \
      setpriv --reuid=nobody --regid=nogroup --clear-groups cp "$@"
  else
    run_in_ "$cr_dir_" "$cr_in_" '' cp "$@"
  fi
}

# cp_side_ SIDE SETUP POST DUMPOPTS RUNOPTS ARG...: one side of cp_twin_;
# leaves $cmp_/SIDE.out, .err, .st, .tree and the tree in $cmp_/SIDE.
cp_side_ ()
{
  cs_side_=$1 cs_setup_=$2 cs_post_=$3 cs_dopts_=$4 cs_ropts_=$5
  shift 5
  rm -rf "$cmp_/t" "$cmp_/$cs_side_" || framework_failure_ "rm $cmp_/t"
  mkdir "$cmp_/t" || framework_failure_ "mkdir $cmp_/t"
  (cd "$cmp_/t" && "$cs_setup_") || framework_failure_ "$cs_setup_ failed"
  "$tree_dump_" --age "$cmp_/t" || framework_failure_ "tree-dump --age"
  # shellcheck disable=SC2086
  (cd "$cmp_/t" && cp_run_ $cs_ropts_ $cs_side_ "$@") \
    > "$cmp_/$cs_side_.out" 2> "$cmp_/$cs_side_.err"
  echo $? > "$cmp_/$cs_side_.st"
  # shellcheck disable=SC2086
  "$tree_dump_" $cs_dopts_ "$cmp_/t" > "$cmp_/$cs_side_.tree" \
    || framework_failure_ "tree-dump $cmp_/t"
  test -z "$cs_post_" || (cd "$cmp_/t" && "$cs_post_") \
    || framework_failure_ "$cs_post_ failed"
  mv "$cmp_/t" "$cmp_/$cs_side_" || framework_failure_ "mv $cmp_/t"
}

# cp_twin_ [-i IN] [-u] [-D DUMPOPTS] [-p POST] SETUP [--] ARG...: see
# the head of this file.
cp_twin_ ()
{
  ct_ropts_= ct_dopts_= ct_post_=
  while :; do
    case $1 in
      -i) case $2 in
            /*) ct_ropts_="$ct_ropts_ -i $2" ;;
            *) ct_ropts_="$ct_ropts_ -i $PWD/$2" ;;
          esac
          shift 2 ;;
      -u) ct_ropts_="$ct_ropts_ -u"; shift ;;
      -D) ct_dopts_=$2; shift 2 ;;
      -p) ct_post_=$2; shift 2 ;;
      *) break ;;
    esac
  done
  ct_setup_=$1
  shift
  test "${1-}" != -- || shift
  cp_side_ gnu "$ct_setup_" "$ct_post_" "$ct_dopts_" "$ct_ropts_" "$@"
  cp_side_ brisk "$ct_setup_" "$ct_post_" "$ct_dopts_" "$ct_ropts_" "$@"
  ct_ok_=1
  for ct_f_ in out err st tree; do
    cmp -s "$cmp_/gnu.$ct_f_" "$cmp_/brisk.$ct_f_" || ct_ok_=
  done
  test -n "$ct_ok_" && return 0
  show_cmd_ "GNU's cp and the one under test differ (setup $ct_setup_)" \
    cp "$@"
  for ct_f_ in out err st tree; do
    cmp -s "$cmp_/gnu.$ct_f_" "$cmp_/brisk.$ct_f_" \
      || { echo "-- $ct_f_ (gnu vs under test):" >&2
           compare "$cmp_/gnu.$ct_f_" "$cmp_/brisk.$ct_f_" >&2; }
  done
  return 1
}
