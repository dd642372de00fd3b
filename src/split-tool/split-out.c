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

   Owns struct split_out (split.h): the names, the signal mask given
   to filters, the evictor, and the piece being written; reads struct
   split_conf, which split.c owns.  Calls only the C library, gnulib
   and lib/ (and the evictor it is given, a function pointer); called
   by split.c (out_init, names_init, out_prepare) and by the cutting in
   split-cut.c, never calling back into either.  */

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
#include "i18n.h"
#include "same-inode.h"
#include "sig2str.h"
#include "split-args.h"
#include "split.h"
#include "xalloc.h"

/* Set up OUT, reading the settings in CONF (which may be filled in
   later, before the first piece): no evictor, no piece open.  */
void
out_init (struct split_out *out, struct split_conf const *conf)
{
  *out = (struct split_out) { .conf = conf, .piece = { .fd = -1 } };
}

/* ---- Names ----------------------------------------------------------- */

/* Set up OUT's names (lib/split-args.c): PREFIX, then SUFFIX_LENGTH
   letters of ALPHA starting from START (digits of ALPHA, at most
   SUFFIX_LENGTH of them, or NULL: all the first letter), then
   ADDITIONAL (or NULL).  WIDEN lets the suffix grow when it would run
   out.  The first name is made when asked for (names_next).  */
void
names_init (struct split_out *out, char const *prefix,
            char const *additional, char const *alpha,
            size_t suffix_length, bool widen, char const *start)
{
  split_names_init (&out->names, prefix, additional, alpha, suffix_length,
                    widen, start);
}

/* Return the name of the next piece (the first name on the first
   call), in a buffer that the next call reuses.  Exit with "output
   file suffixes exhausted" when there is none.  */
char const *
names_next (struct split_out *out)
{
  char const *name = split_names_next (&out->names);
  if (name)
    return name;
  if (errno == ENOMEM)
    xalloc_die ();
  error (EXIT_FAILURE, 0, _("output file suffixes exhausted"));
  abort ();
}

/* ---- Errors ---------------------------------------------------------- */

/* Report that writing the output NAME failed (errno) and exit; a null
   NAME is standard output, which GNU calls "write error" there.  */
void
die_write (char const *out_name)
{
  if (!out_name)
    error (EXIT_FAILURE, errno, "%s", _("write error"));
  error (EXIT_FAILURE, errno, "%s", quotef (out_name));
  abort ();
}

/* ---- Opening and closing --------------------------------------------- */

/* Get ready to write: with --filter, block SIGPIPE (unless it is
   ignored already), keeping in OUT the mask to give back to filters:
   split blocks SIGPIPE while filters run, so that one that stops
   reading makes writes fail with EPIPE rather than kill split.  */
void
out_prepare (struct split_out *out)
{
  if (!out->conf->filter_command)
    return;
  struct sigaction act;
  sigset_t block;
  sigemptyset (&block);
  if (sigaction (SIGPIPE, NULL, &act) == 0 && act.sa_handler != SIG_IGN)
    sigaddset (&block, SIGPIPE);
  sigprocmask (SIG_BLOCK, &block, &out->old_mask);
}

/* When opening an output of OUT finds no descriptor left (EMFILE,
   ENFILE), call EVICTOR (or nothing, if NULL) with ARG and the output
   being opened: it closes another output
   and returns true, or returns false when it has none to close.  The
   closed output is reopened to append when it gets more data.  With
   --filter it is called before split gives up, to write out what the
   other outputs hold.  */
void
out_set_evictor (struct split_out *out, out_evictor evictor, void *arg)
{
  out->evict = evictor;
  out->evict_arg = arg;
}

/* In the child process: run OUT's filter with the read end of the
   pipe FDS as its standard input.  Never returns.  */
static _Noreturn void
run_filter (struct split_out const *out, int fds[2])
{
  char const *filter_command = out->conf->filter_command;
  char const *shell = getenv ("SHELL");
  if (!shell)
    shell = "/bin/sh";
  if (fds[0] != STDIN_FILENO)
    {
      if (dup2 (fds[0], STDIN_FILENO) != STDIN_FILENO)
        error (EXIT_FAILURE, errno, _("moving input pipe"));
    }
  else if (fcntl (STDIN_FILENO, F_SETFD, 0) != 0)
    error (EXIT_FAILURE, errno, _("moving input pipe"));
  sigprocmask (SIG_SETMASK, &out->old_mask, NULL);
  execl (shell, last_component (shell), "-c", filter_command,
         (char *) NULL);
  error (0, errno, _("failed to run command: \"%s -c %s\""), shell,
         filter_command);
  _exit (EXIT_FAILURE);
}

/* Start OUT's filter for F: a pipe (both ends close on exec, so that no
   filter holds another's pipe open) and a child running the command
   with $FILE set to F's name.  */
static void
open_filter (struct split_out *out, struct out_file *f)
{
  if (setenv ("FILE", f->name, 1) != 0)
    error (EXIT_FAILURE, errno, _("failed to set FILE environment variable"));
  if (out->conf->verbose)
    printf (_("executing with FILE=%s\n"), quotef (f->name));
  int fds[2];
  if (pipe2 (fds, O_CLOEXEC) != 0)
    {
      /* Out of descriptors: the evictor cannot close a filter, but
         writes out what the others hold before split exits.  */
      int err = errno;
      if (out->evict)
        out->evict (out->evict_arg, f);
      error (EXIT_FAILURE, err, _("failed to create pipe"));
    }
  pid_t pid = fork ();
  if (pid == 0)
    run_filter (out, fds);
  if (pid < 0)
    error (EXIT_FAILURE, errno, _("fork system call failed"));
  if (close (fds[0]) != 0)
    error (EXIT_FAILURE, errno, _("failed to close input pipe"));
  f->fd = fds[1];
  f->pid = pid;
}

/* Open F's file: create it, or truncate it if it exists, unless it was
   opened before (round robin reopens to append).  Refuse to write over
   the input.  OUT: the output side F is of.  */
static void
open_file (struct split_out *out, struct out_file *f)
{
  if (out->conf->verbose && !f->opened)
    printf (_("creating file %s\n"), quoteaf (f->name));
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (f->opened ? O_APPEND : 0);
  while ((f->fd = open (f->name, flags, 0666)) < 0
         && (errno == EMFILE || errno == ENFILE) && out->evict
         && out->evict (out->evict_arg, f))
    continue;
  if (f->fd < 0)
    die_write (f->name);
  struct stat st;
  if (fstat (f->fd, &st) != 0)
    error (EXIT_FAILURE, errno, _("failed to stat %s"), quoteaf (f->name));
  if (SAME_INODE (st, out->conf->in_st))
    error (EXIT_FAILURE, 0, _("%s would overwrite input; aborting"),
           quoteaf (f->name));
  if (!f->opened && ftruncate (f->fd, 0) != 0
      && (S_ISREG (st.st_mode) || S_TYPEISSHM (&st)))
    error (EXIT_FAILURE, errno, _("%s: error truncating"), quotef (f->name));
}

/* Open the piece F of OUT (its name set): a file, or a filter.  Exit
   on failure.  */
void
out_open (struct split_out *out, struct out_file *f)
{
  f->pid = 0;
  if (out->conf->filter_command)
    open_filter (out, f);
  else
    open_file (out, f);
  f->opened = true;
}

/* Write the N bytes at BUF to F, of OUT.  Return true if written,
   false if F's filter has stopped reading (EPIPE); exit on any other
   failure.  */
bool
out_write (struct split_out const *out, struct out_file *f, char const *buf,
           size_t n)
{
  if (full_write (f->fd, buf, n) == n)
    return true;
  if (out->conf->filter_command && errno == EPIPE)
    return false;
  die_write (f->name);
}

/* Wait for F's filter (OUT's command), and exit as GNU split does if
   it failed: with its exit status, or 128 + the signal that killed it
   (but SIGPIPE, which says only that it stopped reading).  */
static void
wait_filter (struct split_out const *out, struct out_file *f)
{
  char const *filter_command = out->conf->filter_command;
  int status = 0;
  if (waitpid (f->pid, &status, 0) < 0 && errno != ECHILD)
    error (EXIT_FAILURE, errno, _("waiting for child process"));
  f->pid = 0;
  if (WIFSIGNALED (status))
    {
      int sig = WTERMSIG (status);
      char signame[SIG2STR_MAX > 12 ? SIG2STR_MAX : 12];
      if (sig == SIGPIPE)
        return;
      if (sig2str (sig, signame) != 0)
        sprintf (signame, "%d", sig);
      error (sig + 128, 0, _("with FILE=%s, signal %s from command: %s"),
             quotef (f->name), signame, filter_command);
    }
  else if (WIFEXITED (status))
    {
      if (WEXITSTATUS (status) != 0)
        error (WEXITSTATUS (status), 0,
               _("with FILE=%s, exit %d from command: %s"), quotef (f->name),
               WEXITSTATUS (status), filter_command);
    }
  else
    error (EXIT_FAILURE, 0, _("unknown status from command (0x%X)"),
           (unsigned int) status);
}

/* Close F, of OUT, if open, writing what its buffer holds first, and
   wait for its filter.  Exit on failure.  */
void
out_close (struct split_out const *out, struct out_file *f)
{
  if (0 <= f->fd)
    {
      if (f->len)
        out_write (out, f, f->buf, f->len);
      f->len = 0;
      if (close (f->fd) != 0)
        die_write (f->name);
      f->fd = -1;
    }
  if (0 < f->pid)
    wait_filter (out, f);
}

/* ---- One piece after another ------------------------------------------ */

/* OUT's piece is the one written by the cutting functions that make
   one piece at a time; OUT's piece_ok says whether its filter still
   reads.  */

/* Close OUT's current piece, if any, and open the next.  */
void
piece_new (struct split_out *out)
{
  out_close (out, &out->piece);
  out->piece.name = (char *) names_next (out);
  out->piece.opened = false;
  out_open (out, &out->piece);
  out->piece_ok = true;
}

/* Write the N bytes at BUF to OUT's current piece.  Return false if
   its filter no longer reads (the bytes are dropped).  */
bool
piece_write (struct split_out *out, char const *buf, size_t n)
{
  if (out->piece_ok)
    out->piece_ok = out_write (out, &out->piece, buf, n);
  return out->piece_ok;
}

/* OUT's current piece.  */
struct out_file *
piece_current (struct split_out *out)
{
  return &out->piece;
}

/* Close OUT's last piece.  */
void
piece_end (struct split_out *out)
{
  out_close (out, &out->piece);
}
