## doc/local.mk -- the manual, doc/brisk.texi (info by make and make
## install, HTML by make html: info brisk), and one man page per
## installed program, generated at build time from its --help and
## --version by help2man.

info_TEXINFOS = doc/brisk.texi
## make distcheck builds the HTML manual rather than the DVI one, which
## would need TeX.
AM_DISTCHECK_DVI_TARGET = html

man1_MANS += doc/md2sum.1 doc/md4sum.1 doc/md5sum.1 doc/sha1sum.1 \
  doc/sha224sum.1 doc/sha256sum.1 doc/sha384sum.1 doc/sha512sum.1
man1_MANS += doc/b2sum.1 doc/b3sum.1 doc/cksum.1 doc/sum.1
man1_MANS += doc/cat.1
man1_MANS += doc/tee.1
man1_MANS += doc/cp.1
man1_MANS += doc/install.1
man1_MANS += doc/mv.1
man1_MANS += doc/split.1
CLEANFILES += $(man1_MANS)
EXTRA_DIST += doc/brisk.x

# A man page's NAME line: man_name_PROG if set, else (the *sum tools)
# the digest it computes.
man_name_b2sum = compute and check BLAKE2b message digests
man_name_b3sum = compute and check BLAKE3 message digests
man_name_cksum = compute and verify file checksums
man_name_sum = checksum and count the blocks in a file
man_name_cat = concatenate files and print on the standard output
man_name_tee = read from standard input and write to standard output and files
man_name_cp = copy files and directories
man_name_install = copy files and set attributes
man_name_mv = move (rename) files
man_name_split = split a file into pieces

doc/%.1: src/%$(EXEEXT) $(srcdir)/doc/brisk.x
	$(AM_V_GEN)name='$(man_name_$*)' && $(MKDIR_P) doc && \
	$(HELP2MAN) --no-info --include=$(srcdir)/doc/brisk.x \
	  --name="$${name:-compute and check $$(echo $* | sed 's/sum$$//' \
	    | tr a-z A-Z) message digests}" \
	  --output=$@-t ./src/$*$(EXEEXT) && mv $@-t $@
