/* check-line.c -- libFuzzer target: the *sum --check line parser
   (lib/digest-line.c).

   Input: byte 0 chooses the algorithm (a digest_algos row), byte 1
   holds flags (bit 0: the check file is standard input; bit 1: the
   records end in NUL bytes rather than newlines, as -z output would),
   and the rest is the check file, cut into records as getline cuts
   them.  Each record goes to the parser in an allocation of exactly
   its length plus the NUL after it, so that AddressSanitizer sees any
   read or write beyond.  One parser reads every record, so that the
   choice between the GNU and BSD reversed forms carries over as in
   the tool.

   Beyond "no crash, no undefined behaviour", for every proper record:
   - *HEX and *NAME lie inside the record, *HEX is exactly the digest's
     hex digits, and a standard input check file never names "-";
   - round trips: the pair, written back as *sum writes it (GNU and
     --tag form, escaped where *sum escapes), parses to the same pair
     through a fresh parser.
   GNU's own verdicts on the seed corpus are recorded in
   tests/fuzz/check-line.gnu and compared by tests/fuzz/check-line.sh.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "digest-algos.h"
#include "digest-line.h"
#include "fuzz.h"

/* Append to OUT (at *N) NAME as *sum writes it: escaped, with "\\n",
   "\\r" and "\\\\", when ESCAPE.  OUT has room.  */
static void
put_name (char *out, size_t *n, const char *name, bool escape)
{
  for (const char *p = name; *p; p++)
    {
      if (escape && (*p == '\\' || *p == '\n' || *p == '\r'))
        {
          out[(*n)++] = '\\';
          out[(*n)++] = *p == '\n' ? 'n' : *p == '\r' ? 'r' : '\\';
        }
      else
        out[(*n)++] = *p;
    }
}

/* Write HEX and NAME back as the line *sum prints for them (TAG: in
   the --tag form of ALGO), parse it with a fresh parser, and check
   that the same pair comes out.  */
static void
round_trip (const struct digest_algo *algo, const char *hex,
            const char *name, bool tag)
{
  size_t namelen = strlen (name);
  size_t hexlen = strlen (hex);
  size_t cap = 2 * namelen + hexlen + strlen (algo->bsd_tag) + 16;
  char *line = malloc (cap);
  CHECK (line);
  bool escape = strpbrk (name, "\\\n\r") != NULL;
  size_t n = 0;
  if (escape)
    line[n++] = '\\';
  if (tag)
    {
      n += sprintf (line + n, "%s (", algo->bsd_tag);
      put_name (line, &n, name, escape);
      n += sprintf (line + n, ") = %s", hex);
    }
  else
    {
      n += sprintf (line + n, "%s  ", hex);
      put_name (line, &n, name, escape);
    }
  line[n++] = '\n';
  line[n] = '\0';
  CHECK (n < cap);

  struct digest_line_parser p;
  digest_line_init (&p, algo);
  char *hex2, *name2;
  CHECK (digest_line_parse (&p, line, n, false, &hex2, &name2)
         == DIGEST_LINE_PROPER);
  CHECK (strcmp (hex, hex2) == 0);
  CHECK (strcmp (name, name2) == 0);
  free (line);
}

/* Check what the parser said of the proper record REC (LEN + 1 bytes):
   HEX and NAME.  */
static void
check_proper (const struct digest_algo *algo, const char *rec, size_t len,
              const char *hex, const char *name, bool is_stdin)
{
  CHECK (rec <= hex && hex < rec + len);
  CHECK (rec <= name && name <= rec + len);
  size_t hexlen = strlen (hex);
  CHECK (hexlen == 2 * algo->digest_size);
  for (size_t i = 0; i < hexlen; i++)
    CHECK (c_isxdigit (hex[i]));
  CHECK (!(is_stdin && strcmp (name, "-") == 0));
  /* A name that starts with a blank or '*' reads back from the GNU
     form only as such a name; an empty one never does (GNU cannot
     write it).  */
  if (*name && *name != ' ' && *name != '\t' && *name != '*')
    round_trip (algo, hex, name, false);
  round_trip (algo, hex, name, true);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 2)
    return 0;
  const struct digest_algo *algo = FUZZ_ALGO (data[0]);
  bool is_stdin = data[1] & 1;
  char delim = data[1] & 2 ? '\0' : '\n';
  const char *p = (const char *) data + 2;
  const char *end = (const char *) data + size;

  struct digest_line_parser parser;
  digest_line_init (&parser, algo);
  while (p < end)
    {
      const char *eol = memchr (p, delim, end - p);
      size_t len = eol ? (size_t) (eol + 1 - p) : (size_t) (end - p);
      char *rec = malloc (len + 1);
      CHECK (rec);
      memcpy (rec, p, len);
      rec[len] = '\0';
      char *hex, *name;
      if (digest_line_parse (&parser, rec, len, is_stdin, &hex, &name)
          == DIGEST_LINE_PROPER)
        check_proper (algo, rec, len, hex, name, is_stdin);
      free (rec);
      p += len;
    }
  return 0;
}
