## doc/local.mk -- one man page per installed program, generated at
## build time from its --help and --version by help2man.

man1_MANS += doc/md2sum.1 doc/md4sum.1 doc/md5sum.1 doc/sha1sum.1 \
  doc/sha224sum.1 doc/sha256sum.1 doc/sha384sum.1 doc/sha512sum.1
CLEANFILES += $(man1_MANS)
EXTRA_DIST += doc/brisk.x

doc/%.1: src/%$(EXEEXT) $(srcdir)/doc/brisk.x
	$(AM_V_GEN)$(MKDIR_P) doc && \
	$(HELP2MAN) --no-info --include=$(srcdir)/doc/brisk.x \
	  --name="compute and check $$(echo $* | sed 's/sum$$//' \
	    | tr a-z A-Z) message digests" \
	  --output=$@-t ./src/$*$(EXEEXT) && mv $@-t $@
