## lib/local.mk -- Brisk's own library: hash cores and IO helpers,
## one libtool convenience library that every program links statically.

noinst_LTLIBRARIES += lib/libbrisk.la
lib_libbrisk_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS)
lib_libbrisk_la_SOURCES = \
  lib/digest-algos.c lib/digest-algos.h \
  lib/digest-stream.c lib/digest-stream.h \
  lib/digest-line.c lib/digest-line.h \
  lib/hash-impl.c lib/hash-impl.h \
  lib/hash-lanes.c lib/hash-lanes.h \
  lib/digest-multi.c lib/digest-multi.h \
  lib/ioblksize.c lib/ioblksize.h \
  lib/md-engine.c lib/md-engine.h \
  lib/md2.c lib/md2.h \
  lib/md4.c lib/md4.h \
  lib/md5.c lib/md5.h \
  lib/sha1.c lib/sha1.h \
  lib/sha256.c lib/sha256.h \
  lib/sha512.c lib/sha512.h \
  lib/crc32.c lib/crc32.h \
  lib/sm3.c lib/sm3.h \
  lib/sum.c lib/sum.h \
  lib/blake2b.c lib/blake2b.h lib/blake-round.h \
  lib/sha3.c lib/sha3.h lib/sha3-round.h \
  lib/blake3.c lib/blake3.h
lib_libbrisk_la_SOURCES += lib/cpu-features.c lib/cpu-features.h \
  lib/hash-variants.h
lib_libbrisk_la_SOURCES += lib/fastcopy.c lib/fastcopy.h
lib_libbrisk_la_SOURCES += lib/copy-data.c lib/copy-data.h
lib_libbrisk_la_SOURCES += lib/copy-file.c lib/copy-file.h
lib_libbrisk_la_SOURCES += lib/io-wait.c lib/io-wait.h \
  lib/read-batch.c lib/read-batch.h
lib_libbrisk_la_SOURCES += lib/same-content.c lib/same-content.h
lib_libbrisk_la_SOURCES += lib/cat-format.c lib/cat-format.h
lib_libbrisk_la_SOURCES += lib/split-args.c lib/split-args.h \
  lib/temp-spool.c lib/temp-spool.h \
  lib/memchr-nth.c lib/memchr-nth.h
lib_libbrisk_la_SOURCES += lib/preserve-list.c lib/preserve-list.h
lib_libbrisk_la_SOURCES += lib/install-mode.c lib/install-mode.h
lib_libbrisk_la_SOURCES += lib/stack-room.c lib/stack-room.h
lib_libbrisk_la_SOURCES += lib/dir-list.c lib/dir-list.h \
  lib/open-long.c lib/open-long.h lib/walk-path.c lib/walk-path.h
lib_libbrisk_la_LIBADD =

# Accelerated hash cores: one instruction set per file, each built with
# its own flags into its own convenience library, only when configure's
# link probe for those flags passed (and --disable-asm was not given).
if HAVE_ISA_SHANI
noinst_LTLIBRARIES += lib/libbrisk-shani.la
lib_libbrisk_shani_la_SOURCES = lib/sha1-shani.c lib/sha256-shani.c \
  lib/sha256-lanes-shani.c lib/sha1-lanes-shani.c
lib_libbrisk_shani_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) -msha -msse4.1
lib_libbrisk_la_LIBADD += lib/libbrisk-shani.la
endif

if HAVE_ISA_SSE41
noinst_LTLIBRARIES += lib/libbrisk-sse41.la
lib_libbrisk_sse41_la_SOURCES = lib/blake3-sse41.c lib/blake3-lanes.h
lib_libbrisk_sse41_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) -msse4.1
lib_libbrisk_la_LIBADD += lib/libbrisk-sse41.la
endif

if HAVE_ISA_AVX2
noinst_LTLIBRARIES += lib/libbrisk-avx2.la
lib_libbrisk_avx2_la_SOURCES = lib/sha512-avx2.c lib/sha512-avx2-andn.c \
  lib/sha256-avx2.c lib/fastcopy-avx2.c lib/sha512-lanes-avx2.c \
  lib/sha512-lanes.h \
  lib/sha1-lanes-avx2.c lib/lanes-avx2.h lib/md4-lanes-avx2.c \
  lib/md5-lanes-avx2.c lib/sum-avx2.c lib/blake2b-avx2.c \
  lib/blake3-avx2.c lib/blake3-lanes.h
lib_libbrisk_avx2_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) -mavx2 -mbmi2
lib_libbrisk_la_LIBADD += lib/libbrisk-avx2.la
endif

if HAVE_ISA_AVX512
noinst_LTLIBRARIES += lib/libbrisk-avx512.la
lib_libbrisk_avx512_la_SOURCES = lib/sha512-lanes-avx512.c \
  lib/sha512-lanes.h lib/blake2b-avx512.c lib/sha512-avx512.c \
  lib/blake3-avx512.c lib/blake3-lanes.h
lib_libbrisk_avx512_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) \
  -mavx512f -mavx512bw -mavx512vl
lib_libbrisk_la_LIBADD += lib/libbrisk-avx512.la
endif

# The BSD sum on ZMM vectors: lib/sum-avx2.c compiled again.
if HAVE_ISA_VBMI2
noinst_LTLIBRARIES += lib/libbrisk-vbmi2.la
lib_libbrisk_vbmi2_la_SOURCES = lib/sum-avx512.c
lib_libbrisk_vbmi2_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) \
  -mavx512f -mavx512bw -mavx512vl -mavx512vbmi2 -mavx2 -mbmi2
lib_libbrisk_la_LIBADD += lib/libbrisk-vbmi2.la
endif

# The CRC folding cores: the three widths share lib/crc32-clmul.h.
if HAVE_ISA_PCLMUL
noinst_LTLIBRARIES += lib/libbrisk-pclmul.la
lib_libbrisk_pclmul_la_SOURCES = lib/crc32-pclmul.c lib/crc32-clmul.h
lib_libbrisk_pclmul_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) \
  -mpclmul -mssse3 -msse4.1
lib_libbrisk_la_LIBADD += lib/libbrisk-pclmul.la
endif

if HAVE_ISA_VPCLMUL256
noinst_LTLIBRARIES += lib/libbrisk-vpclmul256.la
lib_libbrisk_vpclmul256_la_SOURCES = lib/crc32-vpclmul256.c \
  lib/crc32-clmul.h
lib_libbrisk_vpclmul256_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) \
  -mvpclmulqdq -mpclmul -mavx2
lib_libbrisk_la_LIBADD += lib/libbrisk-vpclmul256.la
endif

if HAVE_ISA_VPCLMUL512
noinst_LTLIBRARIES += lib/libbrisk-vpclmul512.la
lib_libbrisk_vpclmul512_la_SOURCES = lib/crc32-vpclmul512.c \
  lib/crc32-clmul.h
lib_libbrisk_vpclmul512_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) \
  -mvpclmulqdq -mpclmul -mavx512f -mavx512bw -mavx512vl
lib_libbrisk_la_LIBADD += lib/libbrisk-vpclmul512.la
endif

# BLAKE2b on the general registers of x86-64, in assembly: any x86-64
# CPU runs it (no flags), hash-impl chooses it on a Zen 5.
if HAVE_ISA_X86_64
lib_libbrisk_la_SOURCES += lib/blake2b-x86-64.S
endif

if HAVE_ISA_BMI
noinst_LTLIBRARIES += lib/libbrisk-bmi.la
lib_libbrisk_bmi_la_SOURCES = lib/sha3-bmi.c
lib_libbrisk_bmi_la_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS) -mbmi
lib_libbrisk_la_LIBADD += lib/libbrisk-bmi.la
endif
