/* digest-line.c -- parse the lines of a *sum --check file.

   The GNU form "HEX  NAME" (or "HEX *NAME"), the BSD form
   "TAG (NAME) = HEX", the BSD "md5 -r" form "HEX NAME", and the
   backslash escapes that *sum writes before a name holding a backslash,
   newline or carriage return, all as GNU coreutils 9.1 reads them.
   Nothing here reads a file, prints or exits: src/digest.c drives it,
   and tests/fuzz/check-line.c feeds it arbitrary bytes.  */

#include <config.h>

#include <string.h>

#include "c-ctype.h"
#include "digest-line.h"

/* See digest-line.h.  */
void
digest_line_init (struct digest_line_parser *p, const struct digest_algo *algo)
{
  p->algo = algo;
  p->bsd_reversed = -1;
}

/* Undo *sum's escaping of the LEN bytes at NAME in place,
   NUL-terminating the result.  Return false if NAME holds a backslash
   that is not followed by one of '\\', 'n' or 'r', or a NUL byte (the
   name would be cut there, and another file checked than the line
   names).  */
static bool
unescape_name (char *name, size_t len)
{
  char *out = name;
  for (size_t i = 0; i < len; i++)
    {
      char c = name[i];
      if (c == '\0')
        return false;
      if (c == '\\')
        {
          if (++i == len)
            return false;
          switch (name[i])
            {
            case '\\':
              break;
            case 'n':
              c = '\n';
              break;
            case 'r':
              c = '\r';
              break;
            default:
              return false;
            }
        }
      *out++ = c;
    }
  *out = '\0';
  return true;
}

/* Whether HEX is exactly the hex digest length of this algorithm, all
   hex digits, and ends there.  */
static bool
valid_hex (const struct digest_line_parser *p, const char *hex)
{
  size_t n = 2 * p->algo->digest_size;
  for (size_t i = 0; i < n; i++)
    if (!c_isxdigit (hex[i]))
      return false;
  return hex[n] == '\0';
}

/* Parse the rest of a BSD-style line "TAG (NAME) = HEX": S (LEN bytes)
   starts just after the '('.  NAME ends at the last ')' of the line.
   Set *HEX and *NAME (both NUL-terminated in place).  Return false if
   the line is malformed.  */
static bool
parse_bsd_rest (char *s, size_t len, bool escaped, char **hex, char **name)
{
  char *close = NULL;
  for (size_t i = len; i-- > 0;)
    if (s[i] == ')')
      {
        close = s + i;
        break;
      }
  if (!close)
    return false;
  char *p = close + 1;
  if (!escaped)
    *close = '\0';
  else if (!unescape_name (s, close - s))
    return false;
  *name = s;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != '=')
    return false;
  while (*p == ' ' || *p == '\t')
    p++;
  *hex = p;
  return true;
}

/* Parse the rest of a GNU-style line "HEX  NAME" or "HEX *NAME" (or,
   when that form came first, the BSD reversed form "HEX NAME"): S (LEN
   bytes) starts at the digest.  Set *HEX and *NAME.  Return false if
   the line is malformed.  */
static bool
parse_gnu_rest (struct digest_line_parser *p, char *s, size_t len,
                bool escaped, char **hex, char **name)
{
  size_t hexlen = 2 * p->algo->digest_size;
  /* The shortest line: the digest, a blank and a one-byte name.  The
     length check counts one more when the digest starts with a
     backslash, as GNU's does.  */
  if (len < hexlen + 2 + (s[0] == '\\'))
    return false;
  if (s[hexlen] != ' ' && s[hexlen] != '\t')
    return false;
  s[hexlen] = '\0';
  *hex = s;
  /* Only a line whose digest is valid may choose the form of the lines
     after it: GNU checks the digest first.  */
  if (!valid_hex (p, s))
    return false;

  char *n = s + hexlen + 1;
  size_t rest = len - hexlen - 1;
  if (rest == 1 || (*n != ' ' && *n != '*'))
    {
      if (p->bsd_reversed == 0)
        return false;
      p->bsd_reversed = 1;
    }
  else if (p->bsd_reversed != 1)
    {
      p->bsd_reversed = 0;
      n++, rest--;
    }
  *name = n;
  return escaped ? unescape_name (n, rest) : true;
}

/* Parse the check line LINE of LEN bytes (its newline and carriage
   return removed, NUL-terminated at LEN).  Set *HEX and *NAME, both
   pointing into LINE.  Return false if LINE is not a checksum line of
   this algorithm.  */
static bool
parse_check_line (struct digest_line_parser *p, char *line, size_t len,
                  char **hex, char **name)
{
  size_t i = 0;
  while (line[i] == ' ' || line[i] == '\t')
    i++;
  bool escaped = line[i] == '\\';
  i += escaped;

  size_t taglen = strlen (p->algo->bsd_tag);
  if (strncmp (line + i, p->algo->bsd_tag, taglen) == 0)
    {
      i += taglen;
      i += line[i] == ' ';
      if (line[i] != '(')
        return false;
      i++;
      return parse_bsd_rest (line + i, len - i, escaped, hex, name);
    }
  return parse_gnu_rest (p, line + i, len - i, escaped, hex, name);
}

/* See digest-line.h.  */
enum digest_line_kind
digest_line_parse (struct digest_line_parser *p, char *line, size_t len,
                   bool is_stdin, char **hex, char **name)
{
  if (line[0] == '#')
    return DIGEST_LINE_SKIPPED;
  len -= len && line[len - 1] == '\n';
  len -= len && line[len - 1] == '\r';
  if (len == 0)
    return DIGEST_LINE_SKIPPED;
  line[len] = '\0';

  if (parse_check_line (p, line, len, hex, name)
      && !(is_stdin && strcmp (*name, "-") == 0) && valid_hex (p, *hex))
    return DIGEST_LINE_PROPER;
  return DIGEST_LINE_IMPROPER;
}
