/* digest-b3threads.c -- one large regular file hashed by b3sum on
   several threads (see digest-b3threads.h).  The file is cut into
   spans, each a power of two chunks and so a subtree of the BLAKE3
   tree.  Each thread, the caller's among them, takes the next span,
   reads it with pread into a buffer of its own and hashes it into its
   chaining value (blake3_subtree_cv); the caller adds the values to
   the hash in the file's order (blake3_push_subtree), then reads and
   hashes the rest of the file, one byte at least, itself.

   Reading, not mapping: hashing a mapped file in /dev/shm took four
   times the user time of hashing what read copies into a buffer that
   stays in the cache (a 2-CPU Zen 5 VM, 1 GiB: 0.96 s of user time
   against 0.21), besides the page faults.

   Owns: the workers of one call, joined before it returns.  Calls:
   fstat, pthread_create, io_pread (lib/ioblksize.h), lib/blake3.h,
   lib/digest-algos.h and lib/digest-stream.h (its buffers and the
   progress hook).  */

#include <config.h>

#include "digest-b3threads.h"

#include <errno.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "blake3.h"
#include "digest-stream.h"
#include "ioblksize.h"

enum
{
  /* Files of fewer spans than this (8 MiB) are read by the caller
     alone.  On the loaded 2-CPU Zen 5 VM (load average 4-5), wall
     seconds of b3sum, 30 runs each, one thread and two: 4 MiB 0.019
     and 0.024, 0.022 and 0.023; 8 MiB 0.027 and 0.020, 0.027 and
     0.029; 16 MiB 0.042 and 0.032 (the CPU time about equal).  */
  THREADS_MIN_SPANS = 16,
  /* Spans read ahead of the oldest not yet added to the hash, for
     each thread.  */
  SPANS_AHEAD = 4
};

/* The chaining value of one span, once READY; a cache line each, so
   that threads storing neighbours do not share a line.  */
struct span_slot
{
  alignas (64) uint8_t cv[BLAKE3_OUT_LEN];
  bool ready;
};

/* The work of one call: the file FD, whose first SPANS spans of
   SPAN_CHUNKS chunks the threads hash with the mode of CTX (a copy,
   which no thread changes).  Under LOCK: TAKEN spans were taken,
   PUSHED added to the hash; span I's value goes to RING[I % WINDOW],
   so no span is taken until the one WINDOW before it is pushed.
   FAILED stops every thread: ERR is the errno of a read, or 0 for a
   file that ended early.  WAITING threads sleep on CHANGED.  */
struct b3work
{
  int fd;
  struct blake3_ctx ctx;
  uint64_t spans;
  size_t span_chunks;
  size_t window;
  struct span_slot *ring;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  uint64_t taken, pushed;
  size_t waiting;
  bool failed;
  int err;
};

/* The bytes of a span of W.  */
static size_t
span_bytes (const struct b3work *w)
{
  return w->span_chunks * BLAKE3_CHUNK_LEN;
}

/* Read the span I of W into BUF and store its chaining value at CV.
   Return 0, or -1 with errno set (0 if the file ended first).  */
static int
hash_span (const struct b3work *w, uint64_t i, uint8_t *buf,
           uint8_t cv[BLAKE3_OUT_LEN])
{
  size_t size = span_bytes (w);
  off_t at = i * size;
  for (size_t done = 0; done < size;)
    {
      ssize_t n = io_pread (w->fd, buf + done, size - done, at + done);
      if (n <= 0)
        {
          if (n == 0)
            errno = 0;
          return -1;
        }
      done += n;
    }
  blake3_subtree_cv (&w->ctx, buf, i * w->span_chunks, w->span_chunks, cv);
  if (digest_progress_hook)
    digest_progress_hook (size);
  return 0;
}

/* Wake the threads of W that sleep.  Call with the lock held.  */
static void
wake (struct b3work *w)
{
  if (w->waiting)
    pthread_cond_broadcast (&w->changed);
}

/* Sleep until W changes.  Call with the lock held.  */
static void
sleep_on (struct b3work *w)
{
  w->waiting++;
  pthread_cond_wait (&w->changed, &w->lock);
  w->waiting--;
}

/* Take the next span of W into *I if one is left and its slot free.
   Return true if taken.  Call with the lock held.  */
static bool
take_span (struct b3work *w, uint64_t *i)
{
  if (w->failed || w->taken == w->spans
      || w->taken - w->pushed == w->window)
    return false;
  *i = w->taken++;
  return true;
}

/* Hash the span I of W through BUF and store its value in its slot,
   or stop W on failure.  Call with the lock held; it is let go
   meanwhile.  */
static void
do_span (struct b3work *w, uint64_t i, uint8_t *buf)
{
  uint8_t cv[BLAKE3_OUT_LEN];
  pthread_mutex_unlock (&w->lock);
  int r = hash_span (w, i, buf, cv);
  int err = errno;
  pthread_mutex_lock (&w->lock);
  if (r != 0)
    {
      if (!w->failed)
        w->err = err;
      w->failed = true;
    }
  else
    {
      struct span_slot *s = &w->ring[i % w->window];
      memcpy (s->cv, cv, sizeof cv);
      s->ready = true;
    }
  wake (w);
}

/* A worker thread of ARG, a struct b3work: take spans and hash them
   until none is left or the work stopped.  */
static void *
worker (void *arg)
{
  struct b3work *w = arg;
  struct digest_buffer buf = { NULL, 0 };
  /* Without a buffer, the other threads do the work.  */
  if (digest_buffer_reserve (&buf, span_bytes (w)) != 0)
    return NULL;
  pthread_mutex_lock (&w->lock);
  for (;;)
    {
      uint64_t i;
      if (take_span (w, &i))
        do_span (w, i, (uint8_t *) buf.data);
      else if (w->failed || w->taken == w->spans)
        break;
      else
        sleep_on (w);
    }
  pthread_mutex_unlock (&w->lock);
  digest_buffer_free (&buf);
  return NULL;
}

/* The caller's part of W, through BUF: add the values of the spans to
   CORE, the hash whose mode W->ctx copies, in order as they come, and
   hash spans while the next value is not there.  Return 0, or -1
   with errno set as hash_span's if the work failed.  */
static int
push_spans (struct b3work *w, struct blake3_ctx *core, uint8_t *buf)
{
  pthread_mutex_lock (&w->lock);
  while (w->pushed < w->spans && !w->failed)
    {
      struct span_slot *s = &w->ring[w->pushed % w->window];
      uint64_t i;
      if (s->ready)
        {
          uint8_t cv[BLAKE3_OUT_LEN];
          memcpy (cv, s->cv, sizeof cv);
          s->ready = false;
          w->pushed++;
          wake (w);
          pthread_mutex_unlock (&w->lock);
          blake3_push_subtree (core, cv, w->span_chunks);
          pthread_mutex_lock (&w->lock);
        }
      else if (take_span (w, &i))
        do_span (w, i, buf);
      else
        sleep_on (w);
    }
  bool failed = w->failed;
  int err = w->err;
  w->failed = true;
  wake (w);
  pthread_mutex_unlock (&w->lock);
  errno = err;
  return failed ? -1 : 0;
}

/* Hash with A into ROW, through BUF of SIZE bytes, the rest of the
   file FD from the offset AT to its end.  Return 0, or -1 with errno
   set (0 if nothing was there).  */
static int
hash_rest (const struct digest_algo *a, void *row, int fd, off_t at,
           uint8_t *buf, size_t size)
{
  off_t start = at;
  for (;;)
    {
      ssize_t n = io_pread (fd, buf, size, at);
      if (n < 0)
        return -1;
      if (n == 0)
        break;
      a->update (row, buf, n);
      if (digest_progress_hook)
        digest_progress_hook (n);
      at += n;
    }
  errno = 0;
  return at == start ? -1 : 0;
}

/* Start the workers of W, THREADS - 1 of them, into TH; return how
   many started.  */
static size_t
start_workers (struct b3work *w, pthread_t *th, size_t threads)
{
  size_t started = 0;
  while (started + 1 < threads
         && pthread_create (&th[started], NULL, worker, w) == 0)
    started++;
  return started;
}

/* Hash with A into DIGEST the file FD of SIZE bytes, in spans of
   SPAN_CHUNKS chunks, on THREADS threads.  Return as
   b3sum_hash_threads.  */
static int
hash_file (const struct digest_algo *a, int fd, uint64_t size,
           size_t span_chunks, size_t threads, uint8_t *digest)
{
  alignas (max_align_t) unsigned char row[DIGEST_MAX_CTX];
  uint64_t seek;
  struct blake3_ctx *core = digest_blake3_start (a, row, &seek);
  struct b3work w = { .fd = fd, .ctx = *core, .span_chunks = span_chunks };
  w.spans = (size - 1) / span_bytes (&w);
  /* No more threads than spans: the others would find none.  */
  if (w.spans < threads)
    threads = w.spans;
  w.window = SPANS_AHEAD * threads;
  struct digest_buffer buf = { NULL, 0 };
  pthread_t *th = malloc (threads * sizeof *th);
  w.ring = calloc (w.window, sizeof *w.ring);
  if (!th || !w.ring || digest_buffer_reserve (&buf, span_bytes (&w)) != 0)
    {
      free (th);
      free (w.ring);
      return 0;
    }
  pthread_mutex_init (&w.lock, NULL);
  pthread_cond_init (&w.changed, NULL);
  size_t started = start_workers (&w, th, threads);
  int r = push_spans (&w, core, (uint8_t *) buf.data);
  for (size_t i = 0; i < started; i++)
    pthread_join (th[i], NULL);
  if (r == 0)
    r = hash_rest (a, row, fd, w.spans * span_bytes (&w),
                   (uint8_t *) buf.data, span_bytes (&w));
  int err = errno;
  pthread_cond_destroy (&w.changed);
  pthread_mutex_destroy (&w.lock);
  digest_buffer_free (&buf);
  free (w.ring);
  free (th);
  if (r == 0)
    {
      a->final (row, digest);
      return 1;
    }
  /* A file that ended before its size: it changed while being read;
     the caller reads it again, as it is now.  */
  errno = err;
  return err == 0 ? 0 : -1;
}

/* The chunks in a span: the largest power of two whose bytes are at
   most the buffer size (BRISK_IO_BUFSIZE sets it, for the tests).  */
static size_t
span_chunks_for (void)
{
  size_t size = io_bufsize_override ();
  size_t chunks = (size ? size : IO_THREAD_BUFSIZE) / BLAKE3_CHUNK_LEN;
  size_t p = 1;
  while (p * 2 <= chunks)
    p *= 2;
  return p;
}

/* See digest-b3threads.h.  */
uint64_t
b3sum_threads_min_size (size_t threads)
{
  if (threads < 2)
    return 0;
  return THREADS_MIN_SPANS * span_chunks_for () * (uint64_t) BLAKE3_CHUNK_LEN;
}

/* See digest-b3threads.h.  */
int
b3sum_hash_threads (const struct digest_algo *a, int fd, size_t threads,
                    uint8_t *digest)
{
  struct stat st;
  uint64_t min_size = b3sum_threads_min_size (threads);
  if (!min_size || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)
      || (uint64_t) st.st_size < min_size)
    return 0;
  return hash_file (a, fd, st.st_size, span_chunks_for (), threads, digest);
}
