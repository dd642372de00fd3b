#!/bin/sh
# po/POTFILES.in names exactly the C files that hold messages of
# Brisk's own (B_ and BN_ of src/shared/i18n.h), so that the template
# of translations (po/brisk.pot, which xgettext makes from that list)
# has them all: each file of src/ and lib/ that calls B_ or BN_ is
# listed, and each file listed exists and calls one of them.
. "$(dirname "$0")/../init.sh"

top=$srcdir/..
test -f "$top/po/POTFILES.in" \
  || framework_failure_ "$top/po/POTFILES.in missing"

(cd "$top" && grep -lE '\<BN?_ ?\(' $(find src lib -name '*.[ch]') \
   | grep -v '^src/shared/i18n\.h$' | LC_ALL=C sort) > calls \
  || framework_failure_ "grep src lib"
test -s calls || framework_failure_ "no file calls B_ or BN_"
grep -v '^#' "$top/po/POTFILES.in" | grep . | LC_ALL=C sort > listed \
  || framework_failure_ "read po/POTFILES.in"
compare calls listed \
  || { echo "po/POTFILES.in (+) and the files that call B_ or BN_ (-)" \
            "differ"; fail=1; }

Exit $fail
