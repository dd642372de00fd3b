/* digest-pool.c -- worker threads hashing named files, their outcomes
   handed back in the order the files were queued (see digest-pool.h).

   Owns: the workers, the window of jobs (a ring), one lock and two
   condition variables.  Calls: open, fstat, close and
   lib/digest-stream.h; nothing that prints.

   Jobs are numbered as they are pushed.  PUSHED, TAKEN and POPPED
   count the jobs queued, the jobs a worker (or the caller) has taken,
   and the jobs handed back; POPPED <= TAKEN <= PUSHED, and PUSHED -
   POPPED <= WINDOW, so job number I lives in slot I % WINDOW until it
   is popped.  Workers take jobs in order, so the oldest job is either
   taken or the next to be taken: a caller that finds it not taken does
   it itself, rather than wait for a worker to wake up (or for one that
   could not be started).  */

#include <config.h>

#include "digest-pool.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digest-multi.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "i18n.h"
#include "ioblksize.h"
#include "read-batch.h"
#include "xalloc.h"

enum
{
  /* Bytes read from a file at a time when files are hashed side by
     side: each lane has a buffer of this size.  */
  LANE_CHUNK = 64 * 1024,
  /* Jobs taken at once to hash side by side, at most.  */
  BATCH_MAX = (2 * HASH_LANES_MAX > READ_BATCH_MAX
               ? 2 * HASH_LANES_MAX : READ_BATCH_MAX)
};

/* What one thread needs to hash files side by side: the set of lanes
   (null until first needed), its width, a LANE_CHUNK buffer per lane,
   and the io_uring batch that opens and reads the start of a batch of
   files at once (null if it cannot be had).  */
struct lane_kit
{
  struct digest_multi *m;
  size_t width;
  char *bufs;
  bool failed;          /* no memory for the lanes: one file at a time */
  bool advised[HASH_LANES_MAX]; /* the lane's file told it is read
                                   from start to end */
  struct read_batch *rb;
  struct read_batch_file files[BATCH_MAX];
};

enum job_state
{
  JOB_QUEUED,
  JOB_RUNNING,
  JOB_DONE
};

/* One file to hash: its name, and what came of it.  Between its push
   and its pop, only the thread that took it writes OUT, and only the
   caller reads it once STATE is JOB_DONE.  STATE changes under the
   lock, but for the last change to JOB_DONE, which the caller may see
   without the lock.  */
struct job
{
  int dirfd;            /* NAME is relative to it (or AT_FDCWD) */
  const char *name;
  bool nofollow;        /* found by a walk: see digest_pool_push_at */
  _Atomic enum job_state state;
  struct digest_outcome out;
};

struct digest_pool
{
  const struct digest_algo *algo;
  size_t max_workers;
  size_t started;       /* threads started, in THREADS */
  size_t idle;          /* workers waiting for a job */
  pthread_t *threads;
  size_t window;
  struct job *jobs;     /* WINDOW slots */
  size_t pushed, taken, popped;
  bool stopping;        /* workers must return once no job is left */
  bool draining;        /* no job is pushed until all are popped */
  /* The job the caller waits for (under the lock), or null.  */
  struct job *_Atomic awaited;
  pthread_mutex_t lock;
  pthread_cond_t work;  /* a job was pushed, or the pool stops */
  pthread_cond_t done;  /* a job is done */
  struct digest_buffer caller_buf;  /* for jobs the caller does */
  /* Side by side hashing: at most BATCH jobs taken at once (0: the
     algorithm has no multi-lane core here), and only when MIN_BUSY
     are waiting.  */
  size_t batch;
  size_t min_busy;
  bool batch_io;        /* threads open files in batches (read-batch.h) */
  uint64_t keep_from;   /* regular files of this size and more are
                           kept for the caller (0: none) */
  struct lane_kit caller_kit;
};

/* Open the file NAME, relative to the directory DIRFD, that a tree walk
   found regular, for a job whose outcome is OUT: first, without
   following a symbolic link and without waiting for a FIFO's writer,
   then check on the descriptor that it is a regular file.  Return its
   descriptor; or -1, with OUT saying why: a failure, or a name that is
   now a symbolic link or a file that is not regular, left for the
   caller to look at again in its turn (KEPT).  Two calls, as
   open_job's others.  */
static int
open_walked (int dirfd, const char *name, struct digest_outcome *out)
{
  int fd = openat (dirfd, name, (O_RDONLY | O_NOCTTY | O_NOFOLLOW
                                 | O_NONBLOCK));
  struct stat st;
  if (fd < 0)
    {
      out->kept = errno == ELOOP;
      out->err = out->kept ? 0 : errno;
      out->at_open = !out->kept;
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      out->err = errno;
      out->at_open = true;
    }
  else if (!S_ISREG (st.st_mode))
    out->kept = true;
  else
    return fd;
  close (fd);
  return -1;
}

/* Open the file NAME, relative to the directory DIRFD, of a job whose
   outcome is OUT, or with NOFOLLOW as open_walked.  Return the
   descriptor of a regular file.  Otherwise return -1, with OUT saying
   why: a failure, or a file that is not regular (a FIFO, a device, a
   directory), which is left for the caller to open and read in its
   turn, as without a pool: a FIFO opened ahead of its turn would take
   its writer's data early, or see the end of the wrong writer's.  The
   stat and the open cost one call more than an open alone.  */
static int
open_job (int dirfd, const char *name, bool nofollow,
          struct digest_outcome *out)
{
  out->kept = false;
  out->err = 0;
  out->at_open = false;
  if (nofollow)
    return open_walked (dirfd, name, out);
  struct stat st;
  if (fstatat (dirfd, name, &st, 0) != 0)
    {
      out->err = errno;
      out->at_open = true;
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      out->kept = true;
      return -1;
    }
  int fd = openat (dirfd, name, O_RDONLY | O_NOCTTY);
  if (fd < 0)
    {
      out->err = errno;
      out->at_open = true;
    }
  return fd;
}

/* Close FD, the file of the job whose outcome is OUT, noting a failure
   there unless one is noted already.  */
static void
close_job (int fd, struct digest_outcome *out)
{
  if (close (fd) != 0 && out->err == 0)
    out->err = errno;
}

/* Hash with ALGO the file NAME (relative to DIRFD) through BUF, and
   store what came of it in OUT; any file that is not regular is handed
   back open.  With AHEAD, a large file may be read by a thread of its
   own (the caller of a pool without workers).  */
static void
run_job (const struct digest_algo *algo, const struct job *j,
         struct digest_outcome *out, struct digest_buffer *buf, bool ahead)
{
  int fd = open_job (j->dirfd, j->name, j->nofollow, out);
  if (fd < 0)
    return;
  if ((ahead ? digest_fd_buf : digest_fd_alone) (algo, fd, out->digest,
                                                  buf) != 0)
    out->err = errno;
  close_job (fd, out);
}

/* Take the next job of POOL that needs hashing, marking it running, or
   return null if none is queued.  Call with the lock held.  */
static struct job *
take_job (struct digest_pool *pool)
{
  while (pool->taken < pool->pushed)
    {
      struct job *j = &pool->jobs[pool->taken++ % pool->window];
      if (j->state == JOB_QUEUED)
        {
          j->state = JOB_RUNNING;
          return j;
        }
    }
  return NULL;
}

/* Mark J, a job of POOL, done, waking the caller if it waits for J.
   Call with the lock held.  */
static void
mark_done (struct digest_pool *pool, struct job *j)
{
  j->state = JOB_DONE;
  if (pool->awaited == j)
    pthread_cond_signal (&pool->done);
}

/* Do the job J of POOL through BUF, then mark it done.  Call with the
   lock held; it is released while the file is read.  */
static void
do_job (struct digest_pool *pool, struct job *j, struct digest_buffer *buf)
{
  pthread_mutex_unlock (&pool->lock);
  run_job (pool->algo, j, &j->out, buf,
           pool->max_workers == 0);
  pthread_mutex_lock (&pool->lock);
  mark_done (pool, j);
}

/* Mark J, a job of POOL that this thread did without the lock, done,
   taking the lock only to wake the caller if it waits for J.  Both
   sides store, then load (sequentially consistent): either the caller
   sees J done, or this thread sees the caller waiting for it, and
   wakes it once it has let go of the lock in pthread_cond_wait.  */
static void
job_done (struct digest_pool *pool, struct job *j)
{
  j->state = JOB_DONE;
  if (pool->awaited == j)
    {
      pthread_mutex_lock (&pool->lock);
      pthread_cond_signal (&pool->done);
      pthread_mutex_unlock (&pool->lock);
    }
}

/* Get K ready to hash with ALGO side by side, opening files in
   batches if BATCHED.  Return false if it cannot be (no memory for
   the lanes).  */
static bool
kit_ready (struct lane_kit *k, const struct digest_algo *algo,
           bool batched)
{
  if (!k->m && !k->failed)
    {
      k->m = digest_multi_new_any (algo);
      k->failed = !k->m;
      if (!k->m)
        return false;
      k->width = digest_multi_lanes (k->m);
      k->bufs = xnmalloc (k->width, LANE_CHUNK);
      k->rb = batched ? read_batch_new () : NULL;
    }
  return !k->failed;
}

/* Release what K holds.  */
static void
kit_free (struct lane_kit *k)
{
  digest_multi_free (k->m);
  free (k->bufs);
  read_batch_free (k->rb);
}

/* Read the next piece of lane I of K, which is on the job J with the
   file FD, into the lane's buffer, and store in *DATA and *LEN what
   to hash.  Return false when the lane is done with J: at the end of
   its file (the digest stored) or on a read error (noted in J).  */
static bool
lane_read (struct lane_kit *k, size_t i, struct job *j, int fd,
           const void **data, size_t *len)
{
  char *b = k->bufs + i * LANE_CHUNK;
  ssize_t r;
  while ((r = read (fd, b, LANE_CHUNK)) < 0 && errno == EINTR)
    continue;
  /* A file longer than a piece: let the kernel read ahead in larger
     steps, as for one file at a time (where the file is not in the
     page cache, fewer and larger disk reads).  A hint only.  */
  if (r == LANE_CHUNK && !k->advised[i])
    {
      posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      k->advised[i] = true;
    }
  *data = b;
  *len = r < 0 ? 0 : r;
  if (r > 0)
    return true;
  if (r < 0)
    j->out.err = errno;
  else
    digest_multi_finish (k->m, i, j->out.digest);
  return false;
}

/* Whether the job J of POOL, whose regular file a lane of K opened as
   FD (with F, through K's batch, if not null), is a file that POOL
   leaves to the caller for its size (see digest_pool_keep_large).  If
   so, close the file and mark J kept.  The batch's statx gave the size
   of its files.  */
static bool
left_for_size (const struct digest_pool *pool, struct lane_kit *k,
               struct job *j, int fd, struct read_batch_file *f)
{
  struct stat st;
  if (!pool->keep_from)
    return false;
  uint64_t size = f ? f->size : fstat (fd, &st) == 0 ? st.st_size : 0;
  if (size < pool->keep_from)
    return false;
  if (f)
    read_batch_close (k->rb, f);
  else
    close_job (fd, &j->out);
  j->out.kept = j->out.err == 0;
  return true;
}

/* Where a lane of run_lanes is in its file: the first bytes, read by
   the batch, still to hash (and then the end, or more to read), or
   reading the file piece by piece.  */
enum lane_stage
{
  LANE_HEAD_THEN_END,
  LANE_HEAD_THEN_READ,
  LANE_END,
  LANE_READ
};

/* Start the job J, whose file the batch of K opened and began to read
   as F, on lane I, in *STAGE; or, if the read failed, close the file
   and return false.  */
static bool
start_batched (struct lane_kit *k, size_t i, struct job *j,
               struct read_batch_file *f, enum lane_stage *stage)
{
  j->out.kept = false;
  j->out.err = f->err;
  j->out.at_open = false;
  if (f->err)
    {
      read_batch_close (k->rb, f);
      return false;
    }
  digest_multi_start (k->m, i);
  k->advised[i] = false;
  *stage = f->eof ? LANE_HEAD_THEN_END : LANE_HEAD_THEN_READ;
  return true;
}

/* Hash the N jobs JOBS of POOL side by side in K's lanes, each lane
   taking the next job when its file ends, every lane reading a piece
   of the same size at a time.  With K's batch, the files are first
   opened, and their first bytes read, all at once; else each as its
   lane takes it.  A job whose file cannot be opened or is not regular
   is done at once, as run_job does it.  Each job is marked done as it
   ends, or, if the batch opened its file, once the batch has closed
   them all.  Call without the lock.  */
static void
run_lanes (struct digest_pool *pool, struct job **jobs, size_t n,
           struct lane_kit *k)
{
  struct job *on[HASH_LANES_MAX] = { NULL };
  struct read_batch_file *f[HASH_LANES_MAX];
  enum lane_stage stage[HASH_LANES_MAX];
  int fd[HASH_LANES_MAX];
  const void *data[HASH_LANES_MAX];
  size_t len[HASH_LANES_MAX];
  size_t next = 0, busy = 0;
  struct read_batch_file *files = k->rb && n > 1 ? k->files : NULL;
  bool opened[BATCH_MAX];

  if (files)
    {
      for (size_t i = 0; i < n; i++)
        {
          files[i].dirfd = jobs[i]->dirfd;
          files[i].name = jobs[i]->name;
          files[i].nofollow = jobs[i]->nofollow;
        }
      read_batch_run (k->rb, files, n);
      for (size_t i = 0; i < n; i++)
        opened[i] = files[i].fd >= 0;
    }
  for (;;)
    {
      for (size_t i = 0; i < k->width; i++)
        while (!on[i] && next < n)
          {
            struct job *j = jobs[next];
            bool batched = files && opened[next];
            f[i] = batched ? &files[next] : NULL;
            if (files && !files[next].plain && !batched)
              {
                /* Failed at open, or not regular.  */
                j->out.kept = files[next].not_regular;
                j->out.err = files[next].err;
                j->out.at_open = files[next].at_open;
                job_done (pool, j);
                next++;
                continue;
              }
            next++;
            bool started;
            if (f[i])
              started = start_batched (k, i, j, f[i], &stage[i]);
            else
              {
                fd[i] = open_job (j->dirfd, j->name, j->nofollow, &j->out);
                started = fd[i] >= 0;
                if (started)
                  {
                    digest_multi_start (k->m, i);
                    k->advised[i] = false;
                    stage[i] = LANE_READ;
                  }
              }
            if (started
                && left_for_size (pool, k, j, f[i] ? f[i]->fd : fd[i], f[i]))
              started = false;
            if (started)
              on[i] = j, busy++;
            else if (!batched)
              job_done (pool, j);
          }
      if (busy == 0)
        break;
      for (size_t i = 0; i < k->width; i++)
        {
          data[i] = NULL, len[i] = 0;
          if (!on[i])
            continue;
          switch (stage[i])
            {
            case LANE_HEAD_THEN_END:
            case LANE_HEAD_THEN_READ:
              data[i] = f[i]->data, len[i] = f[i]->len;
              fd[i] = f[i]->fd;
              stage[i] = (stage[i] == LANE_HEAD_THEN_END
                          ? LANE_END : LANE_READ);
              continue;
            case LANE_END:
              digest_multi_finish (k->m, i, on[i]->out.digest);
              break;
            case LANE_READ:
              if (lane_read (k, i, on[i], fd[i], &data[i], &len[i]))
                continue;
              break;
            }
          if (f[i])
            read_batch_close (k->rb, f[i]);
          else
            {
              close_job (fd[i], &on[i]->out);
              job_done (pool, on[i]);
            }
          on[i] = NULL;
          busy--;
        }
      if (digest_progress_hook)
        {
          size_t sum = 0;
          for (size_t i = 0; i < k->width; i++)
            sum += len[i];
          digest_progress_hook (sum);
        }
      digest_multi_update (k->m, data, len);
    }
  if (files)
    {
      /* The jobs whose files the batch opened: done once closed.  */
      read_batch_flush (k->rb);
      for (size_t i = 0; i < n; i++)
        if (opened[i])
          {
            if (jobs[i]->out.err == 0)
              jobs[i]->out.err = files[i].err;
            job_done (pool, jobs[i]);
          }
    }
}

/* How many jobs a thread of POOL takes at once to hash side by side:
   a whole batch; but while the pool drains, a share of the jobs left
   for each thread (at least MIN_BUSY), so that the threads end
   together, rather than one of them hashing the last batch while the
   others wait.  Call with the lock held.  */
static size_t
batch_take (const struct digest_pool *pool)
{
  size_t n = pool->batch;
  if (pool->draining)
    {
      size_t threads = pool->started + 1;
      size_t share = (pool->pushed - pool->taken + threads - 1) / threads;
      n = share < n ? share : n;
      n = n < pool->min_busy ? pool->min_busy : n;
    }
  return n;
}

/* If POOL hashes side by side and enough jobs wait, take up to a batch
   of them (the first in order; see batch_take) and do them in K's
   lanes, and return true; else return false.  Call with the lock held;
   it is released while the files are read.  */
static bool
do_batch (struct digest_pool *pool, struct lane_kit *k)
{
  if (pool->batch == 0 || pool->pushed - pool->taken < pool->min_busy
      || !kit_ready (k, pool->algo, pool->batch_io))
    return false;
  if (pool->batch_io && !k->rb)
    {
      /* No ring to be had (io_uring refused, as in some sandboxes):
         the batches the lanes alone want, as if none had been asked
         for, so that the first lines do not wait for a ring's worth
         of files.  */
      pool->batch_io = false;
      if (2 * k->width < pool->batch)
        pool->batch = 2 * k->width;
    }
  struct job *jobs[BATCH_MAX];
  size_t n = 0, take = batch_take (pool);
  struct job *j;
  while (n < take && (j = take_job (pool)))
    jobs[n++] = j;
  pthread_mutex_unlock (&pool->lock);
  run_lanes (pool, jobs, n, k);
  pthread_mutex_lock (&pool->lock);
  return true;
}

/* A worker of the pool ARG: do jobs as they come, until the pool
   stops.  */
static void *
worker (void *arg)
{
  struct digest_pool *pool = arg;
  struct digest_buffer buf = { NULL, 0 };
  struct lane_kit kit = { .m = NULL };
  pthread_mutex_lock (&pool->lock);
  for (;;)
    {
      /* With lanes, a worker takes whole batches only: jobs pushed one
         at a time would otherwise go one at a time to idle workers,
         and never side by side.  The caller does what is left, but
         while the pool drains, when the threads share it.  */
      bool lanes = pool->batch && !kit.failed;
      if (lanes && pool->pushed - pool->taken >= batch_take (pool)
          && do_batch (pool, &kit))
        continue;
      struct job *j = lanes ? NULL : take_job (pool);
      if (j)
        do_job (pool, j, &buf);
      else if (pool->stopping)
        break;
      else
        {
          pool->idle++;
          pthread_cond_wait (&pool->work, &pool->lock);
          pool->idle--;
        }
    }
  pthread_mutex_unlock (&pool->lock);
  digest_buffer_free (&buf);
  kit_free (&kit);
  return NULL;
}

/* Make in this thread, before any worker starts, the choices that lib/
   makes on first use and caches without a lock: the buffer size forced
   by the environment, and ALGO's implementation (from the CPU's
   features), which its init function settles.  */
static void
settle_choices (const struct digest_algo *algo)
{
  union
  {
    max_align_t align;
    unsigned char bytes[DIGEST_MAX_CTX];
  } ctx;
  io_bufsize_override ();
  digest_init (algo, &ctx);
  digest_pool_batch (algo, 1);
}

/* Whether THREADS threads may each open files in batches: io_uring
   is not ruled out, and the limit on descriptors leaves room for a
   batch's in each thread and a few more, so that a batch never takes
   the descriptors that a file kept for the caller, or the output,
   needs.  */
static bool
batch_io_fits (size_t threads)
{
  struct rlimit r;
  return (read_batch_usable () && getrlimit (RLIMIT_NOFILE, &r) == 0
          && (r.rlim_cur == RLIM_INFINITY
              || r.rlim_cur >= 64 + threads * READ_BATCH_MAX));
}

/* See digest-pool.h.  Also settles hash-lanes' choice, made on first
   use without a lock.  */
size_t
digest_pool_batch (const struct digest_algo *algo, size_t threads)
{
  const struct hash_lanes_variant *v = digest_multi_choice (algo);
  bool io = batch_io_fits (threads);
  /* A serial set hashes nothing side by side: it is worth its batches
     only for their reads.  */
  if (v == &digest_multi_serial && !io)
    return 0;
  size_t batch = 2 * v->lanes;
  if (batch < READ_BATCH_MAX && io)
    batch = READ_BATCH_MAX;
  return batch;
}

/* Make a pool of at most WORKERS threads hashing with ALGO, holding at
   most WINDOW jobs.  */
struct digest_pool *
digest_pool_new (const struct digest_algo *algo, size_t workers,
                 size_t window)
{
  settle_choices (algo);
  struct digest_pool *pool = xzalloc (sizeof *pool);
  pool->algo = algo;
  pool->max_workers = workers;
  pool->threads = xcalloc (workers, sizeof *pool->threads);
  pool->window = window;
  pool->jobs = xcalloc (window, sizeof *pool->jobs);
  pool->batch = digest_pool_batch (algo, workers + 1);
  pool->batch_io = batch_io_fits (workers + 1);
  if (pool->batch)
    pool->min_busy = digest_multi_choice (algo)->min_busy;
  pthread_mutex_init (&pool->lock, NULL);
  pthread_cond_init (&pool->work, NULL);
  pthread_cond_init (&pool->done, NULL);
  return pool;
}

/* See digest-pool.h.  */
void
digest_pool_keep_large (struct digest_pool *pool, uint64_t min_size)
{
  pool->keep_from = min_size;
}

/* Whether POOL holds as many jobs as its window.  Only the caller
   changes PUSHED and POPPED, so it may read them without the lock.  */
bool
digest_pool_full (const struct digest_pool *pool)
{
  return pool->pushed - pool->popped == pool->window;
}

/* Wake an idle worker of POOL for new jobs, or start one more when
   the jobs not taken outnumber the idle workers: a run of one file
   starts one thread, not all of them.  With lanes, only once a whole
   batch waits, since a worker takes nothing less.  A thread that
   cannot be started is not an error: the caller does the jobs no
   worker takes.  Call with the lock held.  */
static void
call_worker (struct digest_pool *pool)
{
  size_t queued = pool->pushed - pool->taken;
  if (queued < (pool->batch ? batch_take (pool) : 1))
    return;
  if (pool->idle > 0)
    pthread_cond_signal (&pool->work);
  if (queued > pool->idle
      && pool->started < pool->max_workers
      && pthread_create (&pool->threads[pool->started], NULL, worker,
                         pool) == 0)
    pool->started++;
}

/* Queue NAME, relative to DIRFD, in POOL, not through a symbolic link
   if NOFOLLOW, or keep a place if NAME is null.  */
void
digest_pool_push_at (struct digest_pool *pool, int dirfd, const char *name,
                     bool nofollow)
{
  pthread_mutex_lock (&pool->lock);
  pool->draining = false;
  struct job *j = &pool->jobs[pool->pushed++ % pool->window];
  j->dirfd = dirfd;
  j->name = name;
  j->nofollow = nofollow;
  j->state = name ? JOB_QUEUED : JOB_DONE;
  if (name)
    call_worker (pool);
  else
    j->out = (struct digest_outcome) { .kept = true };
  pthread_mutex_unlock (&pool->lock);
}

/* Queue NAME in POOL, or keep a place if NAME is null.  */
void
digest_pool_push (struct digest_pool *pool, const char *name)
{
  digest_pool_push_at (pool, AT_FDCWD, name, false);
}

/* See digest-pool.h.  Idle workers are woken to share the jobs that
   wait in less than a batch.  */
void
digest_pool_drain (struct digest_pool *pool)
{
  pthread_mutex_lock (&pool->lock);
  pool->draining = true;
  if (pool->batch && pool->idle > 0
      && pool->pushed - pool->taken >= batch_take (pool))
    pthread_cond_broadcast (&pool->work);
  pthread_mutex_unlock (&pool->lock);
}

/* While the job J of POOL that the caller needs is not done, do the
   jobs that wait, rather than sleep: a batch at a time with lanes (as
   long as enough wait), else one at a time.  A wait for each job would
   cost the caller two context switches, and the workers a wake-up
   under the lock.  Call with the lock held.  */
static void
help (struct digest_pool *pool, struct job *j)
{
  while (j->state != JOB_DONE)
    {
      struct job *next;
      if (pool->batch)
        {
          if (!do_batch (pool, &pool->caller_kit))
            break;
        }
      else if ((next = take_job (pool)))
        do_job (pool, next, &pool->caller_buf);
      else
        break;
    }
}

/* Hand back the oldest job of POOL in *OUT, once done; do it here if
   no worker has taken it.  A job done already is handed back without
   the lock: no other thread touches it any more.  */
void
digest_pool_pop (struct digest_pool *pool, struct digest_outcome *out)
{
  struct job *j = &pool->jobs[pool->popped % pool->window];
  if (j->state == JOB_DONE)
    {
      *out = j->out;
      pool->popped++;
      return;
    }
  pthread_mutex_lock (&pool->lock);
  if (j->state == JOB_QUEUED && !do_batch (pool, &pool->caller_kit))
    {
      /* Not taken, so the next to be taken (see the top).  */
      pool->taken++;
      j->state = JOB_RUNNING;
      do_job (pool, j, &pool->caller_buf);
    }
  help (pool, j);
  pool->awaited = j;
  while (j->state != JOB_DONE)
    pthread_cond_wait (&pool->done, &pool->lock);
  pool->awaited = NULL;
  *out = j->out;
  pool->popped++;
  pthread_mutex_unlock (&pool->lock);
}

/* Stop the workers of POOL, wait for them, and free it.  */
void
digest_pool_free (struct digest_pool *pool)
{
  pthread_mutex_lock (&pool->lock);
  pool->stopping = true;
  pthread_cond_broadcast (&pool->work);
  pthread_mutex_unlock (&pool->lock);
  for (size_t i = 0; i < pool->started; i++)
    pthread_join (pool->threads[i], NULL);
  pthread_cond_destroy (&pool->done);
  pthread_cond_destroy (&pool->work);
  pthread_mutex_destroy (&pool->lock);
  digest_buffer_free (&pool->caller_buf);
  kit_free (&pool->caller_kit);
  free (pool->jobs);
  free (pool->threads);
  free (pool);
}
