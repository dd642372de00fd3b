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

   When standard input is neither a pipe nor a regular file, or no
   output can take a splice, or the kernel refuses the first splice
   from the input, one read(2) and write(2) loop copies through that
   buffer, sized by ioblksize.h.  It can also take over between two
   rounds, as nothing is then held back.

   Non-blocking descriptors are waited for with poll(2): where GNU's tee
   reports EAGAIN and drops the output (or stops reading), this one
   waits and goes on.

   Two more differences from GNU's tee.  Its pieces are larger than
   GNU's 8 KiB, which shows only where GNU's output depends on its
   piece size: what a file named twice with -a holds, how much an
   "exit" mode lets through.  And as page references, not copies, are
   passed on, a regular file on standard input that another process
   rewrites in place while tee runs can reach the outputs changed
   part-way (the pages are shared until each output has taken its
   copy), where GNU's would pass one version to all; files that are
   only appended to are safe.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
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
  bool alive;           /* not yet failed */
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

/* Whether all went well so far: what the exit status says.  */
static bool ok = true;

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

/* Wait until FD is ready for EVENTS (POLLIN or POLLOUT).  An error or
   hang-up also ends the wait: the next call on FD reports it.  */
static void
wait_fd (int fd, short events)
{
  struct pollfd pfd = { .fd = fd, .events = events };
  while (poll (&pfd, 1, -1) < 0 && errno == EINTR)
    continue;
}

/* A tee(2) or splice(2) from the pipe SRC to DST said EAGAIN: one of
   them is non-blocking and not ready.  Wait until SRC has data and DST
   has room (both, so as never to spin).  */
static void
wait_both (int src, int dst)
{
  wait_fd (src, POLLIN);
  wait_fd (dst, POLLOUT);
}

/* Write the LEN bytes at BUF to FD, retrying after short writes and
   EINTR, and waiting with poll while a non-blocking FD is full.
   Return 0, or -1 with errno set (ENOSPC if FD took no byte).  */
static int
write_all (int fd, char const *buf, size_t len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, buf, len);
      if (n > 0)
        {
          buf += n;
          len -= n;
        }
      else if (n == 0)
        {
          errno = ENOSPC;
          return -1;
        }
      else if (errno == EAGAIN || errno == EWOULDBLOCK)
        wait_fd (fd, POLLOUT);
      else if (errno != EINTR)
        return -1;
    }
  return 0;
}

/* Writing to the output O failed with ERR.  Report it, or not, as the
   --output-error mode says (GNU's rules: EPIPE is silent unless the
   mode is "warn" or "exit"), exit in the "exit" modes, and drop O.  */
static void
output_failed (struct output *o, int err)
{
  bool report = (err != EPIPE || output_error == OUTPUT_ERROR_WARN
                 || output_error == OUTPUT_ERROR_EXIT);
  if (report)
    {
      bool die = (output_error == OUTPUT_ERROR_EXIT
                  || output_error == OUTPUT_ERROR_EXIT_NOPIPE);
      error (die ? EXIT_FAILURE : 0, err, "%s", quotef (o->name));
      ok = false;
    }
  o->alive = false;
  n_alive--;
}

/* How the output on FD is first tried: pipes by tee(2); files, block
   devices, sockets and /dev/null by splice(2); anything else
   (terminals, other devices, and files open for appending, which
   splice(2) refuses) by write(2).  */
static enum method
output_method (int fd)
{
  struct stat st;
  int flags = fcntl (fd, F_GETFL);
  if (fstat (fd, &st) != 0 || flags < 0)
    return BY_WRITE;
  if (S_ISFIFO (st.st_mode))
    return BY_TEE;
  if (S_ISREG (st.st_mode))
    return flags & O_APPEND ? BY_WRITE : BY_SPLICE;
  if (S_ISBLK (st.st_mode) || S_ISSOCK (st.st_mode))
    return BY_SPLICE;
  if (S_ISCHR (st.st_mode) && st.st_rdev == makedev (1, 3))
    return BY_SPLICE;
  return BY_WRITE;
}

/* Open the outputs: standard output, then each of the NFILES FILES,
   created or truncated (appended to, if APPEND) as GNU's tee does, on
   descriptors above 2 so that a closed standard stream is never taken
   for an output.  Report the FILES that cannot be opened and leave
   them out.  */
static void
open_outputs (char **files, size_t nfiles, bool append)
{
  int flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC);
  outputs = xnmalloc (nfiles + 1, sizeof *outputs);
  outputs[0] = (struct output) { STDOUT_FILENO, "standard output",
                                 output_method (STDOUT_FILENO),
                                 true };
  n_outputs = 1;
  for (size_t i = 0; i < nfiles; i++)
    {
      int fd = fd_safer (open (files[i], flags, 0666));
      if (fd < 0)
        {
          error (0, errno, "%s", quotef (files[i]));
          ok = false;
          continue;
        }
      outputs[n_outputs++] = (struct output) {
        fd, files[i], output_method (fd), true };
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
  for (;;)
    {
      ssize_t n = read (fd, iobuf, len < iobuf_size ? len : iobuf_size);
      if (n >= 0)
        return n;
      if (errno == EAGAIN || errno == EWOULDBLOCK)
        wait_fd (fd, POLLIN);
      else if (errno != EINTR)
        {
          error (0, errno, "read error");
          return -1;
        }
    }
}

/* Copy standard input to every live output through the buffer, until
   end of input or until no output is left.  Return false after a read
   error (reported).  */
static bool
copy_read_write (void)
{
  while (n_alive > 0)
    {
      ssize_t n = read_some (STDIN_FILENO, iobuf_size);
      if (n <= 0)
        return n == 0;
      for (size_t i = 0; i < n_outputs; i++)
        if (outputs[i].alive && write_all (outputs[i].fd, iobuf, n) != 0)
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

/* Make a pipe of our own, on descriptors above 2, of IO_PIPE_SIZE bytes
   if allowed: set *RD and *WR to its ends.  Return its capacity, or 0
   on failure.  */
static size_t
make_pipe (int *rd, int *wr)
{
  int fds[2];
  if (pipe (fds) != 0)
    return 0;
  *rd = fd_safer (fds[0]);
  *wr = fd_safer (fds[1]);
  if (*rd < 0 || *wr < 0)
    return 0;
  grow_pipe (*wr, IO_PIPE_SIZE);
  int cap = fcntl (*wr, F_GETPIPE_SZ);
  return cap > 0 ? cap : 0;
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
  scratch_cap = make_pipe (&scratch_rd, &scratch_wr);
  if (scratch_cap == 0)
    return -1;
  if (feed && make_pipe (&in_fd, &feed_wr) == 0)
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
          if (write_all (o->fd, iobuf, n) != 0)
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

/* Copy the first LEN bytes of the input into the empty scratch pipe.
   Return 0, or -1 after reporting an error.  The round began with a
   tee of LEN bytes into this same empty pipe, so this one copies the
   same LEN bytes; fewer would mean that another process is reading
   the input too, and the outputs could no longer be kept alike.  */
static int
fill_scratch (size_t len)
{
  ssize_t n;
  while ((n = tee (in_fd, scratch_wr, len, 0)) < 0 && errno == EINTR)
    continue;
  if (n == (ssize_t) len)
    return 0;
  error (0, n < 0 ? errno : EIO, "read error");
  return -1;
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
   empty feed pipe).  Return the count, 0 at end of input, or -1 with
   errno set: nothing is then held back, the input is where the
   read(2) loop can take over.  */
static ssize_t
open_round (void)
{
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
        wait_fd (in_fd, POLLIN);
      else if (errno != EINTR)
        return -1;
    }
}

/* Give the LEN bytes of an open round to every live output in order,
   the last one consuming them from the input.  Return 0, or -1 after
   reporting a read error.  */
static int
finish_round (size_t len)
{
  size_t last = n_outputs;
  while (!outputs[--last].alive)
    continue;
  bool primed = true;
  for (size_t i = 0; i < last; i++)
    if (outputs[i].alive && give_output (&outputs[i], len, &primed) != 0)
      return -1;
  if (primed && discard (scratch_rd, len) != 0)
    return -1;
  if (drain (in_fd, &outputs[last], len) != 0)
    return -1;
  feed_len -= feed_wr >= 0 ? len : 0;
  return 0;
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
  while (n_alive > 0)
    {
      ssize_t n = open_round ();
      if (n <= 0)
        return n == 0;
      if (finish_round (n) != 0)
        return -1;
    }
  return 1;
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

  struct stat in_st;
  bool have_st = fstat (STDIN_FILENO, &in_st) == 0;
  iobuf_size = io_blksize (have_st ? &in_st : NULL);
  iobuf = alignalloc (getpagesize (), iobuf_size);
  if (!iobuf)
    xalloc_die ();
  posix_fadvise (STDIN_FILENO, 0, 0, POSIX_FADV_SEQUENTIAL);

  open_outputs (argv + optind, argc - optind, append);
  int r = copy_pipe ();
  if (r == 0 && !copy_read_write ())
    ok = false;
  if (r < 0)
    ok = false;
  close_outputs ();
  alignfree (iobuf);

  if (close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, "%s", "standard input");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
