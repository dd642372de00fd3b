/* printable.h -- whether a string prints as itself in the locale.

   For tools that write names taken from untrusted input (a check file
   downloaded with the files it lists) to a terminal: a name holding a
   control character, or bytes that are no character at all, may move
   the cursor, recolour or hide text, and is better shown quoted.  */

#ifndef PRINTABLE_H
#define PRINTABLE_H

#include <stdbool.h>

/* Return true if every character of the string S is printable in the
   current locale (LC_CTYPE): no control character (newline, tab,
   escape, DEL, and the C1 controls of a multibyte locale), no byte
   outside a valid multibyte character.  These are the characters that
   gnulib's quotearg escapes in its shell-escape style, as GNU ls does
   on a terminal.  */
bool mbs_printable (char const *s);

#endif
