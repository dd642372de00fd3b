## tests/local.mk -- C unit tests for lib/, shell tests per tool.

include tests/sum/list.mk
include tests/cksum/list.mk
include tests/b3sum/list.mk
include tests/cat/list.mk
include tests/tee/list.mk
include tests/diff/list.mk
include tests/cp/list.mk
include tests/install/list.mk
include tests/mv/list.mk
include tests/split/list.mk
include tests/fuzz/local.mk
include tests/fault/list.mk
include tests/doc/list.mk
include tests/i18n/list.mk

# tests/sum/races.sh changes a file while a tool hashes it, at a chosen
# call, through tests/sum/mutate.c: a preload library built as the
# fault library is (tests/fault/list.mk says why by hand, and why
# without the sanitizers).
mutate_lib = tests/sum/libmutate.so
check_DATA += $(mutate_lib)
$(mutate_lib): tests/sum/mutate.c
	$(AM_V_CC)$(MKDIR_P) $(@D) && $(CC) $(WARN_CFLAGS) -fPIC -shared \
	  $(PRELOAD_FLAGS) -o $@ $(srcdir)/tests/sum/mutate.c
CLEANFILES += $(mutate_lib)
EXTRA_DIST += tests/sum/mutate.c

unit_tests = tests/unit/test-kat tests/unit/test-vectors \
  tests/unit/test-md-engine tests/unit/test-variants \
  tests/unit/test-ioblksize tests/unit/test-fastcopy \
  tests/unit/test-copy-data tests/unit/test-copy-file \
  tests/unit/test-lanes-sha tests/unit/test-lanes \
  tests/unit/test-read-batch tests/unit/test-memchr-nth \
  tests/unit/test-stack-room tests/unit/test-crc32 \
  tests/unit/test-blake2b tests/unit/test-sha3-openssl \
  tests/unit/test-blake3
check_PROGRAMS += $(unit_tests)
tests_unit_test_kat_SOURCES = tests/unit/test-kat.c tests/unit/kat-table.h
tests_unit_test_vectors_SOURCES = tests/unit/test-vectors.c
tests_unit_test_md_engine_SOURCES = tests/unit/test-md-engine.c
tests_unit_test_variants_SOURCES = tests/unit/test-variants.c \
  tests/unit/unit-rnd.h
tests_unit_test_lanes_SOURCES = tests/unit/test-lanes.c \
  tests/unit/kat-table.h tests/unit/unit-rnd.h
tests_unit_test_fastcopy_SOURCES = tests/unit/test-fastcopy.c
tests_unit_test_ioblksize_SOURCES = tests/unit/test-ioblksize.c
tests_unit_test_copy_data_SOURCES = tests/unit/test-copy-data.c
tests_unit_test_copy_file_SOURCES = tests/unit/test-copy-file.c
tests_unit_test_copy_file_LDADD = $(LDADD) $(LIB_ACL)
tests_unit_test_read_batch_SOURCES = tests/unit/test-read-batch.c
tests_unit_test_memchr_nth_SOURCES = tests/unit/test-memchr-nth.c \
  tests/unit/unit-rnd.h
tests_unit_test_lanes_sha_SOURCES = tests/unit/test-lanes-sha.c \
  tests/unit/unit-rnd.h
tests_unit_test_stack_room_SOURCES = tests/unit/test-stack-room.c
tests_unit_test_crc32_SOURCES = tests/unit/test-crc32.c
tests_unit_test_blake2b_SOURCES = tests/unit/test-blake2b.c
tests_unit_test_sha3_openssl_SOURCES = tests/unit/test-sha3-openssl.c \
  tests/unit/unit-rnd.h
tests_unit_test_blake3_SOURCES = tests/unit/test-blake3.c \
  tests/unit/blake3-vectors.h tests/unit/unit-rnd.h

# make check -j starts the tests in this order: the families with the
# longest tests (i18n's messages.sh, split's limits.sh and compare.sh,
# a minute each here) first, so that they do not end the run alone on
# one CPU.
TESTS += $(I18N_TESTS) $(SPLIT_TESTS)
TESTS += $(unit_tests) $(SUM_TESTS)

# The length field past 2^32 blocks, without hashing that much: a
# helper that presets the byte counter, compared with Perl's digests.
check_PROGRAMS += tests/unit/preset-count
tests_unit_preset_count_SOURCES = tests/unit/preset-count.c
TESTS += tests/unit/preset-count.sh
EXTRA_DIST += tests/unit/preset-count.sh

# lib/blake3 against Debian's b3sum: a helper that hashes a file in the
# three modes, with any output length, seek offset and update split.
check_PROGRAMS += tests/unit/blake3-hash
tests_unit_blake3_hash_SOURCES = tests/unit/blake3-hash.c \
  tests/unit/unit-rnd.h
TESTS += tests/unit/blake3-b3sum.sh
EXTRA_DIST += tests/unit/blake3-b3sum.sh
TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
# BRISK_SANITIZED tells the tests that the tools were built with
# -fsanitize (tests/diff/lib.sh then runs fewer cases, and
# tests/unit/test-variants fewer random lengths).
# BRISK_TEST_BIN: where the tests find the tools (make check-valgrind
# points it at its wrappers).
BRISK_TEST_BIN = $(abs_top_builddir)/src
AM_TESTS_ENVIRONMENT = \
  BRISK_NLS='$(USE_NLS)'; export BRISK_NLS; \
  BRISK_BIN='$(BRISK_TEST_BIN)'; export BRISK_BIN; \
  BRISK_BUILDDIR='$(abs_top_builddir)'; export BRISK_BUILDDIR; \
  test -z '$(BRISK_CP)' || { BRISK_CP='$(BRISK_CP)'; export BRISK_CP; }; \
  test -z '$(BRISK_INSTALL)' \
    || { BRISK_INSTALL='$(BRISK_INSTALL)'; export BRISK_INSTALL; }; \
  test -z '$(BRISK_MV)' || { BRISK_MV='$(BRISK_MV)'; export BRISK_MV; }; \
  srcdir='$(abs_top_srcdir)/tests'; export srcdir; \
  LC_ALL=C; export LC_ALL; \
  case ' $(CFLAGS) $(LDFLAGS) ' in \
    *' -fsanitize='*) BRISK_SANITIZED=1; export BRISK_SANITIZED ;; \
  esac;

EXTRA_DIST += tests/init.sh tests/requote-check.pl $(SUM_TESTS) tests/data tests/sum/list.mk

TESTS += $(CKSUM_TESTS)
EXTRA_DIST += $(CKSUM_TESTS) tests/cksum/list.mk

TESTS += $(B3SUM_TESTS)
EXTRA_DIST += $(B3SUM_TESTS) tests/b3sum/list.mk

TESTS += $(CAT_TESTS)
EXTRA_DIST += $(CAT_TESTS) tests/cat/list.mk tests/cat/corpus.sh \
  tests/cat/scenario.sh

TESTS += $(TEE_TESTS)
EXTRA_DIST += $(TEE_TESTS) tests/tee/list.mk tests/tee/lib.sh

TESTS += $(DOC_TESTS)
EXTRA_DIST += $(DOC_TESTS) tests/doc/list.mk

# cp's tests compare the cp under test (BRISK_CP, default src/cp) with
# GNU's, trees included, through tests/cp/tree-dump.
check_PROGRAMS += tests/cp/tree-dump
tests_cp_tree_dump_SOURCES = tests/cp/tree-dump.c
TESTS += $(CP_TESTS)
EXTRA_DIST += $(CP_TESTS) tests/cp/list.mk tests/cp/lib.sh

# The race tests' attacker (tests/init.sh's swap_as_nobody_): swaps
# two names with renameat2's RENAME_EXCHANGE in a loop.
check_PROGRAMS += tests/swap-names
tests_swap_names_SOURCES = tests/swap-names.c

# install's tests compare it with GNU's in the same way, through
# tests/cp/lib.sh (with tool=install) and tests/cp/tree-dump.
TESTS += $(INSTALL_TESTS)
EXTRA_DIST += $(INSTALL_TESTS) tests/install/list.mk
EXTRA_DIST += $(I18N_TESTS) tests/i18n/list.mk tests/i18n/lib.sh
# mv's tests: the same comparison with GNU's mv (BRISK_MV, default
# src/mv), through tests/cp/lib.sh.
TESTS += $(MV_TESTS)
EXTRA_DIST += $(MV_TESTS) tests/mv/list.mk tests/mv/lib.sh
# split's tests compare src/split with GNU's, case by case.
EXTRA_DIST += $(SPLIT_TESTS) tests/split/list.mk tests/split/lib.sh
# Fault injection (tests/fault/list.mk): a sample in make check.
TESTS += $(FAULT_TESTS)
EXTRA_DIST += $(FAULT_TESTS) tests/fault/list.mk tests/fault/walk \
  tests/fault/inject.c

# The differential tests; make check-diff runs them alone, with the seed
# and number of cases (per test) given: make check-diff SEED=7 CASES=2000;
# CASE=N runs case N only; DIFF_TESTS=tests/diff/cat.sh picks a test.
# With no SEED, one is drawn from the clock (the logs say which).
TESTS += $(DIFF_TESTS)
EXTRA_DIST += $(DIFF_TESTS) tests/diff/list.mk tests/diff/lib.sh \
  tests/diff/gen
check-diff:
	@seed='$(SEED)'; test -n "$$seed" || seed=$$(date +%s); \
	echo "check-diff: seed $$seed"; \
	DIFF_SEED=$$seed DIFF_CASES='$(CASES)' DIFF_CASE='$(CASE)' \
	  $(MAKE) $(AM_MAKEFLAGS) check TESTS='$(DIFF_TESTS)'; st=$$?; \
	for t in $(DIFF_TESTS); do \
	  grep -h '^[a-z-]*: seed ' "$${t%.sh}.log" 2>/dev/null; \
	done; exit $$st
.PHONY: check-diff

# Style: tests/syntax-check over the C sources, as a test and on its own;
# tests/layout.sh: the calls between the files of src/ go one way.
TESTS += tests/style.sh tests/bootstrap-deps.sh tests/skip-report.sh \
  tests/may-skip.sh tests/layout.sh
EXTRA_DIST += tests/style.sh tests/syntax-check tests/bootstrap-deps.sh \
  tests/layout.sh \
  tests/skip-report.sh tests/may-skip.sh
syntax-check:
	$(PYTHON3) $(top_srcdir)/tests/syntax-check $(top_srcdir)
.PHONY: syntax-check

# After the tests, one line naming every test that skipped and why (a
# skipped test did not run), also when a test failed: .IGNORE lets make
# go on to check-local after check-TESTS fails, and check-local, having
# printed the line, fails in its stead (test-suite.log counts a FAIL,
# XPASS or ERROR, or was not written), so make check's exit status is
# the same.  .ci/run also fails on a skip that tests/may-skip does not
# allow.
EXTRA_DIST += tests/skip-report tests/may-skip
.IGNORE: check-TESTS
check-local: check-TESTS
	@$(SHELL) $(top_srcdir)/tests/skip-report $(top_builddir) $(top_srcdir)
	@test -f $(TEST_SUITE_LOG) \
	  && ! grep '^# \(FAIL\|XPASS\|ERROR\): *[1-9]' $(TEST_SUITE_LOG) \
	       > /dev/null

# make check-valgrind: the whole test suite with every program that
# Brisk installs run under valgrind's memcheck, and the C unit tests
# too.  The tests find each program as $BRISK_BIN/NAME, here a wrapper
# script in $(VALGRIND_DIR)/bin, made from tests/valgrind-wrapper.in,
# that runs valgrind on the real program by its bare name, from a
# directory put first in PATH that holds that program alone: so
# argv[0], which the tools print in their messages, is the name the
# test typed, as the messages GNU's twin prints expect.
# A memory error or a definite leak makes the program exit with status
# 66, so its test fails; valgrind's report is kept in
# $(VALGRIND_DIR)/log/NAME.PID.log (a directory every user may write
# to, as the tests run some tools as user nobody), and the target ends
# by naming every such report.  BRISK_VALGRIND tells the tests (those that trace the
# tools with strace skip: they would trace valgrind), and
# BRISK_SANITIZED makes the differential tests run fewer cases.  Slow:
# not run by .ci/run.
VALGRIND = valgrind
VALGRIND_DIR = tests/valgrind
VALGRIND_FLAGS = --quiet --error-exitcode=66 --leak-check=full \
  --show-leak-kinds=definite --errors-for-leak-kinds=definite
check-valgrind: all
	rm -rf $(VALGRIND_DIR)
	$(MKDIR_P) $(VALGRIND_DIR)/bin $(VALGRIND_DIR)/log
	chmod 1777 $(VALGRIND_DIR)/log
	@d='$(abs_builddir)/$(VALGRIND_DIR)'; \
	for p in $(bin_PROGRAMS); do \
	  n=$${p##*/}; \
	  $(MKDIR_P) "$$d/real/$$n" \
	    && ln -s '$(abs_builddir)'/$$p "$$d/real/$$n/$$n" \
	    && sed -e "s|@NAME@|$$n|g" -e "s|@DIR@|$$d|g" \
	           -e 's|@VALGRIND@|$(VALGRIND) $(VALGRIND_FLAGS)|' \
	           $(srcdir)/tests/valgrind-wrapper.in > "$$d/bin/$$n" \
	    && chmod +x "$$d/bin/$$n" || exit 1; \
	done
	@d='$(abs_builddir)/$(VALGRIND_DIR)'; \
	BRISK_VALGRIND=1 BRISK_SANITIZED=1; \
	export BRISK_VALGRIND BRISK_SANITIZED; \
	$(MAKE) $(AM_MAKEFLAGS) check BRISK_TEST_BIN="$$d/bin" \
	  LOG_COMPILER="$(VALGRIND) $(VALGRIND_FLAGS) --log-file=$$d/log/unit.%p.log"; \
	st=$$?; \
	find "$$d/log" -type f -empty -exec rm -f {} +; \
	n=$$(ls "$$d/log" | wc -l); \
	echo "check-valgrind: $$n reports of valgrind"; \
	ls "$$d/log" | sed 's|^|  $(VALGRIND_DIR)/log/|'; \
	test $$st = 0 && test $$n = 0
.PHONY: check-valgrind
EXTRA_DIST += tests/valgrind-wrapper.in
