/* split-args.c -- split's option arguments and the names of its pieces.

   Calls only the C library and gnulib's xstrtoumax.  */

#include <config.h>

#include "split-args.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "xstrtol.h"

char const split_size_suffixes[] = "bEGKkMmPTYZ0";

/* Parse the decimal number ARG with the size SUFFIXES ("" for none)
   into *N; it must be within MIN..MAX.  Return SPLIT_OK, or how it
   failed, as gnulib's xdectoumax tells it: out of range is
   SPLIT_RANGE, or SPLIT_OVERFLOW for a number past INT_MAX / 2; too
   large for the type is SPLIT_OVERFLOW; any other fault (a bad suffix
   even with an overflow) is SPLIT_INVALID.  */
enum split_err
split_number (char const *arg, uintmax_t min, uintmax_t max,
              char const *suffixes, uintmax_t *n)
{
  strtol_error e = xstrtoumax (arg, NULL, 10, n, suffixes);
  if (e == LONGINT_OK)
    {
      if (*n < min || max < *n)
        return INT_MAX / 2 < *n ? SPLIT_OVERFLOW : SPLIT_RANGE;
      return SPLIT_OK;
    }
  return e == LONGINT_OVERFLOW ? SPLIT_OVERFLOW : SPLIT_INVALID;
}

/* Parse -n's CHUNKS ARG into C: leading white space, then l/ or r/
   (else bytes), then [K/]N with 1 <= N <= UINTMAX_MAX and 1 <= K <= N;
   an empty K ("/N") is none, as GNU reads it.  Return SPLIT_OK, or how
   N (checked first) or K failed.  */
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
  char const *slash = strchr (arg, '/');
  c->bad = slash ? slash + 1 : arg;
  c->bad_len = strlen (c->bad);
  uintmax_t u;
  enum split_err e = split_number (c->bad, 1, UINTMAX_MAX, "", &c->n);
  if (e != SPLIT_OK)
    return e;
  if (!slash || slash == arg)
    return SPLIT_OK;
  size_t len = slash - arg;
  char *k = malloc (len + 1);
  if (!k)
    return SPLIT_NOMEM;
  memcpy (k, arg, len);
  k[len] = '\0';
  e = split_number (k, 1, c->n, "", &u);
  free (k);
  c->bad_k = true;
  c->bad = arg;
  c->bad_len = len;
  if (e == SPLIT_OK)
    c->k = u;
  return e;
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

/* Append the decimal digit C to the count *DIGITS of -NUM.  Return
   false, *DIGITS unchanged, if it would pass UINTMAX_MAX.  */
bool
split_add_digit (uintmax_t *digits, int c)
{
  if (UINTMAX_MAX / 10 < *digits
      || UINTMAX_MAX - (c - '0') < *digits * 10)
    return false;
  *digits = *digits * 10 + (c - '0');
  return true;
}

/* Settle the suffix length of S, as GNU does: with -n, long enough for
   N names (counting from the start value, if below N and if the last
   name's number fits in uintmax_t; else for N names); at least 2
   unless -a says otherwise; growing on its own only without -a, a
   start value or -n.  Then the start value must fit in it.  */
enum split_suffix_err
split_settle_suffix (struct split_suffix *s)
{
  s->widen = !s->start;
  s->needed = 0;
  if (s->chunked)
    {
      uintmax_t last = s->n_units - 1;
      uintmax_t start;
      if (s->start
          && xstrtoumax (s->start, NULL, 10, &start, "") == LONGINT_OK
          && start < s->n_units && start <= UINTMAX_MAX - s->n_units)
        last += start;
      size_t base = strlen (s->alphabet);
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
   out.  The strings must outlive S.  Return 0, or -1 if memory ran out
   (free S all the same).  */
int
split_names_init (struct split_names *s, char const *prefix,
                  char const *additional, char const *alphabet,
                  size_t suffix_length, bool widen, char const *start)
{
  *s = (struct split_names) {
    .add = additional ? additional : "", .alphabet = alphabet,
    .alpha_len = strlen (alphabet), .prefix_len = strlen (prefix),
    .suf_len = suffix_length, .widen = widen
  };
  s->add_len = strlen (s->add);
  s->name = malloc (s->prefix_len + 1);
  if (!s->name)
    return -1;
  memcpy (s->name, prefix, s->prefix_len);
  if (layout_name (s) != 0)
    return -1;
  if (start)
    {
      size_t n = strlen (start);
      for (size_t i = 0; i < n; i++)
        {
          size_t at = s->suf_len - n + i;
          s->name[s->prefix_len + at] = start[i];
          s->digit[at] = strchr (alphabet, start[i]) - alphabet;
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
      return s->name;
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
