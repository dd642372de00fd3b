/* tee.c -- copy standard input to each FILE, and to standard output.

   Options, messages, exit statuses and the handling of SIGPIPE and
   EPIPE follow GNU coreutils 9.1's tee.  Outputs are written in
   command-line order, standard output first, and an output that fails
   is dropped while the others go on getting every byte.

   How the bytes move.  When standard input is a pipe, they need never
   enter user space; nor when it is a regular file, which is spliced
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
       which consumes them and so ends the round.
   A pipe that takes only part of a round (a tee can stop when the
   pipe is full) gets the rest through the scratch pipe, after the part
   it already has is dropped from there.  Outputs that cannot take
   splices (terminals, files opened for appending, /dev/full) are
   written with write(2) from a heap buffer the scratch pipe is read
   into; an output is switched to that when splice(2) says EINVAL,
   which moves nothing, so no byte is lost or written twice.

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

   When standard input is neither a pipe nor a regular file, or no
   output can take a splice, or the kernel refuses the first splice
   from the input, one read(2) and write(2) loop copies through that
   buffer, sized by ioblksize.h.  It can also take over between two
   rounds, as nothing is then held back.

   Non-blocking descriptors are waited for with poll(2): where GNU's tee
   reports EAGAIN and drops the output (or stops reading), this one
   waits and goes on.

   In the "nopipe" modes (-p), as GNU 9.2's tee, an input that may keep
   tee waiting (not a regular file) is waited for with poll(2) together
   with the pipe outputs, before each round or read: a pipe whose
   reader has gone is dropped then, and tee ends once no output is
   left, without waiting for more input (input_or_gone).

   Where a file holds what it holds because of the piece size, as a
   file named twice with -a does (it gets each piece once per
   descriptor, in turn), tee takes GNU's pieces of 8 KiB in that loop
   instead, whatever the buffer size (appends_twice).

   Two more differences from GNU's tee.  Elsewhere its pieces are larger
   than GNU's 8 KiB, which shows only where GNU's output depends on its
   piece size: how much an "exit" mode lets through.  And as page
   references, not copies, are passed on, a regular file on standard
   input that another process rewrites in place while tee runs can reach
   the outputs changed part-way (the pages are shared until each output
   has taken its copy), where GNU's would pass one version to all; files
   that are only appended to are safe.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "alignalloc.h"
#include "argmatch.h"
#include "closeout.h"
#include "error.h"
#include "i18n.h"
#include "io-wait.h"
#include "ioblksize.h"
#include "progname.h"
#include "quotearg.h"
#include "unistd-safer.h"
#include "version.h"
#include "xalloc.h"

/* Names as GNU's tools quote them in diagnostics.  */
#define quotef(name) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, name)

/* What to do when writing to an output fails, as --output-error says.
   OUTPUT_ERROR_SIGPIPE is the default: SIGPIPE keeps its disposition
   (by default, it kills), and other errors are reported.  */
enum output_error
{
  OUTPUT_ERROR_SIGPIPE,
  OUTPUT_ERROR_WARN,
  OUTPUT_ERROR_WARN_NOPIPE,
  OUTPUT_ERROR_EXIT,
  OUTPUT_ERROR_EXIT_NOPIPE
};

static char const *const output_error_args[] = {
  "warn", "warn-nopipe", "exit", "exit-nopipe", NULL
};

static enum output_error const output_error_types[] = {
  OUTPUT_ERROR_WARN, OUTPUT_ERROR_WARN_NOPIPE,
  OUTPUT_ERROR_EXIT, OUTPUT_ERROR_EXIT_NOPIPE
};

static enum output_error output_error = OUTPUT_ERROR_SIGPIPE;

/* Whether the mode is an "exit" one, where the first failure to open
   or write an output ends tee at once.  */
static bool
exit_mode (void)
{
  return (output_error == OUTPUT_ERROR_EXIT
          || output_error == OUTPUT_ERROR_EXIT_NOPIPE);
}

/* How an output is written, from cheapest to most general.  An output
   only ever moves down this list.  */
enum method
{
  BY_TEE,       /* a pipe: tee(2) from the input pipe */
  BY_SPLICE,    /* splice(2) from a pipe */
  BY_WRITE      /* write(2) from the buffer */
};

/* One output: standard output or a FILE operand.  */
struct output
{
  int fd;
  char const *name;     /* as diagnostics show it */
  enum method how;
  bool regular;         /* a regular file: the worker may write it */
  bool pipe_like;       /* a pipe or socket: a write may raise SIGPIPE */
  bool fifo;            /* a pipe: poll(2) tells when its reader is gone */
  bool appending;       /* opened with O_APPEND */
  dev_t dev;            /* the file's device and inode, when REGULAR */
  ino_t ino;
  bool alive;           /* not yet failed */
  int err;              /* errno of a failure not yet reported, or 0 */
};

/* Every output, standard output first, and how many are alive.  An
   output whose FILE could not be opened is not in the list.  */
static struct output *outputs;
static size_t n_outputs;
static size_t n_alive;

/* The buffer for read(2) and write(2): IOBUF_SIZE bytes, page-aligned,
   on the heap.  */
static char *iobuf;
static size_t iobuf_size;

/* The pipe path's input pipe: standard input, or the read end of the
   feed pipe.  When there is a feed pipe, FEED_WR is its write end and
   FEED_LEN the bytes of the input it holds; else FEED_WR is -1.  */
static int in_fd = STDIN_FILENO;
static int feed_wr = -1;
static size_t feed_len;

/* The scratch pipe of the pipe path (both ends), its capacity in
   bytes, and /dev/null open for writing, where splice(2) drops bytes
   (-1 if that failed: they are then read and dropped).  */
static int scratch_rd = -1;
static int scratch_wr = -1;
static size_t scratch_cap;
static int devnull_fd = -1;

/* Whether tee watches its pipe outputs while it waits for input, to
   end as soon as none is left (see input_or_gone), and the poll(2)
   array for that: one slot for the input, one per output.  */
static bool pipe_check;
static struct pollfd *watch;

/* Whether all went well so far: what the exit status says.  */
static bool ok = true;

/* Whether output failures are recorded in their output's ERR, to be
   reported in output order once the round is over (while the worker
   thread writes its share), instead of at once.  */
static bool defer_reports;

enum
{
  OUTPUT_ERROR_OPTION = CHAR_MAX + 1,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] = {
  { "append", no_argument, NULL, 'a' },
  { "ignore-interrupts", no_argument, NULL, 'i' },
  { "output-error", optional_argument, NULL, OUTPUT_ERROR_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf ("Usage: %s [OPTION]... [FILE]...\n", program_name);
  fputs ("\
Copy standard input to each FILE, and also to standard output.\n\
\n\
  -a, --append              append to the given FILEs, do not overwrite\n\
  -i, --ignore-interrupts   ignore interrupt signals\n\
  -p                        diagnose errors writing to non pipes\n\
      --output-error[=MODE]   set behavior on write error.  See MODE below\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
MODE determines behavior with write errors on the outputs:\n\
  warn           diagnose errors writing to any output\n\
  warn-nopipe    diagnose errors writing to any output not a pipe\n\
  exit           exit on error writing to any output\n\
  exit-nopipe    exit on error writing to any output not a pipe\n\
The default MODE for the -p option is 'warn-nopipe'.\n\
With \"nopipe\" MODEs, exit immediately if all outputs become broken pipes.\n\
The default operation when --output-error is not specified, is to\n\
exit immediately on error writing to a pipe, and diagnose errors\n\
writing to non pipe outputs.\n\
\n\
When standard input is a pipe or a regular file, the data is passed on\n\
inside the kernel (tee and splice system calls) to every output that\n\
allows it.\n\
",
         stdout);
  exit (status);
}

/* Parse MODE, the argument of --output-error, and return its value.
   On a bad or ambiguous MODE, list the valid ones and exit as GNU's
   tee does.  */
static enum output_error
parse_output_error (char const *mode)
{
  ptrdiff_t i = argmatch (mode, output_error_args,
                          (void const *) output_error_types,
                          sizeof output_error_types[0]);
  if (i < 0)
    {
      argmatch_invalid ("--output-error", mode, i);
      argmatch_valid (output_error_args, (void const *) output_error_types,
                      sizeof output_error_types[0]);
      usage (EXIT_FAILURE);
    }
  return output_error_types[i];
}

/* A tee(2) or splice(2) from the pipe SRC to DST said EAGAIN: one of
   them is non-blocking and not ready.  Wait until SRC has data and DST
   has room (both, so as never to spin).  */
static void
wait_both (int src, int dst)
{
  io_wait (src, POLLIN);
  io_wait (dst, POLLOUT);
}

/* Writing to the output O failed with ERR.  Report it, or not, as the
   --output-error mode says (GNU's rules: EPIPE is silent unless the
   mode is "warn" or "exit"), and exit in the "exit" modes.  */
static void
report_failure (struct output const *o, int err)
{
  bool report = (err != EPIPE || output_error == OUTPUT_ERROR_WARN
                 || output_error == OUTPUT_ERROR_EXIT);
  if (report)
    {
      error (exit_mode () ? EXIT_FAILURE : 0, err, "%s", quotef (o->name));
      ok = false;
    }
}

/* Writing to the output O failed with ERR: drop O, and report the
   failure now, or after the round if reports are deferred.  */
static void
output_failed (struct output *o, int err)
{
  o->alive = false;
  n_alive--;
  if (defer_reports)
    o->err = err;
  else
    report_failure (o, err);
}

/* Whether tee should watch its pipe outputs while it waits for input
   (GNU 9.2's -p): in the "nopipe" modes, where a pipe whose reader is
   gone is dropped without a word, and when the input FD may keep tee
   waiting (it is not a regular file or a block device, which always
   have data or end of file at hand).  */
static bool
wants_pipe_check (int fd)
{
  struct stat st;
  if (output_error != OUTPUT_ERROR_WARN_NOPIPE
      && output_error != OUTPUT_ERROR_EXIT_NOPIPE)
    return false;
  return !(fstat (fd, &st) == 0
           && (S_ISREG (st.st_mode) || S_ISBLK (st.st_mode)));
}

/* Fill WATCH for input_or_gone: the input FD, to read, then one slot
   per output, watched (no event asked: POLLERR comes anyway) if it is
   a live pipe, else -1, which poll(2) skips.  Return how many outputs
   are watched.  */
static size_t
watch_outputs (int fd)
{
  size_t n = 0;
  watch[0] = (struct pollfd) { .fd = fd, .events = POLLIN };
  for (size_t i = 0; i < n_outputs; i++)
    {
      bool w = outputs[i].alive && outputs[i].fifo;
      watch[i + 1] = (struct pollfd) { .fd = w ? outputs[i].fd : -1 };
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
static bool
input_or_gone (int fd)
{
  while (pipe_check && watch_outputs (fd) > 0)
    {
      if (poll (watch, n_outputs + 1, -1) < 0)
        {
          if (errno == EINTR || errno == EAGAIN)
            continue;
          error (0, errno, "iopoll error");
          ok = false;
          pipe_check = false;   /* once: tee then reads as 9.1's */
          return true;
        }
      for (size_t i = 0; i < n_outputs; i++)
        if (watch[i + 1].revents & (POLLERR | POLLHUP | POLLNVAL))
          output_failed (&outputs[i], EPIPE);
      if (n_alive == 0)
        return false;
      if (watch[0].revents)
        return true;
    }
  return true;
}

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
static void
open_outputs (char **files, size_t nfiles, bool append)
{
  int flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC);
  outputs = xnmalloc (nfiles + 1, sizeof *outputs);
  init_output (&outputs[0], STDOUT_FILENO, "standard output");
  n_outputs = 1;
  for (size_t i = 0; i < nfiles; i++)
    {
      int fd = fd_safer (open (files[i], flags, 0666));
      if (fd < 0)
        {
          error (exit_mode () ? EXIT_FAILURE : 0, errno, "%s",
                 quotef (files[i]));
          ok = false;
          continue;
        }
      init_output (&outputs[n_outputs++], fd, files[i]);
    }
  n_alive = n_outputs;
}

/* Read up to LEN bytes (at most the buffer's size) from FD into the
   buffer, retrying after EINTR and waiting while a non-blocking FD is
   empty.  Return the count, 0 at end of file, or -1 after reporting a
   read error.  */
static ssize_t
read_some (int fd, size_t len)
{
  ssize_t n = io_read_wait (fd, iobuf, len < iobuf_size ? len : iobuf_size);
  if (n < 0)
    error (0, errno, "read error");
  return n;
}

/* GNU's tee reads, and so writes, at most 8 KiB at a time.  */
enum { GNU_PIECE = 8 * 1024 };

/* Whether a regular file is among the outputs twice, one of its
   descriptors appending ("tee -a F F", or "tee F >> F"): each piece is
   then added at the file's end once per descriptor in turn, so what
   the file holds follows the size of the pieces.  tee then moves the
   data in GNU's pieces (see main).  */
static bool
appends_twice (void)
{
  for (size_t i = 0; i < n_outputs; i++)
    for (size_t j = 0; j < i; j++)
      {
        struct output const *a = &outputs[i];
        struct output const *b = &outputs[j];
        if (a->regular && b->regular && a->ino == b->ino
            && a->dev == b->dev && (a->appending || b->appending))
          return true;
      }
  return false;
}

/* Copy standard input to every live output through the buffer, until
   end of input or until no output is left.  Return false after a read
   error (reported).  */
static bool
copy_read_write (void)
{
  while (n_alive > 0 && input_or_gone (STDIN_FILENO))
    {
      ssize_t n = read_some (STDIN_FILENO, iobuf_size);
      if (n <= 0)
        return n == 0;
      for (size_t i = 0; i < n_outputs; i++)
        if (outputs[i].alive
            && io_write_wait (outputs[i].fd, iobuf, n) != 0)
          output_failed (&outputs[i], errno);
    }
  return true;
}

/* ---- The pipe path --------------------------------------------------- */

/* Whether some live output can be written without user space.  */
static bool
any_kernel_output (void)
{
  for (size_t i = 0; i < n_outputs; i++)
    if (outputs[i].alive && outputs[i].how != BY_WRITE)
      return true;
  return false;
}

/* The capacity of the pipe FD in bytes, 0 if unknown.  */
static size_t
pipe_capacity (int fd)
{
  int cap = fcntl (fd, F_GETPIPE_SZ);
  return cap > 0 ? cap : 0;
}

/* Let the pipe FD hold at least SIZE bytes, if it is smaller and the
   system allows (the capacity is only a hint: failure is fine).  A
   pipe is never shrunk.  */
static void
grow_pipe (int fd, size_t size)
{
  int cap = fcntl (fd, F_GETPIPE_SZ);
  if (0 < cap && (size_t) cap < size)
    fcntl (fd, F_SETPIPE_SZ, (int) size);
}

/* Make a pipe of our own, on descriptors above 2, of SIZE bytes if
   allowed: set *RD and *WR to its ends.  Return its capacity, or 0 on
   failure.  */
static size_t
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

/* Set up the pipe path: the scratch pipe, the feed pipe if FEED (the
   input is a regular file), /dev/null.  Also grow the input pipe and
   a standard output pipe to the scratch pipe's size, so that rounds
   are large and the processes at either end block less often (only
   these: each user has a quota of pipe memory).  Return 0, or -1 if a
   pipe cannot be made.  */
static int
open_pipes (bool feed)
{
  scratch_cap = make_pipe (&scratch_rd, &scratch_wr, IO_PIPE_SIZE);
  if (scratch_cap == 0)
    return -1;
  if (feed && make_pipe (&in_fd, &feed_wr, IO_PIPE_SIZE) == 0)
    return -1;
  if (!feed)
    grow_pipe (STDIN_FILENO, scratch_cap);
  if (outputs[0].alive && outputs[0].how == BY_TEE)
    grow_pipe (STDOUT_FILENO, scratch_cap);
  devnull_fd = fd_safer (open ("/dev/null", O_WRONLY));
  return 0;
}

/* Drop the LEN bytes at the head of the pipe SRC: splice them to
   /dev/null, or read them.  Return 0, or -1 after reporting a read
   error.  */
static int
discard (int src, size_t len)
{
  while (len > 0)
    {
      ssize_t n = -1;
      if (devnull_fd >= 0)
        {
          n = splice (src, NULL, devnull_fd, NULL, len, 0);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            {
              close (devnull_fd);
              devnull_fd = -1;
            }
        }
      if (n <= 0)
        n = read_some (src, len);
      if (n <= 0)
        {
          if (n == 0)
            error (0, EIO, "read error");
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
static int
drain (int src, struct output *o, size_t len)
{
  while (len > 0)
    {
      if (!o->alive)
        return discard (src, len);
      ssize_t n;
      if (o->how == BY_WRITE)
        {
          n = read_some (src, len);
          if (n <= 0)
            {
              if (n == 0)
                error (0, EIO, "read error");
              return -1;
            }
          if (io_write_wait (o->fd, iobuf, n) != 0)
            output_failed (o, errno);
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
        output_failed (o, errno);
    }
  return 0;
}

/* Copy the first LEN bytes of the input into the empty pipe WR, the
   scratch pipe or the worker's share pipe (as large).  Return 0, or -1
   after reporting an error.  The round began with a tee of LEN bytes
   into the empty scratch pipe, so this one copies the same LEN bytes;
   fewer would mean that another process is reading the input too, and
   the outputs could no longer be kept alike.  */
static int
fill_pipe (int wr, size_t len)
{
  ssize_t n;
  while ((n = tee (in_fd, wr, len, 0)) < 0 && errno == EINTR)
    continue;
  if (n == (ssize_t) len)
    return 0;
  error (0, n < 0 ? errno : EIO, "read error");
  return -1;
}

/* Copy the first LEN bytes of the input into the empty scratch pipe,
   as fill_pipe does.  */
static int
fill_scratch (size_t len)
{
  return fill_pipe (scratch_wr, len);
}

/* Give the live pipe output O the LEN bytes at the head of the input
   by tee(2).  If it takes only part of them, or tee(2) refuses it,
   send it the rest from the scratch pipe (*PRIMED says whether that
   holds the LEN bytes; it is empty afterwards).  Return 0, or -1
   after reporting a read error.  */
static int
tee_output (struct output *o, size_t len, bool *primed)
{
  ssize_t n;
  for (;;)
    {
      n = tee (in_fd, o->fd, len, 0);
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
        wait_both (in_fd, o->fd);
      else if (errno != EINTR)
        {
          output_failed (o, errno);
          return 0;
        }
    }
  if (!*primed && fill_scratch (len) != 0)
    return -1;
  *primed = false;
  if (discard (scratch_rd, n) != 0)
    return -1;
  return drain (scratch_rd, o, len - n);
}

/* Give the live output O, not the last one, the LEN bytes at the head
   of the input, leaving them there.  *PRIMED is as for tee_output.
   Return 0, or -1 after reporting a read error.  */
static int
give_output (struct output *o, size_t len, bool *primed)
{
  if (o->how == BY_TEE)
    return tee_output (o, len, primed);
  if (!*primed && fill_scratch (len) != 0)
    return -1;
  *primed = false;
  return drain (scratch_rd, o, len);
}

/* Refill the empty feed pipe from the regular file on standard input.
   Return the count, 0 at end of file, or -1 with errno set.  */
static ssize_t
fill_feed (void)
{
  for (;;)
    {
      ssize_t n = splice (STDIN_FILENO, NULL, feed_wr, NULL, scratch_cap, 0);
      if (n >= 0 || errno != EINTR)
        {
          feed_len = n > 0 ? n : 0;
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
open_round (void)
{
  if (!input_or_gone (in_fd))
    return 0;
  if (feed_wr >= 0 && feed_len == 0)
    {
      ssize_t n = fill_feed ();
      if (n <= 0)
        return n;
    }
  for (;;)
    {
      ssize_t n = tee (in_fd, scratch_wr, scratch_cap, 0);
      if (n >= 0)
        return n;
      if (errno == EAGAIN)
        io_wait (in_fd, POLLIN);
      else if (errno != EINTR)
        return -1;
    }
}

/* ---- The worker thread ------------------------------------------------ */

/* The worker's share of a round: the outputs it writes, as indices into
   OUTPUTS in output order, N of them; the round's length LEN; and how
   far it got: the outputs before NEXT are done and, if NEXT < N, LEFT
   bytes are still due to outputs[IDX[NEXT]] (0: not begun), at the
   head of the pipe SRC.  COPY_FAILED says that the copy pipe could not
   be filled.  The main thread sets a share up and reads it back only
   while the worker is idle.  */
struct share
{
  size_t *idx;
  size_t n;
  size_t len;
  size_t next;
  size_t left;
  int src;
  bool copy_failed;
};
static struct share share;

/* The worker's pipes, each as large as the scratch pipe: the share
   pipe, which the main thread fills with the round, and the copy pipe,
   refilled from it by tee(2); and /dev/null for the worker, where the
   bytes of an output that failed go.  */
static int share_rd = -1;
static int share_wr = -1;
static int copy_rd = -1;
static int copy_wr = -1;
static int share_null = -1;

/* Whether the worker may be used, whether its thread runs, and the
   thread.  */
static bool worker_usable;
static bool worker_started;
static pthread_t worker;

/* The hand-over, under WORKER_LOCK: the main thread sets WORKER_STATE
   to WORKER_BUSY and signals JOB_COND to post a share, then waits on
   DONE_COND until the worker sets it back to WORKER_IDLE; WORKER_QUIT
   ends the thread.  */
enum worker_state
{
  WORKER_IDLE,
  WORKER_BUSY,
  WORKER_QUIT
};
static enum worker_state worker_state;
static pthread_mutex_t worker_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t job_cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cond = PTHREAD_COND_INITIALIZER;

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
static void
setup_worker (void)
{
  size_t n = 0;
  for (size_t i = 0; i < n_outputs; i++)
    n += workable (&outputs[i]);
  if (n < 2 || exit_mode () || !two_cpus ())
    return;
  grow_pipe (scratch_wr, IO_PIPE_SIZE_THREADED);
  scratch_cap = pipe_capacity (scratch_wr);
  grow_pipe (feed_wr >= 0 ? feed_wr : in_fd, scratch_cap);
  if (outputs[0].alive && outputs[0].how == BY_TEE)
    grow_pipe (STDOUT_FILENO, scratch_cap);
  if (make_pipe (&share_rd, &share_wr, scratch_cap) < scratch_cap
      || make_pipe (&copy_rd, &copy_wr, scratch_cap) < scratch_cap)
    return;
  share_null = fd_safer (open ("/dev/null", O_WRONLY));
  share.idx = xnmalloc (n_outputs, sizeof *share.idx);
  worker_usable = true;
}

/* In the worker, splice the *LEFT bytes at the head of the pipe SRC to
   the output O, or to /dev/null once O has failed (its ERR is then
   set, for the main thread to report).  Return true when they are all
   gone, false if the main thread must take over: O needs the buffer
   (splice(2) said EINVAL, which moves nothing), or the bytes of a
   failed O cannot be dropped.  */
static bool
splice_share (int src, struct output *o, size_t *left)
{
  while (*left > 0)
    {
      int fd = o->err ? share_null : o->fd;
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
fill_copy (void)
{
  ssize_t n;
  while ((n = tee (share_rd, copy_wr, share.len, 0)) < 0 && errno == EINTR)
    continue;
  return n == (ssize_t) share.len;
}

/* Give the round in the share pipe to the outputs of the share from
   SHARE.NEXT on: each but the last from the copy pipe, the last one
   consuming the share pipe.  In the worker (BY_MAIN false), stop where
   the main thread must take over and return 0.  In the main thread,
   finish with drain (the buffer, reports deferred): return 0, or -1
   after reporting a read error.  */
static int
run_share (bool by_main)
{
  for (; share.next < share.n; share.next++)
    {
      struct output *o = &outputs[share.idx[share.next]];
      if (share.left == 0)
        {
          bool last = share.next + 1 == share.n;
          if (!last && (share.copy_failed || !fill_copy ()))
            {
              share.copy_failed = true;
              if (!by_main)
                return 0;
              error (0, EIO, "read error");
              return -1;
            }
          share.src = last ? share_rd : copy_rd;
          share.left = share.len;
        }
      if (!by_main)
        {
          if (!splice_share (share.src, o, &share.left))
            return 0;
        }
      else if (drain (share.src, o, share.left) != 0)
        return -1;
      share.left = 0;
    }
  return 0;
}

/* The worker thread: run each share posted, until told to quit.  It
   never prints and never touches the buffer.  */
static void *
worker_main (void *arg)
{
  pthread_mutex_lock (&worker_lock);
  for (;;)
    {
      while (worker_state == WORKER_IDLE)
        pthread_cond_wait (&job_cond, &worker_lock);
      if (worker_state == WORKER_QUIT)
        break;
      pthread_mutex_unlock (&worker_lock);
      run_share (false);
      pthread_mutex_lock (&worker_lock);
      worker_state = WORKER_IDLE;
      pthread_cond_signal (&done_cond);
    }
  pthread_mutex_unlock (&worker_lock);
  return NULL;
}

/* Choose the worker's share among the outputs FROM to LAST of a round
   whose last output is LAST: half the workable ones (the larger half
   if LAST is not one of them), the first ones, never LAST, which
   consumes the round from the input in the main thread.  Return their
   count, 0 for no worker.  */
static size_t
choose_share (size_t from, size_t last)
{
  share.n = 0;
  if (!worker_usable)
    return 0;
  size_t n = 0;
  for (size_t i = from; i <= last; i++)
    n += workable (&outputs[i]);
  size_t want = workable (&outputs[last]) ? n / 2 : (n + 1) / 2;
  if (n < 2)
    return 0;
  for (size_t i = from; i < last && share.n < want; i++)
    if (workable (&outputs[i]))
      share.idx[share.n++] = i;
  return share.n;
}

/* Post the share of a round of LEN bytes to the worker, starting its
   thread the first time: tee the round into the share pipe and wake
   the worker.  Failures are deferred until join_share.  Return 0; 1 if
   the thread cannot be started (the share is then empty); or -1 after
   reporting a read error.  */
static int
post_share (size_t len)
{
  if (!worker_started)
    {
      worker_started = pthread_create (&worker, NULL, worker_main,
                                       NULL) == 0;
      worker_usable = worker_started;
      if (!worker_started)
        {
          share.n = 0;
          return 1;
        }
    }
  if (fill_pipe (share_wr, len) != 0)
    return -1;
  share.len = len;
  share.next = 0;
  share.left = 0;
  share.copy_failed = false;
  defer_reports = true;
  pthread_mutex_lock (&worker_lock);
  worker_state = WORKER_BUSY;
  pthread_cond_signal (&job_cond);
  pthread_mutex_unlock (&worker_lock);
  return 0;
}

/* Wait until the worker is done with its share.  Drop the outputs it
   saw fail; if FINISH, write what it left to the main thread.  Then
   report the round's failures, in output order.  Return 0, or -1 after
   reporting a read error.  */
static int
join_share (bool finish)
{
  pthread_mutex_lock (&worker_lock);
  while (worker_state == WORKER_BUSY)
    pthread_cond_wait (&done_cond, &worker_lock);
  pthread_mutex_unlock (&worker_lock);
  for (size_t k = 0; k < share.n; k++)
    {
      struct output *o = &outputs[share.idx[k]];
      if (o->err && o->alive)
        {
          o->alive = false;
          n_alive--;
        }
    }
  int r = finish ? run_share (true) : 0;
  defer_reports = false;
  for (size_t i = 0; i < n_outputs; i++)
    if (outputs[i].err)
      {
        report_failure (&outputs[i], outputs[i].err);
        outputs[i].err = 0;
      }
  return r;
}

/* End the worker thread, if it was started.  */
static void
stop_worker (void)
{
  if (!worker_started)
    return;
  pthread_mutex_lock (&worker_lock);
  worker_state = WORKER_QUIT;
  pthread_cond_signal (&job_cond);
  pthread_mutex_unlock (&worker_lock);
  pthread_join (worker, NULL);
  worker_started = worker_usable = false;
}

/* ---- Rounds ------------------------------------------------------------- */

/* Whether writing to the output O may end tee: O is a live pipe or
   socket, and the mode is the default one, where SIGPIPE keeps its
   disposition.  GNU's tee, which writes the outputs one by one in
   order, would then die with every output before O served and its
   failure reported, and none after it served: so in a round, an
   output after O never runs alongside O or the outputs before it.  */
static bool
may_kill (struct output const *o)
{
  return o->alive && o->pipe_like && output_error == OUTPUT_ERROR_SIGPIPE;
}

/* Give the LEN bytes of an open round to every live output from FROM
   up to TO (not included), in order, but the outputs of the share
   (its first N_SHARE).  *PRIMED is as for tee_output.  Return 0, or -1
   after reporting a read error.  */
static int
give_outputs (size_t from, size_t to, size_t len, size_t n_share,
              bool *primed)
{
  size_t k = 0;
  for (size_t i = from; i < to; i++)
    if (k < n_share && share.idx[k] == i)
      k++;
    else if (outputs[i].alive && give_output (&outputs[i], len, primed) != 0)
      return -1;
  return 0;
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
finish_round (size_t len)
{
  size_t last = n_outputs;
  while (!outputs[--last].alive)
    continue;
  size_t from = last;
  while (from > 0 && !may_kill (&outputs[from - 1]))
    from--;
  bool primed = true;
  if (give_outputs (0, from, len, 0, &primed) != 0)
    return -1;
  size_t n_share = choose_share (from, last);
  if (n_share > 0)
    {
      int r = post_share (len);
      if (r < 0)
        return -1;
      if (r > 0)
        n_share = 0;
    }
  int r = give_outputs (from, last, len, n_share, &primed);
  if (r == 0 && primed)
    r = discard (scratch_rd, len);
  bool join_first = n_share > 0 && may_kill (&outputs[last]);
  if (join_first && join_share (r == 0) != 0)
    r = -1;
  if (r == 0)
    r = drain (in_fd, &outputs[last], len);
  if (n_share > 0 && !join_first && join_share (r == 0) != 0)
    r = -1;
  if (r == 0)
    feed_len -= feed_wr >= 0 ? len : 0;
  return r;
}

/* A round could not open: give the FEED_LEN bytes that the feed pipe
   holds, which no output has had, back to the regular file on standard
   input, by moving its offset back over them, so that the read(2) loop
   that takes over reads them again (they were lost, and tee said
   nothing, when a tee(2) failed after the feed was filled).  Return 0,
   or -1 after reporting a read error.  */
static int
unfeed (void)
{
  if (feed_wr < 0 || feed_len == 0)
    return 0;
  if (lseek (STDIN_FILENO, -(off_t) feed_len, SEEK_CUR) < 0)
    {
      error (0, errno, "read error");
      return -1;
    }
  feed_len = 0;
  return 0;
}

/* Run rounds until end of input or until no output is left.  Return as
   copy_pipe does.  */
static int
run_rounds (void)
{
  while (n_alive > 0)
    {
      ssize_t n = open_round ();
      if (n < 0)
        return unfeed ();
      if (n == 0)
        return 1;
      if (finish_round (n) != 0)
        return -1;
    }
  return 1;
}

/* Copy standard input to the outputs inside the kernel, if it is a
   pipe or a regular file and some output can take that.  Return 1 when
   done (end of input, or no output left), 0 if the read(2) and write(2)
   loop must take over (from where the input now is), or -1 after
   reporting a read error.  */
static int
copy_pipe (void)
{
#ifndef __linux__
  return 0;
#endif
  struct stat st;
  if (fstat (STDIN_FILENO, &st) != 0
      || !(S_ISFIFO (st.st_mode) || S_ISREG (st.st_mode))
      || !any_kernel_output () || open_pipes (S_ISREG (st.st_mode)) != 0)
    return 0;
  setup_worker ();
  int r = run_rounds ();
  stop_worker ();
  return r;
}

/* ---- Main -------------------------------------------------------------- */

/* Close the FILE outputs still alive (not standard output: that is
   close_stdout's job) and report those that fail.  */
static void
close_outputs (void)
{
  for (size_t i = 1; i < n_outputs; i++)
    if (outputs[i].alive && close (outputs[i].fd) != 0)
      {
        error (0, errno, "%s", quotef (outputs[i].name));
        ok = false;
      }
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  bindtextdomain (GNU_DOMAIN, COREUTILS_LOCALEDIR);
  bindtextdomain (BRISK_DOMAIN, LOCALEDIR);
  textdomain (GNU_DOMAIN);
  atexit (close_stdout);

  bool append = false;
  bool ignore_interrupts = false;
  int c;
  while ((c = getopt_long (argc, argv, "aip", long_options, NULL)) != -1)
    switch (c)
      {
      case 'a':
        append = true;
        break;
      case 'i':
        ignore_interrupts = true;
        break;
      case 'p':
        output_error = OUTPUT_ERROR_WARN_NOPIPE;
        break;
      case OUTPUT_ERROR_OPTION:
        output_error = (optarg ? parse_output_error (optarg)
                        : OUTPUT_ERROR_WARN_NOPIPE);
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version ("tee");
        return EXIT_SUCCESS;
      default:
        usage (EXIT_FAILURE);
      }

  if (ignore_interrupts)
    signal (SIGINT, SIG_IGN);
  if (output_error != OUTPUT_ERROR_SIGPIPE)
    signal (SIGPIPE, SIG_IGN);

  open_outputs (argv + optind, argc - optind, append);
  pipe_check = wants_pipe_check (STDIN_FILENO);
  if (pipe_check)
    watch = xnmalloc (n_outputs + 1, sizeof *watch);
  /* Where the pieces show in a file, they are GNU's, whatever the
     buffer size would be.  */
  bool gnu_pieces = appends_twice ();
  struct stat in_st;
  bool have_st = fstat (STDIN_FILENO, &in_st) == 0;
  iobuf_size = (gnu_pieces ? GNU_PIECE
                : io_blksize (have_st ? &in_st : NULL));
  iobuf = alignalloc (getpagesize (), iobuf_size);
  if (!iobuf)
    xalloc_die ();
  posix_fadvise (STDIN_FILENO, 0, 0, POSIX_FADV_SEQUENTIAL);

  int r = gnu_pieces ? 0 : copy_pipe ();
  if (r == 0 && !copy_read_write ())
    ok = false;
  if (r < 0)
    ok = false;
  close_outputs ();
  alignfree (iobuf);
  free (watch);

  if (close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, "%s", "standard input");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
