## Fault injection, included from tests/local.mk.  tests/fault/inject.c
## is a preload library that makes the Nth call of a chosen function
## fail (or counts the calls); tests/fault/walk runs each tool on a
## small workload once per (function, N, kind of fault) and checks that
## it either succeeded with the right output or said what failed, left
## the sources alone, and never crashed or hung.  make check runs a
## sample (sample.sh); make fault-walk walks every call.

# The library is a shared object for LD_PRELOAD, built by hand:
# libtool here builds no shared libraries (LT_INIT's disable-shared),
# and the library wants none of the tools' headers or libraries.  It
# takes the tools' CFLAGS and LDFLAGS but the sanitizers' flags
# (PRELOAD_FLAGS): a tool linked with its sanitizer run-time inside
# (-static-libasan, as .ci/run's pass 2 links them) must not have a
# second run-time loaded beside it by the library; without the
# sanitizers, the library runs under either kind of tool.
# Its folder is made first, for a build outside the source tree (make
# distcheck).
PRELOAD_FLAGS = $(filter-out -fsanitize=% -fno-sanitize% -static-lib%san, \
  $(CFLAGS) $(LDFLAGS))
fault_lib = tests/fault/libfault.so
check_DATA = $(fault_lib)
$(fault_lib): tests/fault/inject.c
	$(AM_V_CC)$(MKDIR_P) $(@D) && $(CC) $(WARN_CFLAGS) -fPIC -shared \
	  $(PRELOAD_FLAGS) -o $@ $(srcdir)/tests/fault/inject.c
CLEANFILES += $(fault_lib)

FAULT_TESTS = tests/fault/sample.sh

# Every call of every workload, with every kind of fault; prints the
# figures (calls walked, faults injected, cases, invariant violations)
# and fails if there is any violation.
fault-walk: all $(fault_lib) tests/cp/tree-dump$(EXEEXT)
	BRISK_BIN='$(abs_top_builddir)/src' \
	BRISK_BUILDDIR='$(abs_top_builddir)' \
	  $(SHELL) $(srcdir)/tests/fault/walk $(FAULT_WORKLOADS)
.PHONY: fault-walk
