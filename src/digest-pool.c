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
#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ioblksize.h"
#include "xalloc.h"

enum job_state
{
  JOB_QUEUED,
  JOB_RUNNING,
  JOB_DONE
};

/* One file to hash: its name, and what came of it.  Between its push
   and its pop, only the thread that took it writes OUT, and only the
   caller reads it once STATE is JOB_DONE (both under the lock).  */
struct job
{
  const char *name;
  enum job_state state;
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
  bool caller_waiting;  /* the caller waits for the oldest job */
  pthread_mutex_t lock;
  pthread_cond_t work;  /* a job was pushed, or the pool stops */
  pthread_cond_t done;  /* a job is done */
  struct digest_buffer caller_buf;  /* for jobs the caller does */
};

/* Hash with ALGO the file NAME through BUF, and store what came of it
   in OUT.  Open it without blocking (a FIFO with no writer would block
   the open), and hand any file that is not regular back open.  */
static void
run_job (const struct digest_algo *algo, const char *name,
         struct digest_outcome *out, struct digest_buffer *buf)
{
  out->kept = false;
  out->fd = -1;
  out->err = 0;
  out->at_open = false;
  int fd = open (name, O_RDONLY | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    {
      out->err = errno;
      out->at_open = true;
      return;
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      out->fd = fd;
      return;
    }
  if (digest_fd_alone (algo, fd, out->digest, buf) != 0)
    out->err = errno;
  if (close (fd) != 0 && out->err == 0)
    out->err = errno;
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

/* Do the job J of POOL through BUF, then mark it done.  Call with the
   lock held; it is released while the file is read.  */
static void
do_job (struct digest_pool *pool, struct job *j, struct digest_buffer *buf)
{
  pthread_mutex_unlock (&pool->lock);
  run_job (pool->algo, j->name, &j->out, buf);
  pthread_mutex_lock (&pool->lock);
  j->state = JOB_DONE;
  if (pool->caller_waiting)
    pthread_cond_signal (&pool->done);
}

/* A worker of the pool ARG: do jobs as they come, until the pool
   stops.  */
static void *
worker (void *arg)
{
  struct digest_pool *pool = arg;
  struct digest_buffer buf = { NULL, 0 };
  pthread_mutex_lock (&pool->lock);
  for (;;)
    {
      struct job *j = take_job (pool);
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
  algo->init (&ctx);
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
  pthread_mutex_init (&pool->lock, NULL);
  pthread_cond_init (&pool->work, NULL);
  pthread_cond_init (&pool->done, NULL);
  return pool;
}

/* Whether POOL holds as many jobs as its window.  Only the caller
   changes PUSHED and POPPED, so it may read them without the lock.  */
bool
digest_pool_full (const struct digest_pool *pool)
{
  return pool->pushed - pool->popped == pool->window;
}

/* Wake an idle worker of POOL for a new job, or start one more when
   the jobs not taken outnumber the idle workers: a run of one file
   starts one thread, not all of them.  A thread that cannot be started
   is not an error: the caller does the jobs no worker takes.  Call
   with the lock held.  */
static void
call_worker (struct digest_pool *pool)
{
  if (pool->idle > 0)
    pthread_cond_signal (&pool->work);
  if (pool->pushed - pool->taken > pool->idle
      && pool->started < pool->max_workers
      && pthread_create (&pool->threads[pool->started], NULL, worker,
                         pool) == 0)
    pool->started++;
}

/* Queue NAME in POOL, or keep a place if NAME is null.  */
void
digest_pool_push (struct digest_pool *pool, const char *name)
{
  pthread_mutex_lock (&pool->lock);
  struct job *j = &pool->jobs[pool->pushed++ % pool->window];
  j->name = name;
  j->state = name ? JOB_QUEUED : JOB_DONE;
  if (name)
    call_worker (pool);
  else
    j->out = (struct digest_outcome) { .kept = true, .fd = -1 };
  pthread_mutex_unlock (&pool->lock);
}

/* Hand back the oldest job of POOL in *OUT, once done; do it here if
   no worker has taken it.  */
void
digest_pool_pop (struct digest_pool *pool, struct digest_outcome *out)
{
  pthread_mutex_lock (&pool->lock);
  struct job *j = &pool->jobs[pool->popped % pool->window];
  if (j->state == JOB_QUEUED)
    {
      /* Not taken, so the next to be taken (see the top).  */
      pool->taken++;
      j->state = JOB_RUNNING;
      do_job (pool, j, &pool->caller_buf);
    }
  pool->caller_waiting = true;
  while (j->state != JOB_DONE)
    pthread_cond_wait (&pool->done, &pool->lock);
  pool->caller_waiting = false;
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
  free (pool->jobs);
  free (pool->threads);
  free (pool);
}

/* Wait until the FIFO FD, opened with O_NONBLOCK, has data or its
   writer has come and gone: where a blocking open would have waited
   for a writer, a read now would see an end of file at once.  (A FIFO
   opened with no writer reports no hang-up before a writer has been
   seen.)  */
static void
wait_for_writer (int fd)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };
  while (poll (&p, 1, -1) < 0 && errno == EINTR)
    continue;
}

/* Hash the file FD that a job handed back.  Return 0, or -1 with errno
   set.  */
int
digest_pool_read_fd (const struct digest_algo *algo, int fd, void *out,
                     struct digest_buffer *buf)
{
  struct stat st;
  if (fstat (fd, &st) == 0 && S_ISFIFO (st.st_mode))
    wait_for_writer (fd);
  int flags = fcntl (fd, F_GETFL);
  if (flags < 0 || fcntl (fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    return -1;
  return digest_fd_buf (algo, fd, out, buf);
}
