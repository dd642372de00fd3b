/* digest-line.c -- parse the lines of a *sum --check file.

   The GNU form "HEX  NAME" (or "HEX *NAME"), the BSD form
   "TAG (NAME) = HEX", the BSD "md5 -r" form "HEX NAME", and the
   backslash escapes that *sum writes before a name holding a backslash,
   newline or carriage return, all as GNU coreutils 9.1 reads them; and
   for cksum what newer GNU reads (base64 digests, SHA-2 and SHA-3
   tags and lengths).
   Nothing here reads a file, prints or exits: src/digest/digest.c drives it,
   and tests/fuzz/check-line.c feeds it arbitrary bytes.  */

#include <config.h>

#include <stdio.h>
#include <string.h>

#include "c-ctype.h"
#include "digest-line.h"
#include "xstrtol.h"

/* See digest-line.h.  */
void
digest_line_init (struct digest_line_parser *p, const struct digest_algo *algo)
{
  memset (p, 0, sizeof *p);
  p->algo = p->tool_algo = algo;
  p->bsd_reversed = -1;
  p->hex_len = 2 * algo->digest_size;
}

/* See digest-line.h.  */
void
digest_line_init_cksum (struct digest_line_parser *p,
                        const struct digest_algo *algo, bool tag_picks_algo,
                        bool base64)
{
  digest_line_init (p, algo);
  p->cksum_rules = true;
  p->tag_picks_algo = tag_picks_algo;
  p->base64 = base64;
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

/* The shortest base64 digest of an untagged line whose length varies:
   of one byte, as GNU 9.10 reads it.  */
enum { BASE64_MIN_FIELD = 4 };

/* The length of the base64 form of N bytes.  */
static size_t
base64_length (size_t n)
{
  return (n + 2) / 3 * 4;
}

/* Whether the N bytes at S are the base64 form of BYTES bytes: as
   many as base64_encode writes, its digits then exactly the '='s it
   pads them with.  GNU calls a field padded otherwise ("==" where one
   '=' belongs, or none) improper, not a digest that fails.  */
static bool
valid_base64 (const char *s, size_t n, size_t bytes)
{
  if (n != base64_length (bytes))
    return false;
  size_t digits = n - (3 - bytes % 3) % 3;
  for (size_t i = 0; i < n; i++)
    if (i < digits
        ? !(c_isalnum (s[i]) || s[i] == '+' || s[i] == '/')
        : s[i] != '=')
      return false;
  return true;
}

/* Whether HEX is exactly the digest of this line: P->hex_len hex
   digits, or where P allows base64 the base64 form of the digest's
   bytes, and ends there.  Set P->is_base64 accordingly.  */
static bool
valid_hex (struct digest_line_parser *p, const char *hex)
{
  size_t n = p->hex_len;
  size_t len = strlen (hex);
  p->is_base64 = false;
  if (len == n)
    {
      for (size_t i = 0; i < n; i++)
        if (!c_isxdigit (hex[i]))
          return false;
      return true;
    }
  if (p->base64 && valid_base64 (hex, len, n / 2))
    {
      p->is_base64 = true;
      return true;
    }
  return false;
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
   bytes) starts at the digest, whose field is HEXLEN bytes.  Set *HEX
   and *NAME.  Return false if the line is malformed.  */
static bool
parse_gnu_rest (struct digest_line_parser *p, char *s, size_t len,
                size_t hexlen, bool escaped, char **hex, char **name)
{
  /* The shortest line: the digest, a blank and a one-byte name.  The
     length check counts one more when the digest starts with a
     backslash, as GNU's does.  GNU 9.1's cksum and b2sum ask only for
     3 bytes (see parse_cksum_line): "HEX " names the empty file.  */
  if (!p->cksum_rules && len < hexlen + 2 + (s[0] == '\\'))
    return false;
  if (len <= hexlen || (s[hexlen] != ' ' && s[hexlen] != '\t'))
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

/* The length of the tag that stands for ALGO in cksum's check lines:
   its bsd_tag, but for the SHA-3 rows only "SHA3", their lengths
   being written after it ("SHA3-256").  */
static size_t
tag_base_length (const struct digest_algo *algo)
{
  return strncmp (algo->bsd_tag, "SHA3-", 5) == 0 ? 4 : strlen (algo->bsd_tag);
}

/* Whether ALGO is one of the SHA-3 rows, whose length picks the row.  */
static bool
is_sha3 (const struct digest_algo *algo)
{
  return strncmp (algo->name, "sha3-", 5) == 0;
}

/* The digest row whose tag, as cksum reads it, is the LEN bytes at
   TAG, or NULL.  Checksum rows (CRC, BSD, SYSV) are not read back.  */
static const struct digest_algo *
tag_algo (const char *tag, size_t len)
{
  for (size_t i = 0; i < digest_algo_count; i++)
    {
      const struct digest_algo *a = &digest_algos[i];
      if (a->form == DIGEST_FORM_HEX && tag_base_length (a) == len
          && strncmp (a->bsd_tag, tag, len) == 0)
        return a;
    }
  return NULL;
}

/* Make P's algorithm the SHA-2 row of BITS bits (PREFIX "sha") or the
   SHA-3 one (PREFIX "sha3-").  Return false if there is none.  */
static bool
pick_sha (struct digest_line_parser *p, const char *prefix, uintmax_t bits)
{
  char name[16];
  if (bits != 224 && bits != 256 && bits != 384 && bits != 512)
    return false;
  snprintf (name, sizeof name, "%s%d", prefix, (int) bits);
  const struct digest_algo *a = digest_algo_find (name);
  if (!a)
    return false;
  p->algo = a;
  p->hex_len = bits / 4;
  return true;
}

/* Set P's algorithm and digest length for a line of BASE's tag with
   the length BITS (0: none given); SHA2: whether the tag was "SHA2",
   whose length picks the SHA-2 row (BASE is then SHA-512's).  Return
   false if BITS is not a length that BASE takes.  */
static bool
set_tagged_length (struct digest_line_parser *p,
                   const struct digest_algo *base, bool sha2, uintmax_t bits)
{
  if (sha2)
    return pick_sha (p, "sha", bits ? bits : 512);
  if (is_sha3 (base))
    return pick_sha (p, "sha3-", bits ? bits : 512);
  size_t max_bits = 8 * (base->max_size ? base->max_size : base->digest_size);
  /* A tag without a length: the row's default (BLAKE2b's is its
     longest; BLAKE3's and SHAKE's, as uutils reads them, are not),
     whatever length -l gave the tool, as GNU 9.10 reads it: BASE may be
     the tool's row resized by -l.  */
  if (bits == 0)
    {
      const struct digest_algo *row = (base->max_size
                                       ? digest_algo_find (base->name)
                                       : NULL);
      bits = 8 * (row ? row : base)->digest_size;
    }
  if (!(bits <= max_bits && bits % 8 == 0))
    return false;
  p->algo = base;
  if (base->max_size)
    {
      if (digest_algo_resize (base, bits / 8, &p->sized) != 0)
        return false;
      p->algo = &p->sized;
    }
  p->hex_len = bits / 4;
  return true;
}

/* The length of the word at S that may be a tag: up to a blank, a
   '-' or a '(', but no more than 9 bytes (the longest tag is 8,
   "SHAKE128").  */
static size_t
tag_word_length (const char *s)
{
  size_t n = 0;
  while (n <= 8 && s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '-'
         && s[n] != '(')
    n++;
  return n;
}

/* The row that the word TAG of LEN bytes names among the SHA-2 tags
   (GNU 9.8): SHA224 to SHA512, or SHA2, which stands for the family
   (then set *SHA2, and return SHA-512's row).  Null if none.  */
static const struct digest_algo *
sha2_tag_algo (const char *tag, size_t len, bool *sha2)
{
  *sha2 = len == 4 && strncmp (tag, "SHA2", 4) == 0;
  if (*sha2)
    return digest_algo_find ("sha512");
  /* The tags of six bytes that start so are those four.  */
  return len == 6 && strncmp (tag, "SHA", 3) == 0 ? tag_algo (tag, len)
                                                   : NULL;
}

/* With cksum's rules, find the tag at S, the start of a line after
   its blanks and backslash: set *BASE to the algorithm it names (and
   *SHA2, see sha2_tag_algo) and return its length, or return 0 if S
   starts with no tag that this parser reads.  Without -a the tag is a
   whole word, and names the algorithm from now on even if the line
   proves improper, as GNU's does; with -a (and for b2sum) S need only
   start with the tool's tag, or with -a sha2 be a SHA-2 tag.  */
static size_t
find_cksum_tag (struct digest_line_parser *p, const char *s,
                const struct digest_algo **base, bool *sha2)
{
  size_t n = tag_word_length (s);
  *sha2 = false;
  if (!p->tag_picks_algo)
    {
      const struct digest_algo *t = p->tool_algo;
      if (p->sha2_family)
        {
          *base = sha2_tag_algo (s, n, sha2);
          return *base ? n : 0;
        }
      n = tag_base_length (t);
      *base = t;
      return strncmp (s, t->bsd_tag, n) == 0 ? n : 0;
    }
  *base = tag_algo (s, n);
  if (!*base)
    *base = sha2_tag_algo (s, n, sha2);
  if (!*base)
    return 0;
  p->algo = *base;
  return n;
}

/* The '(' that opens the name of a tagged line, at S or after one
   space at S (where the tag or its length ends); or null.  */
static char *
tagged_paren (char *s)
{
  s += *s == ' ';
  return *s == '(' ? s : NULL;
}

/* Parse the rest of a cksum line whose tag (of the algorithm BASE)
   ends at S, as GNU 9.11's cksum does: after a '-', a length in bits
   that starts with a digit; then an optional space and " (NAME) =
   DIGEST" (tag_starts_bsd said that S goes on so).  LEN is what is
   left of the line.  */
static bool
parse_cksum_tagged (struct digest_line_parser *p,
                    const struct digest_algo *base, bool sha2, char *s,
                    size_t len, bool escaped, char **hex, char **name)
{
  char *end = s + len;
  uintmax_t bits = 0;
  if (*s == '-')
    {
      char *e;
      if (!c_isdigit (s[1])
          || xstrtoumax (s + 1, &e, 0, &bits, NULL) != LONGINT_OK
          || bits == 0)
        return false;
      s = e;
    }
  if (!set_tagged_length (p, base, sha2, bits))
    return false;
  s = tagged_paren (s);
  if (!s)
    return false;
  s++;
  return parse_bsd_rest (s, end - s, escaped, hex, name);
}

/* With cksum's rules, the length of the digest field of an untagged
   line starting at S: for an algorithm whose length varies (BLAKE2b,
   SHA-3), as many hex digits as there are, which set P's algorithm;
   else P->hex_len, or the base64 form's length where the field is
   that long.  Return 0 if the field cannot be a digest.  */
static size_t
cksum_field_length (struct digest_line_parser *p, const char *s)
{
  const struct digest_algo *t = p->tool_algo;
  size_t n = 0;
  if (t->max_size || is_sha3 (t) || p->sha2_family)
    {
      size_t field = strcspn (s, " \t");
      while (c_isxdigit (s[n]))
        n++;
      /* A field of hex digits is read as hex, as GNU's: hex is a subset
         of base64.  A base64 one may hold a single byte (GNU 9.10): a
         word such as another algorithm's tag ("SHA1 (f) = ...") is
         then read as a short digest, and the rest as a file name, as
         GNU 9.10 reads it (GNU 9.1 called such lines improper).  */
      size_t bytes = n / 2;
      if (n != field || n % 2)
        {
          if (!p->base64 || field < BASE64_MIN_FIELD || field % 4)
            return 0;
          bytes = field / 4 * 3 - (s[field - 1] == '=')
                  - (s[field - 2] == '=');
          if (!valid_base64 (s, field, bytes))
            return 0;
        }
      bool ok = (p->sha2_family ? pick_sha (p, "sha", 8 * bytes)
                 : is_sha3 (t) ? pick_sha (p, "sha3-", 8 * bytes)
                 : (bytes && bytes <= t->max_size
                    && set_tagged_length (p, t, false, 8 * bytes)));
      return ok ? field : 0;
    }
  p->algo = t;
  n = strcspn (s, " \t");
  if (p->base64 && n != p->hex_len && n == base64_length (p->hex_len / 2))
    return n;
  return p->hex_len;
}

/* Whether S, just after a tag, goes on as parse_cksum_tagged reads a
   tagged line, as GNU 9.10 sees it: a length ("-256"), or a '(' at
   once or after one space.  A line whose tag goes on otherwise is read
   as an untagged one, with -a: its base64 digest may only start with
   the tag's letters ("SHA1+++...=  f").  No tag starts with a hex
   digit, so that an untagged line read so is always a base64 one.
   GNU 9.1 passed over any one character after the tag.  */
static bool
tag_starts_bsd (char *s)
{
  return *s == '-' || tagged_paren (s);
}

/* Parse LINE (LEN bytes, its newline gone) with GNU cksum's rules (see
   struct digest_line_parser).  Return as parse_check_line.  */
static bool
parse_cksum_line (struct digest_line_parser *p, char *line, size_t len,
                  char **hex, char **name)
{
  size_t i = 0;
  while (line[i] == ' ' || line[i] == '\t')
    i++;
  bool escaped = line[i] == '\\';
  i += escaped;

  const struct digest_algo *base;
  bool sha2;
  size_t taglen = find_cksum_tag (p, line + i, &base, &sha2);
  if (taglen && tag_starts_bsd (line + i + taglen))
    return parse_cksum_tagged (p, base, sha2, line + i + taglen,
                               len - i - taglen, escaped, hex, name);
  if (p->tag_picks_algo)
    return false;
  /* GNU's shortest untagged line: 3 bytes, one more where the digest
     starts with a backslash.  */
  if (len - i < 3 + (line[i] == '\\'))
    return false;
  size_t field = cksum_field_length (p, line + i);
  return field && parse_gnu_rest (p, line + i, len - i, field, escaped,
                                  hex, name);
}

/* Parse the check line LINE of LEN bytes (its newline and carriage
   return removed, NUL-terminated at LEN).  Set *HEX and *NAME, both
   pointing into LINE.  Return false if LINE is not a checksum line of
   this algorithm.  */
static bool
parse_check_line (struct digest_line_parser *p, char *line, size_t len,
                  char **hex, char **name)
{
  if (p->cksum_rules)
    return parse_cksum_line (p, line, len, hex, name);
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
  return parse_gnu_rest (p, line + i, len - i, p->hex_len, escaped, hex,
                         name);
}

/* See digest-line.h.  */
const char *
digest_line_tag (const struct digest_line_parser *p, size_t *len)
{
  if (p->sha2_family)
    {
      *len = 4;
      return "SHA2";
    }
  *len = tag_base_length (p->algo);
  return p->algo->bsd_tag;
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

/* Whether the LEN bytes at S are UTF-8, as Rust's strings must be:
   no overlong forms, no surrogates, nothing past U+10FFFF.  */
static bool
valid_utf8 (const unsigned char *s, size_t len)
{
  size_t i = 0;
  while (i < len)
    {
      unsigned char c = s[i];
      size_t n = c < 0x80 ? 0 : c < 0xc2 ? 9 : c < 0xe0 ? 1 : c < 0xf0 ? 2
                 : c < 0xf5 ? 3 : 9;
      if (n == 9 || len - i <= n)
        return n == 0;
      unsigned char lo = (c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80);
      unsigned char hi = (c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf);
      if (n && (s[i + 1] < lo || hi < s[i + 1]))
        return false;
      for (size_t k = 2; k <= n; k++)
        if ((s[i + k] & 0xc0) != 0x80)
          return false;
      i += n + 1;
    }
  return true;
}

/* Decode the 64 lower-case hex digits at HEX into DIGEST.  Return
   false if one is not such a digit (b3sum reads no upper case).  */
static bool
b3sum_hex (const char *hex, uint8_t digest[32])
{
  for (int i = 0; i < 64; i++)
    {
      char c = hex[i];
      int v = ('0' <= c && c <= '9' ? c - '0'
               : 'a' <= c && c <= 'f' ? c - 'a' + 10 : -1);
      if (v < 0)
        return false;
      digest[i / 2] = (uint8_t) (i % 2 ? digest[i / 2] | v : v << 4);
    }
  return true;
}

/* Undo b3sum's escapes (\\\\, \\n and, since its 1.7, \\r) in the LEN bytes
   at NAME, in place, and NUL-terminate the result.  Return NULL, or
   b3sum's reason to refuse the name: a bad escape, a NUL byte, or the
   replacement character of a name that was not UTF-8.  */
static const char *
b3sum_name (char *name, size_t len, bool escaped)
{
  char *out = name;
  for (size_t i = 0; i < len; i++)
    {
      char c = name[i];
      if (escaped && c == '\\')
        {
          c = ++i == len ? 0 : name[i];
          if (c != '\\' && c != 'n' && c != 'r')
            return "Invalid backslash escape";
          c = c == 'n' ? '\n' : c == 'r' ? '\r' : c;
        }
      *out++ = c;
    }
  *out = '\0';
  if (memchr (name, '\0', out - name))
    return "Null character in path";
  if (strstr (name, "\xef\xbf\xbd"))
    return "Unicode replacement character in path";
  return NULL;
}

/* See digest-line.h.  */
enum b3sum_line_kind
digest_line_parse_b3sum (char *line, size_t len, uint8_t digest[32],
                         char *shown, char **name, const char **why)
{
  if (!valid_utf8 ((const unsigned char *) line, len))
    return B3SUM_LINE_NOT_UTF8;
  while (len && line[len - 1] == '\n')
    len--;
  line[len] = '\0';
  *why = NULL;
  if (len == 0)
    {
      *why = "Empty line";
      return B3SUM_LINE_IMPROPER;
    }
  bool escaped = line[0] == '\\';
  char *s = line + escaped;
  size_t n = len - escaped;
  static const char tag[] = "BLAKE3 (";
  size_t tag_len = sizeof tag - 1;
  char *hex, *file, *close = NULL;
  size_t file_len;
  if (n >= tag_len + 4 && memcmp (s, tag, tag_len) == 0)
    for (char *p = s + n - 4; s + tag_len <= p; p--)
      if (memcmp (p, ") = ", 4) == 0)
        {
          close = p;
          break;
        }
  if (close)
    {
      file = s + tag_len;
      file_len = close - file;
      hex = close + 4;
      if (s + n - hex != 64)
        *why = "Invalid hash length";
      else if (file_len == 0)
        *why = "empty file path";
    }
  else
    {
      size_t i = 0;
      while (i < 66 && i < n && (unsigned char) s[i] < 0x80)
        i++;
      hex = s;
      file = s + 66;
      file_len = n - 66;
      if (n <= 66)
        *why = "Short line";
      else if (i < 66)
        *why = "Non-ASCII prefix";
      else if (s[64] != ' ' || s[65] != ' ')
        *why = "Invalid space";
    }
  if (!*why && !b3sum_hex (hex, digest))
    *why = "Invalid hex";
  if (*why)
    return B3SUM_LINE_IMPROPER;
  shown[0] = '\\';
  memcpy (shown + escaped, file, file_len);
  shown[escaped + file_len] = '\0';
  *name = file;
  *why = b3sum_name (file, file_len, escaped);
  return *why ? B3SUM_LINE_IMPROPER : B3SUM_LINE_PROPER;
}
