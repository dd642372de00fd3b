## Shell tests of split, included from tests/local.mk.  Each sources
## tests/init.sh and tests/split/lib.sh, and compares src/split with
## GNU's (/usr/bin/split) case by case: the files made, the output, the
## messages and the exit status.  syscalls.sh checks with strace what
## is Brisk's own: byte pieces of a regular file copied in the kernel.
SPLIT_TESTS = \
  tests/split/compare.sh \
  tests/split/errors.sh \
  tests/split/limits.sh \
  tests/split/options.sh \
  tests/split/pipe-chunks.sh \
  tests/split/syscalls.sh \
  tests/split/tiny-buffer.sh
