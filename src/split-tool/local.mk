## src/split-tool/local.mk -- split: options and operands (split.c),
## the names of the pieces and their files or --filter processes
## (split-out.c), and the cuts (split-cut.c); split.h holds what they
## share.

bin_PROGRAMS += src/split
src_split_SOURCES = src/split-tool/split.c src/split-tool/split.h \
  src/split-tool/split-out.c src/split-tool/split-cut.c
EXTRA_DIST += src/split-tool/README
