## Shell tests of tee, included from tests/local.mk.  Each script
## sources tests/tee/lib.sh (tests/init.sh plus tee's helpers).  The
## slowest, integrity.sh (64 MiB five times), takes a few seconds.
TEE_TESTS = \
  tests/tee/all-gone.sh \
  tests/tee/append.sh \
  tests/tee/early-close.sh \
  tests/tee/fault-feed.sh \
  tests/tee/full.sh \
  tests/tee/gone-order.sh \
  tests/tee/help-version.sh \
  tests/tee/input-kinds.sh \
  tests/tee/integrity.sh \
  tests/tee/interrupt.sh \
  tests/tee/many-outputs.sh \
  tests/tee/nonblock.sh \
  tests/tee/open-errors.sh \
  tests/tee/open-exit.sh \
  tests/tee/options.sh \
  tests/tee/outputs.sh \
  tests/tee/parallel-files.sh \
  tests/tee/short-eagain.sh \
  tests/tee/strace.sh \
  tests/tee/thread-strace.sh
