## bench/local.mk -- benchmarks: built by "make bench", never by
## "make check".
EXTRA_DIST += bench
bench:
.PHONY: bench
