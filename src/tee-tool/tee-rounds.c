/* tee-rounds.c -- tee's pipe path: the rounds of tee(2) and splice(2).

   When standard input is a pipe, the bytes need never enter user
   space; nor when it is a regular file, which is spliced
   into a pipe of ours, the feed pipe (splice(2) from a file hands over
   references to page-cache pages, not copies), standing in for the
   input pipe below.  The data is handled in rounds, each on the N
   bytes at the head of the input pipe, left there until every output
   has them:
     - N is what tee(2) copied into the empty scratch pipe, which opens
       the round.  tee(2) always copies from the head of its input, so
       a later tee of N bytes into the same empty pipe copies exactly
       the same bytes again: the scratch pipe can be refilled at will;
     - an output that is a pipe gets them by tee(2) straight from the
       input;
     - any other output gets them by splice(2) out of the scratch pipe,
       refilled first if an earlier output used it up;
     - the last output takes them by splice(2) from the input itself,
       which consumes them and so ends the round; but not a file
       written by splice(2) when the input is another process's pipe:
       splice(2) holds the pipe's lock while it writes the file, and
       the writer at the pipe's other end spins on that lock (tar |
       tee FILE: a third more CPU for tar).  That output takes them from
       the scratch pipe, as the others, and the round is consumed by a
       splice(2) to /dev/null, which holds the lock for no copy.
   A pipe that takes only part of a round (a tee can stop when the
   pipe is full) gets the rest through the scratch pipe, after the part
   it already has is dropped from there.  Outputs that cannot take
   splices (terminals, files opened for appending, /dev/full) are
   written with write(2) from a heap buffer the scratch pipe is read
   into; an output is switched to that when splice(2) says EINVAL,
   which moves nothing, so no byte is lost or written twice.

   This file owns struct tee's pipe path: IN_FD, the feed pipe and the
   scratch pipe, and /dev/null.  Calls tee-worker.c (to give a share of
   a round to the worker thread) and tee-outputs.c; called by tee.c
   (copy_pipe).  See tee.h.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "i18n.h"
#include "io-wait.h"
#include "ioblksize.h"
#include "tee.h"
#include "unistd-safer.h"

/* Whether some live output can be written without user space.  */
static bool
any_kernel_output (struct tee *t)
{
  for (size_t i = 0; i < t->n_outputs; i++)
    if (t->outputs[i].alive && t->outputs[i].how != BY_WRITE)
      return true;
  return false;
}

/* Set up the pipe path: the scratch pipe, the feed pipe if FEED (the
   input is a regular file), /dev/null.  Also grow the input pipe and
   a standard output pipe to the scratch pipe's size, so that rounds
   are large and the processes at either end block less often (only
   these: each user has a quota of pipe memory).  Return 0, or -1 if a
   pipe cannot be made.  */
static int
open_pipes (struct tee *t, bool feed)
{
  t->scratch_cap = make_pipe (&t->scratch_rd, &t->scratch_wr, IO_PIPE_SIZE);
  if (t->scratch_cap == 0)
    return -1;
  if (feed && make_pipe (&t->in_fd, &t->feed_wr, IO_PIPE_SIZE) == 0)
    return -1;
  if (!feed)
    grow_pipe (STDIN_FILENO, t->scratch_cap);
  if (t->outputs[0].alive && t->outputs[0].how == BY_TEE)
    grow_pipe (STDOUT_FILENO, t->scratch_cap);
  t->devnull_fd = fd_safer (open ("/dev/null", O_WRONLY));
  return 0;
}

/* Copy the first LEN bytes of the input into the empty scratch pipe,
   as fill_pipe does.  */
static int
fill_scratch (struct tee *t, size_t len)
{
  return fill_pipe (t, t->scratch_wr, len);
}

/* Give the live pipe output O the LEN bytes at the head of the input
   by tee(2).  If it takes only part of them, or tee(2) refuses it,
   send it the rest from the scratch pipe (*PRIMED says whether that
   holds the LEN bytes; it is empty afterwards).  Return 0, or -1
   after reporting a read error.  */
static int
tee_output (struct tee *t, struct output *o, size_t len, bool *primed)
{
  ssize_t n;
  for (;;)
    {
      n = tee (t->in_fd, o->fd, len, 0);
      if (n == (ssize_t) len)
        return 0;
      if (n > 0)
        break;
      if (n == 0 || errno == EINVAL)
        {
          o->how = BY_SPLICE;
          n = 0;
          break;
        }
      if (errno == EAGAIN)
        wait_both (t->in_fd, o->fd);
      else if (errno != EINTR)
        {
          output_failed (t, o, errno);
          return 0;
        }
    }
  if (!*primed && fill_scratch (t, len) != 0)
    return -1;
  *primed = false;
  if (discard (t, t->scratch_rd, n) != 0)
    return -1;
  return drain (t, t->scratch_rd, o, len - n);
}

/* Give the live output O, not the last one, the LEN bytes at the head
   of the input, leaving them there.  *PRIMED is as for tee_output.
   Return 0, or -1 after reporting a read error.  */
static int
give_output (struct tee *t, struct output *o, size_t len, bool *primed)
{
  if (o->how == BY_TEE)
    return tee_output (t, o, len, primed);
  if (!*primed && fill_scratch (t, len) != 0)
    return -1;
  *primed = false;
  return drain (t, t->scratch_rd, o, len);
}

/* Refill the empty feed pipe from the regular file on standard input.
   Return the count, 0 at end of file, or -1 with errno set.  */
static ssize_t
fill_feed (struct tee *t)
{
  for (;;)
    {
      ssize_t n = splice (STDIN_FILENO, NULL, t->feed_wr, NULL,
                          t->scratch_cap, 0);
      if (n >= 0 || errno != EINTR)
        {
          t->feed_len = n > 0 ? n : 0;
          return n;
        }
    }
}

/* Open a round: tee as much of the input as the empty scratch pipe
   takes, waiting for input if there is none yet (first refilling an
   empty feed pipe).  Return the count, 0 at end of input or when no
   output is left (see input_or_gone), or -1 with errno set: no output
   has had any of the bytes the feed pipe may hold (unfeed gives them
   back to the input).  */
static ssize_t
open_round (struct tee *t)
{
  if (!input_or_gone (t, t->in_fd))
    return 0;
  if (t->feed_wr >= 0 && t->feed_len == 0)
    {
      ssize_t n = fill_feed (t);
      if (n <= 0)
        return n;
    }
  for (;;)
    {
      ssize_t n = tee (t->in_fd, t->scratch_wr, t->scratch_cap, 0);
      if (n >= 0)
        return n;
      if (errno == EAGAIN)
        io_wait (t->in_fd, POLLIN);
      else if (errno != EINTR)
        return -1;
    }
}

/* ---- Rounds ------------------------------------------------------------- */

/* Whether writing to the output O may end tee: O is a live pipe or
   socket, and the mode is the default one, where SIGPIPE keeps its
   disposition.  GNU's tee, which writes the outputs one by one in
   order, would then die with every output before O served and its
   failure reported, and none after it served: so in a round, an
   output after O never runs alongside O or the outputs before it.  */
static bool
may_kill (struct tee *t, struct output const *o)
{
  return o->alive && o->pipe_like && t->output_error == OUTPUT_ERROR_SIGPIPE;
}

/* Give the LEN bytes of an open round to every live output from FROM
   up to TO (not included), in order, but the outputs of the share
   (its first N_SHARE).  *PRIMED is as for tee_output.  Return 0, or -1
   after reporting a read error.  */
static int
give_outputs (struct tee *t, size_t from, size_t to, size_t len,
              size_t n_share, bool *primed)
{
  size_t k = 0;
  for (size_t i = from; i < to; i++)
    if (k < n_share && t->w.share.idx[k] == i)
      k++;
    else if (t->outputs[i].alive
             && give_output (t, &t->outputs[i], len, primed) != 0)
      return -1;
  return 0;
}

/* Whether the last output of a round, O, takes the round from the
   scratch pipe rather than from the input (see the head of this file):
   a file that splice(2) writes, and an input that is not the feed
   pipe, so another process's pipe whose writer may be waiting.  */
static bool
last_from_scratch (struct tee const *t, struct output const *o)
{
  return t->feed_wr < 0 && o->alive && o->how == BY_SPLICE && !o->pipe_like;
}

/* Give the last output O the LEN bytes of the round from the scratch
   pipe (*PRIMED as for tee_output), consuming them from the input into
   /dev/null first, so that the writer can refill the input pipe while
   O is written.  Return 0, or -1 after reporting a read error.  */
static int
take_last_from_scratch (struct tee *t, struct output *o, size_t len,
                        bool *primed)
{
  if (!*primed && fill_scratch (t, len) != 0)
    return -1;
  *primed = true;
  if (discard (t, t->in_fd, len) != 0)
    return -1;
  return give_output (t, o, len, primed);
}

/* Give the LEN bytes of an open round to every live output in GNU's
   order, as far as it can show (see may_kill): in this thread, the
   outputs up to the last one before LAST that may kill tee; then the
   others, a share of them by the worker if it may be used, the rest
   in order in this thread, LAST consuming the round from the input.
   If LAST may kill tee, the share is done and its failures reported
   before LAST is written.  Return 0, or -1 after reporting a read
   error.  */
static int
finish_round (struct tee *t, size_t len)
{
  size_t last = t->n_outputs;
  while (!t->outputs[--last].alive)
    continue;
  size_t from = last;
  while (from > 0 && !may_kill (t, &t->outputs[from - 1]))
    from--;
  bool primed = true;
  if (give_outputs (t, 0, from, len, 0, &primed) != 0)
    return -1;
  size_t n_share = choose_share (t, from, last);
  if (n_share > 0)
    {
      int r = post_share (t, len);
      if (r < 0)
        return -1;
      if (r > 0)
        n_share = 0;
    }
  bool last_scratch = last_from_scratch (t, &t->outputs[last]);
  int r = give_outputs (t, from, last, len, n_share, &primed);
  if (r == 0 && primed && !last_scratch)
    r = discard (t, t->scratch_rd, len);
  bool join_first = n_share > 0 && may_kill (t, &t->outputs[last]);
  if (join_first && join_share (t, r == 0) != 0)
    r = -1;
  if (r == 0)
    r = (last_scratch
         ? take_last_from_scratch (t, &t->outputs[last], len, &primed)
         : drain (t, t->in_fd, &t->outputs[last], len));
  if (n_share > 0 && !join_first && join_share (t, r == 0) != 0)
    r = -1;
  if (r == 0)
    t->feed_len -= t->feed_wr >= 0 ? len : 0;
  return r;
}

/* A round could not open: give the FEED_LEN bytes that the feed pipe
   holds, which no output has had, back to the regular file on standard
   input, by moving its offset back over them, so that the read(2) loop
   that takes over reads them again (they were lost, and tee said
   nothing, when a tee(2) failed after the feed was filled).  Return 0,
   or -1 after reporting a read error.  */
static int
unfeed (struct tee *t)
{
  if (t->feed_wr < 0 || t->feed_len == 0)
    return 0;
  if (lseek (STDIN_FILENO, -(off_t) t->feed_len, SEEK_CUR) < 0)
    {
      error (0, errno, _("read error"));
      return -1;
    }
  t->feed_len = 0;
  return 0;
}

/* Run rounds until end of input or until no output is left.  Return as
   copy_pipe does.  */
static int
run_rounds (struct tee *t)
{
  while (t->n_alive > 0)
    {
      ssize_t n = open_round (t);
      if (n < 0)
        return unfeed (t);
      if (n == 0)
        return 1;
      if (finish_round (t, n) != 0)
        return -1;
    }
  return 1;
}

/* Copy standard input to the outputs inside the kernel, if it is a
   pipe or a regular file and some output can take that.  Return 1 when
   done (end of input, or no output left), 0 if the read(2) and write(2)
   loop must take over (from where the input now is), or -1 after
   reporting a read error.  */
int
copy_pipe (struct tee *t)
{
#ifndef __linux__
  return 0;
#endif
  struct stat st;
  if (fstat (STDIN_FILENO, &st) != 0
      || !(S_ISFIFO (st.st_mode) || S_ISREG (st.st_mode))
      || !any_kernel_output (t)
      || open_pipes (t, S_ISREG (st.st_mode)) != 0)
    return 0;
  setup_worker (t);
  int r = run_rounds (t);
  stop_worker (t);
  return r;
}
