## Differential tests, included from tests/local.mk: pseudo-random cases
## from tests/diff/gen, each run by GNU's tool and by Brisk's and compared
## byte for byte (tests/diff/lib.sh).  make check runs a fixed seed's
## first cases; make check-diff SEED=N CASES=N runs as many as asked.
DIFF_TESTS = \
  tests/diff/cat.sh \
  tests/diff/sum-check.sh \
  tests/diff/sum-generate.sh \
  tests/diff/tee.sh
