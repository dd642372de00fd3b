#!/bin/sh
# --check on pseudo-random check files (tests/sum/gen-check-lines): GNU
# and Brisk must print the same bytes on stdout and stderr and exit with
# the same status, under each reporting option.  BRISK_FUZZ_SEEDS sets
# how many files per tool (default 40).
. "$(dirname "$0")/../init.sh"

gen=$test_dir_/gen-check-lines
command -v python3 >/dev/null || skip_ "python3 missing"
seeds=${BRISK_FUZZ_SEEDS:-40}

for t in md5sum sha256sum; do
  case " $sum_tools " in *" $t "*) ;; *) continue ;; esac
  algo=${t%sum}
  s=1
  while test $s -le $seeds; do
    python3 "$gen" $algo $s > c.chk || framework_failure_ "gen-check-lines"
    for opts in '' -w --strict --quiet --status --ignore-missing; do
      # shellcheck disable=SC2086
      twin_ $t -c $opts c.chk || { echo "seed $s" >&2; fail=1; }
    done
    twin_ -i c.chk $t -c || { echo "seed $s (stdin)" >&2; fail=1; }
    s=$((s + 1))
  done
done

Exit $fail
