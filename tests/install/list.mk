## Shell tests of install, included from tests/local.mk.  Most source
## tests/cp/lib.sh with twin_tool_=install and compare the install
## under test ($BRISK_INSTALL, by default src/install) with GNU's
## (/usr/bin/install): output, messages, exit status and the trees
## left behind.  Run them against GNU itself with:
## make check TESTS="$(echo tests/install/*.sh)" \
##   BRISK_INSTALL=/usr/bin/install
## But atomic.sh, which checks with strace what is Brisk's own (the
## temporary name and the rename), on $BRISK_BIN/install; and the parts
## of compare.sh, enospc.sh, strip.sh and user.sh that check what
## Brisk's install leaves after a failure, where GNU's differs.
INSTALL_TESTS = \
  tests/install/acl.sh \
  tests/install/atomic.sh \
  tests/install/backup.sh \
  tests/install/basic.sh \
  tests/install/compare.sh \
  tests/install/compare-times.sh \
  tests/install/debug.sh \
  tests/install/dirs.sh \
  tests/install/enospc.sh \
  tests/install/preserve.sh \
  tests/install/pseudo.sh \
  tests/install/races.sh \
  tests/install/strip.sh \
  tests/install/user.sh
