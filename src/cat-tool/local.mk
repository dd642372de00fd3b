## src/cat-tool/local.mk -- cat: one file, over lib/'s engine and
## lib/cat-format.c.

bin_PROGRAMS += src/cat
src_cat_SOURCES = src/cat-tool/cat.c
EXTRA_DIST += src/cat-tool/README
