## tests/fuzz/local.mk -- fuzzing, included from tests/local.mk.
##
## make fuzz builds the libFuzzer targets tests/fuzz/*.c with clang
## (-fsanitize=fuzzer,address,undefined) into $(FUZZ_OUT), out of the
## way of the gcc build; make fuzz-run runs each for $(FUZZ_SECONDS)
## and fails on any finding.  tests/fuzz/run runs one target.  The
## seed corpora are in tests/fuzz/corpus/TARGET; GNU's answers on the
## check-line seeds, in tests/fuzz/gnu/check-line, and on the option
## arguments of split, cp and install and on cp's backups
## (tests/fuzz/gnu/args, recorded by tests/fuzz/record-args), are
## compared with ours by the tests below, part of make check.
## FUZZ_ARG_TARGETS, the option parsers, are quick: CI gives them less
## time (.ci/run).

FUZZ_OUT = build-fuzz
FUZZ_SECONDS = 60
FUZZ_TARGETS = check-line hash-variants cat-format
FUZZ_ARG_TARGETS = split-args preserve-list install-mode backup-suffix
fuzz_isa =
if HAVE_ISA_SHANI
fuzz_isa += shani
endif
if HAVE_ISA_SSE41
fuzz_isa += sse41
endif
if HAVE_ISA_AVX2
fuzz_isa += avx2
endif
if HAVE_ISA_AVX512
fuzz_isa += avx512
endif
if HAVE_ISA_PCLMUL
fuzz_isa += pclmul
endif
if HAVE_ISA_VPCLMUL256
fuzz_isa += vpclmul256
endif
if HAVE_ISA_VPCLMUL512
fuzz_isa += vpclmul512
endif
if HAVE_ISA_BMI
fuzz_isa += bmi
endif
if HAVE_ISA_VBMI2
fuzz_isa += vbmi2
endif
if HAVE_ISA_X86_64
fuzz_isa += x86_64
endif

fuzz:
	$(SHELL) $(srcdir)/tests/fuzz/build '$(srcdir)' '$(builddir)' \
	  '$(FUZZ_OUT)' $(FUZZ_TARGETS) $(FUZZ_ARG_TARGETS) -- $(fuzz_isa)
fuzz-run: fuzz
	@st=0; for t in $(FUZZ_TARGETS) $(FUZZ_ARG_TARGETS); do \
	  FUZZ_OUT='$(FUZZ_OUT)' $(SHELL) $(srcdir)/tests/fuzz/run \
	    $$t $(FUZZ_SECONDS) || st=1; \
	done; exit $$st
.PHONY: fuzz fuzz-run

FUZZ_TESTS = tests/fuzz/check-line.sh tests/fuzz/args-split-args.sh \
  tests/fuzz/args-preserve-list.sh tests/fuzz/args-install-mode.sh \
  tests/fuzz/args-backup-suffix.sh
TESTS += $(FUZZ_TESTS)
EXTRA_DIST += $(FUZZ_TESTS) tests/fuzz/local.mk tests/fuzz/build \
  tests/fuzz/run tests/fuzz/make-seeds tests/fuzz/record-check-line \
  tests/fuzz/check-line-lib.sh tests/fuzz/corpus tests/fuzz/gnu \
  tests/fuzz/record-args tests/fuzz/args-lib.sh \
  tests/fuzz/fuzz.h tests/fuzz/gl-stubs.c $(FUZZ_TARGETS:%=tests/fuzz/%.c) \
  $(FUZZ_ARG_TARGETS:%=tests/fuzz/%.c)
