/* digest-stream.c -- the one read loop shared by every digest algorithm.

   Reading a cached file is a copy from the page cache, and costs a
   sha256sum with SHA-NI about a sixth of its time.  For a large regular
   file, on a machine with a second CPU, a reader thread therefore reads
   ahead into a ring of buffers while the calling thread hashes, so the
   copy overlaps the hashing (see digest_fd_ahead), if another CPU is
   free when the file starts (see ahead_pays).  Everything else --
   pipes, devices, small files, one CPU, a busy machine -- takes the
   plain loop.  */

#include <config.h>

#include "digest-stream.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alignalloc.h"
#include "ioblksize.h"

/* Make sure BUF holds at least SIZE bytes.  Return 0, or -1 with errno
   set.  The storage is a whole number of pages, as aligned_alloc wants
   (glibc's takes any size, a sanitizer's does not: BRISK_IO_BUFSIZE
   asks for odd sizes).  */
int
digest_buffer_reserve (struct digest_buffer *buf, size_t size)
{
  if (buf->data && size <= buf->size)
    return 0;
  long sys_page = sysconf (_SC_PAGESIZE);
  size_t page = sys_page > 0 ? sys_page : 4096;
  if (SIZE_MAX - (page - 1) < size)
    {
      errno = ENOMEM;
      return -1;
    }
  size = (size + page - 1) / page * page;
  char *p = alignalloc (page, size);
  if (!p)
    return -1;
  alignfree (buf->data);
  buf->data = p;
  buf->size = size;
  return 0;
}

/* Release BUF's storage.  */
void
digest_buffer_free (struct digest_buffer *buf)
{
  alignfree (buf->data);
  buf->data = NULL;
  buf->size = 0;
}

/* ---- The read-ahead ring.  ---- */

enum
{
  /* Buffers in the ring: the reader can be this many reads ahead.  */
  AHEAD_SLOTS = 8,
  /* A reader that found the ring full sleeps until this many slots are
     free, then reads them in a row: one wakeup a few reads, not one a
     read (on a Xeon, waking it for each 128 KiB slot cost sha512sum
     a tenth of its CPU time in futex calls).  */
  AHEAD_REFILL = AHEAD_SLOTS / 2,
  /* Files smaller than this are read in the calling thread: a thread
     costs tens of microseconds to start and join.  */
  AHEAD_MIN_SIZE = 8 * 1024 * 1024
};

/* A ring of AHEAD_SLOTS buffers of SIZE bytes at DATA, filled in turn
   by the reader thread and emptied in the same order by the hasher.
   LEN[i] is what slot i holds: a count, 0 for end of file, or -1 with
   ERR the errno.  FILLED counts the slots the reader has filled,
   EMPTIED those the hasher is done with; both only grow, and FILLED -
   EMPTIED is between 0 and AHEAD_SLOTS.  Each is written by one side
   and read by the other without a lock: the lock and CHANGED serve
   only a side that must sleep, which says so in READER_WAITS or
   HASHER_WAITS before it looks a last time (each side writes its
   counter, then looks at the other's flag, so one of the two sees the
   other: no wakeup is lost).  The reader stops after an end of file or
   an error; the hasher stops only when it reaches that slot, so it
   never leaves the reader waiting.  */
struct ahead
{
  int fd;
  char *data;
  size_t size;
  ssize_t len[AHEAD_SLOTS];
  int err;
  atomic_ulong filled, emptied;
  atomic_bool reader_waits, hasher_waits;
  pthread_mutex_t lock;
  pthread_cond_t changed;
};

/* Wake the side of A that sleeps.  */
static void
ahead_wake (struct ahead *a)
{
  pthread_mutex_lock (&a->lock);
  pthread_cond_broadcast (&a->changed);
  pthread_mutex_unlock (&a->lock);
}

/* The reader thread: fill the ring's slots in order until end of
   file or a read error.  */
static void *
ahead_reader (void *arg)
{
  struct ahead *a = arg;
  for (unsigned long i = 0;; i++)
    {
      if (i - atomic_load (&a->emptied) == AHEAD_SLOTS)
        {
          pthread_mutex_lock (&a->lock);
          atomic_store (&a->reader_waits, true);
          while (i - atomic_load (&a->emptied) > AHEAD_SLOTS - AHEAD_REFILL)
            pthread_cond_wait (&a->changed, &a->lock);
          atomic_store (&a->reader_waits, false);
          pthread_mutex_unlock (&a->lock);
        }

      size_t slot = i % AHEAD_SLOTS;
      ssize_t n = io_read (a->fd, a->data + slot * a->size, a->size);
      a->len[slot] = n;
      if (n < 0)
        a->err = errno;
      atomic_store (&a->filled, i + 1);
      if (atomic_load (&a->hasher_waits))
        ahead_wake (a);
      if (n <= 0)
        return NULL;
    }
}

static void hashed (size_t n);

/* Hash into CTX with ALGO everything the reader of A reads, slot after
   slot.  Return 0, or -1 with errno set from a read error.  */
static int
ahead_hash (struct ahead *a, const struct digest_algo *algo, void *ctx)
{
  for (unsigned long i = 0;; i++)
    {
      if (atomic_load (&a->filled) == i)
        {
          pthread_mutex_lock (&a->lock);
          atomic_store (&a->hasher_waits, true);
          while (atomic_load (&a->filled) == i)
            pthread_cond_wait (&a->changed, &a->lock);
          atomic_store (&a->hasher_waits, false);
          pthread_mutex_unlock (&a->lock);
        }

      size_t slot = i % AHEAD_SLOTS;
      ssize_t n = a->len[slot];
      if (n < 0)
        {
          errno = a->err;
          return -1;
        }
      if (n == 0)
        return 0;
      algo->update (ctx, a->data + slot * a->size, n);
      hashed (n);

      atomic_store (&a->emptied, i + 1);
      if (atomic_load (&a->reader_waits)
          && atomic_load (&a->filled) - (i + 1) <= AHEAD_SLOTS - AHEAD_REFILL)
        ahead_wake (a);
    }
}

/* Whether a CPU besides this thread's is free at this moment: fewer
   threads runnable in the whole system, this one included, than CPUS
   online (the fourth field of /proc/loadavg, "RUNNING/TOTAL").  If
   that cannot be read, free.  */
static bool
cpu_free (long cpus)
{
  int fd = open ("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return true;
  char buf[128];
  ssize_t n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return true;
  buf[n] = '\0';
  long running;
  if (sscanf (buf, "%*f %*f %*f %ld/", &running) != 1)
    return true;
  return running < cpus;
}

/* Whether FD, of status ST, is worth a reader thread: a large regular
   file, with a second CPU to run the thread on, and that CPU free now.
   The thread only moves the copy from the page cache onto another CPU:
   on a Zen 5 it saved 4% of sha256sum's wall time with the CPUs idle
   (and cost 20% more CPU time), and cost 14% of it with the second CPU
   busy (bench/read-ahead-busy).  BRISK_READ_AHEAD set to "0" never
   starts it, "1" starts it whether the CPU is free or not (for the
   tests and that benchmark).  */
static bool
ahead_pays (const struct stat *st)
{
  if (!S_ISREG (st->st_mode) || st->st_size < AHEAD_MIN_SIZE)
    return false;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);
  if (cpus < 2)
    return false;
  char const *e = getenv ("BRISK_READ_AHEAD");
  if (e && strcmp (e, "0") == 0)
    return false;
  return (e && strcmp (e, "1") == 0) || cpu_free (cpus);
}

/* Hash FD into CTX with ALGO, reading it with a reader thread in
   buffers of SIZE bytes.  Return 1 when done, -1 with errno set on a
   read error, or 0 if nothing was read because the thread or its
   buffers could not be had (the caller then reads FD itself).  */
static int
digest_fd_ahead (const struct digest_algo *algo, int fd, void *ctx,
                 size_t size)
{
  struct digest_buffer ring = { NULL, 0 };
  if (digest_buffer_reserve (&ring, AHEAD_SLOTS * size) != 0)
    return 0;
  struct ahead a = { .fd = fd, .data = ring.data, .size = size };
  atomic_init (&a.filled, 0);
  atomic_init (&a.emptied, 0);
  atomic_init (&a.reader_waits, false);
  atomic_init (&a.hasher_waits, false);
  pthread_mutex_init (&a.lock, NULL);
  pthread_cond_init (&a.changed, NULL);

  pthread_t reader;
  int r = 0;
  if (pthread_create (&reader, NULL, ahead_reader, &a) == 0)
    {
      r = ahead_hash (&a, algo, ctx) == 0 ? 1 : -1;
      /* The reader has stopped by now: it filled the slot of the end
         of file or the error that ended ahead_hash.  */
      pthread_join (reader, NULL);
    }
  int saved_errno = errno;
  pthread_cond_destroy (&a.changed);
  pthread_mutex_destroy (&a.lock);
  digest_buffer_free (&ring);
  errno = saved_errno;
  return r;
}

/* ---- The read loop.  ---- */

/* See digest-stream.h.  */
void (*digest_progress_hook) (size_t n);

/* Tell the progress hook, if set, that N bytes were hashed.  */
static void
hashed (size_t n)
{
  if (digest_progress_hook)
    digest_progress_hook (n);
}

/* Hash into CTX with ALGO the rest of FD, from its offset, through
   BUF in pieces of SIZE bytes.  Return 0, or -1 with errno set.  */
static int
digest_rest (const struct digest_algo *algo, int fd, void *ctx,
             struct digest_buffer *buf, size_t size)
{
  if (digest_buffer_reserve (buf, size) != 0)
    return -1;
  for (;;)
    {
      ssize_t n = io_read (fd, buf->data, size);
      if (n < 0)
        return -1;
      if (n == 0)
        return 0;
      algo->update (ctx, buf->data, n);
      hashed (n);
    }
}

/* Hash everything from FD into OUT with ALGO through BUF, or, if
   AHEAD allows it, through a read-ahead ring of its own for a large
   regular file.  The first read comes before any fstat: a file smaller
   than the buffer is done with it and the read that sees the end of
   file (open, two reads, close: the least a small file can cost), and
   only a file that fills the buffer is looked at (its block size, a
   read-ahead thread) and advised as read sequentially.  Return 0, or
   -1 with errno set.  */
static int
digest_fd_with (const struct digest_algo *algo, int fd, void *out,
                struct digest_buffer *buf, bool ahead)
{
  /* Aligned storage for any algorithm's context.  */
  union
  {
    max_align_t align;
    unsigned char bytes[DIGEST_MAX_CTX];
  } ctx;
  digest_init (algo, &ctx);

  size_t first = io_blksize (NULL);
  if (digest_buffer_reserve (buf, first) != 0)
    return -1;
  ssize_t n = io_read (fd, buf->data, first);
  if (n < 0)
    return -1;
  algo->update (&ctx, buf->data, n);
  hashed (n);
  if ((size_t) n < first)
    {
      /* Short: the end of a small file, or a pipe's first piece.  */
      if (n != 0 && digest_rest (algo, fd, &ctx, buf, first) != 0)
        return -1;
    }
  else
    {
      struct stat st;
      bool have_st = fstat (fd, &st) == 0;
      size_t size = io_blksize (have_st ? &st : NULL);
      /* A hint only: its failure (a pipe, say) changes nothing.  */
      posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      /* Checksums (cksum's CRC, sum's) run faster than the copy from
         the page cache that a reader would take off this thread: with
         one, cksum took 0.24 s of wall time and 0.35 of CPU on 1 GiB,
         without it 0.15 and 0.15 (cat: 0.14 and 0.14).  */
      int r = (ahead && have_st && algo->form == DIGEST_FORM_HEX
               && ahead_pays (&st)
               ? digest_fd_ahead (algo, fd, &ctx, size) : 0);
      if (r < 0 || (r == 0 && digest_rest (algo, fd, &ctx, buf, size) != 0))
        return -1;
    }
  algo->final (&ctx, out);
  return 0;
}

/* Hash FD into OUT with ALGO through BUF, with a read-ahead thread
   for a large regular file.  Return 0, or -1 with errno set.  */
int
digest_fd_buf (const struct digest_algo *algo, int fd, void *out,
               struct digest_buffer *buf)
{
  return digest_fd_with (algo, fd, out, buf, true);
}

/* Hash FD into OUT with ALGO through BUF, in the calling thread only.
   Return 0, or -1 with errno set.  */
int
digest_fd_alone (const struct digest_algo *algo, int fd, void *out,
                 struct digest_buffer *buf)
{
  return digest_fd_with (algo, fd, out, buf, false);
}

/* Hash FD with a buffer of its own.  Return 0, or -1 with errno set.  */
int
digest_fd (const struct digest_algo *algo, int fd, void *out)
{
  struct digest_buffer buf = { NULL, 0 };
  int r = digest_fd_buf (algo, fd, out, &buf);
  int saved_errno = errno;
  digest_buffer_free (&buf);
  errno = saved_errno;
  return r;
}
