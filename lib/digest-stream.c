/* digest-stream.c -- the one read loop shared by every digest algorithm.

   Reading a cached file is a copy from the page cache, and costs a
   sha256sum with SHA-NI about a sixth of its time.  For a large regular
   file, on a machine with a second CPU, a reader thread therefore reads
   ahead into a ring of buffers while the calling thread hashes, so the
   copy overlaps the hashing (see digest_fd_ahead), if another CPU is
   free when the file starts and the hash is fast enough for the copy
   to weigh (see ahead_pays).  Everything else -- pipes, devices, small
   files, one CPU, a busy machine, the slower hashes -- takes the plain
   loop.  */

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
#include <time.h>
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
  AHEAD_MIN_SIZE = 8 * 1024 * 1024,
  /* Bytes read and hashed in the calling thread, timed, to learn what
     share of the time the copy takes (see ahead_pays): sixteen reads
     of 128 KiB, a few milliseconds of hashing, 48 readings of the
     clock.  */
  AHEAD_SAMPLE = 2 * 1024 * 1024,
  /* The thread is started when the copy takes at least this percent
     of the time of reading and hashing a piece of the sample, and at
     most AHEAD_COPY_MAX_PERCENT.  */
  AHEAD_COPY_PERCENT = 25,
  AHEAD_COPY_MAX_PERCENT = 45
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

/* The monotonic clock, in nanoseconds.  */
static uint64_t
now_ns (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (uint64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Hash into CTX with ALGO the next AHEAD_SAMPLE bytes of FD through
   BUF in pieces of SIZE, timing each read and each hashing apart.
   Return 1 if reading a full piece takes from AHEAD_COPY_PERCENT to
   AHEAD_COPY_MAX_PERCENT percent of the time of reading and hashing
   it, 0 if not (or the file ended first, or the clock failed), or -1
   with errno set on a read error.  The fastest read and the fastest
   hashing are compared, not the sums: a preemption or an interrupt on
   a shared machine lengthens one piece, and would tip the sums either
   way (with sums, sha256sum's share on the Xeon below ranged over
   0.07-0.21 in five runs, with the fastest pieces over 0.16-0.19).  */
static int
copy_weighs (const struct digest_algo *algo, int fd, void *ctx,
             struct digest_buffer *buf, size_t size)
{
  if (digest_buffer_reserve (buf, size) != 0)
    return -1;
  uint64_t reading = UINT64_MAX, hashing = UINT64_MAX;
  for (size_t done = 0; done < AHEAD_SAMPLE;)
    {
      uint64_t t0 = now_ns ();
      ssize_t n = io_read (fd, buf->data, size);
      uint64_t t1 = now_ns ();
      if (n < 0)
        return -1;
      if (n == 0)
        return 0;
      algo->update (ctx, buf->data, n);
      uint64_t t2 = now_ns ();
      hashed (n);
      if ((size_t) n == size)
        {
          reading = t1 - t0 < reading ? t1 - t0 : reading;
          hashing = t2 - t1 < hashing ? t2 - t1 : hashing;
        }
      done += n;
    }
  return (reading != UINT64_MAX && 0 < reading
          && (100 - AHEAD_COPY_PERCENT) * reading
             >= AHEAD_COPY_PERCENT * hashing
          && (100 - AHEAD_COPY_MAX_PERCENT) * reading
             <= AHEAD_COPY_MAX_PERCENT * hashing);
}

/* Whether FD, of status ST, is worth a reader thread for hashing into
   CTX with ALGO: a large regular file, with a second CPU to run the
   thread on, that CPU free now, and a hash fast enough that the copy
   from the page cache, all that the thread takes off this one, is a
   good share of the time.  To learn that share, the next AHEAD_SAMPLE
   bytes are read and hashed here through BUF in pieces of SIZE (see
   copy_weighs).  Return 1 for the thread, 0 for none, or -1 with
   errno set on a read error.

   On a Zen 5 the thread saved 4% of sha256sum's wall time with the
   CPUs idle (and cost 20% more CPU time), and cost 14% of it with the
   second CPU busy (bench/read-ahead-busy); sha512sum took 0.83 of
   openssl's wall time with it.  On an Intel Xeon (family 6 model 207,
   Emerald Rapids, a 2-CPU KVM guest) it saved no wall time and cost
   CPU time, the more the slower the hash: bench/read-ahead-compare,
   1 GiB in /dev/shm, 7 interleaved runs, median seconds of wall / CPU
   time, the thread forced on, off, and the anchor (openssl dgst):

     sha512sum       2.59 / 2.41   2.46 / 2.18   openssl 2.95 / 2.36
     b2sum           1.69 / 1.29   1.31 / 1.22   openssl 2.76 / 1.92
     sha256sum       1.39 / 0.97   1.33 / 0.94   openssl 1.38 / 0.99
     sha1sum         0.93 / 0.91   0.92 / 0.88   openssl 0.91 / 0.88
     md5sum          1.94 / 1.88   1.99 / 1.86   openssl 2.70 / 1.99
     cksum -a sha3   4.10 / 3.50   4.50 / 3.05   openssl 4.95 / 3.72

   and again, 11 runs: sha512sum 2.59 / 2.67 on, 2.55 / 2.54 off,
   openssl 2.73 / 2.66; b2sum 1.33 / 1.47 on, 1.33 / 1.33 off; and 9
   runs: sha512sum 3.08 / 2.68 on, 2.62 / 2.45 off, openssl 2.57 /
   2.45 (the machine was shared with other work: wall times are
   noisy, CPU times less so).  With the thread sha512sum's CPU time
   reached or passed openssl's; without it, sha512sum is level with
   openssl (0.92-1.05 of its CPU time in four series), the rest being
   the hash core's (bench/hashspeed: 480-500 MB/s, openssl 505-522).
   The thread can at best hide the copy, and the slower the hash, the
   smaller the copy's share: on that Xeon, the share copy_weighs measured
   (eight runs each) was 0.06-0.09 for sha512sum, 0.03-0.06 for cksum
   -a sha3, 0.08-0.10 for md5sum, 0.12-0.15 for b2sum and md4sum,
   0.16-0.19 for sha256sum and sha224sum, 0.155-0.19 for sha1sum
   (SHA-NI).  So the thread is started only where the copy takes at
   least AHEAD_COPY_PERCENT: for SHA-256 and (mostly) SHA-1 with
   SHA-NI, where it saved wall time on the Zen 5 (sha256sum) and, on
   the Xeon, moved the wall time by no more than the noise (medians
   1-4% slower); not for the slower hashes.  On a Zen 5 this most
   likely leaves sha512sum without the thread too; its time there
   without the thread was not measured.  Smaller reads without the
   thread (BRISK_IO_BUFSIZE 32 or 64 KiB) changed nothing proven.

   The checksums: the copy's share was 0.87-0.91 for the CRCs (cksum,
   cksum -a crc32b) and sum -s, which run at about memory speed, and
   0.37-0.39 for sum's BSD checksum (about 4 GB/s).  A copy that
   weighs that much is all that a thread could hide, and more time
   than the hash: with the thread, cksum took 0.26 s of wall time and
   0.33 of CPU on 1 GiB, without it 0.20 and 0.19 (5 runs, the Xeon).
   So AHEAD_COPY_MAX_PERCENT bounds the share from above, at 60 (no
   hash measured between 0.39 and 0.87), and the BSD sum has the
   thread: 0.30 s of wall time and 0.52 of CPU against 0.44 and 0.43
   without (GNU sum 2.19 / 2.17): a third off the wall time, a fifth
   more CPU time.

   On a Zen 5 (family 26, a 2-CPU VM) the sample reads more slowly than
   the rest of the file (about 20 microseconds a piece, against 10 for
   the whole), and the shares it gave, seven runs each, were 0.16-0.23
   for b2sum, 0.14-0.19 for sha512sum, 0.10-0.17 for md5sum, 0.22-0.31
   for sha256sum, 0.22-0.32 for sha1sum and 0.48-0.60 for sum's BSD
   checksum.  With 16 and 60 as bounds, b2sum, sha512sum and md5sum
   took the thread in some runs, where it cost wall time as well as CPU
   time (b2sum of 1 GiB: 1.10 s of wall and 1.24 of CPU time with it,
   1.02 and 1.02 without, 9 interleaved runs), and sum went without
   it in others; sha256sum and sha1sum gained 7% of wall time with it
   (0.71 s against 0.76, 0.67 against 0.72) for 12-14% more CPU time.
   So the bounds were 25 and 70: the slow hashes stay off the thread on
   both machines (on the Xeon, sha256sum and sha1sum too, which the
   thread did not speed up there), and the CRCs and sum -s stay
   without it.

   The upper bound is now 45.  The thread hides at most the shorter of
   the copy and the hashing, and costs CPU time about in proportion to
   the copy (on the Zen 5, the reader's system time went from 0.06 s
   to 0.13 s a GiB with the thread).  Where the copy is about half the
   time, it cost more CPU time than it saved wall time: sum's BSD
   checksum on the Zen 5 (shares 0.48-0.60), 1 GiB in /dev/shm, 15
   interleaved runs, medians of wall / CPU seconds: 0.217 / 0.299 with
   the thread, 0.270 / 0.270 without, GNU sum 1.642 / 1.641 (0.13 /
   0.18 and 0.16 / 0.16 of GNU's; in bench/cksum-compare's run before,
   0.14 / 0.21 and 0.19 / 0.19).  On the Xeon (0.37-0.39) it saved a
   third of the wall time for a fifth more CPU time, and keeps it.

   BRISK_READ_AHEAD set to "0" never starts the thread, "1" starts it
   for any large regular file whatever the CPUs and the hash (for the
   tests and the benchmarks); neither takes the sample.  "sample"
   takes it even if no other CPU is free (for the tests).  */
static int
ahead_pays (const struct digest_algo *algo, int fd, void *ctx,
            struct digest_buffer *buf, size_t size, const struct stat *st)
{
  if (!S_ISREG (st->st_mode) || st->st_size < AHEAD_MIN_SIZE)
    return 0;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);
  if (cpus < 2)
    return 0;
  char const *e = getenv ("BRISK_READ_AHEAD");
  if (e && strcmp (e, "0") == 0)
    return 0;
  if (e && strcmp (e, "1") == 0)
    return 1;
  if (! (e && strcmp (e, "sample") == 0) && !cpu_free (cpus))
    return 0;
  return copy_weighs (algo, fd, ctx, buf, size);
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
      /* Whatever the algorithm: ahead_pays weighs it (the CRCs, which
         run faster than the copy from the page cache, never get the
         thread; sum's BSD checksum does where its hashing is clearly
         the longer).  */
      int r = (ahead && have_st
               ? ahead_pays (algo, fd, &ctx, buf, size, &st) : 0);
      if (r > 0)
        r = digest_fd_ahead (algo, fd, &ctx, size);
      if (r < 0
          || (r == 0
              && digest_rest (algo, fd, &ctx, buf,
                              io_stream_blksize (have_st ? &st : NULL))
                 != 0))
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
