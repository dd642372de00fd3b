/* i18n.h -- the macros that put a message in the user's language.

   Two text domains.  A message that GNU coreutils 9.1's tool prints too
   is written with GNU's exact msgid and marked _ (or ngettext): it is
   looked up in the installed coreutils' own catalog, text domain
   "coreutils" bound to COREUTILS_LOCALEDIR, the default domain, so it
   comes out byte for byte as GNU's tool prints it.  A message of
   Brisk's own (its options -j, -g, its --debug lines, io_uring) is
   marked B_ (BN_ for plurals) and looked up in the "brisk" domain
   under LOCALEDIR: English until someone translates it (po/).

   Each main does, after setlocale:
     bindtextdomain (GNU_DOMAIN, COREUTILS_LOCALEDIR);
     bindtextdomain (BRISK_DOMAIN, LOCALEDIR);
     textdomain (GNU_DOMAIN);
   gnulib's quotearg and getopt's messages (glibc's "libc" domain) then
   follow the locale as GNU's do.  Without NLS (configure --disable-nls)
   gnulib's gettext.h makes every macro the English string.  */

#ifndef BRISK_I18N_H
#define BRISK_I18N_H

#include "gettext.h"

#define GNU_DOMAIN "coreutils"
#define BRISK_DOMAIN "brisk"

/* A message of GNU's, in GNU's catalog.  */
#define _(msgid) gettext (msgid)
/* Marks a message of GNU's translated later, where it is printed.  */
#define N_(msgid) msgid
/* A message of Brisk's own.  */
#define B_(msgid) dgettext (BRISK_DOMAIN, msgid)
/* Brisk's own message with singular and plural forms for N.  */
#define BN_(msgid, plural, n) dngettext (BRISK_DOMAIN, msgid, plural, n)

#endif
