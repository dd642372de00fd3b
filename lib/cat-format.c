/* cat-format.c -- cat's formatting of lines: -b -E -n -s -T -v.
   See cat-format.h.  src/cat-tool/cat.c drives it over its files, and
   tests/fuzz/cat-format.c against a small model of GNU's output.  */

#include <config.h>

#include <string.h>

#include "cat-format.h"

/* What the formatting loop does with an input byte.  */
enum byte_kind
{
  BYTE_PLAIN,     /* copied as it is */
  BYTE_NEWLINE,   /* ends a line */
  BYTE_NOTATION,  /* written as its notation */
  BYTE_CR         /* with -E but not -v: "^M" before a newline */
};

/* Fill in F's byte_kind and notation from its options.  */
static void
init_byte_table (struct cat_format *f)
{
  for (int c = 0; c <= UCHAR_MAX; c++)
    {
      int low = c & 0x7f;
      char *p = f->notation[c];
      if (c == '\n')
        f->byte_kind[c] = BYTE_NEWLINE;
      else if (c == '\r' && f->o.show_ends && !f->o.show_nonprinting)
        f->byte_kind[c] = BYTE_CR;
      else if (c == '\t' ? !f->o.show_tabs
               : !f->o.show_nonprinting || (32 <= c && c < 127))
        f->byte_kind[c] = BYTE_PLAIN;
      else
        {
          /* Only -v reaches bytes above 127; -T alone, only the tab.  */
          if (c > 127)
            *p++ = 'M', *p++ = '-';
          if (low < 32)
            *p++ = '^', *p++ = low + 64;
          else if (low == 127)
            *p++ = '^', *p++ = '?';
          else
            *p++ = low;
          f->notation_len[c] = p - f->notation[c];
          f->byte_kind[c] = BYTE_NOTATION;
        }
    }
}

/* See cat-format.h.  */
void
cat_format_init (struct cat_format *f, const struct cat_format_options *o,
                 void (*flush) (void *cookie, const char *buf, size_t n),
                 void *cookie)
{
  memset (f, 0, sizeof *f);
  f->o = *o;
  f->flush = flush;
  f->cookie = cookie;
  f->at_line_start = true;
  init_byte_table (f);
  memset (f->line_num, ' ', CAT_LINE_NUM_END);
  f->line_num[CAT_LINE_NUM_END - 1] = '0';
  f->line_num[CAT_LINE_NUM_END] = '\t';
  f->line_num_field = f->line_num + CAT_LINE_NUM_END - 6;
}

/* Count F's line number up by one, in its text.  */
static void
next_line_number (struct cat_format *f)
{
  char *p = f->line_num + CAT_LINE_NUM_END - 1;
  while (*p == '9')
    *p-- = '0';
  *p = *p == ' ' ? '1' : *p + 1;
  if (p < f->line_num_field)
    f->line_num_field = p;
}

/* See cat-format.h.  */
void
cat_format_flush (struct cat_format *f)
{
  f->flush (f->cookie, f->outbuf, f->outbuf_len);
  f->outbuf_len = 0;
}

/* Append the N bytes at P to F's buffer, flushing it whenever full.  */
static void
out_bytes (struct cat_format *f, const char *p, size_t n)
{
  while (n > 0)
    {
      if (f->outbuf_len == f->outbuf_size)
        cat_format_flush (f);
      size_t room = f->outbuf_size - f->outbuf_len;
      size_t k = n < room ? n : room;
      memcpy (f->outbuf + f->outbuf_len, p, k);
      f->outbuf_len += k;
      p += k;
      n -= k;
    }
}

/* Append F's next line number and its tab to its buffer.  */
static void
out_line_number (struct cat_format *f)
{
  next_line_number (f);
  out_bytes (f, f->line_num_field,
             f->line_num + CAT_LINE_NUM_END + 1 - f->line_num_field);
}

/* Output the end of a line: "$" first with -E.  Next comes a new
   line.  */
static void
out_newline (struct cat_format *f)
{
  if (f->o.show_ends)
    out_bytes (f, "$\n", 2);
  else
    out_bytes (f, "\n", 1);
  f->at_line_start = true;
}

/* Output an empty line (its newline read at the start of a line), or
   nothing if it repeats an empty line and -s is given.  */
static void
out_blank_line (struct cat_format *f)
{
  if (f->o.squeeze_blank && f->prev_blank)
    return;
  f->prev_blank = true;
  if (f->o.number && !f->o.number_nonblank)
    out_line_number (f);
  out_newline (f);
}

/* Copy from P, before END, the bytes that stand for themselves
   (without -v and -T: all but newline, and with -E carriage return)
   into F's buffer.  Return where the copy stopped: at the first other
   byte, or END.  memchr finds it fast.  */
static const unsigned char *
copy_plain_run (struct cat_format *f, const unsigned char *p,
                const unsigned char *end)
{
  const unsigned char *q = memchr (p, '\n', end - p);
  if (!q)
    q = end;
  if (f->o.show_ends)
    {
      const unsigned char *cr = memchr (p, '\r', q - p);
      if (cr)
        q = cr;
    }
  out_bytes (f, (const char *) p, q - p);
  return q;
}

/* Format from P, before END, the bytes that stand for themselves or
   for their notation (with -v or -T) into F's buffer.  Return where
   this stopped: at the first newline or BYTE_CR, or END.  Written
   straight into the buffer, in pieces that fit even if every byte
   takes 4.  */
static const unsigned char *
format_notation_run (struct cat_format *f, const unsigned char *p,
                     const unsigned char *end)
{
  while (p < end)
    {
      if (f->outbuf_size - f->outbuf_len < sizeof f->notation[0])
        cat_format_flush (f);
      size_t fit = (f->outbuf_size - f->outbuf_len) / sizeof f->notation[0];
      const unsigned char *lim = (size_t) (end - p) < fit ? end : p + fit;
      char *o = f->outbuf + f->outbuf_len;
      for (; p < lim; p++)
        {
          unsigned char c = *p;
          if (f->byte_kind[c] == BYTE_PLAIN)
            *o++ = c;
          else if (f->byte_kind[c] == BYTE_NOTATION)
            {
              memcpy (o, f->notation[c], sizeof f->notation[c]);
              o += f->notation_len[c];
            }
          else
            break;
        }
      f->outbuf_len = o - f->outbuf;
      if (p < lim)
        break;
    }
  return p;
}

/* Output the carriage return read just before NEXT: as "^M" when NEXT
   is a newline (-E shows CR LF line ends as "^M$", as GNU does), else
   as it is.  */
static void
out_cr (struct cat_format *f, int next)
{
  if (next == '\n')
    out_bytes (f, "^M", 2);
  else
    out_bytes (f, "\r", 1);
}

/* See cat-format.h.  */
void
cat_format_bytes (struct cat_format *f, const unsigned char *p,
                  const unsigned char *end)
{
  if (f->pending_cr && p < end)
    {
      f->pending_cr = false;
      out_cr (f, *p);
    }
  while (p < end)
    {
      if (f->at_line_start)
        {
          if (*p == '\n')
            {
              p++;
              out_blank_line (f);
              continue;
            }
          if (f->o.number)
            out_line_number (f);
          f->at_line_start = false;
          f->prev_blank = false;
        }
      const unsigned char *q = (f->o.show_nonprinting || f->o.show_tabs
                                ? format_notation_run (f, p, end)
                                : copy_plain_run (f, p, end));
      if (q == end)
        break;
      if (*q == '\n')
        out_newline (f);
      else if (q + 1 < end)
        out_cr (f, q[1]);
      else
        f->pending_cr = true;
      p = q + 1;
    }
}

/* See cat-format.h.  */
void
cat_format_end (struct cat_format *f)
{
  if (f->pending_cr)
    {
      f->pending_cr = false;
      out_cr (f, -1);
    }
}
