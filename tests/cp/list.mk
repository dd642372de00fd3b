## Shell tests of cp, included from tests/local.mk.  Each sources
## tests/cp/lib.sh and compares the cp under test ($BRISK_CP, by default
## src/cp) with GNU's (/usr/bin/cp): output, messages, exit status and
## the trees left behind (tests/cp/tree-dump).  Run them against GNU
## itself with: make check TESTS="$(echo tests/cp/*.sh)" BRISK_CP=/usr/bin/cp
CP_TESTS = \
  tests/cp/tree-dump.sh
