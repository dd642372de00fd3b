## Shell tests of b3sum, included from tests/local.mk; each compares
## Brisk's b3sum with the BLAKE3 team's (Debian's 1.2), or with models
## built from its output where 1.2 lacks the option.
B3SUM_TESTS = \
  tests/b3sum/compare.sh
