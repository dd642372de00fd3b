## src/copy/local.mk -- cp, mv and install.  What the three share is
## src/copy/libcopy.a: their command line (copy-cli.c: operands, -t,
## --update, the question before a replacement) and GNU's wording of
## copy failures (copy-report.c).  cp's tree copier (cp-copy.c and the
## cp-*.c files it calls, with cp.h's options) is mv's too, for a move
## across file systems.

noinst_LIBRARIES += src/copy/libcopy.a
src_copy_libcopy_a_SOURCES = src/copy/copy-report.c src/copy/copy-report.h \
  src/copy/copy-cli.c src/copy/copy-cli.h
copy_ldadd = src/copy/libcopy.a $(LDADD)
EXTRA_DIST += src/copy/README

# cp's tree copier, mv's too (src/copy/README says what each file
# owns).
cp_copy_sources = src/copy/cp-copy.c src/copy/cp-copy-private.h \
  src/copy/cp-parents.c src/copy/cp-judge.c src/copy/cp-links.c \
  src/copy/cp-file.c src/copy/cp-dir.c src/copy/cp-walk.c

bin_PROGRAMS += src/cp
src_cp_SOURCES = src/copy/cp.c src/copy/cp.h $(cp_copy_sources)
# cp -g's counting thread; and the ACL library (gnulib's qcopy-acl
# and qset-acl, for lib/copy-file.c), as for mv and install.
src_cp_LDADD = $(copy_ldadd) $(LIBMULTITHREAD) $(LIB_ACL)

bin_PROGRAMS += src/install
src_install_SOURCES = src/copy/install.c src/copy/install.h \
  src/copy/install-file.c src/copy/install-dir.c
src_install_LDADD = $(copy_ldadd) $(LIB_ACL)

bin_PROGRAMS += src/mv
src_mv_SOURCES = src/copy/mv.c src/copy/mv.h src/copy/mv-move.c \
  src/copy/mv-remove.c src/copy/mv-remove.h src/copy/cp.h \
  $(cp_copy_sources)
# The progress display's thread, linked in with the tree copier (mv
# never starts it).
src_mv_LDADD = $(copy_ldadd) $(LIBMULTITHREAD) $(LIB_ACL)
