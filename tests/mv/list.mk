## Shell tests of mv, included from tests/local.mk.  Each sources
## tests/mv/lib.sh and compares the mv under test ($BRISK_MV, by default
## src/mv) with GNU's (/usr/bin/mv): output, messages, exit status and
## the trees left behind (tests/cp/tree-dump).  Run them against GNU
## itself with: make check TESTS="$(echo tests/mv/*.sh)" BRISK_MV=/usr/bin/mv
## But newer-options.sh, debug.sh and exchange*.sh, which check what GNU
## 9.1 lacks (--update=WHICH, --no-copy, --debug, --exchange) against
## the answers newer GNU gives.  progress.sh checks Brisk's own -g and
## SIGUSR1, and nothing against GNU.
MV_TESTS = \
  tests/mv/acl.sh \
  tests/mv/across.sh \
  tests/mv/backup.sh \
  tests/mv/basic.sh \
  tests/mv/debug.sh \
  tests/mv/enospc.sh \
  tests/mv/errors.sh \
  tests/mv/exchange.sh \
  tests/mv/exchange-unsupported.sh \
  tests/mv/hard-links.sh \
  tests/mv/names.sh \
  tests/mv/newer-options.sh \
  tests/mv/overwrite.sh \
  tests/mv/progress.sh \
  tests/mv/prompt-tty.sh \
  tests/mv/same-file.sh \
  tests/mv/sticky-across.sh \
  tests/mv/twice.sh
