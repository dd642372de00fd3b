## Shell tests of cat, included from tests/local.mk.  Each sources
## tests/init.sh and compares Brisk's cat with GNU's (/usr/bin/cat) where
## GNU's behaviour is the spec; corpus.sh and scenario.sh are helpers
## they source, not tests.
CAT_TESTS = \
  tests/cat/errors.sh \
  tests/cat/fast-paths.sh \
  tests/cat/help-version.sh \
  tests/cat/input-is-output.sh \
  tests/cat/large-file.sh \
  tests/cat/line-numbers.sh \
  tests/cat/nonblocking.sh \
  tests/cat/offsets.sh \
  tests/cat/options.sh \
  tests/cat/relay.sh \
  tests/cat/self-copy.sh \
  tests/cat/show-ends-cr.sh \
  tests/cat/stdin.sh \
  tests/cat/syscalls.sh \
  tests/cat/tty-eof.sh \
  tests/cat/write-errors.sh
