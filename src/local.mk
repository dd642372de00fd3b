## src/local.mk -- the programs, one folder per family of tools, and
## src/shared/ for what several families share.  The programs are
## built where they always were (src/md5sum, src/cp, ...): each folder's
## local.mk lists its sources by their paths under src/<family>/.  A
## family of one program is in src/<program>-tool/: src/tee is the
## program, src/tee-tool/ its sources (cat, split, tee).
##
## Calls go one way: a tool's main -> its family's mechanisms ->
## src/shared/ -> lib/ and gnulib; no family calls another, src/shared/
## calls no family (tests/layout.sh checks it on the built objects).

# The shared headers (version.h, i18n.h, progress.h, quoting.h) are
# found by name from every family.
AM_CPPFLAGS += -I$(top_srcdir)/src/shared
AM_CFLAGS += $(WARN_CFLAGS)
LDADD = src/shared/libshared.a lib/libbrisk.la gl/lib/libgnu.a \
  $(LIB_CLOCK_GETTIME) $(LIBINTL)

include src/shared/local.mk
include src/digest/local.mk
include src/copy/local.mk
include src/tee-tool/local.mk
include src/split-tool/local.mk
include src/cat-tool/local.mk
