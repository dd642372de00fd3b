## Tests of the manual, included from tests/local.mk: that every
## tool's --help names its node of doc/brisk.texi, and the node exists;
## that configure.ac, NEWS, debian/changelog and --version agree on the
## version.
DOC_TESTS = \
  tests/doc/help-manual.sh \
  tests/doc/version.sh
