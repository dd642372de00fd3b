## src/local.mk -- the programs.  Every *sum tool is src/digest.c
## compiled with one DIGEST_NAME: the tools differ by one row of
## lib/digest-algos.c, never by copied code.

digest_cppflags = $(AM_CPPFLAGS) -DDIGEST_NAME=
# src/digest.c: the options, main and the loop over the files to print;
# src/digest.h: which tool this is, and the run (options, pool, buffer)
# that main owns and passes down; src/digest-usage.c: the --help text;
# src/digest-file.c: hashing a file in its turn, and the progress hooks;
# src/digest-print.c: the checksum and result lines, stdout's buffer;
# src/digest-check.c: --check and --audit; src/digest-choose.c: the
# algorithm (-a, -l) and its implementation (--debug); src/digest-pool.c: the
# worker threads of -j/--threads; src/digest-walk.c: the tree walk of
# -r/--recursive and --audit; src/digest-audit.c: the names the check
# lines list, for --audit; src/digest-b3sum.c: b3sum's options;
# src/cp-progress.c: cp's -g display and
# SIGUSR1 line, the digest tools' too.
digest_sources = src/digest.c src/digest.h src/digest-usage.c \
  src/digest-usage.h src/digest-file.c src/digest-file.h \
  src/digest-print.c src/digest-print.h src/digest-check.c \
  src/digest-check.h src/digest-choose.c src/digest-choose.h \
  src/digest-pool.c src/digest-pool.h \
  src/digest-walk.c src/digest-walk.h src/digest-audit.c src/digest-audit.h \
  src/digest-b3sum.c src/digest-b3sum.h src/digest-b3threads.c \
  src/digest-b3threads.h \
  src/cp-progress.c src/cp-progress.h
LDADD = src/libcli.a lib/libbrisk.la gl/lib/libgnu.a $(LIB_CLOCK_GETTIME) \
  $(LIBINTL)
AM_CFLAGS += $(WARN_CFLAGS)

# What every program's main shares and lib/ may not do (print): the
# --version text.
noinst_LIBRARIES += src/libcli.a
src_libcli_a_SOURCES = src/version.c src/version.h src/i18n.h \
  src/copy-report.c src/copy-report.h src/copy-cli.c src/copy-cli.h

bin_PROGRAMS += src/md2sum src/md4sum src/md5sum src/sha1sum \
  src/sha224sum src/sha256sum src/sha384sum src/sha512sum

src_md2sum_SOURCES = $(digest_sources)
src_md2sum_CPPFLAGS = $(digest_cppflags)'"md2"'
src_md4sum_SOURCES = $(digest_sources)
src_md4sum_CPPFLAGS = $(digest_cppflags)'"md4"'
src_md5sum_SOURCES = $(digest_sources)
src_md5sum_CPPFLAGS = $(digest_cppflags)'"md5"'
src_sha1sum_SOURCES = $(digest_sources)
src_sha1sum_CPPFLAGS = $(digest_cppflags)'"sha1"'
src_sha224sum_SOURCES = $(digest_sources)
src_sha224sum_CPPFLAGS = $(digest_cppflags)'"sha224"'
src_sha256sum_SOURCES = $(digest_sources)
src_sha256sum_CPPFLAGS = $(digest_cppflags)'"sha256"'
src_sha384sum_SOURCES = $(digest_sources)
src_sha384sum_CPPFLAGS = $(digest_cppflags)'"sha384"'
src_sha512sum_SOURCES = $(digest_sources)
src_sha512sum_CPPFLAGS = $(digest_cppflags)'"sha512"'

# b2sum, cksum and sum: the same driver, named otherwise; cksum's -a
# and sum's -r/-s choose another row.
bin_PROGRAMS += src/b2sum src/cksum src/sum
src_b2sum_SOURCES = $(digest_sources)
src_b2sum_CPPFLAGS = $(digest_cppflags)'"blake2b"' \
  -DDIGEST_PROGRAM='"b2sum"'
src_cksum_SOURCES = $(digest_sources)
src_cksum_CPPFLAGS = $(digest_cppflags)'"crc"' \
  -DDIGEST_PROGRAM='"cksum"' -DDIGEST_CKSUM=1
src_sum_SOURCES = $(digest_sources)
src_sum_CPPFLAGS = $(digest_cppflags)'"bsd"' \
  -DDIGEST_PROGRAM='"sum"' -DDIGEST_SUM=1

# b3sum: the BLAKE3 row, with the BLAKE3 team's b3sum's options and
# formats (src/digest-b3sum.c).
bin_PROGRAMS += src/b3sum
src_b3sum_SOURCES = $(digest_sources)
src_b3sum_CPPFLAGS = $(digest_cppflags)'"blake3"' \
  -DDIGEST_PROGRAM='"b3sum"' -DDIGEST_B3SUM=1

bin_PROGRAMS += src/cat
src_cat_SOURCES = src/cat.c

bin_PROGRAMS += src/tee
src_tee_SOURCES = src/tee.c src/tee.h src/tee-outputs.c src/tee-rounds.c \
  src/tee-worker.c
# tee's worker thread: the POSIX threads library, as gnulib's threadlib
# module finds it (nothing more with glibc 2.34 and later).
src_tee_LDADD = $(LDADD) $(LIBMULTITHREAD)

bin_PROGRAMS += src/cp
src_cp_SOURCES = src/cp.c src/cp.h src/cp-copy.c src/cp-progress.c \
  src/cp-progress.h
# cp -g's counting thread; and the ACL library (gnulib's qcopy-acl
# and qset-acl, for lib/copy-file.c), as for mv and install.
src_cp_LDADD = $(LDADD) $(LIBMULTITHREAD) $(LIB_ACL)

bin_PROGRAMS += src/install
src_install_SOURCES = src/install.c src/install.h src/install-file.c \
  src/install-dir.c
src_install_LDADD = $(LDADD) $(LIB_ACL)

bin_PROGRAMS += src/mv
src_mv_SOURCES = src/mv.c src/mv.h src/mv-move.c src/mv-remove.c \
  src/mv-remove.h src/cp.h src/cp-copy.c src/cp-progress.c src/cp-progress.h
# The progress display's thread, linked in with cp-copy.c (mv never
# starts it).
src_mv_LDADD = $(LDADD) $(LIBMULTITHREAD) $(LIB_ACL)

bin_PROGRAMS += src/split
src_split_SOURCES = src/split.c src/split.h src/split-out.c src/split-cut.c
