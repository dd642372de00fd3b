/* split-args.c -- split's option arguments and the names of its pieces.

   Calls only the C library and gnulib's c-ctype and intprops.  */

#include <config.h>

#include "split-args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "intprops.h"

char const split_size_suffixes[] = "bEGKkMmPQRTYZ0";

/* Multiply *V by M (M > 0), saturating at INTMAX_MAX or INTMAX_MIN.
   Return false if it saturated.  */
static bool
scale (intmax_t *v, intmax_t m)
{
  bool negative = *v < 0;
  if (INT_MULTIPLY_WRAPV (*v, m, v))
    {
      *v = negative ? INTMAX_MIN : INTMAX_MAX;
      return false;
    }
  return true;
}

/* The power of 1000 or 1024 that the unit letter C stands for, or 0
   if it is none of those ('b' is not: it is 512).  */
static int
unit_power (char c)
{
  static char const upper[] = "KMGTPEZYRQ";
  static char const lower[] = "kmgt";   /* xstrtol's lower-case twins */
  char const *p = c ? strchr (upper, c) : NULL;
  if (p)
    return p - upper + 1;
  p = c ? strchr (lower, c) : NULL;
  return p ? p - lower + 1 : 0;
}

/* Read into S the unit at P that follows a number, with the unit
   letters SUFFIXES as gnulib's xstrtol reads them: a letter of
   SUFFIXES; after one of K, M, G ..., if SUFFIXES holds '0', "B" or
   "D" (powers of 1000) or "iB" (of 1024); 'b' is 512.  Anything after
   that, or another letter, is junk.  */
static void
scan_unit (char const *p, char const *suffixes, struct split_scan *s)
{
  if (!*p)
    return;
  if (!strchr (suffixes, *p))
    {
      s->junk = true;
      return;
    }
  int power = unit_power (*p);
  intmax_t base = 1024;
  if (*p == 'b')
    s->overflow |= !scale (&s->value, 512);
  else if (!power)
    {
      s->junk = true;           /* '0' alone is no unit */
      return;
    }
  p++;
  if (power && strchr (suffixes, '0'))
    {
      if (p[0] == 'i' && p[1] == 'B')
        p += 2;
      else if (*p == 'B' || *p == 'D')
        {
          base = 1000;
          p++;
        }
    }
  for (int i = 0; i < power; i++)
    s->overflow |= !scale (&s->value, base);
  s->junk = *p != '\0';
}

/* Scan the number ARG as GNU's split reads its counts (gnulib's
   xstrtoimax): white space, a sign, decimal digits (none if a unit
   letter of SUFFIXES comes first: it is 1 of it), then a unit of
   SUFFIXES ("" for none).  A value past intmax_t saturates.  Set *S;
   S->end is where the digits end.  */
void
split_scan (char const *arg, char const *suffixes, struct split_scan *s)
{
  *s = (struct split_scan) { .end = arg };
  char const *p = arg;
  while (c_isspace (*p))
    p++;
  bool negative = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  if (!c_isdigit (*p))
    {
      s->invalid = !*arg || !strchr (suffixes, *arg);
      s->value = 1;
      if (!s->invalid)
        scan_unit (arg, suffixes, s);
      return;
    }
  for (; c_isdigit (*p); p++)
    {
      int d = *p - '0';
      if (INT_MULTIPLY_WRAPV (s->value, 10, &s->value)
          || INT_ADD_WRAPV (s->value, negative ? -d : d, &s->value))
        {
          s->value = negative ? INTMAX_MIN : INTMAX_MAX;
          s->digits_overflow = true;
        }
    }
  s->overflow = s->digits_overflow;
  s->end = p;
  scan_unit (p, suffixes, s);
}

/* Parse the count ARG of -b, -C or -l with the unit letters SUFFIXES
   into *N, as GNU 9.10 does: a value past INTMAX_MAX is INTMAX_MAX (no
   input can tell the difference), and it must be at least 1.  Return
   SPLIT_OK; else SPLIT_RANGE if its digits overflowed (GNU prints
   strtoimax's ERANGE then), or SPLIT_INVALID.  */
enum split_err
split_count (char const *arg, char const *suffixes, intmax_t *n)
{
  struct split_scan s;
  split_scan (arg, suffixes, &s);
  if (!s.invalid && !s.junk && 1 <= s.value)
    {
      *n = s.value;
      return SPLIT_OK;
    }
  return s.digits_overflow ? SPLIT_RANGE : SPLIT_INVALID;
}

/* Parse the number ARG of -a or ---io-blksize with the unit letters
   SUFFIXES into *N, within MIN..MAX (0 <= MIN), as gnulib's xnumtoint
   does with FLAGS: SPLIT_NUM_UNSIGNED reads a leading '-' as no
   number; SPLIT_NUM_LOW_RANGE makes a number below MIN a range error.
   Return SPLIT_OK; SPLIT_INVALID if ARG is no number or has junk
   after it (even out of range); SPLIT_RANGE if below MIN with
   SPLIT_NUM_LOW_RANGE; else SPLIT_OVERFLOW if out of range or past
   intmax_t.  */
enum split_err
split_number (char const *arg, intmax_t min, intmax_t max,
              char const *suffixes, int flags, intmax_t *n)
{
  char const *p = arg;
  while (c_isspace (*p))
    p++;
  if (*p == '-' && (flags & SPLIT_NUM_UNSIGNED))
    return SPLIT_INVALID;
  struct split_scan s;
  split_scan (arg, suffixes, &s);
  if (s.invalid || s.junk)
    return SPLIT_INVALID;
  if (s.value < min)
    return flags & SPLIT_NUM_LOW_RANGE ? SPLIT_RANGE : SPLIT_OVERFLOW;
  if (max < s.value || s.overflow)
    return SPLIT_OVERFLOW;
  *n = s.value;
  return SPLIT_OK;
}

/* Parse -n's CHUNKS ARG into C as GNU 9.10 does: leading white space,
   then l/ or r/ (else bytes), then N, or K/N with K plain digits; N at
   least 1 (past INTMAX_MAX it is INTMAX_MAX), 1 <= K <= N.  Return
   SPLIT_OK; else how it failed, C->bad the text to name: all of [K/]N
   if it is no count of chunks, nor digits then a slash; N if that is
   no count; K (C->bad_k, SPLIT_INVALID) if out of 1..N.  */
enum split_err
split_chunks (char const *arg, struct split_chunks *c)
{
  while (c_isspace (*arg))
    arg++;
  c->kind = SPLIT_CHUNK_BYTES;
  if (strncmp (arg, "r/", 2) == 0 || strncmp (arg, "l/", 2) == 0)
    {
      c->kind = *arg == 'r' ? SPLIT_CHUNK_ROUND_ROBIN : SPLIT_CHUNK_LINES;
      arg += 2;
    }
  c->k = 0;
  c->bad_k = false;
  c->bad = arg;
  c->bad_len = strlen (arg);
  struct split_scan s;
  split_scan (arg, "", &s);
  if (!s.invalid && s.junk && !s.overflow && *s.end == '/')
    {
      enum split_err e = split_count (s.end + 1, "", &c->n);
      if (e != SPLIT_OK)
        {
          c->bad = s.end + 1;
          c->bad_len = strlen (c->bad);
          return e;
        }
      if (!(0 < s.value && s.value <= c->n))
        {
          c->bad_k = true;
          c->bad_len = s.end - arg;
          return SPLIT_INVALID;
        }
      c->k = s.value;
      return SPLIT_OK;
    }
  return split_count (arg, "", &c->n);
}

/* Parse -t's ARG into *SEP: one byte, or "\0" for NUL.  */
enum split_sep_err
split_separator (char const *arg, char *sep)
{
  if (!arg[0])
    return SPLIT_SEP_EMPTY;
  if (arg[1] && strcmp (arg, "\\0") != 0)
    return SPLIT_SEP_MULTI;
  *sep = arg[1] ? '\0' : arg[0];
  return SPLIT_SEP_OK;
}

/* Check the start value ARG of --numeric-suffixes or --hex-suffixes:
   only digits of ALPHABET.  Set *START to it without its leading
   zeros (one zero left of a zero).  Return false if it is invalid.  */
bool
split_start (char const *arg, char const *alphabet, char const **start)
{
  if (strlen (arg) != strspn (arg, alphabet))
    return false;
  while (arg[0] == '0' && arg[1])
    arg++;
  *start = arg;
  return true;
}

/* Append the decimal digit C to the count *DIGITS of -NUM; past
   INTMAX_MAX it stays INTMAX_MAX, as GNU 9.10's.  */
void
split_add_digit (intmax_t *digits, int c)
{
  if (INT_MULTIPLY_WRAPV (*digits, 10, digits)
      || INT_ADD_WRAPV (*digits, c - '0', digits))
    *digits = INTMAX_MAX;
}

/* Settle the suffix length of S, as GNU 9.10 does: with -n, long
   enough for N names (counting from the start value if it is below N,
   the last name's number then at most INTMAX_MAX); at least 2
   unless -a says otherwise; growing on its own only without -a, a
   start value or -n.  Then the start value must fit in it.  */
enum split_suffix_err
split_settle_suffix (struct split_suffix *s)
{
  s->widen = !s->start;
  s->needed = 0;
  if (s->chunked)
    {
      intmax_t last = s->n_units - 1;
      struct split_scan start;
      if (s->start)
        {
          split_scan (s->start, "", &start);
          if (!start.invalid && !start.junk && !start.overflow
              && start.value < s->n_units
              && INT_ADD_WRAPV (last, start.value, &last))
            last = INTMAX_MAX;
        }
      intmax_t base = strlen (s->alphabet);
      do
        s->needed++;
      while (last /= base);
      s->widen = false;
    }
  if (s->length)
    {
      s->widen = false;
      if (s->length < s->needed)
        return SPLIT_SUFFIX_TOO_SHORT;
    }
  else
    s->length = s->needed < 2 ? 2 : s->needed;
  if (s->start && s->length < strlen (s->start))
    return SPLIT_SUFFIX_START_TOO_LONG;
  return SPLIT_SUFFIX_OK;
}

/* Lay out S's name for a suffix of SUF_LEN letters, all the alphabet's
   first, after the prefix already there.  Return 0, or -1 if memory
   ran out (S then unchanged but for a larger buffer).  */
static int
layout_name (struct split_names *s)
{
  size_t len = s->prefix_len + s->suf_len + s->add_len;
  char *name = realloc (s->name, len + 1);
  if (!name)
    return -1;
  s->name = name;
  size_t *digit = calloc (s->suf_len ? s->suf_len : 1, sizeof *digit);
  if (!digit)
    return -1;
  memset (name + s->prefix_len, s->alphabet[0], s->suf_len);
  memcpy (name + s->prefix_len + s->suf_len, s->add, s->add_len);
  name[len] = '\0';
  free (s->digit);
  s->digit = digit;
  return 0;
}

/* Set up S for the names PREFIX, then SUFFIX_LENGTH letters of
   ALPHABET starting from START (letters of ALPHABET, at most
   SUFFIX_LENGTH of them, or NULL: all the first letter), then
   ADDITIONAL (or NULL).  WIDEN lets the suffix grow when it would run
   out.  The strings must outlive S.  Nothing is allocated until the
   first name is asked for, as GNU's split makes no name for an empty
   input (with a suffix length too large for any).  */
void
split_names_init (struct split_names *s, char const *prefix,
                  char const *additional, char const *alphabet,
                  size_t suffix_length, bool widen, char const *start)
{
  *s = (struct split_names) {
    .prefix = prefix, .start = start,
    .add = additional ? additional : "", .alphabet = alphabet,
    .alpha_len = strlen (alphabet), .prefix_len = strlen (prefix),
    .suf_len = suffix_length, .widen = widen
  };
  s->add_len = strlen (s->add);
}

/* Lay out S's first name.  Return 0, or -1 if memory ran out.  */
static int
first_name (struct split_names *s)
{
  s->name = malloc (s->prefix_len + 1);
  if (!s->name)
    return -1;
  memcpy (s->name, s->prefix, s->prefix_len);
  if (layout_name (s) != 0)
    return -1;
  if (s->start)
    {
      size_t n = strlen (s->start);
      for (size_t i = 0; i < n; i++)
        {
          size_t at = s->suf_len - n + i;
          s->name[s->prefix_len + at] = s->start[i];
          s->digit[at] = strchr (s->alphabet, s->start[i]) - s->alphabet;
        }
    }
  return 0;
}

/* Make S's suffix one letter longer: the prefix takes in the first
   letter (the alphabet's last), and the new suffix starts from the
   first letter.  So after xyz come xzaaa, xzaab ...  Return 0, or -1
   if memory ran out.  */
static int
widen (struct split_names *s)
{
  s->name[s->prefix_len] = s->alphabet[s->alpha_len - 1];
  s->prefix_len++;
  s->suf_len++;
  return layout_name (s);
}

/* Return the name of the next piece of S (the first name on the first
   call), in a buffer that the next call reuses; or NULL with errno 0
   when the suffixes are exhausted, or ENOMEM.  */
char const *
split_names_next (struct split_names *s)
{
  if (!s->given)
    {
      s->given = true;
      if (first_name (s) == 0)
        return s->name;
      errno = ENOMEM;
      return NULL;
    }
  for (size_t i = s->suf_len; i-- > 0;)
    {
      s->digit[i]++;
      if (s->widen && i == 0 && s->digit[0] == s->alpha_len - 1)
        return widen (s) == 0 ? s->name : NULL;
      if (s->digit[i] < s->alpha_len)
        {
          s->name[s->prefix_len + i] = s->alphabet[s->digit[i]];
          return s->name;
        }
      s->digit[i] = 0;
      s->name[s->prefix_len + i] = s->alphabet[0];
    }
  errno = 0;
  return NULL;
}

/* Free what S holds.  */
void
split_names_free (struct split_names *s)
{
  free (s->name);
  free (s->digit);
  s->name = NULL;
  s->digit = NULL;
}
