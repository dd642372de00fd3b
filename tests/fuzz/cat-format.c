/* cat-format.c -- libFuzzer target: cat's formatter (lib/cat-format.c)
   against a small model of GNU cat's -b -E -n -s -T -v output.

   Input: byte 0 holds the options (bit 0 -n, 1 -b, 2 -s, 3 -E, 4 -T,
   5 -v), byte 1 the size of the output buffer (64 bytes and up) and
   byte 2 seeds the sizes of the pieces the rest, the text, is fed in
   (as cat reads a file, or several files one after another).  The
   formatter's output must equal the model's, byte for byte.

   The model reads the text one line at a time, the plainest way GNU's
   documentation allows: a line is empty when it is just its newline;
   with -s an empty line right after an empty line is dropped; -n
   numbers every line kept, -b (which wins) every nonempty one, as
   "%6ju\t"; with -v a byte is shown as ^X (control), ^? (DEL), M-x or
   M-^X (above 127, shown as its low seven bits after "M-"), tab and
   newline excepted; -T shows a tab as ^I; -E writes "$" before each
   newline, and then shows a carriage return just before a newline as
   ^M even without -v.  */

#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cat-format.h"
#include "fuzz.h"

/* A growing byte string.  */
struct text
{
  char *p;
  size_t len, cap;
};

/* Append the N bytes at S to T.  */
static void
put (struct text *t, const char *s, size_t n)
{
  if (n == 0)
    return;
  if (t->cap - t->len < n)
    {
      t->cap = 2 * (t->len + n) + 64;
      t->p = realloc (t->p, t->cap);
      CHECK (t->p);
    }
  memcpy (t->p + t->len, s, n);
  t->len += n;
}

/* The formatter's FLUSH: append to the struct text at COOKIE.  */
static void
collect (void *cookie, const char *buf, size_t n)
{
  CHECK (n == 0 || buf);
  put (cookie, buf, n);
}

/* Append the model's view of byte C (not a newline) of a line whose
   next byte is NEXT (-1 at the end of the text) to T.  */
static void
model_byte (struct text *t, const struct cat_format_options *o,
            unsigned char c, int next)
{
  if (c == '\t')
    put (t, o->show_tabs ? "^I" : "\t", o->show_tabs ? 2 : 1);
  else if (o->show_nonprinting && (c < 32 || 127 <= c))
    {
      char s[4];
      int n = 0;
      unsigned char low = c & 0x7f;
      if (c >= 128)
        s[n++] = 'M', s[n++] = '-';
      if (low < 32)
        s[n++] = '^', s[n++] = low + 64;
      else if (low == 127)
        s[n++] = '^', s[n++] = '?';
      else
        s[n++] = low;
      put (t, s, n);
    }
  else if (c == '\r' && o->show_ends && next == '\n')
    put (t, "^M", 2);
  else
    put (t, (const char *) &c, 1);
}

/* The model's output for the LEN bytes at IN under O, into T.  */
static void
model (const struct cat_format_options *o, const uint8_t *in, size_t len,
       struct text *t)
{
  uintmax_t lineno = 0;
  bool prev_blank = false;
  for (size_t i = 0; i < len;)
    {
      const uint8_t *nl = memchr (in + i, '\n', len - i);
      size_t end = nl ? (size_t) (nl - in) : len;
      bool blank = nl && end == i;
      if (o->squeeze_blank && blank && prev_blank)
        {
          i = end + 1;
          continue;
        }
      prev_blank = blank;
      if (o->number_nonblank ? !blank : o->number)
        {
          char num[32];
          put (t, num, sprintf (num, "%6" PRIuMAX "\t", ++lineno));
        }
      for (size_t j = i; j < end; j++)
        model_byte (t, o, in[j], j + 1 < len ? in[j + 1] : -1);
      if (nl)
        put (t, o->show_ends ? "$\n" : "\n", o->show_ends ? 2 : 1);
      i = end + 1;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 3)
    return 0;
  struct cat_format_options o = {
    .number = data[0] & 3,
    .number_nonblank = data[0] & 2,
    .squeeze_blank = data[0] & 4,
    .show_ends = data[0] & 8,
    .show_tabs = data[0] & 16,
    .show_nonprinting = data[0] & 32
  };
  size_t bufsize = CAT_FORMAT_OUTBUF_MIN + data[1];
  unsigned int seed = data[2];
  const uint8_t *in = data + 3;
  size_t len = size - 3;

  struct text got = { NULL, 0, 0 }, want = { NULL, 0, 0 };
  static struct cat_format f;
  cat_format_init (&f, &o, collect, &got);
  f.outbuf = malloc (bufsize);
  CHECK (f.outbuf);
  f.outbuf_size = bufsize;
  /* Pieces of 0 to 63 bytes, each in its own exact allocation.  */
  for (size_t done = 0; done < len;)
    {
      seed = seed * 1103515245 + 12345;
      size_t n = (seed >> 16) % 64;
      if (n > len - done)
        n = len - done;
      unsigned char *piece = malloc (n + 1);
      CHECK (piece);
      memcpy (piece, in + done, n);
      cat_format_bytes (&f, piece, piece + n);
      CHECK (f.outbuf_len <= f.outbuf_size);
      free (piece);
      done += n;
    }
  cat_format_end (&f);
  cat_format_flush (&f);
  model (&o, in, len, &want);

  if (got.len != want.len
      || (got.len > 0 && memcmp (got.p, want.p, got.len) != 0))
    {
      fprintf (stderr, "cat-format: options %#x: %zu bytes out, model %zu\n",
               data[0], got.len, want.len);
      CHECK (!"output differs from the model");
    }
  free (f.outbuf);
  free (got.p);
  free (want.p);
  return 0;
}
