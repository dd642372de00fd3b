/* cat.c -- concatenate files to standard output.

   Options, output bytes, messages and exit statuses follow GNU
   coreutils 9.1's cat.

   Without formatting options, each file's bytes are moved by the
   cheapest mechanism that the two file types allow, each stage handing
   over to the next when it cannot start or stops: copy_file_range
   (regular file to regular file: the copy engine's rung, lib/copy-data),
   splice (a pipe on either side; with none, through a pipe of cat's
   own, for an input that is no regular file, as GNU 9.11 does),
   sendfile (regular file to anything), and last read and write
   through one heap buffer.  The kernel calls
   move data at the descriptors' own offsets, so a stage that stops
   partway leaves the next one exactly where it must go on: nothing is
   lost or written twice.

   Of the engine's ladder cat takes only the copy_file_range rung, as
   GNU's cat does: no clone (it would give the output the input's
   holes, and serves only an empty output at offset 0 anyway) and no
   sparse copy (cat never makes holes).  Splice, sendfile and read and
   write stay here: cat's descriptors may be non-blocking pipes, whose
   EAGAIN cat waits out where the engine takes it for an error, and a
   pipe on the input must be read before anything is spliced out (see
   first_read_cat).

   With any of -b -E -n -s -T -v, one buffered loop (lib/cat-format.c)
   produces GNU's bytes; its state (line number, start of line, blank
   line) runs on across files, so the output is that of the files'
   concatenation.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/sendfile.h>
#endif

#include "alignalloc.h"
#include "cat-format.h"
#include "closeout.h"
#include "copy-data.h"
#include "error.h"
#include "i18n.h"
#include "io-wait.h"
#include "ioblksize.h"
#include "progname.h"
#include "quotearg.h"
#include "quoting.h"
#include "version.h"

/* Options.  NUMBER is set by -n and -b; -b also sets NUMBER_NONBLANK,
   which wins over -n whatever their order.  */
static struct cat_format_options opts;

/* Standard output's status, taken once before any input is opened.  */
static struct stat out_st;

/* The buffer every input is read into when the kernel cannot move it,
   and with formatting options the formatter's output buffer (FMT,
   below): IOBUF_SIZE bytes each, page-aligned, on the heap, allocated
   on first use and reused for every file.  The output buffer is
   IOBUF_SIZE, but never below CAT_FORMAT_OUTBUF_MIN: one byte's
   notation (up to 4 bytes) must fit, even when BRISK_IO_BUFSIZE
   forces a buffer of 1 byte.  */
static char *iobuf;
static size_t iobuf_size;

/* The formatter: its options, its state (which runs on across files)
   and its output buffer.  */
static struct cat_format fmt;

/* Whether standard input was read, so must be closed and checked.  */
static bool have_read_stdin;

enum
{
  HELP_OPTION = CHAR_MAX + 1,
  VERSION_OPTION
};

/* In GNU's order, which getopt's "ambiguous" message shows.  */
static struct option const long_options[] = {
  { "number-nonblank", no_argument, NULL, 'b' },
  { "number", no_argument, NULL, 'n' },
  { "squeeze-blank", no_argument, NULL, 's' },
  { "show-nonprinting", no_argument, NULL, 'v' },
  { "show-ends", no_argument, NULL, 'E' },
  { "show-tabs", no_argument, NULL, 'T' },
  { "show-all", no_argument, NULL, 'A' },
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
Concatenate FILE(s) to standard output.\n\
\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
  -A, --show-all           equivalent to -vET\n\
  -b, --number-nonblank    number nonempty output lines, overrides -n\n\
  -e                       equivalent to -vE\n\
  -E, --show-ends          display $ at end of each line\n\
  -n, --number             number all output lines\n\
  -s, --squeeze-blank      suppress repeated empty output lines\n\
  -t                       equivalent to -vT\n\
  -T, --show-tabs          display TAB characters as ^I\n\
  -u                       (ignored)\n\
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
",
         stdout);
  printf ("\
\n\
Examples:\n\
  %s f - g  Output f's contents, then standard input, then g's contents.\n\
  %s        Copy standard input to standard output.\n",
          program_name, program_name);
  print_help_manual ("cat");
  exit (status);
}

/* ---- Waiting, reading and writing ------------------------------------ */

/* Write the N bytes at BUF to standard output, all of them, waiting
   out EAGAIN.  On failure, report "write error" and exit: nothing more
   can be output.  */
static void
write_all (const char *buf, size_t n)
{
  if (io_write_wait (STDOUT_FILENO, buf, n) != 0)
    error (EXIT_FAILURE, errno, _("write error"));
}

/* Allocate IOBUF, and FMT's buffer too when FORMATTING, unless done
   already.
   IOBUF_SIZE is io_blksize of standard output.  Exit if memory is
   short.  */
static void
alloc_buffers (bool formatting)
{
  long page = sysconf (_SC_PAGESIZE);
  if (page <= 0)
    page = 4096;
  if (!iobuf)
    {
      iobuf_size = io_blksize (&out_st);
      iobuf = xalignalloc (page, iobuf_size);
    }
  if (formatting && !fmt.outbuf)
    {
      fmt.outbuf_size = (iobuf_size < CAT_FORMAT_OUTBUF_MIN
                         ? CAT_FORMAT_OUTBUF_MIN : iobuf_size);
      fmt.outbuf = xalignalloc (page, fmt.outbuf_size);
    }
}

/* ---- Moving bytes unchanged ------------------------------------------ */

#ifdef __linux__
/* cat's own kernel ways of moving bytes between descriptors
   (copy_file_range is the copy engine's: see range_cat).  */
enum kernel_method
{
  SPLICE,
  SENDFILE
};

/* Move up to COUNT bytes from IN to standard output with METHOD, at
   both descriptors' current offsets (which advance).  Return what the
   system call returns.  */
static ssize_t
kernel_move (enum kernel_method method, int in, size_t count)
{
  if (method == SPLICE)
    return splice (in, NULL, STDOUT_FILENO, NULL, count, SPLICE_F_MOVE);
  return sendfile (STDOUT_FILENO, in, NULL, count);
}

/* Whether FD was opened (or set) non-blocking.  */
static bool
is_nonblocking (int fd)
{
  int flags = fcntl (fd, F_GETFL);
  return flags >= 0 && (flags & O_NONBLOCK);
}

/* Whether to make again a call that failed (errno says why) moving
   bytes from IN to OUT (-1 for a side the call does not touch): after
   EINTR; after EAGAIN, once both sides are ready, if one of them is
   non-blocking: the call fails so when either is not ready and tells
   not which, and a blocking descriptor never excuses it (do not spin).
   Otherwise false, errno kept for the report (or io_wait's, if the
   wait failed).  */
static bool
try_again (int in, int out)
{
  if (errno == EINTR)
    return true;
  return (errno == EAGAIN
          && ((0 <= in && is_nonblocking (in))
              || (0 <= out && is_nonblocking (out)))
          && (in < 0 || io_wait (in, POLLIN) == 0)
          && (out < 0 || io_wait (out, POLLOUT) == 0));
}

/* Give the pipe FD a capacity of IO_PIPE_SIZE if it has less.  A hint
   only: failure (over the user's limit of pipe memory, say) changes
   nothing.  */
static void
grow_pipe (int fd)
{
# ifdef F_SETPIPE_SZ
  int size = fcntl (fd, F_GETPIPE_SZ);
  if (0 < size && size < IO_PIPE_SIZE)
    fcntl (fd, F_SETPIPE_SZ, IO_PIPE_SIZE);
# endif
}

/* Copy IN to standard output with METHOD until end of file.
   Return 1 when done.  Return 0 to hand over to the next stage, which
   goes on from the offsets where this one stopped: when the call fails
   (not supported for these files, EXDEV, EINVAL, EBADF for an O_APPEND
   output, ... and also real errors, which the read/write stage meets
   again and reports in GNU's words), or when it finds end of file
   before moving anything (a /proc file whose size reads as 0 may yet
   hold data: reading is the judge).  Never returns -1.  */
static int
kernel_cat (enum kernel_method method, int in)
{
  bool moved = false;
  for (;;)
    {
      ssize_t n = kernel_move (method, in, IO_KERNEL_CHUNK);
      if (n > 0)
        moved = true;
      else if (n == 0)
        return moved;
      else if (!try_again (in, STDOUT_FILENO))
        return 0;
    }
}

/* The pipe that relay_cat moves bytes through: made at its first use
   and kept for the next files; -1 while there is none.  */
static int relay[2] = { -1, -1 };

/* Whether relay_cat is not to be tried again: no pipe could be made,
   or standard output refused the first splice (an O_APPEND file,
   say), as it will refuse every other.  */
static bool relay_off;

/* Move the N bytes that wait in RELAY to standard output by reading
   and writing them (a write error exits).  */
static void
relay_drain (size_t n)
{
  alloc_buffers (false);
  while (0 < n)
    {
      ssize_t got = read (relay[0], iobuf, n < iobuf_size ? n : iobuf_size);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        error (EXIT_FAILURE, got < 0 ? errno : EIO, _("read error"));
      write_all (iobuf, got);
      n -= got;
    }
}

/* Splice up to N bytes out of RELAY to standard output, all of them.
   MOVED says whether bytes went out before.  Return true, or false if
   none went (the bytes stay in RELAY, for relay_drain); once bytes
   went, a failure is reported as "write error" and exits, as GNU
   9.11's cat reports it.  */
static bool
relay_out (size_t n, bool moved)
{
  while (0 < n)
    {
      ssize_t m = splice (relay[0], NULL, STDOUT_FILENO, NULL, n,
                          SPLICE_F_MOVE);
      if (0 < m)
        {
          n -= m;
          moved = true;
          continue;
        }
      if (m < 0 && try_again (-1, STDOUT_FILENO))
        continue;
      if (!moved)
        return false;
      error (EXIT_FAILURE, m < 0 ? errno : EIO, _("write error"));
    }
  return true;
}

/* Copy IN (named NAME), which is neither a pipe nor a regular file, to
   standard output, which is no pipe, by splicing through RELAY: IN
   into it, then out of it, as GNU 9.11's cat does, so that a failure
   is known to be the input's or the output's.  Until bytes have gone
   out, a failure hands over to read and write (the bytes already in
   RELAY written out first), which meet a real error again; after,
   it is reported: a read error as "cat: NAME: ...", a write error as
   "write error" (which exits).  Return 1 when done, 0 to hand over,
   -1 after reporting a read error.  */
static int
relay_cat (int in, const char *name)
{
  if (relay[0] < 0)
    {
      if (pipe2 (relay, O_CLOEXEC) != 0)
        {
          relay[0] = relay[1] = -1;
          relay_off = true;
          return 0;
        }
      grow_pipe (relay[1]);
    }
  bool moved = false;
  for (;;)
    {
      ssize_t n = splice (in, NULL, relay[1], NULL, IO_PIPE_SIZE,
                          SPLICE_F_MOVE);
      /* The end, even before any byte: this input is no regular file
         whose size may lie, and a terminal's end of file (^D) is read
         once only.  */
      if (n == 0)
        return 1;
      if (0 < n)
        {
          if (!relay_out (n, moved))
            {
              relay_drain (n);
              relay_off = true;
              return 0;
            }
          moved = true;
          continue;
        }
      if (try_again (in, -1))
        continue;
      if (!moved)
        return 0;
      error (0, errno, "%s", quotef (name));
      return -1;
    }
}
#endif

/* Copy the regular file IN, of status IN_ST, to standard output, a
   regular file, with the copy engine's copy_file_range rung alone.
   Return 1 when done, 0 to hand over to the next stage, which goes on
   from the offsets where the engine stopped (it never fails on that
   rung: an error there is met again, and reported, by read and
   write).  OUT_ST's size may be stale: only the clone and sparse
   rungs, not used here, look at it.  */
static int
range_cat (int in, const struct stat *in_st)
{
  static struct copy_engine engine;
  static bool engine_ready;
  if (!engine_ready)
    {
      copy_engine_init (&engine, COPY_SPARSE_NEVER);
      engine.first = engine.last = COPY_METHOD_RANGE;
      engine_ready = true;
    }
  struct copy_result result;
  return copy_data_onward (&engine, in, in_st, STDOUT_FILENO, &out_st,
                           &result) > 0;
}

/* Copy IN (named NAME) to standard output through IOBUF until end of
   file.  Return 1 when done, or -1 after reporting a read error (a
   write error exits).  */
static int
simple_cat (int in, const char *name)
{
  alloc_buffers (false);
  for (;;)
    {
      ssize_t n = io_read_wait (in, iobuf, iobuf_size);
      if (n == 0)
        return 1;
      if (n < 0)
        {
          error (0, errno, "%s", quotef (name));
          return -1;
        }
      write_all (iobuf, n);
    }
}

/* Copy what one read of IN (named NAME) returns to standard output.
   This comes first for inputs that are not regular files, as whether
   they are at their end cannot be known beforehand: splice into a pipe
   without reader raises SIGPIPE even when there is nothing to move,
   where GNU, having read nothing, writes nothing and succeeds.
   Return 1 at end of file, 0 after copying some bytes, -1 after
   reporting a read error.  */
static int
first_read_cat (int in, const char *name)
{
  alloc_buffers (false);
  ssize_t n = io_read_wait (in, iobuf, iobuf_size);
  if (n < 0)
    {
      error (0, errno, "%s", quotef (name));
      return -1;
    }
  write_all (iobuf, n);
  return n == 0;
}

/* Copy IN (named NAME, status IN_ST) to standard output unchanged,
   with the first stage that works for the two file types; IN is at
   offset 0 if FRESH (just opened), else wherever it is.  Return true
   on success, false after reporting a failure.  */
static bool
plain_cat (int in, const struct stat *in_st, const char *name, bool fresh)
{
  int done = 0;
  (void) fresh;
#ifdef __linux__
  /* A regular file read to its size (0 for a /proc file, whose size is
     not known) may be at its end: reading is the only way to tell.  */
  bool in_reg = S_ISREG (in_st->st_mode);
  if (in_reg && (fresh ? 0 : lseek (in, 0, SEEK_CUR)) >= in_st->st_size)
    return simple_cat (in, name) > 0;
  if (!in_reg && (done = first_read_cat (in, name)) != 0)
    return done > 0;
  if (in_reg && S_ISREG (out_st.st_mode))
    done = range_cat (in, in_st);
  if (done == 0 && (S_ISFIFO (in_st->st_mode) || S_ISFIFO (out_st.st_mode)))
    {
      if (S_ISFIFO (in_st->st_mode))
        grow_pipe (in);
      if (S_ISFIFO (out_st.st_mode))
        grow_pipe (STDOUT_FILENO);
      done = kernel_cat (SPLICE, in);
    }
  else if (done == 0 && !in_reg && !relay_off)
    done = relay_cat (in, name);
  if (done == 0 && in_reg)
    done = kernel_cat (SENDFILE, in);
#endif
  if (done == 0)
    done = simple_cat (in, name);
  return done > 0;
}

/* ---- Formatting (-b -E -n -s -T -v) ---------------------------------- */

/* Write FMT's N bytes at BUF to standard output (COOKIE unused).  */
static void
flush_formatted (void *cookie _GL_UNUSED, const char *buf, size_t n)
{
  write_all (buf, n);
}

/* Whether FD has bytes ready to read without waiting, as far as
   FIONREAD can tell (for a regular file: not at its end).  */
static bool
input_pending (int fd)
{
  int n;
  return ioctl (fd, FIONREAD, &n) == 0 && n > 0;
}

/* Format IN (named NAME) to standard output until end of file, through
   FMT (its state updated).  Output waits in FMT's buffer while more
   input is ready, and is written before any read that may block, so
   that an interactive reader sees each line in time.  Return true on
   success, false after reporting a read error (a write error exits).  */
static bool
format_cat (int in, const char *name)
{
  alloc_buffers (true);
  for (;;)
    {
      if (fmt.outbuf_len > 0 && !input_pending (in))
        cat_format_flush (&fmt);
      ssize_t n = io_read_wait (in, iobuf, iobuf_size);
      if (n == 0)
        return true;
      if (n < 0)
        {
          error (0, errno, "%s", quotef (name));
          return false;
        }
      cat_format_bytes (&fmt, (unsigned char *) iobuf,
                        (unsigned char *) iobuf + n);
    }
}

/* ---- Files ----------------------------------------------------------- */

/* Whether IN, of status IN_ST, is standard output's file, read from
   an offset before the one where the output writes (its end, when
   standard output appends), so that copying it would go on reading
   what it has just written.  GNU 9.6's test: a file at the same offset
   or past it is copied onto itself ("cat f 1<> f" ends), and a pipe,
   a socket or an output that cannot seek (a terminal) is never the
   input.  */
static bool
input_is_output (int in, const struct stat *in_st)
{
  if (S_ISFIFO (in_st->st_mode) || S_ISSOCK (in_st->st_mode)
      || in_st->st_dev != out_st.st_dev || in_st->st_ino != out_st.st_ino)
    return false;
  off_t in_pos = lseek (in, 0, SEEK_CUR);
  if (in_pos < 0)
    return false;
  int flags = fcntl (STDOUT_FILENO, F_GETFL);
  off_t out_pos = lseek (STDOUT_FILENO, 0,
                         0 <= flags && (flags & O_APPEND) ? SEEK_END
                         : SEEK_CUR);
  return in_pos < out_pos;
}

/* Copy the file NAME ("-" is standard input) to standard output,
   formatted through FMT if FORMATTING.
   Return true on success; on failure report it and return false.  */
static bool
cat_file (const char *name, bool formatting)
{
  bool is_stdin = strcmp (name, "-") == 0;
  int fd = is_stdin ? STDIN_FILENO : open (name, O_RDONLY);
  have_read_stdin |= is_stdin;
  if (fd < 0)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }

  bool ok = false;
  struct stat in_st;
  if (fstat (fd, &in_st) != 0)
    error (0, errno, "%s", quotef (name));
  else if (input_is_output (fd, &in_st))
    error (0, 0, _("%s: input file is output file"), quotef (name));
  else
    {
      /* A hint only, for what the kernel reads ahead: a file that one
         buffer holds gains nothing from it, a pipe cannot take it.  */
      if (S_ISBLK (in_st.st_mode)
          || (S_ISREG (in_st.st_mode) && IO_BUFSIZE < in_st.st_size))
        posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      ok = (formatting ? format_cat (fd, name)
            : plain_cat (fd, &in_st, name, !is_stdin));
    }

  if (!is_stdin && close (fd) != 0)
    {
      error (0, errno, "%s", quotef (name));
      ok = false;
    }
  return ok;
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  int c;
  while ((c = getopt_long (argc, argv, "benstuvAET", long_options, NULL))
         != -1)
    switch (c)
      {
      case 'b':
        opts.number = opts.number_nonblank = true;
        break;
      case 'e':
        opts.show_nonprinting = opts.show_ends = true;
        break;
      case 'n':
        opts.number = true;
        break;
      case 's':
        opts.squeeze_blank = true;
        break;
      case 't':
        opts.show_nonprinting = opts.show_tabs = true;
        break;
      case 'u':
        break;
      case 'v':
        opts.show_nonprinting = true;
        break;
      case 'A':
        opts.show_nonprinting = opts.show_ends = opts.show_tabs = true;
        break;
      case 'E':
        opts.show_ends = true;
        break;
      case 'T':
        opts.show_tabs = true;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version ("cat");
        return EXIT_SUCCESS;
      default:
        usage (EXIT_FAILURE);
      }

  if (fstat (STDOUT_FILENO, &out_st) != 0)
    error (EXIT_FAILURE, errno, _("standard output"));

  bool formatting = (opts.number || opts.squeeze_blank || opts.show_ends
                     || opts.show_tabs || opts.show_nonprinting);
  if (formatting)
    cat_format_init (&fmt, &opts, flush_formatted, NULL);

  static char *stdin_only[] = { (char *) "-", NULL };
  char **files = optind < argc ? argv + optind : stdin_only;
  bool ok = true;
  for (; *files; files++)
    ok &= cat_file (*files, formatting);

  /* A carriage return that ended the input stays as it is.  */
  if (formatting)
    cat_format_end (&fmt);
  if (fmt.outbuf_len > 0)
    cat_format_flush (&fmt);
  alignfree (iobuf);
  alignfree (fmt.outbuf);
  if (have_read_stdin && close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, _("closing standard input"));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
