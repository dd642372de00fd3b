/* tee-outputs.c -- tee's outputs: opening and closing them, their
   failures and how these are reported, watching pipe outputs, the
   read(2) and write(2) loop through the buffer, and the moves of bytes
   from a pipe into one output (splice(2), or the buffer once splice(2)
   refuses it).

   Owns struct tee's OUTPUTS, N_OUTPUTS and N_ALIVE, and the OK it
   clears on a failure; reads the rest of struct tee.  Calls only the
   C library, gnulib and lib/; called by tee.c, tee-rounds.c and
   tee-worker.c (see tee.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "error.h"
#include "i18n.h"
#include "io-wait.h"
#include "tee.h"
#include "unistd-safer.h"
#include "xalloc.h"

/* ---- Failures -------------------------------------------------------- */

/* Whether the mode is an "exit" one, where the first failure to open
   or write an output ends tee at once.  */
bool
exit_mode (struct tee *t)
{
  return (t->output_error == OUTPUT_ERROR_EXIT
          || t->output_error == OUTPUT_ERROR_EXIT_NOPIPE);
}

/* Writing to the output O failed with ERR.  Report it, or not, as the
   --output-error mode says (GNU's rules: EPIPE is silent unless the
   mode is "warn" or "exit"), and exit in the "exit" modes.  */
void
report_failure (struct tee *t, struct output const *o, int err)
{
  bool report = (err != EPIPE || t->output_error == OUTPUT_ERROR_WARN
                 || t->output_error == OUTPUT_ERROR_EXIT);
  if (report)
    {
      error (exit_mode (t) ? EXIT_FAILURE : 0, err, "%s", quotef (o->name));
      t->ok = false;
    }
}

/* Writing to the output O failed with ERR: drop O, and report the
   failure now, or after the round if reports are deferred.  */
void
output_failed (struct tee *t, struct output *o, int err)
{
  o->alive = false;
  t->n_alive--;
  if (t->defer_reports)
    o->err = err;
  else
    report_failure (t, o, err);
}

/* ---- Watching pipe outputs --------------------------------------------- */

/* Whether tee should watch its pipe outputs while it waits for input
   (GNU 9.2's -p): in the "nopipe" modes, where a pipe whose reader is
   gone is dropped without a word, and when the input FD may keep tee
   waiting (it is not a regular file or a block device, which always
   have data or end of file at hand).  */
bool
wants_pipe_check (struct tee *t, int fd)
{
  struct stat st;
  if (t->output_error != OUTPUT_ERROR_WARN_NOPIPE
      && t->output_error != OUTPUT_ERROR_EXIT_NOPIPE)
    return false;
  return !(fstat (fd, &st) == 0
           && (S_ISREG (st.st_mode) || S_ISBLK (st.st_mode)));
}

/* Fill WATCH for input_or_gone: the input FD, to read, then one slot
   per output, watched (no event asked: POLLERR comes anyway) if it is
   a live pipe, else -1, which poll(2) skips.  Return how many outputs
   are watched.  */
static size_t
watch_outputs (struct tee *t, int fd)
{
  size_t n = 0;
  t->watch[0] = (struct pollfd) { .fd = fd, .events = POLLIN };
  for (size_t i = 0; i < t->n_outputs; i++)
    {
      bool w = t->outputs[i].alive && t->outputs[i].fifo;
      t->watch[i + 1] = (struct pollfd) { .fd = w ? t->outputs[i].fd : -1 };
      n += w;
    }
  return n;
}

/* Before reading the input FD, under pipe_check: wait until FD has
   data (or its end, or an error) to read, and meanwhile drop each live
   pipe output whose reader has gone (poll(2) says POLLERR), as if a
   write had failed with EPIPE, which these modes do not report.
   Return true when FD is to be read; false when no output is left, so
   that tee ends without reading more.  Without pipe_check, or with no
   live pipe output, return true at once; and after reporting a failure
   of poll(2), from then on.  */
bool
input_or_gone (struct tee *t, int fd)
{
  while (t->pipe_check && watch_outputs (t, fd) > 0)
    {
      if (poll (t->watch, t->n_outputs + 1, -1) < 0)
        {
          if (errno == EINTR || errno == EAGAIN)
            continue;
          error (0, errno, B_("iopoll error"));
          t->ok = false;
          t->pipe_check = false;   /* once: tee then reads as 9.1's */
          return true;
        }
      for (size_t i = 0; i < t->n_outputs; i++)
        if (t->watch[i + 1].revents & (POLLERR | POLLHUP | POLLNVAL))
          output_failed (t, &t->outputs[i], EPIPE);
      if (t->n_alive == 0)
        return false;
      if (t->watch[0].revents)
        return true;
    }
  return true;
}

/* ---- Opening and closing ----------------------------------------------- */

/* How the output O is first tried: pipes by tee(2); files, block
   devices, sockets and /dev/null by splice(2); anything else
   (terminals, other devices, and files open for appending, which
   splice(2) refuses) by write(2).  Also set O's REGULAR, PIPE_LIKE,
   APPENDING, DEV and INO.  */
static enum method
output_method (struct output *o)
{
  struct stat st;
  int flags = fcntl (o->fd, F_GETFL);
  if (fstat (o->fd, &st) != 0 || flags < 0)
    return BY_WRITE;
  o->regular = S_ISREG (st.st_mode);
  o->pipe_like = S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode);
  o->fifo = S_ISFIFO (st.st_mode);
  o->appending = flags & O_APPEND;
  o->dev = st.st_dev;
  o->ino = st.st_ino;
  if (S_ISFIFO (st.st_mode))
    return BY_TEE;
  if (S_ISREG (st.st_mode))
    return (flags & O_APPEND) ? BY_WRITE : BY_SPLICE;
  if (S_ISBLK (st.st_mode) || S_ISSOCK (st.st_mode))
    return BY_SPLICE;
  if (S_ISCHR (st.st_mode) && st.st_rdev == makedev (1, 3))
    return BY_SPLICE;
  return BY_WRITE;
}

/* Set up the output O on FD, named NAME: alive, and first tried as
   output_method says.  */
static void
init_output (struct output *o, int fd, char const *name)
{
  *o = (struct output) { .fd = fd, .name = name, .alive = true };
  o->how = output_method (o);
}

/* Open the outputs: standard output, then each of the NFILES FILES,
   created or truncated (appended to, if APPEND) as GNU's tee does, on
   descriptors above 2 so that a closed standard stream is never taken
   for an output.  Report the FILES that cannot be opened and leave
   them out; in the "exit" modes, exit at the first one, as GNU's tee
   does: nothing is copied, and the FILES after it are not created.  */
void
open_outputs (struct tee *t, char **files, size_t nfiles, bool append)
{
  int flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC);
  t->outputs = xnmalloc (nfiles + 1, sizeof *t->outputs);
  init_output (&t->outputs[0], STDOUT_FILENO, _("standard output"));
  t->n_outputs = 1;
  for (size_t i = 0; i < nfiles; i++)
    {
      int fd = fd_safer (open (files[i], flags, 0666));
      if (fd < 0)
        {
          error (exit_mode (t) ? EXIT_FAILURE : 0, errno, "%s",
                 quotef (files[i]));
          t->ok = false;
          continue;
        }
      init_output (&t->outputs[t->n_outputs++], fd, files[i]);
    }
  t->n_alive = t->n_outputs;
}

/* Close the FILE outputs still alive (not standard output: that is
   close_stdout's job) and report those that fail.  */
void
close_outputs (struct tee *t)
{
  for (size_t i = 1; i < t->n_outputs; i++)
    if (t->outputs[i].alive && close (t->outputs[i].fd) != 0)
      {
        error (0, errno, "%s", quotef (t->outputs[i].name));
        t->ok = false;
      }
}

/* Whether a regular file is among the outputs twice, one of its
   descriptors appending ("tee -a F F", or "tee F >> F"): each piece is
   then added at the file's end once per descriptor in turn, so what
   the file holds follows the size of the pieces.  tee then moves the
   data in GNU's pieces (see main).  */
bool
appends_twice (struct tee *t)
{
  for (size_t i = 0; i < t->n_outputs; i++)
    for (size_t j = 0; j < i; j++)
      {
        struct output const *a = &t->outputs[i];
        struct output const *b = &t->outputs[j];
        if (a->regular && b->regular && a->ino == b->ino
            && a->dev == b->dev && (a->appending || b->appending))
          return true;
      }
  return false;
}

/* ---- The buffer -------------------------------------------------------- */

/* Read up to LEN bytes (at most the buffer's size) from FD into the
   buffer, retrying after EINTR and waiting while a non-blocking FD is
   empty.  Return the count, 0 at end of file, or -1 after reporting a
   read error.  */
ssize_t
read_some (struct tee *t, int fd, size_t len)
{
  ssize_t n = io_read_wait (fd, t->iobuf,
                            len < t->iobuf_size ? len : t->iobuf_size);
  if (n < 0)
    error (0, errno, _("read error"));
  return n;
}

/* Copy standard input to every live output through the buffer, until
   end of input or until no output is left.  Return false after a read
   error (reported).  */
bool
copy_read_write (struct tee *t)
{
  while (t->n_alive > 0 && input_or_gone (t, STDIN_FILENO))
    {
      ssize_t n = read_some (t, STDIN_FILENO, t->iobuf_size);
      if (n <= 0)
        return n == 0;
      for (size_t i = 0; i < t->n_outputs; i++)
        if (t->outputs[i].alive
            && io_write_wait (t->outputs[i].fd, t->iobuf, n) != 0)
          output_failed (t, &t->outputs[i], errno);
    }
  return true;
}

/* ---- Pipes, and moving bytes from a pipe to an output ------------------ */

/* A tee(2) or splice(2) from the pipe SRC to DST said EAGAIN: one of
   them is non-blocking and not ready.  Wait until SRC has data and DST
   has room (both, so as never to spin).  */
void
wait_both (int src, int dst)
{
  io_wait (src, POLLIN);
  io_wait (dst, POLLOUT);
}

/* The capacity of the pipe FD in bytes, 0 if unknown.  */
size_t
pipe_capacity (int fd)
{
  int cap = fcntl (fd, F_GETPIPE_SZ);
  return cap > 0 ? cap : 0;
}

/* Let the pipe FD hold at least SIZE bytes, if it is smaller and the
   system allows (the capacity is only a hint: failure is fine).  A
   pipe is never shrunk.  */
void
grow_pipe (int fd, size_t size)
{
  int cap = fcntl (fd, F_GETPIPE_SZ);
  if (0 < cap && (size_t) cap < size)
    fcntl (fd, F_SETPIPE_SZ, (int) size);
}

/* Make a pipe of our own, on descriptors above 2, of SIZE bytes if
   allowed: set *RD and *WR to its ends.  Return its capacity, or 0 on
   failure.  */
size_t
make_pipe (int *rd, int *wr, size_t size)
{
  int fds[2];
  if (pipe (fds) != 0)
    return 0;
  *rd = fd_safer (fds[0]);
  *wr = fd_safer (fds[1]);
  if (*rd < 0 || *wr < 0)
    return 0;
  grow_pipe (*wr, size);
  return pipe_capacity (*wr);
}

/* Drop the LEN bytes at the head of the pipe SRC: splice them to
   /dev/null, or read them.  Return 0, or -1 after reporting a read
   error.  */
int
discard (struct tee *t, int src, size_t len)
{
  while (len > 0)
    {
      ssize_t n = -1;
      if (t->devnull_fd >= 0)
        {
          n = splice (src, NULL, t->devnull_fd, NULL, len, 0);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            {
              close (t->devnull_fd);
              t->devnull_fd = -1;
            }
        }
      if (n <= 0)
        n = read_some (t, src, len);
      if (n <= 0)
        {
          if (n == 0)
            error (0, EIO, _("read error"));
          return -1;
        }
      len -= n;
    }
  return 0;
}

/* Move the LEN bytes at the head of the pipe SRC (all present) to the
   live output O, consuming them from SRC: by splice(2), or through the
   buffer once splice(2) refuses O.  If O fails, report and drop it
   and drop the rest of the LEN bytes.  Return 0, or -1 after reporting
   a read error.  */
int
drain (struct tee *t, int src, struct output *o, size_t len)
{
  while (len > 0)
    {
      if (!o->alive)
        return discard (t, src, len);
      ssize_t n;
      if (o->how == BY_WRITE)
        {
          n = read_some (t, src, len);
          if (n <= 0)
            {
              if (n == 0)
                error (0, EIO, _("read error"));
              return -1;
            }
          if (io_write_wait (o->fd, t->iobuf, n) != 0)
            output_failed (t, o, errno);
          len -= n;
          continue;
        }
      n = splice (src, NULL, o->fd, NULL, len, SPLICE_F_MOVE);
      if (n > 0)
        len -= n;
      else if (n == 0 || errno == EINVAL)
        o->how = BY_WRITE;      /* splice cannot write O: nothing moved */
      else if (errno == EAGAIN)
        wait_both (src, o->fd);
      else if (errno != EINTR)
        output_failed (t, o, errno);
    }
  return 0;
}

/* Copy the first LEN bytes of the input into the empty pipe WR, the
   scratch pipe or the worker's share pipe (as large).  Return 0, or -1
   after reporting an error.  The round began with a tee of LEN bytes
   into the empty scratch pipe, so this one copies the same LEN bytes;
   fewer would mean that another process is reading the input too, and
   the outputs could no longer be kept alike.  */
int
fill_pipe (struct tee *t, int wr, size_t len)
{
  ssize_t n;
  while ((n = tee (t->in_fd, wr, len, 0)) < 0 && errno == EINTR)
    continue;
  if (n == (ssize_t) len)
    return 0;
  error (0, n < 0 ? errno : EIO, _("read error"));
  return -1;
}
