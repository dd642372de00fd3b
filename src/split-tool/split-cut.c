/* split-cut.c -- the ways split cuts its input (standard input) into
   pieces: -b (bytes), -l (lines), -C (lines in at most a size), -n N,
   K/N, l/N, l/K/N (chunks of a known size) and r/N, r/K/N (round
   robin).

   Byte cuts of a regular file move the data with the copy engine
   (copy_data_n: copy_file_range, in the kernel); the other cuts read
   the input in blocks of the size given (io_blksize), into one heap
   buffer, and write through split-out.c.  A line is a record ended by
   EOLCHAR; the last one may lack it.

   Each cut is given a struct split_cut (split.h) by split.c: the
   settings (struct split_conf: read, but for the input's status when
   chunk_spool replaces the input), the output side, the copy
   engine and the reading buffer.  This file owns no state that
   outlives a cut: the state of a -C or round-robin cut lives in the
   cut's own struct.  Calls split-out.c, lib/ and gnulib; called only
   by split.c.  split-out.c reaches the round-robin evictor (rr_evict)
   only as the function pointer given to it here.  */

#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "full-write.h"
#include "i18n.h"
#include "intprops.h"
#include "ioblksize.h"
#include "memchr-nth.h"
#include "split.h"
#include "temp-spool.h"
#include "xalloc.h"

/* Report that reading the input of SC failed (errno) and exit.  */
static _Noreturn void
die_read (struct split_cut const *sc)
{
  error (EXIT_FAILURE, errno, "%s", quotef (sc->conf->infile));
  abort ();
}

/* Read up to SC's buffer size of the input into SC's buffer; return the
   count, 0 at end of file.  Exit on error.  */
static size_t
read_input (struct split_cut const *sc)
{
  ssize_t r = io_read (STDIN_FILENO, sc->buf, sc->bufsize);
  if (r < 0)
    die_read (sc);
  return r;
}

/* Copy LEN bytes of the input of SC from its offset to FD (named NAME
   in messages; FILTER: a --filter pipe, which may stop reading), with
   SC's copy engine.  Return the count copied, less than LEN only at end
   of input.  If the filter stops reading, the input is moved past the
   LEN bytes as if they had been copied.  Exit on error.  */
static off_t
copy_input (struct split_cut const *sc, int fd, char const *name, bool filter,
            off_t len)
{
  off_t start = filter ? lseek (STDIN_FILENO, 0, SEEK_CUR) : 0;
  struct copy_result res;
  if (0 <= copy_data_n (sc->engine, STDIN_FILENO, &sc->conf->in_st, fd, NULL,
                        len, &res))
    return res.bytes;
  if (res.failure == COPY_FAILED_READ)
    die_read (sc);
  if (filter && errno == EPIPE && 0 <= start)
    {
      if (lseek (STDIN_FILENO, start + len, SEEK_SET) < 0)
        die_read (sc);
      return len;
    }
  die_write (name);
}

/* ---- -b ---------------------------------------------------------------- */

/* Cut a regular input into pieces of N_BYTES, in the kernel; a piece is
   made only for bytes that exist.  The size is taken again when the
   input seems to end, in case it grew.  Return false (nothing done) if
   the input's offset cannot be had.  */
static bool
cut_bytes_kernel (struct split_cut const *sc, intmax_t n_bytes)
{
  off_t pos = lseek (STDIN_FILENO, 0, SEEK_CUR);
  if (pos < 0)
    return false;
  off_t size = sc->conf->in_st.st_size;
  for (;;)
    {
      struct stat st;
      if (size <= pos && fstat (STDIN_FILENO, &st) == 0)
        size = st.st_size;
      if (size <= pos)
        break;
      piece_new (sc->out);
      struct out_file *f = piece_current (sc->out);
      off_t n = copy_input (sc, f->fd, f->name, sc->conf->filter_command,
                            n_bytes);
      pos += n;
      if (n < n_bytes)
        break;
    }
  piece_end (sc->out);
  return true;
}

/* Cut the input as SC says into pieces of N_BYTES bytes (the last may
   be shorter), reading blocks into SC's buffer unless the kernel can
   copy.  */
void
cut_bytes (struct split_cut const *sc, intmax_t n_bytes)
{
  struct stat const *in_st = &sc->conf->in_st;
  if (S_ISREG (in_st->st_mode) && 0 < in_st->st_size
      && cut_bytes_kernel (sc, n_bytes))
    return;
  intmax_t left = 0;            /* room left in the current piece */
  for (size_t n; (n = read_input (sc)) != 0;)
    for (char *p = sc->buf; n;)
      {
        if (left == 0)
          {
            piece_new (sc->out);
            left = n_bytes;
          }
        size_t w = n < left ? n : left;
        piece_write (sc->out, p, w);
        p += w;
        n -= w;
        left -= w;
      }
  piece_end (sc->out);
}

/* ---- -l ---------------------------------------------------------------- */

/* Cut the input as SC says into pieces of N_LINES lines, reading
   blocks into SC's buffer.  A piece is opened only when it gets a
   byte.  */
void
cut_lines (struct split_cut const *sc, uintmax_t n_lines)
{
  uintmax_t left = 0;           /* lines the current piece still takes */
  for (size_t n; (n = read_input (sc)) != 0;)
    {
      char *end = sc->buf + n;
      for (char *p = sc->buf; p < end;)
        {
          if (left == 0)
            {
              piece_new (sc->out);
              left = n_lines;
            }
          /* Most blocks hold no piece's end: count their lines.  */
          size_t found;
          char *eol = memchr_nth (p, end - p, sc->conf->eolchar,
                                  left < SIZE_MAX ? left : SIZE_MAX, &found);
          char *stop = eol ? eol + 1 : end;
          left = eol ? 0 : left - found;
          piece_write (sc->out, p, stop - p);
          p = stop;
        }
    }
  piece_end (sc->out);
}

/* ---- -C ---------------------------------------------------------------- */

/* The state of a -C cut: each piece takes the whole lines that fit in
   N bytes; a line that does not fit in a piece of its own is cut after
   N bytes, and its rest is a line of its own.  USED: bytes in the
   current piece (0: the next byte starts a new one).  DIRECT: a line
   being written began its piece, so its bytes go out as they come.
   HOLD: the start of a line (HLEN bytes) read but not yet known to fit
   in the current piece; HLEN < N - USED.  SC: the cut.  */
struct line_bytes
{
  struct split_cut const *sc;
  intmax_t n;
  intmax_t used;
  bool direct;
  char *hold;
  size_t hlen;
  size_t hsize;
};

/* Write the LEN bytes at P to S's current piece, first opening a new
   one if none is.  */
static void
lb_out (struct line_bytes *s, char const *p, size_t len)
{
  if (s->used == 0)
    piece_new (s->sc->out);
  piece_write (s->sc->out, p, len);
  s->used += len;
}

/* Keep the LEN bytes at P in S's hold.  */
static void
lb_keep (struct line_bytes *s, char const *p, size_t len)
{
  if (s->hsize - s->hlen < len)
    {
      s->hsize = s->hlen + len;
      s->hold = xrealloc (s->hold, s->hsize);
    }
  memcpy (s->hold + s->hlen, p, len);
  s->hlen += len;
}

/* Go on with S's held line start, given the next bytes P..END: write it
   with the current piece if its end comes in time, keep more of it if
   the bytes run out first, else start the next piece with it.  Return
   the bytes of P used (kept).  */
static size_t
lb_held (struct line_bytes *s, char const *p, char const *end)
{
  size_t room = s->n - s->used - s->hlen;
  size_t window = end - p < room ? end - p : room;
  if (memchr (p, s->sc->conf->eolchar, window))
    {
      lb_out (s, s->hold, s->hlen);     /* it fits */
      s->hlen = 0;
      return 0;
    }
  if (window < room)
    {
      lb_keep (s, p, window);
      return window;
    }
  s->used = 0;                  /* it does not fit: the next piece */
  lb_out (s, s->hold, s->hlen);
  s->hlen = 0;
  s->direct = true;
  return 0;
}

/* Cut the bytes P..END as S says.  */
static void
lb_cut (struct line_bytes *s, char const *p, char const *end)
{
  while (p < end)
    {
      if (s->used == s->n)
        s->used = 0;
      if (s->hlen)
        {
          p += lb_held (s, p, end);
          continue;
        }
      size_t room = s->n - s->used;
      size_t window = end - p < room ? end - p : room;
      char const *eol = memrchr (p, s->sc->conf->eolchar, window);
      if (eol)
        {
          lb_out (s, p, eol + 1 - p);
          s->direct = false;
          p = eol + 1;
        }
      else if (s->direct || s->used == 0)
        {
          lb_out (s, p, window);
          s->direct = true;
          p += window;
        }
      else if (window < room)
        {
          lb_keep (s, p, end - p);
          p = end;
        }
      else
        s->used = 0;            /* the line does not fit: next piece */
    }
}

/* Cut the input as SC says into pieces of at most N_BYTES bytes of
   whole lines (-C), reading blocks into SC's buffer.  */
void
cut_line_bytes (struct split_cut const *sc, intmax_t n_bytes)
{
  struct line_bytes s = { .sc = sc, .n = n_bytes };
  for (size_t n; (n = read_input (sc)) != 0;)
    lb_cut (&s, sc->buf, sc->buf + n);
  if (s.hlen)
    lb_out (&s, s.hold, s.hlen);        /* a last line that fits */
  piece_end (sc->out);
  free (s.hold);
}

/* ---- -n: chunks ---------------------------------------------------- */

/* The input of a chunk cut: SIZE bytes from offset BASE.  If MEM is not
   null, they were all read into it (an input that ended within the
   reading buffer); else the input is a seekable file, read from where
   it is asked: the input itself, or the temporary file that took its
   place (chunk_spool).  SC: the cut.  */
struct chunk_input
{
  struct split_cut const *sc;
  off_t base;
  off_t size;
  char *mem;
};

/* Exit with GNU's message for the input of SC, whose size cannot be
   had, and the errno value ERR.  */
static _Noreturn void
die_size (struct split_cut const *sc, int err)
{
  error (EXIT_FAILURE, err, _("%s: cannot determine file size"),
         quotef (sc->conf->infile));
  abort ();
}

/* Read the input of SC into BUF until its end or until BUFSIZE bytes
   are there.  Return the count read; exit if the input cannot be read
   (a directory).  */
static size_t
chunk_read_head (struct split_cut const *sc, char *buf, size_t bufsize)
{
  size_t have = 0;
  for (ssize_t n; have < bufsize; have += n)
    if ((n = io_read (STDIN_FILENO, buf + have, bufsize - have)) <= 0)
      {
        if (n < 0)
          die_size (sc, errno);
        break;
      }
  return have;
}

/* The input, at offset IN->base, went on past the HAVE bytes read from
   it.  Return false for an input to spool: one that cannot seek (a
   pipe, a socket, a terminal) or a regular file whose st_size fell
   short (a /proc file).  A seekable input of another kind tells its
   size by lseek (a block device): set IN's size and return true.
   Exit with "cannot determine file size" and EOVERFLOW, as GNU 9.1
   does, for one whose offset did not move as it was read, or whose end
   lseek cannot find: /dev/zero, /dev/urandom, which GNU 9.2 would copy
   until the temporary file's file system is full.  */
static bool
chunk_seek_size (struct chunk_input *in, size_t have)
{
  if (in->base < 0 || S_ISREG (in->sc->conf->in_st.st_mode))
    return false;
  off_t cur = lseek (STDIN_FILENO, 0, SEEK_CUR);
  off_t end = lseek (STDIN_FILENO, 0, SEEK_END);
  if (cur < 0 || cur - in->base < (off_t) have || end < cur
      || end == TYPE_MAXIMUM (off_t))
    die_size (in->sc, EOVERFLOW);
  in->size = end - in->base;
  return true;
}

/* Copy the HAVE bytes read into BUF and the rest of the input into an
   unlinked temporary file in $TMPDIR (or /tmp), which becomes the
   input, and IN with it.  Exit in GNU's words if that fails.  */
static void
chunk_spool (struct chunk_input *in, char const *buf, size_t have)
{
  struct split_cut const *sc = in->sc;
  struct spool_result r;
  if (spool_input (sc->engine, STDIN_FILENO, &sc->conf->in_st, buf, have,
                   &r) != 0)
    {
      int err = errno;
      if (r.failure == SPOOL_FAILED_CREATE && r.name)
        error (0, err, B_("failed to create temporary file %s"),
               quoteaf (r.name));
      free (r.name);
      die_size (sc, err);
    }
  in->base = 0;
  in->size = sc->conf->in_st.st_size;
}

/* Learn the size of the input of SC from its offset on, into IN (for
   SC): a regular file tells it; any other input is read into SC's
   buffer, and if it ends there the chunks are cut from it; if not, a seekable
   input whose end can be found is read where asked, and a pipe, a
   socket or a /proc file is first spooled to a temporary file (GNU
   9.2; 9.1 said "cannot determine file size").  Exit with that message
   if the input cannot be read (a directory), is endless (see
   chunk_seek_size) or cannot be spooled.  */
static void
chunk_input_size (struct chunk_input *in, struct split_cut const *sc)
{
  struct stat const *in_st = &sc->conf->in_st;
  char *buf = sc->buf;
  size_t bufsize = sc->bufsize;
  in->sc = sc;
  in->mem = NULL;
  in->base = lseek (STDIN_FILENO, 0, SEEK_CUR);
  if (0 <= in->base && S_ISREG (in_st->st_mode) && 0 < in_st->st_size)
    {
      in->size = in->base < in_st->st_size ? in_st->st_size - in->base : 0;
      return;
    }
  size_t have = chunk_read_head (sc, buf, bufsize);
  if (have < bufsize)
    {
      in->mem = buf;
      in->size = have;
    }
  else if (!chunk_seek_size (in, have))
    chunk_spool (in, buf, have);
}

/* Write the bytes FROM..TO of IN to FD (named NAME; FILTER: a --filter
   pipe).  */
static void
chunk_copy (struct chunk_input const *in, off_t from, off_t to, int fd,
            char const *name, bool filter)
{
  if (to <= from)
    return;
  if (in->mem)
    {
      if (full_write (fd, in->mem + from, to - from) != (size_t) (to - from)
          && !(filter && errno == EPIPE))
        die_write (name);
      return;
    }
  if (lseek (STDIN_FILENO, in->base + from, SEEK_SET) < 0)
    die_read (in->sc);
  copy_input (in->sc, fd, name, filter, to - from);
}

/* Return the offset in IN just after the end of the line that holds
   the byte at AT (< IN->size), or IN->size if that line has no end.
   BUF (of BUFSIZE bytes) is for reading.  */
static off_t
line_end_after (struct chunk_input const *in, off_t at, char *buf,
                size_t bufsize)
{
  while (at < in->size)
    {
      size_t n = in->size - at < (off_t) bufsize ? in->size - at : bufsize;
      char const *p = in->mem ? in->mem + at : buf;
      if (!in->mem)
        {
          ssize_t r = pread (STDIN_FILENO, buf, n, in->base + at);
          if (r < 0)
            die_read (in->sc);
          if (r == 0)
            return in->size;
          n = r;
        }
      char const *eol = memchr (p, in->sc->conf->eolchar, n);
      if (eol)
        return at + (eol - p) + 1;
      at += n;
    }
  return in->size;
}

/* The end of chunk C (1 to N) of IN, split in N: with LINES, just after
   the line that holds the chunk's last byte by size; the last chunk
   ends with the input.  By size, the SIZE % N first chunks are one byte
   longer than the others (SIZE / N bytes), as in GNU 9.2 and later
   (9.1 gave the last chunk all the rest).  */
static off_t
chunk_end (struct chunk_input const *in, intmax_t c, intmax_t n, bool lines,
           char *buf, size_t bufsize)
{
  off_t each = in->size / n;
  off_t longer = in->size % n;
  /* C <= N, so C * EACH <= SIZE: no overflow.  */
  off_t end = c * each + (c < longer ? c : longer);
  if (c == n || in->size <= end)
    return in->size;
  return lines ? line_end_after (in, end - 1, buf, bufsize) : end;
}

/* Cut the input as SC says into N chunks (-n N, l/N), or with K > 0
   write chunk K alone to standard output (-n K/N, l/K/N).  LINES:
   chunks end at line ends.  SC's buffer is the reading buffer.  N is
   at most INTMAX_MAX, which is OFF_T_MAX: GNU 9.10 takes a larger N as
   that many, and makes that many pieces (until the disk is full).  */
void
cut_chunks (struct split_cut const *sc, intmax_t k, intmax_t n, bool lines)
{
  static_assert (TYPE_MAXIMUM (off_t) == INTMAX_MAX);
  size_t bufsize = sc->bufsize;
  struct chunk_input in;
  chunk_input_size (&in, sc);
  char *scan = in.mem ? NULL : sc->buf;
  intmax_t first = k ? k : 1;
  intmax_t last = k ? k : n;
  off_t from = first == 1 ? 0 : chunk_end (&in, first - 1, n, lines,
                                           scan, bufsize);
  /* Stop at LAST before C would pass it: LAST may be INTMAX_MAX.  */
  for (intmax_t c = first; c <= last && c > 0; c = c < last ? c + 1 : 0)
    {
      off_t to = chunk_end (&in, c, n, lines, scan, bufsize);
      if (k)                    /* GNU names standard output "-" for
                                   bytes, says "write error" for lines */
        chunk_copy (&in, from, to, STDOUT_FILENO, lines ? NULL : "-", false);
      else if (from < to || !sc->conf->elide_empty)
        {
          piece_new (sc->out);
          struct out_file *f = piece_current (sc->out);
          chunk_copy (&in, from, to, f->fd, f->name,
                      sc->conf->filter_command);
        }
      from = to;
    }
  piece_end (sc->out);
}

/* ---- -n r/N: round robin ----------------------------------------- */

/* The buffer each round-robin output gathers its lines in (allocated
   when it first gets one): small, as there may be many outputs.  */
enum { RR_BUFSIZE = 16 * 1024 };

/* Give the record of LEN bytes at P to the round-robin output F of
   the cut SC, opening it on its first record.  With -u, write it at
   once.  Return false if F's filter no longer reads.  */
static bool
rr_put (struct split_cut const *sc, struct out_file *f, char const *p,
        size_t len)
{
  bool unbuffered = sc->conf->unbuffered;
  if (f->fd < 0)
    {
      out_open (sc->out, f);
      if (!f->buf)
        f->buf = xmalloc (RR_BUFSIZE);
    }
  if (RR_BUFSIZE - f->len < len || unbuffered)
    {
      if (f->len && !out_write (sc->out, f, f->buf, f->len))
        return false;
      f->len = 0;
      if (RR_BUFSIZE <= len || unbuffered)
        return out_write (sc->out, f, p, len);
    }
  memcpy (f->buf + f->len, p, len);
  f->len += len;
  return true;
}

/* The state of a round-robin cut SC: the N outputs (NULL with K), the
   next record's output (0 to N - 1), standard output for K, how many
   outputs' filters have stopped reading, and the output that rr_evict
   closes next (VICTIM).  */
struct rr
{
  struct split_cut const *sc;
  struct out_file *outs;
  struct out_file out;
  bool *gone;
  uintmax_t n;
  uintmax_t k;
  uintmax_t next;
  uintmax_t n_gone;
  uintmax_t victim;
  bool wrapped;
};

/* The evictor of the round-robin cut ARG (a struct rr), given to
   split-out.c while it runs.  Close an open output other than KEEP,
   writing its buffer first, so that KEEP can have its descriptor: the
   outputs are closed in turn, as GNU's split does.  Return true if one
   was closed.  A filter cannot be reopened: with --filter, write out
   what every output holds, as GNU's (which does not buffer) would
   have, and return false.  */
static bool
rr_evict (void *arg, struct out_file const *keep)
{
  struct rr *s = arg;
  if (!s || !s->outs)
    return false;
  if (s->sc->conf->filter_command)
    {
      for (uintmax_t i = 0; i < s->n; i++)
        if (0 <= s->outs[i].fd && s->outs[i].len && !s->gone[i])
          {
            out_write (s->sc->out, &s->outs[i], s->outs[i].buf,
                       s->outs[i].len);
            s->outs[i].len = 0;
          }
      return false;
    }
  for (uintmax_t tries = 0; tries < s->n; tries++)
    {
      struct out_file *f = &s->outs[s->victim];
      s->victim = (s->victim + 1) % s->n;
      if (f != keep && 0 <= f->fd)
        {
          out_close (s->sc->out, f);
          return true;
        }
    }
  return false;
}

/* Deal out the records of P..END (the last may go on in the next
   block: its output stays the same until its end).  Return false when
   every filter has stopped reading.  */
static bool
rr_deal (struct rr *s, char const *p, char const *end)
{
  while (p < end)
    {
      char const *eol = memchr (p, s->sc->conf->eolchar, end - p);
      char const *stop = eol ? eol + 1 : end;
      uintmax_t i = s->next;
      if (s->k)
        {
          if (i == s->k - 1)
            rr_put (s->sc, &s->out, p, stop - p);
        }
      else if (!s->gone[i] && !rr_put (s->sc, &s->outs[i], p, stop - p))
        {
          s->gone[i] = true;
          if (++s->n_gone == s->n)
            return false;
        }
      if (eol && ++s->next == s->n)
        {
          s->next = 0;
          s->wrapped = true;
        }
      p = stop;
    }
  return true;
}

/* Cut the input as SC says into N outputs taking one record each in
   turn (-n r/N), or with K > 0 write the records of output K alone to
   standard output (r/K/N).  Outputs that get no record are still made,
   empty, unless -e.  SC's buffer is the reading buffer.  N may be
   up to INTMAX_MAX: with K nothing is kept per output; without, the
   outputs are allocated first, and too many of them is "memory
   exhausted", as GNU says.  */
void
cut_round_robin (struct split_cut const *sc, uintmax_t k, uintmax_t n)
{
  struct rr s = { .sc = sc, .n = n, .k = k,
                  .out = { .name = NULL, .fd = STDOUT_FILENO,
                           .opened = true } };
  if (k)
    s.out.buf = xmalloc (RR_BUFSIZE);
  else
    {
      if (SIZE_MAX / sizeof *s.outs < n)
        xalloc_die ();          /* not even asked of calloc */
      s.outs = xcalloc (n, sizeof *s.outs);
      s.gone = xcalloc (n, sizeof *s.gone);
      for (uintmax_t i = 0; i < n; i++)
        {
          s.outs[i].name = xstrdup (names_next (sc->out));
          s.outs[i].fd = -1;
        }
      out_set_evictor (sc->out, rr_evict, &s);
    }
  for (size_t r; (r = read_input (sc)) != 0;)
    if (!rr_deal (&s, sc->buf, sc->buf + r))
      break;
  if (k && s.out.len)
    out_write (sc->out, &s.out, s.out.buf, s.out.len);
  free (s.out.buf);
  for (uintmax_t i = 0; !k && i < n; i++)
    {
      if (!s.outs[i].opened && !sc->conf->elide_empty)
        out_open (sc->out, &s.outs[i]);
      out_close (sc->out, &s.outs[i]);
      free (s.outs[i].buf);
      free (s.outs[i].name);
    }
  out_set_evictor (sc->out, NULL, NULL);
  free (s.outs);
  free (s.gone);
}
