/* split-args.c -- libFuzzer target: split's option arguments and the
   names of its pieces (lib/split-args.c) against small models.

   Input: byte 0 picks what is tested, the rest is its argument:
   0: a SIZE of -b and -C, and of ---io-blksize (digits and a unit: K,
      KB, KiB ... Q),
   1: a NUMBER of -l or -a (no unit),
   2: the CHUNKS of -n ([l/|r/][K/]N),
   3: the SEP of -t,
   4: the digits of -NUM, and a start value of -d and -x,
   5: names: byte 1 the alphabet (letters, decimal, hex), byte 2 the
      -a length (0: none), byte 3 the -n N (0: no -n), and the rest the
      start value (with -d or -x) and a prefix and additional suffix,
      split at NUL bytes.

   The model of a number follows the coreutils manual and GNU 9.10's
   split: optional white space and a sign, decimal digits (none if a
   unit letter comes first: then the number is 1), one unit letter of
   those allowed, and after one of K, M, G ... Q, "B" or "D" (powers of
   1000) or "iB" (of 1024); b is 512, alone.  Anything else is
   invalid.  A count (-b, -C, -l, -n) past INTMAX_MAX is INTMAX_MAX, and
   must be at least 1; it fails with ERANGE only when its digits alone
   pass intmax_t.  -a and ---io-blksize are bounded; out of bounds is
   EOVERFLOW (ERANGE for ---io-blksize below 1), and ---io-blksize
   takes no sign '-'.  -n K/N: K is digits then a slash (else all of
   K/N is a bad count), then N a count, then 1 <= K <= N.
   The names must be PREFIX, suffix letters of the alphabet, and the
   additional suffix; name I is the start value plus I written in
   SUFFIX_LENGTH letters, and the names run out when that
   no longer fits; names that may widen go on with one more letter,
   the alphabet's last first, whenever the first letter would become
   the last.  */

#include <config.h>

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "split-args.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

/* The model's reading of a number: the flags of struct split_scan
   but the overflows, and the value, exact up to a bound past both ends
   of intmax_t.  */
struct model_scan
{
  bool invalid, junk, digits_overflow;
  i128 value;
  size_t end;                   /* where the digits end */
};

/* That bound.  */
static i128 const big = (i128) 1 << 100;

/* True if C is white space in the C locale.  */
static bool
space (char c)
{
  return c == ' ' || ('\t' <= c && c <= '\r');
}

/* True if V is within intmax_t.  */
static bool
fits (i128 v)
{
  return INTMAX_MIN <= v && v <= INTMAX_MAX;
}

/* Multiply *V by M, keeping it within -BIG..BIG.  */
static void
scale (i128 *v, i128 m)
{
  i128 a = *v < 0 ? -*v : *v;
  a = a > big / m ? big : a * m;
  *v = *v < 0 ? -a : a;
}

/* The power of the unit letter C, or -1 if it is none; b, which is
   512, is -2.  */
static int
unit_power (char c)
{
  static char const units[] = "KMGTPEZYRQ";
  if (c == 'b')
    return -2;
  if (c == 'k' || c == 'm' || c == 'g' || c == 't')
    c -= 'a' - 'A';
  char const *p = strchr (units, c);
  return c && p ? p - units + 1 : -1;
}

/* The model of reading ARG with the unit letters SUFFIXES.  */
static struct model_scan
model_scan (char const *arg, char const *suffixes)
{
  struct model_scan r = { 0 };
  char const *p = arg;
  while (space (*p))
    p++;
  bool negative = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  char const *digits = p;
  for (; '0' <= *p && *p <= '9'; p++)
    {
      scale (&r.value, 10);
      if (r.value < big)
        r.value += *p - '0';
    }
  if (negative)
    r.value = -r.value;
  r.digits_overflow = !fits (r.value);
  r.end = p - arg;
  if (p == digits)
    {
      /* No digits: only a unit letter at the very start stands for 1.  */
      r.end = 0;
      if (!*arg || !strchr (suffixes, *arg))
        {
          r.invalid = true;
          return r;
        }
      p = arg;
      r.value = 1;
    }
  if (*p)
    {
      int power = strchr (suffixes, *p) ? unit_power (*p) : -1;
      p++;
      i128 base = 1024;
      if (power < 1 || !strchr (suffixes, '0'))
        ;
      else if (p[0] == 'i' && p[1] == 'B')
        p += 2;
      else if (*p == 'B' || *p == 'D')
        {
          base = 1000;
          p++;
        }
      if (power == -2)
        scale (&r.value, 512);
      for (int i = 0; i < power; i++)
        scale (&r.value, base);
      r.junk = *p || power == -1;
    }
  return r;
}

/* V as a saturated intmax_t.  */
static intmax_t
saturated (i128 v)
{
  return v < INTMAX_MIN ? INTMAX_MIN : v > INTMAX_MAX ? INTMAX_MAX : v;
}

/* The model's verdict on a count or a number.  */
struct model_number
{
  enum split_err err;
  intmax_t value;
};

/* The model of split_count on ARG with the units SUFFIXES.  */
static struct model_number
model_count (char const *arg, char const *suffixes)
{
  struct model_scan m = model_scan (arg, suffixes);
  struct model_number r = { SPLIT_INVALID, saturated (m.value) };
  if (!m.invalid && !m.junk && 1 <= m.value)
    r.err = SPLIT_OK;
  else if (m.digits_overflow)
    r.err = SPLIT_RANGE;
  return r;
}

/* The model of split_number on ARG with the units SUFFIXES, within
   MIN..MAX, with FLAGS.  */
static struct model_number
model_number (char const *arg, intmax_t min, intmax_t max,
              char const *suffixes, int flags)
{
  struct model_scan m = model_scan (arg, suffixes);
  struct model_number r = { SPLIT_INVALID, saturated (m.value) };
  char const *p = arg;
  while (space (*p))
    p++;
  if (m.invalid || m.junk || (*p == '-' && (flags & SPLIT_NUM_UNSIGNED)))
    ;
  else if (m.value < min)
    r.err = flags & SPLIT_NUM_LOW_RANGE ? SPLIT_RANGE : SPLIT_OVERFLOW;
  else if (max < m.value)
    r.err = SPLIT_OVERFLOW;
  else
    r.err = SPLIT_OK;
  return r;
}

/* Check split_count on ARG with the units SUFFIXES, and split_number
   within MIN..MAX with FLAGS, against the model.  */
static void
check_number (char const *arg, char const *suffixes, intmax_t min,
              intmax_t max, int flags)
{
  intmax_t n;
  enum split_err e = split_count (arg, suffixes, &n);
  struct model_number m = model_count (arg, suffixes);
  CHECK (e == m.err);
  CHECK (e != SPLIT_OK || n == m.value);
  e = split_number (arg, min, max, suffixes, flags, &n);
  m = model_number (arg, min, max, suffixes, flags);
  CHECK (e == m.err);
  CHECK (e != SPLIT_OK || n == m.value);
}

/* Check split_chunks on ARG: the kind from its prefix; then K if
   digits and a slash come first, and N.  */
static void
check_chunks (char const *arg)
{
  struct split_chunks c;
  enum split_err e = split_chunks (arg, &c);
  char const *p = arg;
  while (space (*p))
    p++;
  enum split_chunk_kind kind = SPLIT_CHUNK_BYTES;
  if ((p[0] == 'l' || p[0] == 'r') && p[1] == '/')
    {
      kind = p[0] == 'l' ? SPLIT_CHUNK_LINES : SPLIT_CHUNK_ROUND_ROBIN;
      p += 2;
    }
  CHECK (c.kind == kind);
  struct model_scan k = model_scan (p, "");
  if (k.invalid || k.digits_overflow || p[k.end] != '/')
    {
      struct model_number n = model_count (p, "");
      CHECK (e == n.err && !c.bad_k);
      CHECK (e != SPLIT_OK || (c.n == n.value && c.k == 0));
      CHECK (e == SPLIT_OK || (c.bad == p && !c.bad[c.bad_len]));
      return;
    }
  char const *slash = p + k.end;
  struct model_number n = model_count (slash + 1, "");
  if (n.err != SPLIT_OK)
    {
      CHECK (e == n.err && !c.bad_k);
      CHECK (c.bad == slash + 1 && !c.bad[c.bad_len]);
      return;
    }
  if (k.value < 1 || n.value < k.value)
    {
      CHECK (e == SPLIT_INVALID && c.bad_k);
      CHECK (c.bad == p && c.bad_len == k.end);
      return;
    }
  CHECK (e == SPLIT_OK && c.n == n.value && c.k == k.value);
}

/* Check split_separator on ARG.  */
static void
check_separator (char const *arg)
{
  char sep = 'x';
  enum split_sep_err e = split_separator (arg, &sep);
  if (!*arg)
    CHECK (e == SPLIT_SEP_EMPTY);
  else if (strcmp (arg, "\\0") == 0)
    CHECK (e == SPLIT_SEP_OK && sep == '\0');
  else if (arg[1])
    CHECK (e == SPLIT_SEP_MULTI);
  else
    CHECK (e == SPLIT_SEP_OK && sep == arg[0]);
}

/* Check split_add_digit on the digits of ARG, and split_start on it
   with both alphabets.  */
static void
check_digits (char const *arg)
{
  intmax_t d = 0;
  u128 model = 0;
  for (char const *p = arg; '0' <= *p && *p <= '9'; p++)
    {
      model = model * 10 + (*p - '0');
      if (model > INTMAX_MAX)
        model = INTMAX_MAX;
      split_add_digit (&d, *p);
      CHECK (d == (intmax_t) model);
    }
  static char const *const alphabets[] = { "0123456789",
                                           "0123456789abcdef" };
  for (int i = 0; i < 2; i++)
    {
      char const *start = NULL;
      bool valid = true;
      for (char const *p = arg; *p; p++)
        valid &= strchr (alphabets[i], *p) != NULL;
      CHECK (split_start (arg, alphabets[i], &start) == valid);
      if (!valid)
        continue;
      CHECK (start >= arg && start <= arg + strlen (arg));
      CHECK (strlen (start) <= 1 || start[0] != '0');
      for (char const *p = arg; p < start; p++)
        CHECK (*p == '0');
      CHECK (*arg == '\0' || *start != '\0');
    }
}

/* The most names a run looks at.  */
enum { MAX_NAMES = 1000 };

/* The model of the suffix length: S as split_settle_suffix takes it.
   Return the error it must give, and set S's outputs.  */
static enum split_suffix_err
model_suffix (struct split_suffix *s)
{
  s->widen = !s->start && !s->chunked && !s->length;
  s->needed = 0;
  if (s->chunked)
    {
      u128 last = s->n_units - 1;
      /* GNU 9.10 counts from a start value below N, up to
         INTMAX_MAX.  */
      if (s->start)
        {
          struct model_scan st = model_scan (s->start, "");
          if (!st.invalid && !st.junk && fits (st.value)
              && st.value < s->n_units)
            last += st.value;
          if (last > INTMAX_MAX)
            last = INTMAX_MAX;
        }
      size_t base = strlen (s->alphabet);
      do
        s->needed++;
      while ((last /= base) != 0);
    }
  if (s->length && s->length < s->needed)
    return SPLIT_SUFFIX_TOO_SHORT;
  if (!s->length)
    s->length = s->needed < 2 ? 2 : s->needed;
  if (s->start && s->length < strlen (s->start))
    return SPLIT_SUFFIX_START_TOO_LONG;
  return SPLIT_SUFFIX_OK;
}

/* Write into OUT the suffix of name I: START (letters of ALPHA, BASE
   of them) padded to LEN letters, plus I; or, if WIDEN, the suffix of
   the I-th name of names that widen.  Return false if there is no
   such name.  */
static bool
model_suffix_name (char *out, size_t i, char const *alpha, size_t base,
                   size_t len, char const *start, bool widen)
{
  size_t w = 0;
  if (widen)
    for (;;)
      {
        u128 count = base - 1;
        for (size_t j = 1; j < len + w && count <= MAX_NAMES; j++)
          count *= base;
        if (i < count)
          break;
        i -= count;
        out[w++] = alpha[base - 1];
      }
  out += w;
  len += w;
  size_t slen = start ? strlen (start) : 0;
  for (size_t j = 0; j < len; j++)
    out[j] = j < len - slen ? alpha[0] : start[j - (len - slen)];
  size_t carry = i;
  for (size_t j = len; j-- > 0 && carry;)
    {
      size_t t = (strchr (alpha, out[j]) - alpha) + carry;
      out[j] = alpha[t % base];
      carry = t / base;
    }
  out[len] = '\0';
  return carry == 0;
}

/* Check the names PREFIX, suffix, ADD (STRINGS) of the suffix set
   up by S, against the model.  */
static void
check_name_run (struct split_suffix const *s, char const *prefix,
                char const *add)
{
  struct split_names names;
  split_names_init (&names, prefix, add, s->alphabet, s->length, s->widen,
                    s->start);
  size_t base = strlen (s->alphabet);
  size_t plen = strlen (prefix), alen = strlen (add);
  char *want = malloc (plen + s->length + MAX_NAMES + alen + 1);
  char *prev = NULL;
  CHECK (want);
  memcpy (want, prefix, plen);
  for (size_t i = 0; i < MAX_NAMES; i++)
    {
      char const *name = split_names_next (&names);
      bool exists = model_suffix_name (want + plen, i, s->alphabet, base,
                                       s->length, s->start, s->widen);
      CHECK (!name == !exists);
      if (!name)
        break;
      strcat (want, add);
      CHECK (strcmp (name, want) == 0);
      CHECK (!prev || strcmp (prev, name) < 0);
      free (prev);
      prev = strdup (name);
      CHECK (prev);
    }
  free (prev);
  free (want);
  split_names_free (&names);
}

/* Mode 5: see the head comment; the input is DATA, SIZE bytes with a
   NUL added.  */
static void
check_names (char const *data, size_t size)
{
  static char const *const alphabets[] = {
    "abcdefghijklmnopqrstuvwxyz", "0123456789", "0123456789abcdef"
  };
  if (size < 3)
    return;
  struct split_suffix s = {
    .alphabet = alphabets[(unsigned char) data[0] % 3],
    .length = (unsigned char) data[1],
    .n_units = (unsigned char) data[2],
    .chunked = data[2] != 0
  };
  char const *p = data + 3, *end = data + size;
  char const *start = p;
  p += strlen (p);
  char const *prefix = p < end ? ++p : "";
  p += strlen (p);
  char const *add = p < end ? ++p : "";
  if (*start && s.alphabet != alphabets[0]
      && !split_start (start, s.alphabet, &s.start))
    return;
  struct split_suffix m = s;
  enum split_suffix_err e = split_settle_suffix (&s);
  CHECK (e == model_suffix (&m));
  if (e != SPLIT_SUFFIX_TOO_SHORT)
    CHECK (s.needed == m.needed);
  if (e != SPLIT_SUFFIX_OK)
    return;
  CHECK (s.length == m.length && s.widen == m.widen);
  check_name_run (&s, prefix, add);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  char *arg = malloc (size);
  CHECK (arg);
  memcpy (arg, data + 1, size - 1);
  arg[size - 1] = '\0';
  switch (data[0] % 6)
    {
    case 0:                     /* -b and -C; ---io-blksize */
      check_number (arg, split_size_suffixes, 1, INT_MAX >> 20 << 20,
                    SPLIT_NUM_UNSIGNED | SPLIT_NUM_LOW_RANGE);
      break;
    case 1:                     /* -l; -a */
      check_number (arg, "", 0, PTRDIFF_MAX, 0);
      break;
    case 2:
      check_chunks (arg);
      break;
    case 3:
      check_separator (arg);
      break;
    case 4:
      check_digits (arg);
      break;
    default:
      check_names (arg, size - 1);
    }
  free (arg);
  return 0;
}
