/* digest-file.c -- hashing one file of the digest tools in its turn
   (see digest-file.h): here through the run's buffer, or the outcome
   that the pool of -j hands back; and the progress hooks around it.

   Owns: the count of bytes hashed and not yet shown, which any thread
   adds to.  Calls: open, openat, close, lib/digest-stream.h,
   digest-pool.h, digest-b3threads.h (b3sum's threads for one
   file), src/shared/progress.h; error () for the failures of
   the files, nothing else that prints.  */

#include <config.h>

#include "digest-file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digest-b3threads.h"
#include "digest-pool.h"
#include "i18n.h"
#include "open-long.h"

/* The end of hashing the file NAME in RUN: ERR is 0 or the errno of its
   failure, AT_OPEN whether open failed.  Return true if all is well.
   Otherwise report the failure and return false, except that with
   --ignore-missing a file that does not exist sets *MISSING and
   returns true without a word.  Keep ERR in RUN's last_err; with
   errors_in_lines, say nothing (b3sum --check says it in the line).  */
bool
file_outcome (struct digest_run *run, const char *name, int err,
              bool at_open, bool *missing)
{
  *missing = at_open && run->opts.ignore_missing && err == ENOENT;
  run->last_err = err;
  if (err == 0 || *missing)
    return true;
  if (!run->errors_in_lines)
    error (0, err, "%s", quotef (name));
  return false;
}

/* The end of reading the file NAME of RUN from FD: R is 0, or -1 with errno
   set.  Close FD if CLOSE_FD.  Return as file_outcome.  */
static bool
read_outcome (struct digest_run *run, const char *name, int r,
              int fd, bool close_fd, bool *missing)
{
  int err = r == 0 ? 0 : errno;
  if (close_fd && close (fd) != 0 && err == 0)
    err = errno;
  return file_outcome (run, name, err, false, missing);
}

/* Bytes hashed by any thread and not yet added to the progress
   display; MAIN_THREAD is true in the thread that prints.  */
static _Atomic size_t hashed_bytes;
static _Thread_local bool main_thread;

/* Add the bytes hashed so far to the progress display (redrawn if
   due) and the SIGUSR1 status line (printed if asked for).  Call from
   the main thread.  */
static void
progress_poll (void)
{
  size_t n = atomic_exchange_explicit (&hashed_bytes, 0,
                                       memory_order_relaxed);
  progress_add (n);
}

/* The read loops' hook (digest_progress_hook, see progress_hook_start):
   N more bytes were hashed, in any thread.  */
static void
note_hashed (size_t n)
{
  atomic_fetch_add_explicit (&hashed_bytes, n, memory_order_relaxed);
  if (main_thread)
    progress_poll ();
}

/* Hook the read loops, from the main thread: note_hashed.  */
void
progress_hook_start (void)
{
  main_thread = true;
  digest_progress_hook = note_hashed;
}

/* The file NAME is the next whose line is printed: its name for the
   display and the status line, until progress_end_file.  */
void
progress_start_file (const char *name)
{
  if (!digest_tool.sum)
    progress_file (name, NULL, 0);
}

/* The file of progress_start_file is done.  */
void
progress_end_file (void)
{
  if (digest_tool.sum)
    return;
  progress_poll ();
  progress_file_done ();
}

/* With RUN's display shown, add to its total the size of the file NAME
   if it is a regular file (a check line's, or an operand without
   -r).  */
void
progress_total_file (const struct digest_run *run, const char *name)
{
  struct stat st;
  if (run->progress_shown && stat (name, &st) == 0 && S_ISREG (st.st_mode))
    progress_total_add (st.st_size);
}

/* Hash with A into DIGEST the file open on FD (at its start if
   THREADS) through RUN's buffer; with THREADS, b3sum's large regular
   file on its threads (--num-threads).  Return 0, or -1 with errno
   set.  */
static int
hash_fd (struct digest_run *run, const struct digest_algo *a, int fd,
         uint8_t *digest, bool threads)
{
  if (digest_tool.b3sum && threads)
    {
      int r = b3sum_hash_threads (a, fd, run->opts.file_threads, digest);
      if (r != 0)
        return r < 0 ? -1 : 0;
    }
  return digest_fd_buf (a, fd, digest, &run->iobuf);
}

/* Hash the file named NAME ("-" is standard input) of RUN with A into
   DIGEST.  With LONG, NAME may be longer than PATH_MAX (a check line
   of a manifest of -r; GNU's fail there, as an operand does).  Return
   as file_outcome.  */
static bool
digest_file (struct digest_run *run, const char *name,
             const struct digest_algo *a, uint8_t *digest, bool long_name,
             bool *missing)
{
  bool is_stdin = strcmp (name, "-") == 0;
  /* b3sum --keyed: standard input gave the key.  */
  if (is_stdin && run->opts.blake3_mode.key)
    {
      error (0, 0, B_("%s: Cannot open `-` in keyed mode"), name);
      return false;
    }
  int fd = (is_stdin ? STDIN_FILENO
            : long_name ? open_long (name, O_RDONLY | O_NOCTTY)
            : open (name, O_RDONLY | O_NOCTTY));
  run->have_read_stdin |= is_stdin;
  if (fd < 0)
    return file_outcome (run, name, errno, true, missing);
  return read_outcome (run, name, hash_fd (run, a, fd, digest, !is_stdin),
                       fd, !is_stdin, missing);
}

/* Hash with RUN's algorithm into DIGEST the file that the walk of -r
   found as F, opened relative to its directory.  It was a regular file
   then: if it is no longer (swapped for a FIFO, say), or is now a
   symbolic link that the walk does not follow (opened with
   O_NOFOLLOW: ELOOP), set *GONE and hash nothing, as the walk would
   have; O_NONBLOCK keeps the open from waiting for a FIFO's writer.
   Return as file_outcome.  */
bool
digest_walked (struct digest_run *run, const struct walk_item *f,
               uint8_t *digest, bool *gone)
{
  int fd = openat (walk_dir_fd (f->dir), f->base,
                   (O_RDONLY | O_NOCTTY | O_NONBLOCK
                    | (f->follow ? 0 : O_NOFOLLOW)));
  struct stat st;
  *gone = false;
  if (fd < 0 && errno == ELOOP && !f->follow)
    {
      *gone = true;
      return true;
    }
  if (fd < 0)
    return file_outcome (run, f->path, errno, true, gone);
  if (fstat (fd, &st) == 0 && !S_ISREG (st.st_mode))
    {
      *gone = true;
      return read_outcome (run, f->path, 0, fd, true, gone);
    }
  return read_outcome (run, f->path,
                       hash_fd (run, run->opts.algo, fd, digest, true),
                       fd, true, gone);
}

/* The name to give POOL for the file NAME: null for standard input,
   which the main thread reads in its turn.  */
const char *
pool_name (const char *name)
{
  return strcmp (name, "-") == 0 ? NULL : name;
}

/* Hash the file named NAME of RUN with A into DIGEST in its turn:
   without -j, here; with it, take the oldest outcome of RUN's POOL,
   which is NAME's, and read here what its worker handed back or left
   to this thread (POOL hashes with ALGO, which A then is), or a name
   too long for its workers, with LONG_NAME (see digest_file).  Return
   as file_outcome.  */
bool
next_file (struct digest_run *run, const char *name,
           const struct digest_algo *a, uint8_t *digest, bool long_name,
           bool *missing)
{
  if (!run->pool)
    return digest_file (run, name, a, digest, long_name, missing);
  struct digest_outcome o;
  digest_pool_pop (run->pool, &o);
  if (o.kept || (long_name && o.err == ENAMETOOLONG))
    return digest_file (run, name, a, digest, long_name, missing);
  memcpy (digest, o.digest, run->opts.algo->digest_size);
  return file_outcome (run, name, o.err, o.at_open, missing);
}

