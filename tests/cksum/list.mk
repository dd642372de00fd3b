## Shell tests of cksum, b2sum and sum, included from tests/local.mk;
## each compares Brisk's tool with GNU's, or with a model where GNU 9.1
## lacks the option.
CKSUM_TESTS = \
  tests/cksum/abbrev.sh \
  tests/cksum/binary-text.sh \
  tests/cksum/check.sh \
  tests/cksum/check-newer.sh \
  tests/cksum/errors.sh \
  tests/cksum/newer.sh \
  tests/cksum/options-newer.sh \
  tests/cksum/output.sh \
  tests/cksum/same-path.sh \
  tests/cksum/threads.sh \
  tests/cksum/xof.sh
