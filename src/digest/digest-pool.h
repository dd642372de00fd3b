/* digest-pool.h -- hash named files in worker threads, for digest.c's
   -j/--threads.

   The pool owns its worker threads and a window of jobs, taken in the
   order they were queued and handed back in that order.  It never
   prints and never exits: the caller (the main thread, the only one
   that writes to stdout and stderr) reports each outcome in its turn.
   A worker hashes regular files only; any other file (a FIFO, a
   device, a directory) it leaves for the main thread to open and read
   in its turn.  */

#ifndef BRISK_DIGEST_POOL_H
#define BRISK_DIGEST_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "digest-algos.h"
#include "digest-stream.h"

/* The outcome of one job.  */
struct digest_outcome
{
  /* Whether the job only kept a place in the order, for the caller to
     fill itself: standard input, a line that names no file, a file
     that is not regular, a file left for its size
     (digest_pool_keep_large).  */
  bool kept;
  /* 0, or the errno of the failure; AT_OPEN says whether open failed.  */
  int err;
  bool at_open;
  /* The digest, when not KEPT and ERR is 0.  */
  uint8_t digest[DIGEST_MAX_SIZE];
};

struct digest_pool;

/* How many jobs each of THREADS threads of a pool hashing with ALGO
   takes at once to hash side by side (twice the lanes of the family's
   multi-lane core, so that lanes whose files end take the next; or a
   batch of read-batch.h, if more and the threads may open files in
   batches), or 0 if ALGO has no multi-lane core on this CPU and the
   threads may not open files in batches (with batches but no lanes,
   a serial set of digest-multi.h hashes a batch's files one after
   another).  A pool's
   window should hold at least this many for each worker and for the
   caller.  */
size_t digest_pool_batch (const struct digest_algo *algo, size_t threads);

/* A pool of at most WORKERS threads (started as jobs come) hashing with
   ALGO, holding at most WINDOW jobs.  Exit on memory exhaustion.  */
struct digest_pool *digest_pool_new (const struct digest_algo *algo,
                                     size_t workers, size_t window);

/* Leave to the caller the regular files of at least MIN_SIZE bytes
   (none if 0), as kept (see struct digest_outcome), rather than hash
   them side by side: b3sum's large files, which its own threads hash
   (digest-b3threads.h).  Call before the first push.  */
void digest_pool_keep_large (struct digest_pool *pool, uint64_t min_size);

/* Whether POOL holds WINDOW jobs, so that the next push must wait for
   a pop.  */
bool digest_pool_full (const struct digest_pool *pool);

/* Queue the file NAME (which must stay valid until its job is popped),
   or keep a place in the order if NAME is null.  POOL must not be
   full.  */
void digest_pool_push (struct digest_pool *pool, const char *name);

/* Likewise, NAME relative to the directory open as DIRFD (which must
   stay open until the job is popped), so that a file deeper than
   PATH_MAX can be hashed.  With NOFOLLOW, NAME is a regular file that
   a tree walk found, which is not to be read through a symbolic link:
   it is opened with O_NOFOLLOW (and O_NONBLOCK), and if it is then a
   link, or no longer a regular file, the job keeps its place (KEPT)
   for the caller to look again in its turn.  */
void digest_pool_push_at (struct digest_pool *pool, int dirfd,
                          const char *name, bool nofollow);

/* Say that every job of POOL will be popped before the next push, so
   that the threads share out the last ones rather than leave them to
   the caller, or to one thread, as whole batches.  */
void digest_pool_drain (struct digest_pool *pool);

/* Wait for the oldest job of POOL (there must be one), store its
   outcome in *OUT and drop it.  If no worker has taken the job yet,
   do it in the calling thread.  */
void digest_pool_pop (struct digest_pool *pool, struct digest_outcome *out);

/* Stop POOL's workers and free it.  POOL must be empty.  */
void digest_pool_free (struct digest_pool *pool);

#endif
