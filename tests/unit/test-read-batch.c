/* test-read-batch.c -- lib/read-batch.c: files opened and their first
   bytes read in batches through io_uring.

   One batch of READ_BATCH_MAX names, run twice on the same batch
   object: regular files of sizes around the first read and the second
   (0, 1, 4 KiB, READ_BATCH_HEAD - 1 .. + 4 KiB + 1, 100,000 bytes),
   a symlink to one, a missing file, a dangling symlink, a directory, a
   FIFO (which must not be opened: the test would hang, and an alarm
   ends it), and /proc/self/stat, whose size reads as 0.  Each regular
   file must hold its first bytes exactly, say whether they are all of
   it, and if not, leave its descriptor just after them, so that
   read(2) goes on with the rest; each other name must fail at open
   with the right errno, or be left alone.  Files a tree walk found
   (NOFOLLOW): a regular one is read, a symlink is left to the caller.
   Closes go through read_batch_close and read_batch_flush, after which
   every descriptor must be closed.
   The batch reads only files that its first read takes whole (larger
   ones are left to the caller, at the start), and only what can be
   read without waiting: where the file system cannot (tmpfs, /proc),
   every read is left to the caller and the descriptor must be at the
   start of the file; whether it can is asked of preadv2 (RWF_NOWAIT)
   first.  So the batch runs on
   the test directory, then on a copy of its files in /dev/shm when
   that is a file system that cannot (the batch then remembers its
   device), then on the test directory again, whose reads must not
   have been turned off with /dev/shm's.  Last, with the descriptor
   limit lowered, files the batch cannot open must be left to the
   caller ("plain"), not fail.  Exits 1 on any
   failure; SKIP (77) where io_uring cannot be set up.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "read-batch.h"

static int failures;

/* Whether the files of the batch being checked can be read without
   waiting, so that the batch reads their first bytes.  */
static bool reads_now;

/* Report a failure about NAME.  */
static void
fail (const char *name, const char *what)
{
  fprintf (stderr, "test-read-batch: %s: %s\n", name, what);
  failures++;
}

/* The byte at offset I of every test file.  */
static char
byte_at (size_t i)
{
  return (char) (i * 7 + i / 251);
}

/* Make the file NAME of SIZE bytes.  */
static void
make_file (const char *name, size_t size)
{
  FILE *f = fopen (name, "w");
  if (!f)
    {
      perror (name);
      exit (99);
    }
  for (size_t i = 0; i < size; i++)
    putc (byte_at (i), f);
  if (fclose (f) != 0)
    exit (99);
}

/* Check the regular file F of SIZE bytes, as read_batch_run left it,
   and read the rest of it.  */
static void
check_regular (struct read_batch_file *f, size_t size)
{
  /* Only files the batch can read whole are read.  */
  size_t head = reads_now && size <= READ_BATCH_HEAD ? size : 0;
  if (f->fd < 0 || f->err || f->at_open || f->not_regular || f->plain)
    return fail (f->name, "not opened and read");
  if (f->len != head)
    return fail (f->name, "wrong length read");
  if (f->eof != (reads_now && size <= READ_BATCH_HEAD))
    fail (f->name, "wrong end of file");
  for (size_t i = 0; i < f->len; i++)
    if (f->data[i] != byte_at (i))
      return fail (f->name, "wrong bytes");
  if (f->eof)
    return;
  char buf[4096];
  size_t at = f->len;
  ssize_t r;
  while ((r = read (f->fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < r; i++, at++)
      if (buf[i] != byte_at (at))
        return fail (f->name, "wrong bytes after the batch's");
  if (r < 0 || at != size)
    fail (f->name, "the rest did not follow");
}

/* Check that F was not opened, and failed at open with ERR (0: was
   left alone as not regular).  */
static void
check_other (struct read_batch_file *f, int err)
{
  if (f->fd >= 0)
    fail (f->name, "opened");
  else if (err ? !(f->at_open && f->err == err) : !f->not_regular)
    fail (f->name, err ? "wrong error" : "not left alone");
}

static size_t const sizes[] = {
  0, 1, 4096, READ_BATCH_HEAD - 1, READ_BATCH_HEAD, READ_BATCH_HEAD + 1,
  READ_BATCH_HEAD + 4096, READ_BATCH_HEAD + 4097, 100000
};
enum { NSIZES = sizeof sizes / sizeof *sizes };

/* Run one batch of every kind of name through RB and check it.  */
static void
one_batch (struct read_batch *rb)
{
  static const char *const others[] = {
    "link", "missing", "dangling", "dir", "fifo", "/proc/self/stat"
  };
  struct read_batch_file f[READ_BATCH_MAX] = { 0 };
  char names[NSIZES][16];
  size_t n = 0;
  for (size_t i = 0; i < NSIZES; i++)
    {
      sprintf (names[i], "f%zu", sizes[i]);
      f[n].dirfd = AT_FDCWD;
      f[n++].name = names[i];
    }
  for (size_t i = 0; i < sizeof others / sizeof *others; i++)
    {
      f[n].dirfd = AT_FDCWD;
      f[n++].name = others[i];
    }
  read_batch_run (rb, f, n);

  for (size_t i = 0; i < NSIZES; i++)
    check_regular (&f[i], sizes[i]);
  check_regular (&f[NSIZES], 1);
  check_other (&f[NSIZES + 1], ENOENT);
  check_other (&f[NSIZES + 2], ENOENT);
  check_other (&f[NSIZES + 3], 0);
  check_other (&f[NSIZES + 4], 0);
  /* /proc cannot be read without waiting: left to the caller.  */
  struct read_batch_file *proc = &f[NSIZES + 5];
  char buf[64];
  if (proc->fd < 0 || proc->err || proc->eof
      || (proc->len == 0 && read (proc->fd, buf, sizeof buf) <= 0))
    fail (proc->name, "not read");

  int fds[READ_BATCH_MAX];
  size_t nfds = 0;
  for (size_t i = 0; i < n; i++)
    if (f[i].fd >= 0)
      {
        fds[nfds++] = f[i].fd;
        read_batch_close (rb, &f[i]);
      }
  read_batch_flush (rb);
  for (size_t i = 0; i < n; i++)
    if (f[i].err && !f[i].at_open)
      fail (f[i].name, "close failed");
  for (size_t i = 0; i < nfds; i++)
    if (fcntl (fds[i], F_GETFD) != -1 || errno != EBADF)
      fail ("close", "a descriptor is still open");
}

/* Files that a tree walk found regular (NOFOLLOW): a regular one is
   opened and read, a symbolic link (to a regular file) is not followed
   but left to the caller, as not regular.  */
static void
walked_batch (struct read_batch *rb)
{
  struct read_batch_file f[2] = {
    { .dirfd = AT_FDCWD, .name = "f1", .nofollow = true },
    { .dirfd = AT_FDCWD, .name = "link", .nofollow = true }
  };
  read_batch_run (rb, f, 2);
  check_regular (&f[0], 1);
  check_other (&f[1], 0);
  for (size_t i = 0; i < 2; i++)
    if (f[i].fd >= 0)
      read_batch_close (rb, &f[i]);
  read_batch_flush (rb);
}

/* With room for only a few more descriptors, a batch of many files
   must open what it can and leave the rest to the caller.  */
static void
few_descriptors (struct read_batch *rb)
{
  struct rlimit old, low;
  if (getrlimit (RLIMIT_NOFILE, &old) != 0)
    return fail ("getrlimit", strerror (errno));
  int probe = dup (0);
  if (probe < 0)
    return fail ("dup", strerror (errno));
  close (probe);
  low = old;
  low.rlim_cur = probe + 4;
  if (setrlimit (RLIMIT_NOFILE, &low) != 0)
    return fail ("setrlimit", strerror (errno));
  struct read_batch_file f[READ_BATCH_MAX] = { 0 };
  for (size_t i = 0; i < READ_BATCH_MAX; i++)
    {
      f[i].dirfd = AT_FDCWD;
      f[i].name = "f1";
    }
  read_batch_run (rb, f, READ_BATCH_MAX);
  size_t opened = 0, plain = 0;
  for (size_t i = 0; i < READ_BATCH_MAX; i++)
    if (f[i].fd >= 0)
      {
        opened++;
        check_regular (&f[i], 1);
        read_batch_close (rb, &f[i]);
      }
    else if (f[i].plain && !f[i].err)
      plain++;
    else
      fail (f[i].name, "failed for want of descriptors");
  read_batch_flush (rb);
  if (opened == 0 || opened + plain != READ_BATCH_MAX)
    fail ("few descriptors", "wrong count of files opened and left");
  setrlimit (RLIMIT_NOFILE, &old);
}

/* Make the test files in the working directory; exit 99 if that
   fails.  */
static void
make_files (void)
{
  for (size_t i = 0; i < NSIZES; i++)
    {
      char name[16];
      sprintf (name, "f%zu", sizes[i]);
      make_file (name, sizes[i]);
    }
  if (symlink ("f1", "link") != 0 || symlink ("nowhere", "dangling") != 0
      || mkdir ("dir", 0755) != 0 || mkfifo ("fifo", 0644) != 0)
    {
      perror ("setup");
      exit (99);
    }
}

/* Whether the file NAME, whose first page is in the page cache, can be
   read without waiting (preadv2 with RWF_NOWAIT); if not, errno says
   why.  */
static bool
reads_without_waiting (const char *name)
{
  char buf[16];
  struct iovec v = { buf, sizeof buf };
  int fd = open (name, O_RDONLY);
  if (fd < 0)
    return false;
  ssize_t r = preadv2 (fd, &v, 1, 0, RWF_NOWAIT);
  int e = errno;
  close (fd);
  errno = e;
  return r == sizeof buf;
}

/* Remove the directory DIR and what it holds; return true if done.  */
static bool
remove_dir (const char *dir)
{
  char cmd[64];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system (cmd) == 0;
}

int
main (void)
{
  char dir[] = "/tmp/test-read-batch.XXXXXX";
  if (!mkdtemp (dir) || chdir (dir) != 0)
    {
      perror (dir);
      return 99;
    }
  alarm (60);
  make_files ();
  /* The same files in /dev/shm, if reads there cannot be done without
     waiting; else SHM stays empty.  */
  char shm[] = "/dev/shm/test-read-batch.XXXXXX";
  if (!mkdtemp (shm))
    shm[0] = '\0';
  else if (chdir (shm) != 0)
    return 99;
  else
    {
      make_files ();
      bool usable = !reads_without_waiting ("f4096") && errno == EOPNOTSUPP;
      if (chdir (dir) != 0)
        return 99;
      if (!usable)
        remove_dir (shm), shm[0] = '\0';
    }

  struct read_batch *rb = read_batch_new ();
  int status = 0;
  if (!rb)
    {
      printf ("test-read-batch: skipped: io_uring cannot be used here\n");
      status = 77;
    }
  else
    {
      bool here = reads_without_waiting ("f4096");
      reads_now = here;
      one_batch (rb);
      one_batch (rb);
      if (shm[0])
        {
          if (chdir (shm) != 0)
            return 99;
          reads_now = false;
          one_batch (rb);
          if (chdir (dir) != 0)
            return 99;
          reads_now = here;
          one_batch (rb);
        }
      walked_batch (rb);
      few_descriptors (rb);
      read_batch_free (rb);
      status = failures ? 1 : 0;
    }

  if (chdir ("/") != 0 || !remove_dir (dir) || (shm[0] && !remove_dir (shm)))
    status = status ? status : 99;
  return status;
}
