#!/bin/sh
# Failing commands of cat, cp, mv, install, split, tee and the *sum tools
# under each locale: missing files, bad options, missing and extra
# operands, bad --check lines with --warn, a FAILED check, the copy
# tools' refusals, split's bad numbers and --filter, tee's outputs.
# Brisk's standard error, output and exit status must be GNU's byte for
# byte, in the C locale and translated (GNU's catalog, GNU's quotes,
# plural forms, the C library's getopt and strerror messages).
. "$(dirname "$0")/../init.sh"
sum_list='md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum
  cksum sum'
for t in cat cp mv install split tee $sum_list; do
  use_tool_ $t
done
. "$test_dir_/lib.sh"

# The tree each locale starts from.
setup ()
{
  rm -rf w && mkdir w && cd w || framework_failure_ "cd w"
  echo text > a && echo other > b && mkdir dir dir2 dir2/a \
    || framework_failure_ "set-up"
}

# these_locales_: set locales to the locales of the next command: all
# of them; in a build with the sanitizers (BRISK_SANITIZED), which
# looks for memory errors where this build has matched GNU already, C
# and one of the others in turn (each still meets every tool): half
# the runs.
turn_=0
these_locales_ ()
{
  locales=$i18n_locales
  test -n "${BRISK_SANITIZED-}" || return 0
  # shellcheck disable=SC2086
  set -- $i18n_locales
  test $# -gt 2 || return 0
  shift
  turn_=$((turn_ % $# + 1))
  eval "locales=\"C \${$turn_}\""
}

# twin_ in the C locale and in the others, each command from a fresh
# tree.
each ()
{
  these_locales_
  for l in $locales; do
    setup
    in_locale_ $l twin_ "$@" || { echo "  (LC_ALL=$l)" >&2; fail=1; }
    cd .. || framework_failure_ "cd .."
  done
}

each cat missing
each cat a missing dir a
each cat --bogus
each cat -Q

each cp
each cp a
each cp missing x
each cp dir x
each cp a a
each cp a b dir/nosuch
each cp -T a b dir
each cp -t nosuch a
each cp --bogus a b
each cp -Q a b
each cp -r dir a
each cp -r dir dir
# Not "cp --backup -n a b": GNU 9.3 reworded that refusal ("--backup is
# mutually exclusive with -n or --update=none-fail"), which Brisk
# prints, and 9.1's catalog has no translation of the new words.  Nor
# "cp a dir2" and "mv a dir2" (dir2/a a directory): GNU 9.5 names the
# file too ("cannot overwrite directory 'dir2/a' with non-directory
# 'a'", tests/cp/dir-nondir.sh).
each cp -s a dir/x

each mv
each mv a
each mv missing x
each mv a a
each mv dir dir/sub
each mv -T a b dir
each mv --bogus a b

each install
each install a
each install missing x
each install dir x
each install a a
each install -m zz a b
each install -C -s a b
each install -d -t dir x
each install --bogus a b

# Not "split -b 0", "-l 0", "-n 0", "-n 3/2" nor "-99999999999999999999999":
# GNU 9.10 says them without the errno text (or takes the count), and
# Brisk with it (tests/split/limits.sh); the same messages, translated:
each split -b 1x a
each split -n x a
each split -l x a
each split -0 a
each split -a x a
each split -a 1 -n 100 a
each split -a 1 -b 1 a ''
each split --additional-suffix=d/x a
each split -l 1 -b 1 a
each split -t ab a
each split -t '' a
each split --numeric-suffixes=1z a
each split --hex-suffixes=g a
each split -a 1 --numeric-suffixes=10 a
each split missing
each split a b c
each split --bogus a
# A directory: GNU 9.1 cannot tell its size (a FIFO Brisk spools, as 9.2).
each split -n 2 dir
each split -n l/1/2 dir
each split --verbose -b 3 a
each split --verbose --filter='exit 3' a
each -o /dev/full split -n 1/2 a

each -i a tee dir/nosuch/x
each -i a tee --output-error=warn /dev/full b
each -i a tee --output-error=bogus
each -i a tee --output-error= b
each -i a tee --bogus
each -i a -o /dev/full tee b
each -i . tee b

for t in $sum_list; do
  each $t missing
  each $t --bogus
  each $t --status a
  case $t in
    # GNU 9.1's cksum gives a directory the checksum of no bytes; Brisk
    # says what GNU's later cksum says (README).
    cksum) each $t a missing ;;
    *) each $t a missing dir ;;
  esac
done

# --check: an improperly formatted line, a mismatch, an unreadable file,
# singular and plural.
for t in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum; do
  these_locales_
  for l in $locales; do
    setup
    g=$(gnu_tool $t)
    "$g" a b > good || framework_failure_ "$g a b"
    sed -e 's/^0/Z/' -e 's/^[1-9a-f]/0/' -e 's/^Z/1/' good > failed
    { echo 'not a checksum line'; cat failed; echo 'neither'; } > bad
    sed 's/ a$/ missing/' good > gone
    for args in '-c good' '-c failed' '-c --warn bad' '-c --warn --strict bad' \
                '-c gone' '-c --ignore-missing gone' '-c nosuch'; do
      # shellcheck disable=SC2086
      in_locale_ $l twin_ $t $args \
        || { echo "  (LC_ALL=$l)" >&2; fail=1; }
    done
    cd .. || framework_failure_ "cd .."
  done
done
each b2sum -l 7 a
each b2sum -l 1024 a
# Not "cksum -a sysv -c a" nor "cksum -a nosuch a": GNU 9.6 added
# crc32b to that refusal and to the list of -a's arguments; nor "cksum
# -l 8 a": GNU 9.10 reworded that message ("... blake2b, sha2, or
# sha3").  Brisk prints the new words, which 9.1's catalog cannot
# translate (the list's "Valid arguments are:" it can).
each cksum -a nosuch a

Exit $fail
