/* printable.c -- whether a string prints as itself in the locale (see
   printable.h).  */

#include <config.h>

#include "printable.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

/* Whether the N bytes at S are printable characters in a locale whose
   characters may take several bytes.  A byte sequence that is invalid,
   or cut short by the end of S, is not.  */
static bool
multibyte_printable (char const *s, size_t n)
{
  mbstate_t st;
  memset (&st, 0, sizeof st);
  while (n)
    {
      wchar_t w;
      size_t len = mbrtowc (&w, s, n, &st);
      if (len == (size_t) -1 || len == (size_t) -2 || !iswprint (w))
        return false;
      /* N > 0 and S has no NUL in its first N bytes: LEN is not 0.  */
      s += len;
      n -= len;
    }
  return true;
}

/* Whether S is printable throughout: byte by byte in a locale of
   one-byte characters, else character by character.  */
bool
mbs_printable (char const *s)
{
  if (MB_CUR_MAX == 1)
    {
      for (; *s; s++)
        if (!isprint ((unsigned char) *s))
          return false;
      return true;
    }
  return multibyte_printable (s, strlen (s));
}
