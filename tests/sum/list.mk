## Shell tests of the *sum tools, included from tests/local.mk.
## Each script sources tests/init.sh, which needs BRISK_BIN (the directory
## of the built tools, absolute) in the environment.  sparse-4g.sh is the
## slow one (11 passes over 4 GiB: 1 to 4 minutes; BRISK_SKIP_SLOW=1 skips it).
SUM_TESTS = \
  tests/sum/audit.sh \
  tests/sum/check-100k.sh \
  tests/sum/check-basic.sh \
  tests/sum/check-long-line.sh \
  tests/sum/check-missing.sh \
  tests/sum/check-results.sh \
  tests/sum/check-rejected.sh \
  tests/sum/check-reversed.sh \
  tests/sum/check-syntax.sh \
  tests/sum/check-tty.sh \
  tests/sum/deep-walk.sh \
  tests/sum/digest-corpus.sh \
  tests/sum/file-names.sh \
  tests/sum/glibc-tunables.sh \
  tests/sum/help-version.sh \
  tests/sum/input-errors.sh \
  tests/sum/interleave.sh \
  tests/sum/io-size.sh \
  tests/sum/lane-variants.sh \
  tests/sum/large-file.sh \
  tests/sum/locale-quoting.sh \
  tests/sum/md2-md4-digests.sh \
  tests/sum/odd-operands.sh \
  tests/sum/options-conflicts.sh \
  tests/sum/options-invalid.sh \
  tests/sum/output-modes.sh \
  tests/sum/proc-large-buffer.sh \
  tests/sum/progress.sh \
  tests/sum/read-ahead.sh \
  tests/sum/recursive.sh \
  tests/sum/recursive-xdev.sh \
  tests/sum/races.sh \
  tests/sum/race-symlink.sh \
  tests/sum/read-ahead-strace.sh \
  tests/sum/sparse-4g.sh \
  tests/sum/stdin.sh \
  tests/sum/syscalls.sh \
  tests/sum/threads.sh \
  tests/sum/tiny-buffer.sh \
  tests/sum/variants.sh \
  tests/sum/write-errors.sh
