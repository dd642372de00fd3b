# tests/i18n/lib.sh -- sourced by the tests of tests/i18n after init.sh.
# Sets $i18n_locales: C, then each of the test locales, which must be
# installed (./bootstrap compiles them as root), with GNU's catalog for
# its language.  In a build without NLS (configure --disable-nls,
# BRISK_NLS=no) Brisk prints English whatever the locale, while the C
# library's own messages (strerror, getopt) still follow it: no tool of
# GNU prints that mixture, so only the C locale is compared, and the test
# says so.

i18n_locales=C
case ${BRISK_NLS-yes} in
  no) warn_ "$me_: built without NLS: comparing the C locale only" ;;
  *)
    for l_ in de_DE.UTF-8 fr_FR.UTF-8 ja_JP.UTF-8; do
      test "$(LC_ALL=$l_ locale charmap 2>/dev/null)" = UTF-8 \
        || { warn_ "$me_: no locale $l_"
             skip_ "a test locale is missing (./bootstrap as root makes it)"; }
      lang_=${l_%%_*}
      test -f "/usr/share/locale/$lang_/LC_MESSAGES/coreutils.mo" \
        || { warn_ "$me_: no coreutils.mo for $lang_"
             skip_ "GNU coreutils' catalogs are not installed"; }
      i18n_locales="$i18n_locales $l_"
    done ;;
esac

# in_locale_ LOCALE CMD...: run CMD with LC_ALL=LOCALE, then back to C
# for the test's own commands.
in_locale_ ()
{
  LC_ALL=$1
  export LC_ALL
  shift
  "$@"
  il_st_=$?
  LC_ALL=C
  export LC_ALL
  return $il_st_
}
