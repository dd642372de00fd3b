/* split-out.c -- split's output side: the names of the pieces, and
   creating, writing and closing them, each a file or, with --filter,
   a pipe into "$SHELL -c COMMAND" with $FILE set to its name.

   Every failure here is reported with GNU split 9.1's words and ends
   the program: a piece that cannot be opened, written or closed, or a
   filter that exits non-zero (split then exits with its status) or is
   killed by a signal other than SIGPIPE (128 + the signal).  A filter
   that stops reading is not a failure: the writes to it fail with
   EPIPE (SIGPIPE is blocked), and the rest of its piece is dropped.
   The pieces already closed are whole files.

   Calls only the C library and gnulib; the cutting in split-cut.c
   calls this.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dirname.h"
#include "error.h"
#include "full-write.h"
#include "same-inode.h"
#include "sig2str.h"
#include "split-args.h"
#include "split.h"
#include "xalloc.h"

/* ---- Names ----------------------------------------------------------- */

/* The names of the pieces (lib/split-args.c).  */
static struct split_names names;

/* Set up the names: PREFIX, then SUFFIX_LENGTH letters of ALPHA
   starting from START (digits of ALPHA, at most SUFFIX_LENGTH of them,
   or NULL: all the first letter), then ADDITIONAL (or NULL).  WIDEN
   lets the suffix grow when it would run out.  */
void
names_init (char const *prefix, char const *additional, char const *alpha,
            size_t suffix_length, bool widen, char const *start)
{
  if (split_names_init (&names, prefix, additional, alpha, suffix_length,
                        widen, start) != 0)
    xalloc_die ();
}

/* Return the name of the next piece (the first name on the first
   call), in a buffer that the next call reuses.  Exit with "output
   file suffixes exhausted" when there is none.  */
char const *
names_next (void)
{
  char const *name = split_names_next (&names);
  if (name)
    return name;
  if (errno == ENOMEM)
    xalloc_die ();
  error (EXIT_FAILURE, 0, "output file suffixes exhausted");
  abort ();
}

/* ---- Errors ---------------------------------------------------------- */

/* Report that reading the input failed (errno) and exit.  */
void
die_read (void)
{
  error (EXIT_FAILURE, errno, "%s", quotef (infile));
  abort ();
}

/* Report that writing the output NAME failed (errno) and exit; a null
   NAME is standard output, which GNU calls "write error" there.  */
void
die_write (char const *out_name)
{
  if (!out_name)
    error (EXIT_FAILURE, errno, "write error");
  error (EXIT_FAILURE, errno, "%s", quotef (out_name));
  abort ();
}

/* ---- Opening and closing --------------------------------------------- */

/* The signal mask to give back to filters: split blocks SIGPIPE while
   filters run, so that one that stops reading makes writes fail with
   EPIPE rather than kill split.  */
static sigset_t old_mask;

/* Get ready to write: with --filter, block SIGPIPE (unless it is
   ignored already).  */
void
out_prepare (void)
{
  if (!filter_command)
    return;
  struct sigaction act;
  sigset_t block;
  sigemptyset (&block);
  if (sigaction (SIGPIPE, NULL, &act) == 0 && act.sa_handler != SIG_IGN)
    sigaddset (&block, SIGPIPE);
  sigprocmask (SIG_BLOCK, &block, &old_mask);
}

/* What frees a descriptor when there are none left, or NULL.  */
static bool (*evict) (struct out_file const *);

/* When opening an output finds no descriptor left (EMFILE, ENFILE),
   call EVICTOR with the output being opened: it closes another output
   and returns true, or returns false when it has none to close.  The
   closed output is reopened to append when it gets more data.  With
   --filter it is called before split gives up, to write out what the
   other outputs hold.  */
void
out_set_evictor (bool (*evictor) (struct out_file const *))
{
  evict = evictor;
}

/* In the child process: run the filter with the read end of the pipe
   FDS as its standard input.  Never returns.  */
static _Noreturn void
run_filter (int fds[2])
{
  char const *shell = getenv ("SHELL");
  if (!shell)
    shell = "/bin/sh";
  if (fds[0] != STDIN_FILENO)
    {
      if (dup2 (fds[0], STDIN_FILENO) != STDIN_FILENO)
        error (EXIT_FAILURE, errno, "moving input pipe");
    }
  else if (fcntl (STDIN_FILENO, F_SETFD, 0) != 0)
    error (EXIT_FAILURE, errno, "moving input pipe");
  sigprocmask (SIG_SETMASK, &old_mask, NULL);
  execl (shell, last_component (shell), "-c", filter_command,
         (char *) NULL);
  error (0, errno, "failed to run command: \"%s -c %s\"", shell,
         filter_command);
  _exit (EXIT_FAILURE);
}

/* Start the filter for F: a pipe (both ends close on exec, so that no
   filter holds another's pipe open) and a child running the command
   with $FILE set to F's name.  */
static void
open_filter (struct out_file *f)
{
  if (setenv ("FILE", f->name, 1) != 0)
    error (EXIT_FAILURE, errno, "failed to set FILE environment variable");
  if (verbose)
    printf ("executing with FILE=%s\n", quotef (f->name));
  int fds[2];
  if (pipe2 (fds, O_CLOEXEC) != 0)
    {
      /* Out of descriptors: the evictor cannot close a filter, but
         writes out what the others hold before split exits.  */
      int err = errno;
      if (evict)
        evict (f);
      error (EXIT_FAILURE, err, "failed to create pipe");
    }
  pid_t pid = fork ();
  if (pid == 0)
    run_filter (fds);
  if (pid < 0)
    error (EXIT_FAILURE, errno, "fork system call failed");
  if (close (fds[0]) != 0)
    error (EXIT_FAILURE, errno, "failed to close input pipe");
  f->fd = fds[1];
  f->pid = pid;
}

/* Open F's file: create it, or truncate it if it exists, unless it was
   opened before (round robin reopens to append).  Refuse to write over
   the input.  */
static void
open_file (struct out_file *f)
{
  if (verbose && !f->opened)
    printf ("creating file %s\n", quoteaf (f->name));
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (f->opened ? O_APPEND : 0);
  while ((f->fd = open (f->name, flags, 0666)) < 0
         && (errno == EMFILE || errno == ENFILE) && evict && evict (f))
    continue;
  if (f->fd < 0)
    die_write (f->name);
  struct stat st;
  if (fstat (f->fd, &st) != 0)
    error (EXIT_FAILURE, errno, "failed to stat %s", quoteaf (f->name));
  if (SAME_INODE (st, in_st))
    error (EXIT_FAILURE, 0, "%s would overwrite input; aborting",
           quoteaf (f->name));
  if (!f->opened && ftruncate (f->fd, 0) != 0
      && (S_ISREG (st.st_mode) || S_TYPEISSHM (&st)))
    error (EXIT_FAILURE, errno, "%s: error truncating", quotef (f->name));
}

/* Open the piece F (its name set): a file, or a filter.  Exit on
   failure.  */
void
out_open (struct out_file *f)
{
  f->pid = 0;
  if (filter_command)
    open_filter (f);
  else
    open_file (f);
  f->opened = true;
}

/* Write the N bytes at BUF to F.  Return true if written, false if F's
   filter has stopped reading (EPIPE); exit on any other failure.  */
bool
out_write (struct out_file *f, char const *buf, size_t n)
{
  if (full_write (f->fd, buf, n) == n)
    return true;
  if (filter_command && errno == EPIPE)
    return false;
  die_write (f->name);
}

/* Wait for F's filter, and exit as GNU split does if it failed: with
   its exit status, or 128 + the signal that killed it (but SIGPIPE,
   which says only that it stopped reading).  */
static void
wait_filter (struct out_file *f)
{
  int status = 0;
  if (waitpid (f->pid, &status, 0) < 0 && errno != ECHILD)
    error (EXIT_FAILURE, errno, "waiting for child process");
  f->pid = 0;
  if (WIFSIGNALED (status))
    {
      int sig = WTERMSIG (status);
      char signame[SIG2STR_MAX > 12 ? SIG2STR_MAX : 12];
      if (sig == SIGPIPE)
        return;
      if (sig2str (sig, signame) != 0)
        sprintf (signame, "%d", sig);
      error (sig + 128, 0, "with FILE=%s, signal %s from command: %s",
             quotef (f->name), signame, filter_command);
    }
  else if (WIFEXITED (status))
    {
      if (WEXITSTATUS (status) != 0)
        error (WEXITSTATUS (status), 0,
               "with FILE=%s, exit %d from command: %s", quotef (f->name),
               WEXITSTATUS (status), filter_command);
    }
  else
    error (EXIT_FAILURE, 0, "unknown status from command (0x%X)",
           (unsigned int) status);
}

/* Close F, if open, writing what its buffer holds first, and wait for
   its filter.  Exit on failure.  */
void
out_close (struct out_file *f)
{
  if (0 <= f->fd)
    {
      if (f->len)
        out_write (f, f->buf, f->len);
      f->len = 0;
      if (close (f->fd) != 0)
        die_write (f->name);
      f->fd = -1;
    }
  if (0 < f->pid)
    wait_filter (f);
}

/* ---- One piece after another ------------------------------------------ */

/* The piece being written by the cutting functions that make one piece
   at a time, and whether its filter still reads.  */
static struct out_file piece = { .fd = -1 };
static bool piece_ok;

/* Close the current piece, if any, and open the next.  */
void
piece_new (void)
{
  out_close (&piece);
  piece.name = (char *) names_next ();
  piece.opened = false;
  out_open (&piece);
  piece_ok = true;
}

/* Write the N bytes at BUF to the current piece.  Return false if its
   filter no longer reads (the bytes are dropped).  */
bool
piece_write (char const *buf, size_t n)
{
  if (piece_ok)
    piece_ok = out_write (&piece, buf, n);
  return piece_ok;
}

/* The current piece.  */
struct out_file *
piece_current (void)
{
  return &piece;
}

/* Make an empty piece, unless -e elides it.  */
void
piece_empty (void)
{
  if (!elide_empty)
    piece_new ();
}

/* Close the last piece.  */
void
piece_end (void)
{
  out_close (&piece);
}
