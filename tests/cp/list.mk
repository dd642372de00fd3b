## Shell tests of cp, included from tests/local.mk.  Each sources
## tests/cp/lib.sh and compares the cp under test ($BRISK_CP, by default
## src/cp) with GNU's (/usr/bin/cp): output, messages, exit status and
## the trees left behind (tests/cp/tree-dump).  Run them against GNU
## itself with: make check TESTS="$(echo tests/cp/*.sh)" BRISK_CP=/usr/bin/cp
## But deep.sh, deep-tree.sh, perm-window.sh, progress.sh, reopen-race.sh
## and syscalls.sh: they check what is Brisk's own (trees deeper than
## PATH_MAX allows, cp -g, SIGUSR1, a deep tree's directories opened
## again by name, the calls per file, seen with strace) on
## $BRISK_BIN/cp, and source tests/init.sh only.
CP_TESTS = \
  tests/cp/acl.sh \
  tests/cp/across-symlink.sh \
  tests/cp/backup-source.sh \
  tests/cp/backup.sh \
  tests/cp/basic.sh \
  tests/cp/debug.sh \
  tests/cp/debug-xfs.sh \
  tests/cp/deep.sh \
  tests/cp/deep-tree.sh \
  tests/cp/dir-nondir.sh \
  tests/cp/enospc.sh \
  tests/cp/existing-order.sh \
  tests/cp/hard-links.sh \
  tests/cp/links.sh \
  tests/cp/links-memory.sh \
  tests/cp/links-over.sh \
  tests/cp/names.sh \
  tests/cp/newer-options.sh \
  tests/cp/one-file-system.sh \
  tests/cp/options.sh \
  tests/cp/overwrite.sh \
  tests/cp/parents-race.sh \
  tests/cp/parents.sh \
  tests/cp/perm-window.sh \
  tests/cp/perms.sh \
  tests/cp/preserve.sh \
  tests/cp/progress.sh \
  tests/cp/proc.sh \
  tests/cp/races.sh \
  tests/cp/range-2g.sh \
  tests/cp/recursive.sh \
  tests/cp/reopen-race.sh \
  tests/cp/same-file-xdev.sh \
  tests/cp/same-file.sh \
  tests/cp/sparse.sh \
  tests/cp/sysfs.sh \
  tests/cp/special.sh \
  tests/cp/symlink-times.sh \
  tests/cp/syscalls.sh \
  tests/cp/through-symlink.sh \
  tests/cp/tree.sh \
  tests/cp/tree-dump.sh
