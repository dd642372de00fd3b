## src/tee-tool/local.mk -- tee: main and the options (tee.c), the
## rounds of tee(2) and splice(2) (tee-rounds.c), the worker thread
## (tee-worker.c) and the outputs (tee-outputs.c); tee.h says who calls
## whom.

bin_PROGRAMS += src/tee
src_tee_SOURCES = src/tee-tool/tee.c src/tee-tool/tee.h \
  src/tee-tool/tee-outputs.c src/tee-tool/tee-rounds.c \
  src/tee-tool/tee-worker.c
# tee's worker thread: the POSIX threads library, as gnulib's threadlib
# module finds it (nothing more with glibc 2.34 and later).
src_tee_LDADD = $(LDADD) $(LIBMULTITHREAD)
EXTRA_DIST += src/tee-tool/README
