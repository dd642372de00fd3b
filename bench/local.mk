## bench/local.mk -- benchmarks: built by "make bench", never by
## "make", "make all" or "make check".  "bench/run" builds and runs
## them all; see bench/README.

# In-process throughput of every hash core variant.  An extra program:
# built only when something asks for it by name, as "bench" does.
EXTRA_PROGRAMS = bench/hashspeed
bench_hashspeed_SOURCES = bench/hashspeed.c bench/cpu-time.h
bench_hashspeed_LDADD = lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/hashspeed$(EXEEXT)

# The BLAKE3 core's variants, in process and on one file.
EXTRA_PROGRAMS += bench/b3speed
bench_b3speed_SOURCES = bench/b3speed.c bench/cpu-time.h
bench_b3speed_LDADD = lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/b3speed$(EXEEXT)

# The multi-lane SHA cores against their single-stream variants.
EXTRA_PROGRAMS += bench/lanespeed
bench_lanespeed_SOURCES = bench/lanespeed.c bench/cpu-time.h
bench_lanespeed_LDADD = lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/lanespeed$(EXEEXT)

# The plain read/write loop, timed, for bench/blksize-sweep: its buffer
# size comes from io_blksize, so BRISK_IO_BUFSIZE sets it.
EXTRA_PROGRAMS += bench/rwloop
bench_rwloop_SOURCES = bench/rwloop.c bench/cpu-time.h
bench_rwloop_LDADD = lib/libbrisk.la gl/lib/libgnu.a $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/rwloop$(EXEEXT)

# glibc's memcpy against fast_memcpy's AVX2 path, 4 KiB .. 256 MiB.
EXTRA_PROGRAMS += bench/memcpy-sweep
bench_memcpy_sweep_SOURCES = bench/memcpy-sweep.c bench/cpu-time.h
bench_memcpy_sweep_LDADD = lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/memcpy-sweep$(EXEEXT)

# Runs one command; its wall and CPU time and peak RSS, for cp-compare.
EXTRA_PROGRAMS += bench/maxrss
bench_maxrss_SOURCES = bench/maxrss.c bench/cpu-time.h
bench_maxrss_LDADD = gl/lib/libgnu.a $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/maxrss$(EXEEXT)

# The least work two benchmarks' tools could do: open and read small
# files (many-compare), write pieces from memory (split-compare).
EXTRA_PROGRAMS += bench/floors
bench_floors_SOURCES = bench/floors.c
bench_floors_LDADD =
CLEANFILES += bench/floors$(EXEEXT)

EXTRA_DIST += bench/README bench/run bench/sum-compare bench/cksum-compare \
  bench/cat-compare \
  bench/tee-compare bench/tee-tar bench/blksize-sweep bench/tee-sweep \
  bench/fadvise-compare bench/cp-compare bench/cp-progress \
  bench/install-compare bench/mv-compare bench/bench-lib.sh \
  bench/split-compare bench/many-compare bench/read-ahead-busy \
  bench/read-ahead-compare bench/threads-rule bench/tree-compare

# What the scripts in bench/ run: the tools and the extra programs.
bench: $(bin_PROGRAMS) $(EXTRA_PROGRAMS)
.PHONY: bench
