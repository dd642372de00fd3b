/* copy-data.c -- the copy engine's ladder: clone, sparse,
   copy_file_range, read/write.  See copy-data.h for the contract.

   Each rung is a function of one struct copy_job, returning 1 (done),
   0 (cannot serve: the next rung goes on from the current offsets) or
   -1 (failed: errno set, and the job's result names the side).  The
   sparse rung reuses the copy_file_range and read/write loops for each
   data extent, so each way of moving bytes is written once.  */

#include <config.h>

#include "copy-data.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#ifdef __linux__
# include <linux/fs.h>
#endif

#include "alignalloc.h"
#include "full-write.h"
#include "intprops.h"
#include "ioblksize.h"

#define OFF_T_MAX TYPE_MAXIMUM (off_t)

/* No copy_file_range call asks for more than 2 GiB (ioblksize.h).  */
static_assert (IO_KERNEL_CHUNK <= (off_t) 2 << 30);

/* The unit in which read/write looks for zeros to turn into holes,
   when the destination's st_blksize is not sane.  */
enum { HOLE_BLOCK = 4096 };

/* One call of copy_data: the descriptors, their status and starting
   offsets (-1 where not seekable), and the read/write buffer, which
   is allocated only when a read/write loop first runs.  */
struct copy_job
{
  struct copy_engine *engine;
  struct copy_result *result;
  int src;
  int dst;
  struct stat src_st;
  struct stat dst_st;
  off_t src_off;
  off_t dst_off;
  bool bounded;                 /* copy_data_n: at most LEFT bytes */
  off_t left;                   /* bytes still to copy (OFF_T_MAX when
                                   not bounded: until end of file) */
  bool dst_append;              /* DST has O_APPEND: seeks do not
                                   place writes */
  bool no_seek_data;            /* the sparse rung gave up: SEEK_DATA
                                   cannot tell the holes */
  char *buf;
  size_t buf_size;
};

/* Record that the job J failed on SIDE, keeping errno.  Return -1.  */
static int
fail (struct copy_job *j, enum copy_failure side)
{
  j->result->failure = side;
  return -1;
}

/* Count N more bytes copied by J, and tell its engine's progress hook,
   if any.  */
static void
note_progress (struct copy_job *j, off_t n)
{
  j->result->bytes += n;
  if (j->engine->progress)
    j->engine->progress (j->engine->progress_arg, n);
}

/* Record in *WAY that it came to STATE, unless it came further
   already (enum copy_tried's order).  */
static void
note_tried (enum copy_tried *way, enum copy_tried state)
{
  if (*way < state)
    *way = state;
}

/* Whether J's destination can be given holes: a regular file, not
   appended to, that holds nothing at or after its offset (a hole
   skipped over an old byte would leave that byte where a zero
   belongs).  */
static bool
dst_takes_holes (struct copy_job const *j)
{
  return (S_ISREG (j->dst_st.st_mode) && !j->dst_append
          && 0 <= j->dst_off && j->dst_st.st_size <= j->dst_off);
}

/* Whether J's source looks sparse: a regular file with fewer blocks
   than its size needs.  */
static bool
src_looks_sparse (struct copy_job const *j)
{
  return (S_ISREG (j->src_st.st_mode)
          && j->src_st.st_blocks * 512 < j->src_st.st_size);
}

/* Whether J's read/write loop turns blocks of zeros into holes: with
   COPY_SPARSE_ALWAYS; and with COPY_SPARSE_AUTO, where the ladder
   holds the sparse rung, in a source that looks sparse but whose holes
   SEEK_DATA cannot tell (the sparse rung gave up), on the rungs below
   it.  Not within the data extents that the sparse rung finds under
   COPY_SPARSE_AUTO: GNU 9.2 and later copy them as they are, with
   copy_file_range where it serves (9.1 made holes of their zeros).  */
static bool
skip_zeros (struct copy_job const *j)
{
  struct copy_engine const *e = j->engine;
  bool sparse_rung_on = (e->first <= COPY_METHOD_SPARSE
                         && COPY_METHOD_SPARSE <= e->last);
  return ((e->sparse == COPY_SPARSE_ALWAYS
           || (e->sparse == COPY_SPARSE_AUTO && sparse_rung_on
               && j->no_seek_data && src_looks_sparse (j)))
          && dst_takes_holes (j));
}

/* Whether J leaves copy_file_range out on purpose: blocks of zeros
   are to become holes (read/write does that), or the engine avoids
   it.  Note it as avoided if so.  */
static bool
range_avoided (struct copy_job *j)
{
  if (!skip_zeros (j) && !j->engine->avoid_range)
    return false;
  note_tried (&j->result->range, COPY_TRIED_AVOIDED);
  return true;
}

/* ---- clone ----------------------------------------------------------- */

/* Whether PAIRS holds the pair of devices SRC, DST.  */
static bool
pairs_have (struct copy_dev_pairs const *pairs, dev_t src, dev_t dst)
{
  for (int i = 0; i < pairs->count; i++)
    if (pairs->pair[i].src == src && pairs->pair[i].dst == dst)
      return true;
  return false;
}

/* Add to PAIRS the pair SRC, DST, forgetting the oldest when full.  */
static void
pairs_add (struct copy_dev_pairs *pairs, dev_t src, dev_t dst)
{
  int i = pairs->next;
  pairs->pair[i].src = src;
  pairs->pair[i].dst = dst;
  pairs->next = (i + 1) % COPY_NO_CLONE_MAX;
  if (pairs->count < COPY_NO_CLONE_MAX)
    pairs->count++;
}

/* Whether FICLONE's error ERR means that this pair of file systems
   cannot clone at all (rather than this one file: EBADF for an
   O_APPEND destination, ETXTBSY, EPERM for an immutable file).  */
static bool
clone_unable_errno (int err)
{
  return (err == EOPNOTSUPP || err == ENOTTY || err == EXDEV
          || err == EINVAL || err == ENOSYS || err == ENOTSUP);
}

/* The clone rung: share J's whole source with its destination, when
   both are regular files at offset 0, the destination is empty and
   this pair of devices is not known to be unable.  Any failure of the
   ioctl hands over to the next rung (it changes nothing); the errors
   that speak for the pair of file systems are cached.  On success,
   leave both offsets at the end.  */
static int
clone_rung (struct copy_job *j)
{
#ifdef FICLONE
  struct copy_engine *e = j->engine;
  note_tried (&j->result->clone, COPY_TRIED_UNABLE);
  if (j->bounded
      || !(S_ISREG (j->src_st.st_mode) && S_ISREG (j->dst_st.st_mode)
        && j->src_off == 0 && j->dst_off == 0 && j->dst_st.st_size == 0)
      || pairs_have (&e->no_clone, j->src_st.st_dev, j->dst_st.st_dev))
    return 0;
  e->clone_attempts++;
  if (ioctl (j->dst, FICLONE, j->src) != 0)
    {
      if (clone_unable_errno (errno))
        pairs_add (&e->no_clone, j->src_st.st_dev, j->dst_st.st_dev);
      return 0;
    }
  note_tried (&j->result->clone, COPY_TRIED_USED);
  note_progress (j, j->src_st.st_size);
  if (lseek (j->src, 0, SEEK_END) < 0)
    return fail (j, COPY_FAILED_READ);
  if (lseek (j->dst, 0, SEEK_END) < 0)
    return fail (j, COPY_FAILED_WRITE);
  return 1;
#else
  note_tried (&j->result->clone, COPY_TRIED_UNABLE);
  return 0;
#endif
}

/* ---- read/write ------------------------------------------------------ */

/* Give J its buffer, page-aligned, on the heap, of the size that
   io_copy_blksize gives for the two files.  The engine keeps it for
   the next copies, which use it as long as it is large enough, so that
   a tree of large and small files allocates it once.  Return 0, or -1
   with errno set.  */
static int
alloc_buffer (struct copy_job *j)
{
  struct copy_engine *e = j->engine;
  size_t size = io_copy_blksize (&j->src_st, &j->dst_st);
  if (!e->buf || e->buf_size < size)
    {
      long page = sysconf (_SC_PAGESIZE);
      alignfree (e->buf);
      e->buf_size = 0;
      e->buf = alignalloc (0 < page ? page : 4096, size);
      if (!e->buf)
        {
          errno = ENOMEM;
          return -1;
        }
      e->buf_size = size;
    }
  j->buf = e->buf;
  j->buf_size = size;
  return 0;
}

/* Whether the N (> 0) bytes at P are all zero.  */
static bool
is_zeros (char const *p, size_t n)
{
  return p[0] == 0 && memcmp (p, p + 1, n - 1) == 0;
}

/* Write the N bytes at P to J's destination, all of them, or skip over
   them with lseek when ZEROS.  Return 0, or -1 with errno set (a write
   that writes nothing gives ENOSPC).  */
static int
put_run (struct copy_job *j, char const *p, size_t n, bool zeros)
{
  if (zeros ? lseek (j->dst, n, SEEK_CUR) < 0
      : full_write (j->dst, p, n) < n)
    return fail (j, COPY_FAILED_WRITE);
  return 0;
}

/* Write the N (> 0) bytes at BUF to J's destination, seeking over the
   blocks (of the destination's st_blksize) that hold only zeros.  Set
   *HOLE_AT_END to whether the last block was skipped: the file must
   then be extended.  Return 0, or -1 with errno set.  */
static int
put_sparse (struct copy_job *j, char const *buf, size_t n,
            bool *hole_at_end)
{
  blksize_t b = j->dst_st.st_blksize;
  size_t block = 512 <= b && b <= IO_BUFSIZE_MAX ? b : HOLE_BLOCK;
  size_t run = 0;               /* bytes of the run ending at OFF */
  bool run_zeros = false;
  for (size_t off = 0; off < n;)
    {
      size_t len = n - off < block ? n - off : block;
      bool zeros = is_zeros (buf + off, len);
      if (run && zeros != run_zeros)
        {
          if (put_run (j, buf + off - run, run, run_zeros) < 0)
            return -1;
          run = 0;
        }
      run_zeros = zeros;
      run += len;
      off += len;
    }
  *hole_at_end = run_zeros;
  return put_run (j, buf + n - run, run, run_zeros);
}

/* Copy up to LEN bytes (until end of file, if sooner) from J's source
   to its destination with read and write, at their current offsets,
   adding the count copied to *COPIED.  Under COPY_SPARSE_ALWAYS (and a
   destination that takes holes), blocks of zeros become holes, and a
   trailing one is kept by extending the file.  Return 1 when done, or
   -1 with errno set.  */
static int
read_write_loop (struct copy_job *j, off_t len, off_t *copied)
{
  if (!j->buf && alloc_buffer (j) < 0)
    return fail (j, COPY_FAILED_OTHER);
  bool skip = skip_zeros (j);
  bool hole_at_end = false;
  j->result->zeros |= skip;
  for (off_t done = 0; done < len;)
    {
      size_t want = len - done < (off_t) j->buf_size ? len - done
                    : j->buf_size;
      ssize_t n = io_read (j->src, j->buf, want);
      if (n < 0)
        return fail (j, COPY_FAILED_READ);
      if (n == 0)
        break;
      if (skip ? put_sparse (j, j->buf, n, &hole_at_end) < 0
          : put_run (j, j->buf, n, false) < 0)
        return -1;
      done += n;
      *copied += n;
      note_progress (j, n);
    }
  if (hole_at_end)
    {
      off_t end = lseek (j->dst, 0, SEEK_CUR);
      if (end < 0 || ftruncate (j->dst, end) < 0)
        return fail (j, COPY_FAILED_WRITE);
    }
  return 1;
}

/* The read/write rung: serves any pair of files.  */
static int
read_write_rung (struct copy_job *j)
{
  off_t copied = 0;
  return read_write_loop (j, j->left, &copied);
}

/* ---- copy_file_range ------------------------------------------------- */

/* Copy up to LEN bytes from J's source to its destination with
   copy_file_range, at their current offsets, adding the count copied
   to *COPIED.  Return 1 when LEN bytes are copied or the source ends.
   Return 0 to hand over to read/write, which goes on from the offsets
   where this loop stopped: when the first call copies nothing (a file
   under /proc, whose size reads as 0, may yet hold data: reading is
   the judge), and on any error -- the errors that mean "not here"
   (EXDEV, EINVAL, EOPNOTSUPP, ENOSYS, EBADF for O_APPEND, ETXTBSY,
   EPERM) as well as real ones, as copy_file_range does not tell which
   side failed: read/write meets a real error again and says which.
   Never returns -1.  */
static int
range_loop (struct copy_job *j, off_t len, off_t *copied)
{
#ifdef __linux__
  bool moved = false;
  off_t most = j->engine->range_chunk;
  if (most <= 0 || IO_KERNEL_CHUNK < most)
    most = IO_KERNEL_CHUNK;     /* never over 2 GiB: see ioblksize.h */
  for (off_t done = 0; done < len;)
    {
      size_t chunk = len - done < most ? len - done : most;
      ssize_t n = copy_file_range (j->src, NULL, j->dst, NULL, chunk, 0);
      if (n > 0)
        {
          note_tried (&j->result->range, COPY_TRIED_USED);
          moved = true;
          done += n;
          *copied += n;
          note_progress (j, n);
        }
      else if (n == 0)
        {
          note_tried (&j->result->range, COPY_TRIED_NOTHING);
          return moved;
        }
      else if (errno != EINTR)
        {
          note_tried (&j->result->range, COPY_TRIED_UNABLE);
          /* Two kinds of file system: the same for every file.  */
          if (errno == EXDEV && !moved)
            pairs_add (&j->engine->no_range, j->src_st.st_dev,
                       j->dst_st.st_dev);
          return 0;
        }
    }
  return 1;
#else
  (void) len, (void) copied;
  note_tried (&j->result->range, COPY_TRIED_UNABLE);
  return 0;
#endif
}

/* The copy_file_range rung: regular file to regular file, unless
   range_avoided.  */
static int
range_rung (struct copy_job *j)
{
  if (range_avoided (j))
    return 0;
  if (!S_ISREG (j->src_st.st_mode) || !S_ISREG (j->dst_st.st_mode)
      || pairs_have (&j->engine->no_range, j->src_st.st_dev,
                     j->dst_st.st_dev))
    {
      note_tried (&j->result->range, COPY_TRIED_UNABLE);
      return 0;
    }
  off_t copied = 0;
  int r = range_loop (j, j->left, &copied);
  j->left -= copied;            /* read/write goes on with the rest */
  return r;
}

/* ---- sparse ---------------------------------------------------------- */

/* Copy the data extent of LEN bytes at source offset DATA to its place
   in J's destination (as far from the destination's starting offset
   as DATA is from the source's), with copy_file_range, else
   read/write.  Set *COPIED to the count copied, less than LEN if the
   source ended sooner.  Return 1, or -1 with errno set.  */
static int
copy_extent (struct copy_job *j, off_t data, off_t len, off_t *copied)
{
  *copied = 0;
  if (lseek (j->src, data, SEEK_SET) < 0)
    return fail (j, COPY_FAILED_READ);
  if (lseek (j->dst, j->dst_off + (data - j->src_off), SEEK_SET) < 0)
    return fail (j, COPY_FAILED_WRITE);
  if (pairs_have (&j->engine->no_range, j->src_st.st_dev, j->dst_st.st_dev))
    note_tried (&j->result->range, COPY_TRIED_UNABLE);
  else if (!range_avoided (j) && range_loop (j, len, copied) > 0)
    return 1;
  return read_write_loop (j, len - *copied, copied);
}

/* End J's sparse copy of the source up to offset LIMIT, whose data was
   copied up to offset POS.  ENDED: a read met the source's end at POS;
   the copy ends there, the source's offset is already there, and the
   size stat or lseek tell is not asked (a file under /sys says 4096
   bytes, and reads as a few: its size is a hint, never a length to
   write).  Else no data follows POS: the rest, up to the source's end
   as lseek tells it or LIMIT if that comes first, is a trailing hole;
   leave the source there.  Extend the destination to match, with its
   offset at its end.  Return 1, or -1 with errno set.  */
static int
finish_sparse (struct copy_job *j, off_t pos, off_t limit, bool ended)
{
  off_t end = pos;
  if (!ended)
    {
      end = lseek (j->src, 0, SEEK_END);
      if (end < 0)
        return fail (j, COPY_FAILED_READ);
      if (limit < end)
        end = limit;
      if (end < pos)
        end = pos;              /* it shrank after being copied */
      if (j->bounded && lseek (j->src, end, SEEK_SET) < 0)
        return fail (j, COPY_FAILED_READ);
    }
  off_t dst_end = j->dst_off + (end - j->src_off);
  if (ftruncate (j->dst, dst_end) < 0
      || lseek (j->dst, dst_end, SEEK_SET) < 0)
    return fail (j, COPY_FAILED_WRITE);
  /* The holes count as copied.  */
  j->result->bytes = end - j->src_off;
  return 1;
}

/* The sparse rung: when holes are kept (not COPY_SPARSE_NEVER), the
   source is a regular file that looks sparse (fewer blocks than its
   size needs) and the destination takes holes, copy only the data
   extents that SEEK_DATA and SEEK_HOLE find from the source's offset
   on, then extend the destination over the source's trailing hole, if
   any.  An extent that reads shorter than SEEK_HOLE said ends the copy
   there: every byte of the copy was read, or lies in a hole that
   SEEK_DATA and SEEK_HOLE told of before the end.  Return 0 if the
   file system cannot tell the extents (the first SEEK_DATA fails with
   EINVAL).  A bounded copy stops at the source offset J->src_off +
   J->left.  */
static int
sparse_rung (struct copy_job *j)
{
#ifdef SEEK_DATA
  if (j->engine->sparse == COPY_SPARSE_NEVER || !src_looks_sparse (j)
      || j->src_off < 0 || !dst_takes_holes (j))
    return 0;
  /* Zeros within the data become holes under COPY_SPARSE_ALWAYS
     (skip_zeros), here and on the rungs below should this one give
     up.  */
  off_t pos = j->src_off;
  off_t limit = (OFF_T_MAX - pos < j->left ? OFF_T_MAX : pos + j->left);
  bool ended = false;
  for (bool first = true; pos < limit && !ended; first = false)
    {
      off_t data = lseek (j->src, pos, SEEK_DATA);
      if (data < 0 && first && errno == EINVAL)
        {
          j->no_seek_data = true;
          return 0;
        }
      j->result->seek_data = true;
      if (data < 0 && errno == ENXIO)
        break;                  /* only a hole from POS on */
      if (limit <= data)
        break;                  /* only a hole up to LIMIT */
      off_t hole = data < 0 ? -1 : lseek (j->src, data, SEEK_HOLE);
      if (hole < 0)
        return fail (j, COPY_FAILED_READ);
      if (limit < hole)
        hole = limit;
      off_t copied;
      if (copy_extent (j, data, hole - data, &copied) < 0)
        return -1;
      pos = data + copied;
      ended = copied < hole - data;     /* the source ended sooner */
    }
  return finish_sparse (j, pos, limit, ended);
#else
  (void) j;
  return 0;
#endif
}

/* ---- the ladder ------------------------------------------------------ */

/* The rungs, in ladder order (indexed by enum copy_method).  */
static int (*const rungs[]) (struct copy_job *) = {
  clone_rung, sparse_rung, range_rung, read_write_rung
};

static char const *const method_names[] = {
  "clone", "sparse", "copy_file_range", "read/write", "none"
};

/* Return the name of METHOD, for --debug: "clone", "sparse",
   "copy_file_range", "read/write" or "none".  */
char const *
copy_method_name (enum copy_method method)
{
  return method_names[method <= COPY_METHOD_NONE ? method
                      : COPY_METHOD_NONE];
}

/* Set up ENGINE with no knowledge yet, holes kept as SPARSE says, and
   the whole ladder.  */
void
copy_engine_init (struct copy_engine *engine, enum copy_sparse sparse)
{
  memset (engine, 0, sizeof *engine);
  engine->sparse = sparse;
  engine->first = COPY_METHOD_CLONE;
  engine->last = COPY_METHOD_READ_WRITE;
}

/* Free what ENGINE holds (its buffer); it may be used again.  */
void
copy_engine_free (struct copy_engine *engine)
{
  alignfree (engine->buf);
  engine->buf = NULL;
  engine->buf_size = 0;
}

/* Fill in J for copying SRC (status SRC_ST) to DST (status DST_ST)
   with ENGINE, into RESULT, both descriptors at offset OFF (-1: not
   known) and DST appended to if APPEND; no system call.  */
static void
job_given (struct copy_job *j, struct copy_engine *engine,
           int src, struct stat const *src_st,
           int dst, struct stat const *dst_st, off_t off, bool append,
           struct copy_result *result)
{
  memset (j, 0, sizeof *j);
  j->engine = engine;
  j->result = result;
  j->src = src;
  j->dst = dst;
  if (src_st)
    j->src_st = *src_st;
  if (dst_st)
    j->dst_st = *dst_st;
  j->src_off = j->dst_off = off;
  j->dst_append = append;
  j->left = OFF_T_MAX;
  memset (result, 0, sizeof *result);
  result->method = COPY_METHOD_NONE;
  result->failure = COPY_FAILED_NONE;
}

/* Fill in J for copying SRC (status SRC_ST, or NULL to fstat it) to
   DST (status DST_ST, or NULL) with ENGINE, into RESULT, learning the
   offsets and whether DST is appended to.  Return 0, or -1 with errno
   set if a status cannot be had.  */
static int
job_init (struct copy_job *j, struct copy_engine *engine,
          int src, struct stat const *src_st,
          int dst, struct stat const *dst_st, struct copy_result *result)
{
  job_given (j, engine, src, src_st, dst, dst_st, -1, false, result);
  if (!src_st && fstat (src, &j->src_st))
    return fail (j, COPY_FAILED_READ);
  if (!dst_st && fstat (dst, &j->dst_st))
    return fail (j, COPY_FAILED_WRITE);
  j->src_off = lseek (src, 0, SEEK_CUR);
  j->dst_off = lseek (dst, 0, SEEK_CUR);
  if (S_ISREG (j->dst_st.st_mode))
    {
      int flags = fcntl (dst, F_GETFL);
      j->dst_append = flags < 0 || (flags & O_APPEND);
    }
  return 0;
}

/* Run the ladder of ENGINE for the job J, setting RESULT->method to
   the rung that finished.  Return as copy_data.  */
static int
run_ladder (struct copy_job *j, struct copy_engine *engine,
            struct copy_result *result)
{
  int r = 0;
  for (enum copy_method m = engine->first;
       r == 0 && m <= engine->last && m < COPY_METHOD_NONE; m++)
    {
      r = rungs[m] (j);
      if (r > 0)
        result->method = m;
    }
  return r;
}

/* Copy the bytes of SRC from its current offset to its end to DST at
   DST's current offset, with the first rung from ENGINE->first to
   ENGINE->last that serves.  SRC_ST and DST_ST are the descriptors'
   status as they are now (fstat after opening), or NULL for the engine
   to take it.  Set RESULT->method to the rung that finished the copy
   and, on failure, RESULT->failure to the side that failed.  Return 1
   when done; 0 when no rung allowed could serve (only when the caller
   narrowed the ladder short of read/write); -1 with errno set on
   failure.  */
int
copy_data (struct copy_engine *engine,
           int src, struct stat const *src_st,
           int dst, struct stat const *dst_st,
           struct copy_result *result)
{
  struct copy_job j;
  if (job_init (&j, engine, src, src_st, dst, dst_st, result) < 0)
    return -1;
  return run_ladder (&j, engine, result);
}

/* Copy as copy_data does, for a caller that has just opened SRC and
   created DST: both at offset 0, DST empty and without O_APPEND.  This
   spares the three system calls copy_data makes to learn that: a copy
   of a small file costs two (copy_file_range until it returns 0).
   SRC_ST and DST_ST must be given.  */
int
copy_data_fresh (struct copy_engine *engine,
                 int src, struct stat const *src_st,
                 int dst, struct stat const *dst_st,
                 struct copy_result *result)
{
  struct copy_job j;
  job_given (&j, engine, src, src_st, dst, dst_st, 0, false, result);
  return run_ladder (&j, engine, result);
}

/* Copy as copy_data does, from the descriptors' offsets as they are,
   without learning them: no lseek, no fcntl.  For a caller that starts
   the ladder at copy_file_range and makes no holes (cat): the clone and
   sparse rungs, which need the offsets, never serve here, and
   read/write writes every byte.  SRC_ST and DST_ST must be given.  */
int
copy_data_onward (struct copy_engine *engine,
                  int src, struct stat const *src_st,
                  int dst, struct stat const *dst_st,
                  struct copy_result *result)
{
  struct copy_job j;
  job_given (&j, engine, src, src_st, dst, dst_st, -1, true, result);
  return run_ladder (&j, engine, result);
}

/* Copy as copy_data does, but at most LENGTH (>= 0) bytes: from SRC's
   current offset to DST's, leaving both offsets just after the bytes
   copied.  RESULT->bytes tells how many were copied: fewer than LENGTH
   only when the source ended sooner.  The clone rung does not serve a
   bounded copy (it shares whole files).  Return as copy_data.  */
int
copy_data_n (struct copy_engine *engine,
             int src, struct stat const *src_st,
             int dst, struct stat const *dst_st,
             off_t length, struct copy_result *result)
{
  struct copy_job j;
  if (job_init (&j, engine, src, src_st, dst, dst_st, result) < 0)
    return -1;
  j.bounded = true;
  j.left = length;
  if (length == 0)
    {
      result->method = engine->first;
      return 1;
    }
  return run_ladder (&j, engine, result);
}
