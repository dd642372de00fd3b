## bench/local.mk -- benchmarks: built by "make bench", never by
## "make", "make all" or "make check".  "bench/run" builds and runs
## them all; see bench/README.

# In-process throughput of every hash core variant.  An extra program:
# built only when something asks for it by name, as "bench" does.
EXTRA_PROGRAMS = bench/hashspeed
bench_hashspeed_SOURCES = bench/hashspeed.c
bench_hashspeed_LDADD = lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME)
CLEANFILES += bench/hashspeed$(EXEEXT)

EXTRA_DIST += bench/README bench/run bench/sum-compare bench/cat-compare \
  bench/tee-compare

# What the scripts in bench/ run: the tools and the extra programs.
bench: $(bin_PROGRAMS) $(EXTRA_PROGRAMS)
.PHONY: bench
