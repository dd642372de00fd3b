/* check-line.c -- libFuzzer target: the *sum --check line parser
   (lib/digest-line.c).

   Input: byte 0 chooses the algorithm (a digest_algos row), byte 1
   holds flags (bit 0: the check file is standard input; bit 1: the
   records end in NUL bytes rather than newlines, as -z output would;
   bit 2: GNU cksum's rules, digest_line_init_cksum, as cksum -a ALGO
   -c reads, with bit 3 as cksum -c without -a, each line's tag
   picking its algorithm, bit 4 digests in base64 allowed, bit 5 the
   SHA-2 family of -a sha2), and the rest is the check file, cut into
   records as getline cuts them.  Each record goes to the parser in an
   allocation of exactly its length plus the NUL after it, so that
   AddressSanitizer sees any read or write beyond.  One parser reads
   every record, so that the choice between the GNU and BSD reversed
   forms carries over as in the tool.

   Beyond "no crash, no undefined behaviour", for every proper record:
   - *HEX and *NAME lie inside the record, *HEX is exactly the digest's
     hex digits, and a standard input check file never names "-";
   - round trips: the pair, written back as *sum writes it (GNU and
     --tag form, escaped where *sum escapes), parses to the same pair
     through a fresh parser.
   With cksum's rules, *HEX is the digits of the algorithm the line
   picked (its length that of the row, or of the BLAKE2b length its tag
   names), or their base64 form where allowed, and the tagged line
   written back as cksum writes it parses to the same pair, algorithm
   and length.
   The BLAKE3 row without cksum's rules is b3sum's, whose own parser
   (digest_line_parse_b3sum) reads each record instead: a proper one
   has a name inside it, not empty, and written back as b3sum writes
   it (plain and tagged, escaped where b3sum escapes) parses to the
   same digest and name; an improper one has a reason.  The other rows
   that always tag their length (SHAKE) are read with cksum's rules
   only, as no other tool has them.
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

/* How a parser of check lines is started: the tool's row, and with
   cksum's rules their options (see LLVMFuzzerTestOneInput).  */
struct rules
{
  const struct digest_algo *algo;
  bool cksum, tag_picks_algo, base64, sha2_family;
};

/* Start P as R says.  */
static void
start_parser (struct digest_line_parser *p, const struct rules *r)
{
  if (r->cksum)
    {
      digest_line_init_cksum (p, r->algo, r->tag_picks_algo, r->base64);
      p->sha2_family = r->sha2_family;
    }
  else
    digest_line_init (p, r->algo);
}

/* Return a new line (its length in *N) of HEX and NAME as the tools
   write them: "TAG (NAME) = HEX" if TAG, else "HEX  NAME"; with a
   backslash first and NAME escaped where it holds a backslash, newline
   or carriage return; a newline and a NUL at its end.  */
static char *
write_line (const char *tag, const char *hex, const char *name, size_t *n)
{
  size_t cap = 2 * strlen (name) + strlen (hex) + (tag ? strlen (tag) : 0)
               + 16;
  char *line = malloc (cap);
  CHECK (line);
  bool escape = strpbrk (name, "\\\n\r") != NULL;
  size_t k = 0;
  if (escape)
    line[k++] = '\\';
  if (tag)
    {
      k += sprintf (line + k, "%s (", tag);
      put_name (line, &k, name, escape);
      k += sprintf (line + k, ") = %s", hex);
    }
  else
    {
      k += sprintf (line + k, "%s  ", hex);
      put_name (line, &k, name, escape);
    }
  line[k++] = '\n';
  line[k] = '\0';
  CHECK (k < cap);
  *n = k;
  return line;
}

/* Write HEX and NAME back as the line the tool prints for them (TAG:
   in the --tag form of ALGO, the algorithm of the line, with the
   length of its digest, HEX_LEN hex digits, after the tag where that
   is not the longest or where the row always says it, as cksum writes
   "BLAKE2b-256" and "BLAKE3-256"), parse it with a
   fresh parser started by R, and check that the same pair comes out,
   of the same algorithm and length.  */
static void
round_trip (const struct rules *r, const struct digest_algo *algo,
            size_t hex_len, const char *hex, const char *name, bool tag)
{
  char tagbuf[64];
  const char *tagp = NULL;
  if (tag)
    {
      size_t max = algo->max_size ? algo->max_size : algo->digest_size;
      if (hex_len != 2 * max || algo->tag_length)
        snprintf (tagbuf, sizeof tagbuf, "%s-%zu", algo->bsd_tag,
                  hex_len * 4);
      else
        snprintf (tagbuf, sizeof tagbuf, "%s", algo->bsd_tag);
      tagp = tagbuf;
    }
  size_t n;
  char *line = write_line (tagp, hex, name, &n);

  struct digest_line_parser p;
  start_parser (&p, r);
  char *hex2, *name2;
  CHECK (digest_line_parse (&p, line, n, false, &hex2, &name2)
         == DIGEST_LINE_PROPER);
  CHECK (strcmp (hex, hex2) == 0);
  CHECK (strcmp (name, name2) == 0);
  CHECK (strcmp (p.algo->name, algo->name) == 0);
  CHECK (p.algo->digest_size == algo->digest_size);
  CHECK (p.hex_len == hex_len);
  free (line);
}

/* Whether ALGO is one of the SHA-3 rows.  */
static bool
is_sha3_row (const struct digest_algo *algo)
{
  return strncmp (algo->name, "sha3-", 5) == 0;
}

/* Whether the LEN bytes at S are the base64 form of N bytes.  */
static bool
is_base64_of (const char *s, size_t len, size_t n)
{
  if (len != (n + 2) / 3 * 4)
    return false;
  size_t pad = n % 3 ? 3 - n % 3 : 0;
  for (size_t i = 0; i < len; i++)
    if (i < len - pad
        ? !(c_isalnum (s[i]) || s[i] == '+' || s[i] == '/')
        : s[i] != '=')
      return false;
  return true;
}

/* Check what the parser said of the proper record REC (LEN + 1 bytes):
   HEX and NAME.  */
static void
check_proper (const struct rules *r, const struct digest_line_parser *p,
              const char *rec, size_t len, const char *hex,
              const char *name, bool is_stdin)
{
  const struct digest_algo *algo = p->algo;
  CHECK (rec <= hex && hex < rec + len);
  CHECK (rec <= name && name <= rec + len);
  CHECK (algo->form == DIGEST_FORM_HEX);
  /* The line's algorithm is the tool's, but for cksum without -a
     (any), -a sha2 (a SHA-2 row), -a blake2b (of some length) and -a
     sha3 (a SHA-3 row).  */
  CHECK (!r->cksum ? algo == r->algo
         : r->tag_picks_algo || r->sha2_family || algo->max_size
         || strcmp (algo->name, r->algo->name) == 0
         || (is_sha3_row (r->algo) && is_sha3_row (algo)));
  /* A tag with a length shorter than the algorithm's ("SHA256-128")
     is read as GNU reads it: its digits, that many, are compared with
     the whole digest (and never match).  Only a row whose length is a
     parameter is made that long.  */
  size_t hexlen = strlen (hex);
  CHECK (p->hex_len % 2 == 0 && 0 < p->hex_len);
  CHECK (p->hex_len == 2 * algo->digest_size
         || (r->cksum && !algo->max_size
             && p->hex_len < 2 * algo->digest_size));
  if (p->is_base64)
    CHECK (r->base64 && is_base64_of (hex, hexlen, p->hex_len / 2));
  else
    {
      CHECK (hexlen == p->hex_len);
      for (size_t i = 0; i < hexlen; i++)
        CHECK (c_isxdigit (hex[i]));
    }
  CHECK (!(is_stdin && strcmp (name, "-") == 0));
  /* A name that starts with a blank or '*' reads back from the GNU
     form only as such a name; an empty one never does (GNU cannot
     write it).  With cksum's rules, only the tagged form is sure to
     read back alone: an untagged line's length may come from the
     tagged line before it, and without -a it has no algorithm.  */
  if (!r->cksum && *name && *name != ' ' && *name != '\t' && *name != '*')
    round_trip (r, algo, p->hex_len, hex, name, false);
  round_trip (r, algo, p->hex_len, hex, name, true);
}

/* Write DIGEST and NAME back as b3sum writes them (TAG: "BLAKE3
   (NAME) = HEX", else "HEX  NAME"; a backslash first and NAME escaped
   where it holds a backslash, newline or carriage return), parse the
   line again and check that the same pair comes out.  */
static void
b3sum_round_trip (const uint8_t digest[32], const char *name, bool tag)
{
  char hex[65];
  for (int i = 0; i < 32; i++)
    sprintf (hex + 2 * i, "%02x", digest[i]);
  size_t n;
  char *line = write_line (tag ? "BLAKE3" : NULL, hex, name, &n);

  uint8_t digest2[32];
  char *shown = malloc (n + 2);
  CHECK (shown);
  char *name2;
  const char *why;
  CHECK (digest_line_parse_b3sum (line, n, digest2, shown, &name2, &why)
         == B3SUM_LINE_PROPER);
  CHECK (memcmp (digest, digest2, 32) == 0);
  CHECK (strcmp (name, name2) == 0);
  free (shown);
  free (line);
}

/* Parse the record REC (LEN bytes and a NUL) as b3sum reads a line of
   its check file (digest_line_parse_b3sum), and check what it says: a
   reason for an improper line; for a proper one, a name inside the
   record, not empty, without NUL bytes, and written back by b3sum,
   in either form, the same digest and name.  */
static void
b3sum_record (char *rec, size_t len)
{
  char *shown = malloc (len + 2);
  CHECK (shown);
  uint8_t digest[32];
  char *name;
  const char *why = NULL;
  switch (digest_line_parse_b3sum (rec, len, digest, shown, &name, &why))
    {
    case B3SUM_LINE_PROPER:
      CHECK (rec <= name && name < rec + len && *name);
      CHECK (strlen (shown) <= len + 1);
      b3sum_round_trip (digest, name, false);
      b3sum_round_trip (digest, name, true);
      break;
    case B3SUM_LINE_IMPROPER:
      CHECK (why && *why);
      break;
    case B3SUM_LINE_NOT_UTF8:
      break;
    default:
      CHECK (!"a kind of line digest-line.h does not name");
    }
  free (shown);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 2)
    return 0;
  struct rules r = { FUZZ_ALGO (data[0]), data[1] & 4, data[1] & 8,
                     data[1] & 16, data[1] & 32 };
  bool is_stdin = data[1] & 1;
  char delim = data[1] & 2 ? '\0' : '\n';
  const char *p = (const char *) data + 2;
  const char *end = (const char *) data + size;
  /* As the tools: cksum without -a has its default, the CRC; -c is
     refused for the CRCs and sums, and -a sha2 is -a sha256 with the
     family's rules.  */
  if (r.cksum && r.tag_picks_algo)
    r.algo = digest_algo_find ("crc");
  else if (r.algo->form != DIGEST_FORM_HEX)
    return 0;
  if (r.sha2_family)
    {
      if (!r.cksum || r.tag_picks_algo)
        return 0;
      r.algo = digest_algo_find ("sha256");
    }
  if (!r.cksum)
    r.tag_picks_algo = r.base64 = false;
  /* Without cksum's rules, the BLAKE3 row is b3sum's, which reads its
     lines with its own parser; the other rows that always tag their
     length are cksum's alone.  */
  bool b3sum = !r.cksum && strcmp (r.algo->name, "blake3") == 0;
  if (!r.cksum && r.algo->tag_length && !b3sum)
    return 0;

  struct digest_line_parser parser;
  start_parser (&parser, &r);
  while (p < end)
    {
      const char *eol = memchr (p, delim, end - p);
      size_t len = eol ? (size_t) (eol + 1 - p) : (size_t) (end - p);
      char *rec = malloc (len + 1);
      CHECK (rec);
      memcpy (rec, p, len);
      rec[len] = '\0';
      char *hex, *name;
      if (b3sum)
        b3sum_record (rec, len);
      else if (digest_line_parse (&parser, rec, len, is_stdin, &hex, &name)
               == DIGEST_LINE_PROPER)
        check_proper (&r, &parser, rec, len, hex, name, is_stdin);
      free (rec);
      p += len;
    }
  return 0;
}
