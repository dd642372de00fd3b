/* mutate.c -- for the tests only: an LD_PRELOAD library that grows or
   shrinks files at chosen points of a run, from inside the program
   that is reading them, so that a test can change a file while a tool
   hashes it with no race on timing: the change is made at the same
   point of every run.

   Controlled by the environment (read once, at load):

     BRISK_MUTATE=STEP,...     each STEP is NAME:CALL:N:SIZE: at the Nth
                               call of CALL on the file NAME (counted
                               from 1, over all threads), set NAME's
                               size to SIZE, by cutting it (ftruncate)
                               or by appending REF's bytes from its
                               present size on.  CALL is "read": a read
                               of a descriptor open on NAME (known by
                               device and inode, whatever name it was
                               opened by), changed before the read is
                               made; or "stat": stat or statx of NAME
                               itself (as given), changed just after the
                               call (fstatat too).  Each NAME must
                               exist when the program starts (a regular
                               file); at most TARGETS_MAX of them,
                               STEPS_MAX steps.
     BRISK_MUTATE_SOURCE=REF   where the bytes come from: each NAME is a
                               prefix of REF, and stays one.
     BRISK_MUTATE_LOG=FILE     append "NAME FUNCTION N SIZE OFFSET" to
                               FILE for each step made: the function
                               called (read, stat or statx), the count,
                               the new size, and the offset of the
                               descriptor at a read (-1 at a stat).

   Only calls through the dynamic symbol table are seen.  The real
   functions are found with dlsym (RTLD_NEXT): libc's, or a sanitizer's
   interceptor (then ASAN_OPTIONS must hold verify_asan_link_order=0).
   A step that cannot be made aborts the program: the test would
   otherwise check nothing.  */

#undef _FORTIFY_SOURCE
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum
{
  STEPS_MAX = 32,
  TARGETS_MAX = 8,
  NAME_MAX_LEN = 64
};

/* The calls that can trigger a step.  */
enum call
{
  CALL_READ,
  CALL_STAT,
  CALL_COUNT
};

/* A file to change: its name, identity, and calls counted.  */
struct target
{
  char name[NAME_MAX_LEN];
  dev_t dev;
  ino_t ino;
  atomic_ulong calls[CALL_COUNT];
};

/* One step of BRISK_MUTATE.  */
struct step
{
  struct target *target;
  enum call call;
  unsigned long n;
  off_t size;
};

static char const *source, *log_name;
static struct target targets[TARGETS_MAX];
static size_t ntargets;
static struct step steps[STEPS_MAX];
static size_t nsteps;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Say what went wrong with MSG and end the program.  */
static void
die (char const *msg)
{
  fprintf (stderr, "mutate: %s: %s\n", msg, strerror (errno));
  abort ();
}

/* The target named NAME, added if new (its NTARGETS not yet counted,
   so that no call is counted while it is stat'ed here).  */
static struct target *
target_named (char const *name)
{
  for (size_t i = 0; i < ntargets; i++)
    if (strcmp (targets[i].name, name) == 0)
      return &targets[i];
  struct stat st;
  if (ntargets == TARGETS_MAX || stat (name, &st) != 0)
    die (name);
  struct target *t = &targets[ntargets];
  strcpy (t->name, name);
  t->dev = st.st_dev;
  t->ino = st.st_ino;
  ntargets++;
  return t;
}

/* Parse STEP, "NAME:CALL:N:SIZE", into *S.  Return 0, or -1 if
   malformed.  */
static int
parse_step (char const *step, struct step *s)
{
  char name[NAME_MAX_LEN], call[8];
  unsigned long n;
  long long size;
  if (sscanf (step, "%63[^:,]:%7[a-z]:%lu:%lld", name, call, &n, &size) != 4
      || n == 0 || size < 0)
    return -1;
  if (strcmp (call, "read") == 0)
    s->call = CALL_READ;
  else if (strcmp (call, "stat") == 0)
    s->call = CALL_STAT;
  else
    return -1;
  s->target = target_named (name);
  s->n = n;
  s->size = size;
  return 0;
}

/* Read the environment; with no BRISK_MUTATE, do nothing ever.  */
__attribute__ ((constructor)) static void
setup (void)
{
  char const *spec = getenv ("BRISK_MUTATE");
  source = getenv ("BRISK_MUTATE_SOURCE");
  log_name = getenv ("BRISK_MUTATE_LOG");
  if (!spec)
    return;
  if (!source)
    die ("BRISK_MUTATE_SOURCE is needed");
  for (char const *p = spec; *p; nsteps++)
    {
      if (nsteps == STEPS_MAX || parse_step (p, &steps[nsteps]) != 0)
        die ("bad BRISK_MUTATE");
      p += strcspn (p, ",");
      p += *p == ',';
    }
}

/* Set the size of the target T to SIZE, appending the source's bytes
   from the present size on if it grows.  */
static void
resize (struct target const *t, off_t size)
{
  int fd = open (t->name, O_WRONLY);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    die (t->name);
  if (size <= st.st_size)
    {
      if (ftruncate (fd, size) != 0)
        die ("ftruncate");
    }
  else
    {
      int src = open (source, O_RDONLY);
      char buf[4096];
      for (off_t at = st.st_size; at < size;)
        {
          size_t want = size - at < 4096 ? size - at : 4096;
          ssize_t r = src < 0 ? -1 : pread (src, buf, want, at);
          if (r <= 0 || pwrite (fd, buf, r, at) != r)
            die ("append from BRISK_MUTATE_SOURCE");
          at += r;
        }
      close (src);
    }
  close (fd);
}

/* Count a call of FUNCTION, of the class CALL, on the target T, whose
   descriptor is at OFFSET (-1 for none), and make the step it
   triggers, if any.  */
static void
count (struct target *t, enum call call, char const *function, off_t offset)
{
  unsigned long n = atomic_fetch_add (&t->calls[call], 1) + 1;
  for (size_t i = 0; i < nsteps; i++)
    if (steps[i].target == t && steps[i].call == call && steps[i].n == n)
      {
        int saved_errno = errno;
        pthread_mutex_lock (&lock);
        resize (t, steps[i].size);
        FILE *log = log_name ? fopen (log_name, "a") : NULL;
        if (log)
          {
            fprintf (log, "%s %s %lu %lld %lld\n", t->name, function, n,
                     (long long) steps[i].size, (long long) offset);
            fclose (log);
          }
        pthread_mutex_unlock (&lock);
        errno = saved_errno;
      }
}

/* The target named NAME, or null.  */
static struct target *
by_name (char const *name)
{
  for (size_t i = 0; i < ntargets; i++)
    if (strcmp (targets[i].name, name) == 0)
      return &targets[i];
  return NULL;
}

/* The target that FD is open on, or null.  */
static struct target *
by_fd (int fd)
{
  struct stat st;
  if (ntargets == 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    return NULL;
  for (size_t i = 0; i < ntargets; i++)
    if (st.st_dev == targets[i].dev && st.st_ino == targets[i].ino)
      return &targets[i];
  return NULL;
}

/* The function NAME as the next object in the search order has it.  */
static void *
real (char const *name)
{
  void *f = dlsym (RTLD_NEXT, name);
  if (!f)
    die (name);
  return f;
}

/* read, which first makes the step that this read of a target
   triggers.  */
ssize_t
read (int fd, void *buf, size_t len)
{
  static ssize_t (*real_read) (int, void *, size_t);
  if (!real_read)
    real_read = real ("read");
  int saved_errno = errno;
  struct target *t = by_fd (fd);
  if (t)
    count (t, CALL_READ, "read", lseek (fd, 0, SEEK_CUR));
  errno = saved_errno;
  return real_read (fd, buf, len);
}

/* stat, which then makes the step that this stat of a target
   triggers.  */
int
stat (char const *restrict name, struct stat *restrict st)
{
  static int (*real_stat) (char const *restrict, struct stat *restrict);
  if (!real_stat)
    real_stat = real ("stat");
  int r = real_stat (name, st);
  struct target *t = by_name (name);
  if (t)
    count (t, CALL_STAT, "stat", -1);
  return r;
}

/* fstatat, the same as stat (the -j pool stats a file relative to a
   directory's descriptor, AT_FDCWD for an operand); logged as stat.  */
int
fstatat (int dirfd, char const *restrict name, struct stat *restrict st,
         int flags)
{
  static int (*real_fstatat) (int, char const *restrict,
                              struct stat *restrict, int);
  if (!real_fstatat)
    real_fstatat = real ("fstatat");
  int r = real_fstatat (dirfd, name, st, flags);
  struct target *t = by_name (name);
  if (t)
    count (t, CALL_STAT, "stat", -1);
  return r;
}

/* statx, the same as stat.  */
int
statx (int dirfd, char const *restrict name, int flags, unsigned mask,
       struct statx *restrict st)
{
  static int (*real_statx) (int, char const *restrict, int, unsigned,
                            struct statx *restrict);
  if (!real_statx)
    real_statx = real ("statx");
  int r = real_statx (dirfd, name, flags, mask, st);
  struct target *t = by_name (name);
  if (t)
    count (t, CALL_STAT, "statx", -1);
  return r;
}
