## src/shared/local.mk -- what several families of tools share, and
## lib/ may not do (lib/ never prints): the --version and --help
## texts, the text domains, the quoting of names in messages, GNU's
## abbreviations of long options beside Brisk's own options, and the
## progress display of cp -g, mv and the digest tools' -g.  Calls only
## lib/ and gnulib.
noinst_LIBRARIES += src/shared/libshared.a
src_shared_libshared_a_SOURCES = src/shared/version.c src/shared/version.h \
  src/shared/i18n.h src/shared/quoting.h \
  src/shared/progress.c src/shared/progress.h \
  src/shared/gnu-abbrev.c src/shared/gnu-abbrev.h
EXTRA_DIST += src/shared/README
