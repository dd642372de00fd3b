/* cat-format.h -- cat's formatting of lines: -b -E -n -s -T -v.

   The formatter turns input bytes into GNU cat's output bytes, through
   an output buffer that it hands to a FLUSH function whenever full.
   Its state (line number, start of line, blank line, a carriage return
   whose notation waits for the next byte) runs on from one call to the
   next, so that the output of a series of calls is that of their
   bytes' concatenation.  Nothing here reads, prints or exits.  */

#ifndef BRISK_CAT_FORMAT_H
#define BRISK_CAT_FORMAT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* The options: -n, -b (which wins over -n, and sets NUMBER too), -s,
   -E, -T and -v.  */
struct cat_format_options
{
  bool number;
  bool number_nonblank;
  bool squeeze_blank;
  bool show_ends;
  bool show_tabs;
  bool show_nonprinting;
};

/* Decimal digits of the line number field: 24 outlast any count of
   lines.  */
enum { CAT_LINE_NUM_END = 24 };

struct cat_format
{
  struct cat_format_options o;
  /* For each input byte, what the formatting loop does with it, and
     for those shown in notation the ^X, M-x, M-^X or ^? text (not
     NUL-terminated) and its length.  */
  unsigned char byte_kind[UCHAR_MAX + 1];
  char notation[UCHAR_MAX + 1][4];
  unsigned char notation_len[UCHAR_MAX + 1];
  /* The number of the last numbered line (0 before the first), as its
     output text: decimal digits right-aligned before
     LINE_NUM[CAT_LINE_NUM_END], which is a tab, with spaces before
     them.  LINE_NUM_FIELD is where the output starts: 6 characters
     before the tab, or more when the number has more digits.  */
  char line_num[CAT_LINE_NUM_END + 1];
  char *line_num_field;
  bool at_line_start;   /* the next byte begins a line */
  bool prev_blank;      /* the last line written was empty (for -s) */
  bool pending_cr;      /* a carriage return was the last byte read
                           with -E and not -v: its notation depends on
                           the next one */
  /* The output buffer, OUTBUF_LEN bytes of it pending; the caller
     provides it (at least CAT_FORMAT_OUTBUF_MIN bytes) before the
     first byte is formatted.  */
  char *outbuf;
  size_t outbuf_size;
  size_t outbuf_len;
  /* Write the N bytes at BUF out (COOKIE is passed through); on
     failure it must not return.  */
  void (*flush) (void *cookie, const char *buf, size_t n);
  void *cookie;
};

/* The smallest output buffer.  */
enum { CAT_FORMAT_OUTBUF_MIN = 64 };

/* Start F with options O, at the start of a first line, numbered 1,
   its output going to FLUSH (with COOKIE).  F->outbuf is left to the
   caller.  */
void cat_format_init (struct cat_format *f,
                      const struct cat_format_options *o,
                      void (*flush) (void *cookie, const char *buf,
                                     size_t n),
                      void *cookie);

/* Format the input bytes from P up to END into F's buffer.  */
void cat_format_bytes (struct cat_format *f, const unsigned char *p,
                       const unsigned char *end);

/* The input has ended: a carriage return that ended it stays as it
   is.  Then nothing is pending but F's buffer.  */
void cat_format_end (struct cat_format *f);

/* Hand F's pending bytes to its FLUSH function.  */
void cat_format_flush (struct cat_format *f);

#endif
