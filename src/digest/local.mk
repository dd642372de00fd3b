## src/digest/local.mk -- the digest tools.  Every *sum tool is one
## driver, src/digest/digest.c and its mechanisms, compiled once into
## src/digest/libdigest.a, and src/digest/digest-tool.c compiled with
## the tool's DIGEST_NAME: the tools differ by one row of
## lib/digest-algos.c, never by copied code.  (Each tool used to
## compile the whole driver with its own flags: 132 objects where 23
## do now, and 120 of the 332 objects of a build.)

digest_cppflags = $(AM_CPPFLAGS) -DDIGEST_NAME=
# digest.c: the options, main and the loop over the files to print;
# digest.h: which tool this is, and the run (options, pool, buffer)
# that main owns and passes down; digest-usage.c: the --help text;
# digest-file.c: hashing a file in its turn, and the progress hooks;
# digest-print.c: the checksum and result lines, stdout's buffer;
# digest-check.c: --check and --audit; digest-choose.c: the algorithm
# (-a, -l) and its implementation (--debug); digest-pool.c: the worker
# threads of -j/--threads; digest-walk.c: the tree walk of
# -r/--recursive and --audit; digest-audit.c: the names the check
# lines list, for --audit; digest-b3sum.c: b3sum's options;
# digest-b3threads.c: b3sum's threads for one file.  The progress
# display is src/shared/progress.c, in libshared.a.
digest_sources = src/digest/digest.c src/digest/digest.h \
  src/digest/digest-usage.c src/digest/digest-usage.h \
  src/digest/digest-file.c src/digest/digest-file.h \
  src/digest/digest-print.c src/digest/digest-print.h \
  src/digest/digest-check.c src/digest/digest-check.h \
  src/digest/digest-choose.c src/digest/digest-choose.h \
  src/digest/digest-pool.c src/digest/digest-pool.h \
  src/digest/digest-walk.c src/digest/digest-walk.h \
  src/digest/digest-audit.c src/digest/digest-audit.h \
  src/digest/digest-b3sum.c src/digest/digest-b3sum.h \
  src/digest/digest-b3threads.c src/digest/digest-b3threads.h
EXTRA_DIST += src/digest/README

noinst_LIBRARIES += src/digest/libdigest.a
src_digest_libdigest_a_SOURCES = $(digest_sources)
digest_ldadd = src/digest/libdigest.a $(LDADD)

bin_PROGRAMS += src/md2sum src/md4sum src/md5sum src/sha1sum \
  src/sha224sum src/sha256sum src/sha384sum src/sha512sum

src_md2sum_SOURCES = src/digest/digest-tool.c
src_md2sum_LDADD = $(digest_ldadd)
src_md2sum_CPPFLAGS = $(digest_cppflags)'"md2"'
src_md4sum_SOURCES = src/digest/digest-tool.c
src_md4sum_LDADD = $(digest_ldadd)
src_md4sum_CPPFLAGS = $(digest_cppflags)'"md4"'
src_md5sum_SOURCES = src/digest/digest-tool.c
src_md5sum_LDADD = $(digest_ldadd)
src_md5sum_CPPFLAGS = $(digest_cppflags)'"md5"'
src_sha1sum_SOURCES = src/digest/digest-tool.c
src_sha1sum_LDADD = $(digest_ldadd)
src_sha1sum_CPPFLAGS = $(digest_cppflags)'"sha1"'
src_sha224sum_SOURCES = src/digest/digest-tool.c
src_sha224sum_LDADD = $(digest_ldadd)
src_sha224sum_CPPFLAGS = $(digest_cppflags)'"sha224"'
src_sha256sum_SOURCES = src/digest/digest-tool.c
src_sha256sum_LDADD = $(digest_ldadd)
src_sha256sum_CPPFLAGS = $(digest_cppflags)'"sha256"'
src_sha384sum_SOURCES = src/digest/digest-tool.c
src_sha384sum_LDADD = $(digest_ldadd)
src_sha384sum_CPPFLAGS = $(digest_cppflags)'"sha384"'
src_sha512sum_SOURCES = src/digest/digest-tool.c
src_sha512sum_LDADD = $(digest_ldadd)
src_sha512sum_CPPFLAGS = $(digest_cppflags)'"sha512"'

# b2sum, cksum and sum: the same driver, named otherwise; cksum's -a
# and sum's -r/-s choose another row.
bin_PROGRAMS += src/b2sum src/cksum src/sum
src_b2sum_SOURCES = src/digest/digest-tool.c
src_b2sum_LDADD = $(digest_ldadd)
src_b2sum_CPPFLAGS = $(digest_cppflags)'"blake2b"' \
  -DDIGEST_PROGRAM='"b2sum"'
src_cksum_SOURCES = src/digest/digest-tool.c
src_cksum_LDADD = $(digest_ldadd)
src_cksum_CPPFLAGS = $(digest_cppflags)'"crc"' \
  -DDIGEST_PROGRAM='"cksum"' -DDIGEST_CKSUM=1
src_sum_SOURCES = src/digest/digest-tool.c
src_sum_LDADD = $(digest_ldadd)
src_sum_CPPFLAGS = $(digest_cppflags)'"bsd"' \
  -DDIGEST_PROGRAM='"sum"' -DDIGEST_SUM=1

# b3sum: the BLAKE3 row, with the BLAKE3 team's b3sum's options and
# formats (src/digest/digest-b3sum.c).
bin_PROGRAMS += src/b3sum
src_b3sum_SOURCES = src/digest/digest-tool.c
src_b3sum_LDADD = $(digest_ldadd)
src_b3sum_CPPFLAGS = $(digest_cppflags)'"blake3"' \
  -DDIGEST_PROGRAM='"b3sum"' -DDIGEST_B3SUM=1
