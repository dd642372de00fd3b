/* split-args.c -- libFuzzer target: split's option arguments and the
   names of its pieces (lib/split-args.c) against small models.

   Input: byte 0 picks what is tested, the rest is its argument:
   0: a SIZE of -b (digits and a unit: K, KB, KiB ...),
   1: a NUMBER of -l or -a (digits only),
   2: the CHUNKS of -n ([l/|r/][K/]N),
   3: the SEP of -t,
   4: the digits of -NUM, and a start value of -d and -x,
   5: names: byte 1 the alphabet (letters, decimal, hex), byte 2 the
      -a length (0: none), byte 3 the -n N (0: no -n), and the rest the
      start value (with -d or -x) and a prefix and additional suffix,
      split at NUL bytes.

   The model of a number follows the coreutils manual: optional white
   space and "+", decimal digits (none if a unit letter comes first),
   one unit letter of those allowed, and after one of K, M, G ... "B"
   or "D" (powers of 1000) or "iB" (of 1024); b is 512, alone.
   Anything else is invalid; a value past UINTMAX_MAX overflows, and a
   valid value outside the range is a range error (an overflow past
   INT_MAX / 2).  -n K/N must give 1 <= K <= N <= UINTMAX_MAX; an
   empty K is none.
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

/* The model's verdict on a number.  */
struct model_number
{
  enum split_err err;
  uintmax_t value;
};

/* True if C is white space in the C locale.  */
static bool
space (char c)
{
  return c == ' ' || ('\t' <= c && c <= '\r');
}

/* The power of the unit letter C, or -1 if it is none; b, which is
   512, is -2.  */
static int
unit_power (char c)
{
  static char const units[] = "KMGTPEZY";
  if (c == 'b')
    return -2;
  if (c == 'k' || c == 'm')
    c -= 'a' - 'A';
  char const *p = strchr (units, c);
  return c && p ? p - units + 1 : -1;
}

/* Multiply *V by M, saturating; return false on overflow.  */
static bool
scale (uintmax_t *v, uintmax_t m)
{
  u128 r = (u128) *v * m;
  if (r > UINTMAX_MAX)
    {
      *v = UINTMAX_MAX;
      return false;
    }
  *v = r;
  return true;
}

/* The model of split's number ARG with the unit letters SUFFIXES,
   within MIN..MAX.  */
static struct model_number
model_number (char const *arg, uintmax_t min, uintmax_t max,
              char const *suffixes)
{
  struct model_number r = { SPLIT_INVALID, 0 };
  char const *p = arg;
  while (space (*p))
    p++;
  if (*p == '-')
    return r;
  if (*p == '+')
    p++;
  bool ok = true;
  uintmax_t v = 0;
  char const *digits = p;
  for (; '0' <= *p && *p <= '9'; p++)
    ok &= scale (&v, 10) && !__builtin_add_overflow (v, *p - '0', &v);
  if (p == digits)
    {
      /* No digits: only a unit letter at the very start stands for 1.  */
      if (!*arg || !*suffixes || !strchr (suffixes, *arg))
        return r;
      p = arg;
      v = 1;
    }
  if (*p)
    {
      if (!*suffixes || !strchr (suffixes, *p))
        return r;
      int power = unit_power (*p++);
      uintmax_t base = 1024;
      if (power < 1)
        ;
      else if (p[0] == 'i' && p[1] == 'B')
        p += 2;
      else if (*p == 'B' || *p == 'D')
        {
          base = 1000;
          p++;
        }
      if (*p || power == -1)
        return r;
      if (power == -2)
        ok &= scale (&v, 512);
      for (int i = 0; i < power; i++)
        ok &= scale (&v, base);
    }
  r.value = v;
  if (!ok)
    r.err = SPLIT_OVERFLOW;
  else if (v < min || max < v)
    r.err = INT_MAX / 2 < v ? SPLIT_OVERFLOW : SPLIT_RANGE;
  else
    r.err = SPLIT_OK;
  return r;
}

/* Check split_number on ARG against the model.  */
static void
check_number (char const *arg, uintmax_t min, uintmax_t max,
              char const *suffixes)
{
  uintmax_t n;
  enum split_err e = split_number (arg, min, max, suffixes, &n);
  struct model_number m = model_number (arg, min, max, suffixes);
  CHECK (e == m.err);
  CHECK (e != SPLIT_OK || n == m.value);
}

/* Check split_chunks on ARG: the kind from its prefix, N from what
   follows the first slash (or all), K from what comes before.  */
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
  char const *slash = strchr (p, '/');
  struct model_number n = model_number (slash ? slash + 1 : p, 1,
                                        UINTMAX_MAX, "");
  if (n.err != SPLIT_OK)
    {
      CHECK (e == n.err && !c.bad_k);
      CHECK (c.bad == (slash ? slash + 1 : p) && !c.bad[c.bad_len]);
      return;
    }
  if (!slash || slash == p)
    {
      CHECK (e == SPLIT_OK && c.n == n.value && c.k == 0);
      return;
    }
  char *k = strndup (p, slash - p);
  CHECK (k);
  struct model_number km = model_number (k, 1, n.value, "");
  free (k);
  CHECK (e == km.err);
  if (e == SPLIT_OK)
    CHECK (c.n == n.value && c.k == km.value && 1 <= c.k && c.k <= c.n);
  else
    CHECK (c.bad_k && c.bad == p && c.bad_len == (size_t) (slash - p));
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
  uintmax_t d = 0;
  u128 model = 0;
  for (char const *p = arg; '0' <= *p && *p <= '9'; p++)
    {
      model = model * 10 + (*p - '0');
      bool ok = split_add_digit (&d, *p);
      CHECK (ok == (model <= UINTMAX_MAX));
      if (!ok)
        break;
      CHECK (d == model);
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
      struct model_number st = { SPLIT_INVALID, 0 };
      if (s->start)
        st = model_number (s->start, 0, UINTMAX_MAX, "");
      /* GNU counts from the start value only if the last number then
         fits.  */
      if (st.err == SPLIT_OK && st.value < s->n_units
          && (u128) st.value + s->n_units <= UINTMAX_MAX)
        last += st.value;
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
  CHECK (split_names_init (&names, prefix, add, s->alphabet, s->length,
                           s->widen, s->start) == 0);
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
    case 0:
      check_number (arg, 1, INTMAX_MAX, split_size_suffixes);
      break;
    case 1:
      check_number (arg, 0, SIZE_MAX / sizeof (size_t), "");
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
