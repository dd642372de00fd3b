/* tee-worker.c -- tee's worker thread, which writes a share of each
   round.

   Two threads.  With two CPUs or more and two regular files or more
   among the outputs written by splice(2), a worker thread writes half
   of those files (the first ones, but see below; never the last
   output) in each round, while the main thread writes the other
   outputs.  The main thread tees the round into the worker's share
   pipe, wakes it, serves its own outputs, then waits for it: a mutex
   and two condition variables, about 40 us a round trip on a 2-core
   VM, which is why the pipes are then grown to IO_PIPE_SIZE_THREADED,
   for fewer rounds.
   The worker gives the round to each of its files from its copy pipe,
   refilled by tee(2) from the share pipe, the last one consuming the
   share pipe.  It never prints, never uses the buffer, and never
   writes a pipe (so never meets SIGPIPE or EPIPE): it keeps the errno
   of a file that fails, and the main thread, which meanwhile holds
   back its own reports, reports the round's failures in output order
   once both are done, as one thread would have.  A file that
   splice(2) refuses is left, with the rest of the share, to the main
   thread, which writes it through the buffer after the wait.  There
   is no thread in the "exit" modes, where the first failure must stop
   the outputs after it within the round.  Nor does the worker run
   alongside an output whose write may end tee: a pipe or socket in
   the default mode, where SIGPIPE kills.  The main thread first
   serves, alone, the outputs up to the last such one before the
   round's last output, and the share is taken among those after it;
   when the last output is of that kind, the main thread waits for the
   worker before writing it.  So when SIGPIPE kills tee, as with GNU's,
   the outputs before the pipe have the round and their failures are
   reported, and those after it have not had the round.  (In
   "cat F | tee A B | cat" the worker so starts once standard output
   has taken the round, by a tee(2) into a pipe that the reader has
   mostly emptied by then.)

   Measured on a 2-core KVM guest, 1 GiB file F in /dev/shm, files A
   and B in /dev/shm (removed before each run), median of 5 or 7 runs
   alternated with one thread (the code before) and GNU's tee 9.1, in
   seconds.  The guest's two CPUs are not always both there (two
   threads spinning then take twice as long): both cases are given.
                                        2 threads   1 thread   GNU
     both CPUs there:
       cat F | tee A B | cat            0.54        1.07       2.1-2.4
       tee A B < F > /dev/null          0.49        0.81       1.23
     one CPU's worth:
       cat F | tee A B | cat            0.90        0.88       2.37
       GNU cat F | tee A B | GNU cat    1.23        1.18       2.32
       tee A B < F > /dev/null          0.84        0.83       1.23
       cat F | tee A > /dev/null        no thread   0.49       1.41
   (cat is Brisk's unless named GNU's.)  Two copies into /dev/shm files
   cannot go faster than 0.8 s on one CPU; so the thread pays where a
   second CPU is there, and costs a few percent where it is not.

   This file owns struct tee's worker (struct worker) and
   DEFER_REPORTS, and when the worker is used grows the pipes of the
   pipe path (SCRATCH_CAP).  Calls tee-outputs.c; called by
   tee-rounds.c.  See tee.h.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <unistd.h>

#include "error.h"
#include "i18n.h"
#include "ioblksize.h"
#include "tee.h"
#include "unistd-safer.h"
#include "xalloc.h"

/* Whether the output O is one the worker may write: a live regular
   file, still written by splice(2).  Such an output never raises
   SIGPIPE or EPIPE, and needs neither the buffer nor poll(2) for
   long.  */
static bool
workable (struct output const *o)
{
  return o->alive && o->regular && o->how == BY_SPLICE;
}

/* Whether two CPUs or more are online and may run this process.  */
static bool
two_cpus (void)
{
  if (sysconf (_SC_NPROCESSORS_ONLN) < 2)
    return false;
  cpu_set_t set;
  return (sched_getaffinity (0, sizeof set, &set) != 0
          || CPU_COUNT (&set) >= 2);
}

/* Make the worker usable if it may pay: two workable outputs or more,
   two CPUs or more, and not an "exit" mode (there the first failure
   must stop the outputs after it at once, which a second thread
   writing at the same time would not).  Grow the pipes of the pipe
   path to IO_PIPE_SIZE_THREADED, so that rounds, and hand-overs
   between the threads, are fewer, and make the worker's pipes, as
   large as the scratch pipe.  Its thread is started with the first
   share.  */
void
setup_worker (struct tee *t)
{
  size_t n = 0;
  for (size_t i = 0; i < t->n_outputs; i++)
    n += workable (&t->outputs[i]);
  if (n < 2 || exit_mode (t) || !two_cpus ())
    return;
  grow_pipe (t->scratch_wr, IO_PIPE_SIZE_THREADED);
  t->scratch_cap = pipe_capacity (t->scratch_wr);
  grow_pipe (t->feed_wr >= 0 ? t->feed_wr : t->in_fd, t->scratch_cap);
  if (t->outputs[0].alive && t->outputs[0].how == BY_TEE)
    grow_pipe (STDOUT_FILENO, t->scratch_cap);
  if (make_pipe (&t->w.share_rd, &t->w.share_wr, t->scratch_cap)
      < t->scratch_cap
      || make_pipe (&t->w.copy_rd, &t->w.copy_wr, t->scratch_cap)
      < t->scratch_cap)
    return;
  t->w.share_null = fd_safer (open ("/dev/null", O_WRONLY));
  t->w.share.idx = xnmalloc (t->n_outputs, sizeof *t->w.share.idx);
  t->w.usable = true;
}

/* In the worker, splice the *LEFT bytes at the head of the pipe SRC to
   the output O, or to /dev/null once O has failed (its ERR is then
   set, for the main thread to report).  Return true when they are all
   gone, false if the main thread must take over: O needs the buffer
   (splice(2) said EINVAL, which moves nothing), or the bytes of a
   failed O cannot be dropped.  */
static bool
splice_share (struct tee *t, int src, struct output *o, size_t *left)
{
  while (*left > 0)
    {
      int fd = o->err ? t->w.share_null : o->fd;
      ssize_t n = splice (src, NULL, fd, NULL, *left, SPLICE_F_MOVE);
      if (n > 0)
        *left -= n;
      else if (o->err)
        return false;
      else if (n == 0 || errno == EINVAL)
        {
          o->how = BY_WRITE;
          return false;
        }
      else if (errno == EAGAIN)
        wait_both (src, fd);
      else if (errno != EINTR)
        o->err = errno;
    }
  return true;
}

/* Copy the round in the share pipe into the empty copy pipe, which is
   as large.  Return true if all of it was copied.  */
static bool
fill_copy (struct tee *t)
{
  ssize_t n;
  while ((n = tee (t->w.share_rd, t->w.copy_wr, t->w.share.len, 0)) < 0
         && errno == EINTR)
    continue;
  return n == (ssize_t) t->w.share.len;
}

/* Give the round in the share pipe to the outputs of the share from
   SHARE.NEXT on: each but the last from the copy pipe, the last one
   consuming the share pipe.  In the worker (BY_MAIN false), stop where
   the main thread must take over and return 0.  In the main thread,
   finish with drain (the buffer, reports deferred): return 0, or -1
   after reporting a read error.  */
static int
run_share (struct tee *t, bool by_main)
{
  for (; t->w.share.next < t->w.share.n; t->w.share.next++)
    {
      struct output *o = &t->outputs[t->w.share.idx[t->w.share.next]];
      if (t->w.share.left == 0)
        {
          bool last = t->w.share.next + 1 == t->w.share.n;
          if (!last && (t->w.share.copy_failed || !fill_copy (t)))
            {
              t->w.share.copy_failed = true;
              if (!by_main)
                return 0;
              error (0, EIO, _("read error"));
              return -1;
            }
          t->w.share.src = last ? t->w.share_rd : t->w.copy_rd;
          t->w.share.left = t->w.share.len;
        }
      if (!by_main)
        {
          if (!splice_share (t, t->w.share.src, o, &t->w.share.left))
            return 0;
        }
      else if (drain (t, t->w.share.src, o, t->w.share.left) != 0)
        return -1;
      t->w.share.left = 0;
    }
  return 0;
}

/* The worker thread: run each share posted, until told to quit.  It
   never prints and never touches the buffer.  */
static void *
worker_main (void *arg)
{
  struct tee *t = arg;
  pthread_mutex_lock (&t->w.lock);
  for (;;)
    {
      while (t->w.state == WORKER_IDLE)
        pthread_cond_wait (&t->w.job_cond, &t->w.lock);
      if (t->w.state == WORKER_QUIT)
        break;
      pthread_mutex_unlock (&t->w.lock);
      run_share (t, false);
      pthread_mutex_lock (&t->w.lock);
      t->w.state = WORKER_IDLE;
      pthread_cond_signal (&t->w.done_cond);
    }
  pthread_mutex_unlock (&t->w.lock);
  return NULL;
}

/* Choose the worker's share among the outputs FROM to LAST of a round
   whose last output is LAST: half the workable ones (the larger half
   if LAST is not one of them), the first ones, never LAST, which
   consumes the round from the input in the main thread.  Return their
   count, 0 for no worker.  */
size_t
choose_share (struct tee *t, size_t from, size_t last)
{
  t->w.share.n = 0;
  if (!t->w.usable)
    return 0;
  size_t n = 0;
  for (size_t i = from; i <= last; i++)
    n += workable (&t->outputs[i]);
  size_t want = workable (&t->outputs[last]) ? n / 2 : (n + 1) / 2;
  if (n < 2)
    return 0;
  for (size_t i = from; i < last && t->w.share.n < want; i++)
    if (workable (&t->outputs[i]))
      t->w.share.idx[t->w.share.n++] = i;
  return t->w.share.n;
}

/* Post the share of a round of LEN bytes to the worker, starting its
   thread the first time: tee the round into the share pipe and wake
   the worker.  Failures are deferred until join_share.  Return 0; 1 if
   the thread cannot be started (the share is then empty); or -1 after
   reporting a read error.  */
int
post_share (struct tee *t, size_t len)
{
  if (!t->w.started)
    {
      t->w.started = pthread_create (&t->w.thread, NULL, worker_main,
                                     t) == 0;
      t->w.usable = t->w.started;
      if (!t->w.started)
        {
          t->w.share.n = 0;
          return 1;
        }
    }
  if (fill_pipe (t, t->w.share_wr, len) != 0)
    return -1;
  t->w.share.len = len;
  t->w.share.next = 0;
  t->w.share.left = 0;
  t->w.share.copy_failed = false;
  t->defer_reports = true;
  pthread_mutex_lock (&t->w.lock);
  t->w.state = WORKER_BUSY;
  pthread_cond_signal (&t->w.job_cond);
  pthread_mutex_unlock (&t->w.lock);
  return 0;
}

/* Wait until the worker is done with its share.  Drop the outputs it
   saw fail; if FINISH, write what it left to the main thread.  Then
   report the round's failures, in output order.  Return 0, or -1 after
   reporting a read error.  */
int
join_share (struct tee *t, bool finish)
{
  pthread_mutex_lock (&t->w.lock);
  while (t->w.state == WORKER_BUSY)
    pthread_cond_wait (&t->w.done_cond, &t->w.lock);
  pthread_mutex_unlock (&t->w.lock);
  for (size_t k = 0; k < t->w.share.n; k++)
    {
      struct output *o = &t->outputs[t->w.share.idx[k]];
      if (o->err && o->alive)
        {
          o->alive = false;
          t->n_alive--;
        }
    }
  int r = finish ? run_share (t, true) : 0;
  t->defer_reports = false;
  for (size_t i = 0; i < t->n_outputs; i++)
    if (t->outputs[i].err)
      {
        report_failure (t, &t->outputs[i], t->outputs[i].err);
        t->outputs[i].err = 0;
      }
  return r;
}

/* End the worker thread, if it was started.  */
void
stop_worker (struct tee *t)
{
  if (!t->w.started)
    return;
  pthread_mutex_lock (&t->w.lock);
  t->w.state = WORKER_QUIT;
  pthread_cond_signal (&t->w.job_cond);
  pthread_mutex_unlock (&t->w.lock);
  pthread_join (t->w.thread, NULL);
  t->w.started = t->w.usable = false;
}
