# tests/diff/lib.sh -- sourced by the differential tests (tests/diff/*.sh)
# after tests/init.sh (or tests/tee/lib.sh) and use_tool_: runs the
# pseudo-random cases that tests/diff/gen writes.
#
# diff_run_ KIND DEFAULT_CASES
#   writes cases 1 to N of KIND (gen's first argument) for the seed
#   $DIFF_SEED (default 1), N being $DIFF_CASES or else DEFAULT_CASES,
#   a third of it in a build with sanitizers (BRISK_SANITIZED set: the
#   tools run several times slower, and the cases left out already ran
#   in the plain build), or case $DIFF_CASE alone, if that is set; a
#   hundred at a time;
#   sources each one's "case" file in its directory and calls
#       diff_case_ ARG...
#   once per value in $bufsizes, with BRISK_IO_BUFSIZE set to it.
#   diff_case_ runs the case in the current directory with $tool, $input
#   and $output, and returns non-zero on a mismatch, having printed the
#   differences; the one below runs twin_, a test may define another
#   after sourcing this file.  Each mismatch is reported with the seed, the case
#   number and how to run that case again, and the run goes on; a
#   closing line counts them, and sets fail=1 if there were any.
#
# Environment: DIFF_SEED, DIFF_CASES, DIFF_CASE (make check-diff sets
# them from SEED, CASES and CASE).

command -v python3 >/dev/null 2>&1 || skip_ "python3 is missing"
# A runaway case (an output that grows as it is read) ends on this limit
# of 100 or 200 MiB a file (shells count blocks of 512 or 1024 bytes),
# as a mismatch, rather than filling the disk.
ulimit -f 204800 || framework_failure_ "ulimit -f"
diff_gen_=$test_dir_/gen

# diff_case_ ARG...: twin_ on the case; a *sum tool left out of
# BRISK_SUM_TOOLS passes.
diff_case_ ()
{
  case $tool in
    *sum) case " $sum_tools " in *" $tool "*) ;; *) return 0 ;; esac ;;
  esac
  twin_ -i "$input" ${output:+-o "$output"} "$tool" "$@"
}

# diff_show_file_ FILE: FILE's bytes, odd ones made visible (sed's l).
diff_show_file_ ()
{
  echo "-- $1 ($(wc -c < "$1") bytes):" >&2
  sed -n l "$1" | sed 's/^/    /' >&2
}

# diff_one_ KIND SEED N ARG...: run case N (the current directory) under
# each buffer size; report a mismatch.  Returns 1 on a mismatch.
diff_one_ ()
{
  do_kind_=$1 do_seed_=$2 do_n_=$3
  shift 3
  do_st_=0
  for do_b_ in $bufsizes; do
    if test "$do_b_" = default; then
      unset BRISK_IO_BUFSIZE
    else
      BRISK_IO_BUFSIZE=$do_b_
      export BRISK_IO_BUFSIZE
    fi
    diff_case_ "$@" 2> "$cmp_/diff.report" && continue
    do_st_=1
    echo "== $me_: mismatch in case $do_n_ of seed $do_seed_" \
         "(BRISK_IO_BUFSIZE: $do_b_)" >&2
    echo "   again, alone: make check-diff DIFF_TESTS=tests/diff/$me_.sh" \
         "SEED=$do_seed_ CASE=$do_n_ (BRISK_TEST_KEEP=1 keeps its files)" >&2
    cat "$cmp_/diff.report" >&2
    for do_f_ in $show; do
      diff_show_file_ "$do_f_"
    done
  done
  unset BRISK_IO_BUFSIZE
  return $do_st_
}

diff_run_ ()
{
  dr_kind_=$1
  dr_seed_=${DIFF_SEED:-1}
  dr_first_=1
  dr_last_=${DIFF_CASES:-$2}
  if test -z "${DIFF_CASES-}" && test -n "${BRISK_SANITIZED-}"; then
    dr_last_=$((($2 + 2) / 3))
  fi
  if test -n "${DIFF_CASE-}"; then
    dr_first_=$DIFF_CASE dr_last_=$DIFF_CASE
  fi
  dr_top_=$tmp_root_/cases
  dr_bad_= dr_nbad_=0
  dr_from_=$dr_first_
  while test $dr_from_ -le $dr_last_; do
    dr_to_=$((dr_from_ + 99))
    test $dr_to_ -le $dr_last_ || dr_to_=$dr_last_
    cd "$tmp_root_/w" && rm -rf "$dr_top_"
    python3 "$diff_gen_" $dr_kind_ "$dr_seed_" $dr_from_ $dr_to_ "$dr_top_" \
      || framework_failure_ "gen $dr_kind_ $dr_seed_ $dr_from_ $dr_to_"
    dr_n_=$dr_from_
    while test $dr_n_ -le $dr_to_; do
      cd "$dr_top_/$dr_n_" || framework_failure_ "cd $dr_top_/$dr_n_"
      tool= input= output= bufsizes= show=
      . ./case
      if ! diff_one_ $dr_kind_ "$dr_seed_" $dr_n_ "$@"; then
        dr_bad_="$dr_bad_ $dr_n_"
        dr_nbad_=$((dr_nbad_ + 1))
      fi
      dr_n_=$((dr_n_ + 1))
    done
    dr_from_=$((dr_to_ + 1))
  done
  cd "$tmp_root_/w" || framework_failure_ "cd $tmp_root_/w"
  echo "$me_: seed $dr_seed_, cases $dr_first_ to $dr_last_:" \
       "$dr_nbad_ mismatched${dr_bad_:+ (cases$dr_bad_)}"
  test $dr_nbad_ = 0 || fail=1
}
