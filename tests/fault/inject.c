/* inject.c -- for the tests only: an LD_PRELOAD library that makes the
   Nth call of one chosen function fail, or counts the calls a run makes.

   Controlled by the environment (read once, at the first call):

     BRISK_FAULT=FN:N:KIND   make the Nth call (counted from 1, over all
                             threads) of function class FN fail with
                             KIND: EIO, ENOSPC, EINTR, EAGAIN or EMFILE
                             (-1 with errno set; the real function is not
                             called),
                             or SHORT (a data call moves half the bytes
                             asked for, at least 1: the real function is
                             called with half the length; a call asked
                             for less than 2 bytes is left alone).
     BRISK_FAULT_LOG=FILE    append "fault FN N KIND FILE" to FILE when
                             the fault is injected (FILE: the path the
                             call was given, or what /proc/self/fd says
                             the descriptor is).
     BRISK_FAULT_COUNT=FILE  at exit, append "count FN CALLS" to FILE
                             for each class called.
     BRISK_FAULT_PROG=NAME   act in the program NAME only (the last
                             part of its argv[0]); any other program
                             the library is preloaded into, such as a
                             child that install -s runs, is left alone
                             and counts nothing.
     BRISK_FAULT_TIMEOUT=S   end the program with SIGALRM if it runs
                             more than S seconds (alarm, set at the
                             first call): a hang ends, and shows.

   The classes are the list (read and pread, write, open,
   openat, close, fstat, fstatat with stat and lstat, fsync with
   fdatasync, copy_file_range, splice, tee, sendfile, ioctl (FICLONE and
   FICLONERANGE only), ftruncate, rename, renameat with renameat2,
   fchown with fchownat and lchown, fchmod with fchmodat, futimens with
   utimensat, setxattr with fsetxattr and lsetxattr), and pipe with
   pipe2 (cat's relay, tee's pipes, split --filter's, install -s's
   pipe from strip).  glibc 2.33 and later export fstat, stat, lstat
   and fstatat as functions, and the tools call those (nm -D src/cp);
   the names with 64 are aliases that a program built without
   largefile support would call instead.

   Only calls that go through the dynamic symbol table are seen: the
   calls glibc makes inside itself (stdio's writes of standard output,
   fopen's open) are not.  The real function is found with
   dlsym (RTLD_NEXT): libc's, or the sanitizer's interceptor in a build
   with -fsanitize=address (then ASAN_OPTIONS must hold
   verify_asan_link_order=0, since this library comes first).  Counters
   are atomic: the tools have threads (*sum -j, tee's worker).  */

#undef _FORTIFY_SOURCE
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/io_uring.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

/* The function classes: what BRISK_FAULT names and the counts give.  */
enum fclass
{
  C_READ, C_WRITE, C_OPEN, C_OPENAT, C_CLOSE, C_FSTAT, C_FSTATAT,
  C_FSYNC, C_COPY_FILE_RANGE, C_SPLICE, C_TEE, C_SENDFILE, C_IOCTL,
  C_FTRUNCATE, C_RENAME, C_RENAMEAT, C_FCHOWN, C_FCHMOD, C_FUTIMENS,
  C_SETXATTR, C_PIPE, C_URING, C_COUNT
};

static char const *const class_name[C_COUNT] = {
  "read", "write", "open", "openat", "close", "fstat", "fstatat",
  "fsync", "copy_file_range", "splice", "tee", "sendfile", "ioctl",
  "ftruncate", "rename", "renameat", "fchown", "fchmod", "futimens",
  "setxattr", "pipe", "uring"
};

/* The symbols intercepted, each with its class: one slot apiece, so
   that each finds its own real function.  */
enum sym
{
  S_READ, S_PREAD, S_PREAD64, S_WRITE, S_OPEN, S_OPEN64, S_OPENAT,
  S_OPENAT64, S_CLOSE, S_FSTAT, S_FSTAT64, S_FSTATAT, S_FSTATAT64,
  S_STAT, S_STAT64, S_LSTAT, S_LSTAT64, S_FSYNC, S_FDATASYNC,
  S_COPY_FILE_RANGE, S_SPLICE, S_TEE, S_SENDFILE, S_SENDFILE64,
  S_IOCTL, S_FTRUNCATE, S_FTRUNCATE64, S_RENAME, S_RENAMEAT,
  S_RENAMEAT2, S_FCHOWN, S_FCHOWNAT, S_LCHOWN, S_FCHMOD, S_FCHMODAT,
  S_FUTIMENS, S_UTIMENSAT, S_SETXATTR, S_FSETXATTR, S_LSETXATTR,
  S_PIPE, S_PIPE2, S_STATX, S_SYSCALL, S_MMAP, S_MUNMAP, S_URING_CQE, S_COUNT
};

static struct
{
  char const *name;
  enum fclass cls;
} const syms[S_COUNT] = {
  { "read", C_READ }, { "pread", C_READ }, { "pread64", C_READ },
  { "write", C_WRITE }, { "open", C_OPEN }, { "open64", C_OPEN },
  { "openat", C_OPENAT }, { "openat64", C_OPENAT },
  { "close", C_CLOSE }, { "fstat", C_FSTAT }, { "fstat64", C_FSTAT },
  { "fstatat", C_FSTATAT }, { "fstatat64", C_FSTATAT },
  { "stat", C_FSTATAT }, { "stat64", C_FSTATAT },
  { "lstat", C_FSTATAT }, { "lstat64", C_FSTATAT },
  { "fsync", C_FSYNC }, { "fdatasync", C_FSYNC },
  { "copy_file_range", C_COPY_FILE_RANGE }, { "splice", C_SPLICE },
  { "tee", C_TEE }, { "sendfile", C_SENDFILE },
  { "sendfile64", C_SENDFILE }, { "ioctl", C_IOCTL },
  { "ftruncate", C_FTRUNCATE }, { "ftruncate64", C_FTRUNCATE },
  { "rename", C_RENAME }, { "renameat", C_RENAMEAT },
  { "renameat2", C_RENAMEAT }, { "fchown", C_FCHOWN },
  { "fchownat", C_FCHOWN }, { "lchown", C_FCHOWN },
  { "fchmod", C_FCHMOD }, { "fchmodat", C_FCHMOD },
  { "futimens", C_FUTIMENS }, { "utimensat", C_FUTIMENS },
  { "setxattr", C_SETXATTR }, { "fsetxattr", C_SETXATTR },
  { "lsetxattr", C_SETXATTR }, { "pipe", C_PIPE }, { "pipe2", C_PIPE },
  { "statx", C_FSTATAT },
  /* Looked up for the rings below; counted as calls of no class
     (C_COUNT), but for S_URING_CQE, a completion: no function.  */
  { "syscall", C_COUNT }, { "mmap", C_COUNT }, { "munmap", C_COUNT },
  { "", C_URING }
};

/* What a fault does.  */
enum kind
{
  K_NONE, K_EIO, K_ENOSPC, K_EINTR, K_EAGAIN, K_EMFILE, K_SHORT
};
static char const *const kind_name[] = {
  "none", "EIO", "ENOSPC", "EINTR", "EAGAIN", "EMFILE", "SHORT"
};
static int const kind_errno[] = { 0, EIO, ENOSPC, EINTR, EAGAIN, EMFILE, 0 };

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static bool active;             /* This is the program to act in.  */
static int plan_class = -1;     /* BRISK_FAULT's FN, or -1.  */
static unsigned long plan_n;    /* Its N.  */
static enum kind plan_kind;     /* Its KIND.  */
static char const *log_file;    /* BRISK_FAULT_LOG, or NULL.  */
static char const *count_file;  /* BRISK_FAULT_COUNT, or NULL.  */
static atomic_ulong calls[C_COUNT];
static void *_Atomic real_fns[S_COUNT];

/* Parse BRISK_FAULT's value SPEC ("FN:N:KIND") into the plan; leave no
   plan if it does not parse.  */
static void
parse_plan (char const *spec)
{
  char fn[32];
  char kind[16];
  unsigned long n;
  if (sscanf (spec, "%31[a-z_]:%lu:%15[A-Z]", fn, &n, kind) != 3)
    return;
  for (int c = 0; c < C_COUNT; c++)
    if (strcmp (fn, class_name[c]) == 0)
      for (int k = K_EIO; k <= K_SHORT; k++)
        if (strcmp (kind, kind_name[k]) == 0)
          {
            plan_class = c;
            plan_n = n;
            plan_kind = k;
          }
}

/* Read the environment, once (through setup_once).  */
static void
setup (void)
{
  char const *prog = getenv ("BRISK_FAULT_PROG");
  if (prog && strcmp (prog, program_invocation_short_name) != 0)
    return;
  active = true;
  char const *timeout = getenv ("BRISK_FAULT_TIMEOUT");
  if (timeout)
    alarm (atoi (timeout));
  log_file = getenv ("BRISK_FAULT_LOG");
  count_file = getenv ("BRISK_FAULT_COUNT");
  char const *spec = getenv ("BRISK_FAULT");
  if (spec)
    parse_plan (spec);
}

/* Append the LEN bytes at BUF to the file named NAME, with raw system
   calls: never through the wrappers below, so never counted.  */
static void
append_to (char const *name, char const *buf, size_t len)
{
  int fd = syscall (SYS_openat, AT_FDCWD, name,
                    O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    return;
  syscall (SYS_write, fd, buf, len);
  syscall (SYS_close, fd);
}

/* Record in BRISK_FAULT_LOG the fault of kind K injected in the Nth call
   of class CLS, given the path PATH, or else the descriptor FD.  */
static void
log_fault (enum fclass cls, unsigned long n, enum kind k,
           char const *path, int fd)
{
  if (!log_file)
    return;
  char target[512] = "-";
  if (path)
    snprintf (target, sizeof target, "%s", path);
  else if (0 <= fd)
    {
      char link[64];
      snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
      ssize_t len = syscall (SYS_readlink, link, target,
                             sizeof target - 1);
      target[0 < len ? len : 0] = '\0';
    }
  char line[700];
  int len = snprintf (line, sizeof line, "fault %s %lu %s %s\n",
                      class_name[cls], n, kind_name[k], target);
  if (0 < len)
    append_to (log_file, line, len < sizeof line ? len : sizeof line - 1);
}

/* Count a call of symbol S, given PATH or descriptor FD (for the log),
   and return the kind of fault to inject in it: K_NONE for most.  An
   error kind is logged here, and errno set; a SHORT one is logged by
   the caller, which alone knows if the call is long enough.  */
static enum kind
fault_due (enum sym s, char const *path, int fd)
{
  pthread_once (&setup_once, setup);
  if (!active)
    return K_NONE;
  enum fclass cls = syms[s].cls;
  unsigned long n = atomic_fetch_add (&calls[cls], 1) + 1;
  if (cls != plan_class || n != plan_n)
    return K_NONE;
  if (plan_kind != K_SHORT)
    {
      log_fault (cls, n, plan_kind, path, fd);
      errno = kind_errno[plan_kind];
    }
  return plan_kind;
}

/* True if a call of symbol S, given PATH or FD, must fail now (errno
   then set).  For the calls that move no data: SHORT means nothing.  */
static bool
fails (enum sym s, char const *path, int fd)
{
  enum kind k = fault_due (s, path, fd);
  return k != K_NONE && k != K_SHORT;
}

/* For a call of symbol S that moves *LEN bytes on descriptor FD: true
   if it must fail now (errno then set); else, if the call is the one
   to cut short, halve *LEN (and log it).  */
static bool
data_fails (enum sym s, int fd, size_t *len)
{
  enum kind k = fault_due (s, NULL, fd);
  if (k == K_SHORT && 2 <= *len)
    {
      *len /= 2;
      log_fault (syms[s].cls, plan_n, k, NULL, fd);
    }
  return k != K_NONE && k != K_SHORT;
}

/* The real function of symbol S: the next definition after this
   library's, looked up once.  */
static void *
real (enum sym s)
{
  void *fn = atomic_load (&real_fns[s]);
  if (!fn)
    {
      fn = dlsym (RTLD_NEXT, syms[s].name);
      if (!fn)
        abort ();
      atomic_store (&real_fns[s], fn);
    }
  return fn;
}

/* At exit, with BRISK_FAULT_COUNT, append the calls of each class.  */
static void __attribute__ ((destructor))
write_counts (void)
{
  if (!active || !count_file)
    return;
  char buf[2048];
  size_t used = 0;
  for (int c = 0; c < C_COUNT; c++)
    {
      unsigned long n = atomic_load (&calls[c]);
      if (n && used < sizeof buf)
        used += snprintf (buf + used, sizeof buf - used, "count %s %lu\n",
                          class_name[c], n);
    }
  if (used)
    append_to (count_file, buf, used < sizeof buf ? used : sizeof buf);
}

/* The wrappers: each counts its call and fails it, or calls the real
   function.  Some macros keep the many alike short.  REAL (S, TYPE)
   is the real function of symbol S, of pointer type TYPE.  */
#define REAL(s, type) ((type) real (s))

/* Data moved through a descriptor.  */

ssize_t
read (int fd, void *buf, size_t n)
{
  if (data_fails (S_READ, fd, &n))
    return -1;
  return REAL (S_READ, ssize_t (*) (int, void *, size_t)) (fd, buf, n);
}

/* pread and pread64 take the same arguments on every target that has
   both here; SYM says which.  */
static ssize_t
pread_common (enum sym s, int fd, void *buf, size_t n, off_t off)
{
  if (data_fails (s, fd, &n))
    return -1;
  return REAL (s, ssize_t (*) (int, void *, size_t, off_t)) (fd, buf, n,
                                                               off);
}

ssize_t
pread (int fd, void *buf, size_t n, off_t off)
{
  return pread_common (S_PREAD, fd, buf, n, off);
}

ssize_t
pread64 (int fd, void *buf, size_t n, off64_t off)
{
  return pread_common (S_PREAD64, fd, buf, n, off);
}

ssize_t
write (int fd, void const *buf, size_t n)
{
  if (data_fails (S_WRITE, fd, &n))
    return -1;
  return REAL (S_WRITE, ssize_t (*) (int, void const *, size_t)) (fd, buf,
                                                                   n);
}

/* The type of copy_file_range and splice.  */
typedef ssize_t (*range_fn) (int, off64_t *, int, off64_t *, size_t,
                             unsigned int);

ssize_t
copy_file_range (int in, off64_t *in_off, int out, off64_t *out_off,
                 size_t n, unsigned int flags)
{
  if (data_fails (S_COPY_FILE_RANGE, out, &n))
    return -1;
  return REAL (S_COPY_FILE_RANGE, range_fn) (in, in_off, out, out_off, n,
                                             flags);
}

ssize_t
splice (int in, off64_t *in_off, int out, off64_t *out_off, size_t n,
        unsigned int flags)
{
  if (data_fails (S_SPLICE, out, &n))
    return -1;
  return REAL (S_SPLICE, range_fn) (in, in_off, out, out_off, n, flags);
}

ssize_t
tee (int in, int out, size_t n, unsigned int flags)
{
  if (data_fails (S_TEE, out, &n))
    return -1;
  return REAL (S_TEE, ssize_t (*) (int, int, size_t, unsigned int)) (
    in, out, n, flags);
}

/* sendfile and sendfile64: the same arguments on 64-bit targets.  */
static ssize_t
sendfile_common (enum sym s, int out, int in, off_t *off, size_t n)
{
  if (data_fails (s, out, &n))
    return -1;
  return REAL (s, ssize_t (*) (int, int, off_t *, size_t)) (out, in, off,
                                                             n);
}

ssize_t
sendfile (int out, int in, off_t *off, size_t n)
{
  return sendfile_common (S_SENDFILE, out, in, off, n);
}

ssize_t
sendfile64 (int out, int in, off64_t *off, size_t n)
{
  return sendfile_common (S_SENDFILE64, out, in, (off_t *) off, n);
}

/* Opening and closing.  */

/* A wrapper FN (PARAMS) of symbol S for open, open64, openat and
   openat64, given the file PATH: the mode comes from the variable
   arguments when the flags create a file; the real function is called
   with ARGS.  */
#define OPEN_WRAPPER(fn, s, params, path, args) \
  int fn params \
  { \
    va_list ap; \
    va_start (ap, flags); \
    mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg (ap, mode_t) : 0; \
    va_end (ap); \
    if (fails (s, path, -1)) \
      return -1; \
    return REAL (s, int (*) params) args; \
  }

OPEN_WRAPPER (open, S_OPEN, (char const *file, int flags, ...), file,
              (file, flags, mode))
OPEN_WRAPPER (open64, S_OPEN64, (char const *file, int flags, ...), file,
              (file, flags, mode))
OPEN_WRAPPER (openat, S_OPENAT, (int dir, char const *file, int flags, ...),
              file, (dir, file, flags, mode))
OPEN_WRAPPER (openat64, S_OPENAT64,
              (int dir, char const *file, int flags, ...), file,
              (dir, file, flags, mode))

/* A failed close still closes the descriptor, as Linux's does (POSIX
   leaves it unspecified, and Linux's close frees the descriptor even
   when it reports an error): a tool that closed again would close
   another file.  */
static void forget_ring (int fd);

int
close (int fd)
{
  forget_ring (fd);
  bool fail = fails (S_CLOSE, NULL, fd);
  int saved = errno;
  int r = REAL (S_CLOSE, int (*) (int)) (fd);
  if (fail)
    {
      errno = saved;
      return -1;
    }
  return r;
}

/* Status.  */

/* A wrapper FN (PARAMS) of symbol S, a call that returns 0 or -1, given
   PATH or descriptor FD (for the log), calling the real one with ARGS.
   First the fstat family: fstat, fstatat, stat and lstat, and their
   64 names.  */
#define PLAIN_WRAPPER(fn, s, params, path, fd, args) \
  int fn params \
  { \
    if (fails (s, path, fd)) \
      return -1; \
    return REAL (s, int (*) params) args; \
  }

PLAIN_WRAPPER (fstat, S_FSTAT, (int fd, struct stat *st),
              NULL, fd, (fd, st))
PLAIN_WRAPPER (fstat64, S_FSTAT64,
              (int fd, struct stat64 *st), NULL, fd, (fd, st))
PLAIN_WRAPPER (fstatat, S_FSTATAT,
              (int dir, char const *f, struct stat *st, int fl), f, -1,
              (dir, f, st, fl))
PLAIN_WRAPPER (fstatat64, S_FSTATAT64,
              (int dir, char const *f, struct stat64 *st, int fl), f, -1,
              (dir, f, st, fl))
PLAIN_WRAPPER (stat, S_STAT, (char const *f, struct stat *st),
              f, -1, (f, st))
PLAIN_WRAPPER (stat64, S_STAT64,
              (char const *f, struct stat64 *st), f, -1, (f, st))
PLAIN_WRAPPER (lstat, S_LSTAT,
              (char const *f, struct stat *st), f, -1, (f, st))
PLAIN_WRAPPER (lstat64, S_LSTAT64,
              (char const *f, struct stat64 *st), f, -1, (f, st))

/* The other calls that return 0 or -1 go through the same macro.  */
PLAIN_WRAPPER (fsync, S_FSYNC, (int fd), NULL, fd, (fd))
PLAIN_WRAPPER (fdatasync, S_FDATASYNC, (int fd), NULL, fd, (fd))
PLAIN_WRAPPER (ftruncate, S_FTRUNCATE, (int fd, off_t len), NULL, fd,
              (fd, len))
PLAIN_WRAPPER (ftruncate64, S_FTRUNCATE64, (int fd, off64_t len), NULL,
              fd, (fd, len))
PLAIN_WRAPPER (rename, S_RENAME, (char const *from, char const *to),
              to, -1, (from, to))
PLAIN_WRAPPER (renameat, S_RENAMEAT,
              (int fd, char const *from, int tfd, char const *to), to, -1,
              (fd, from, tfd, to))
PLAIN_WRAPPER (renameat2, S_RENAMEAT2,
              (int fd, char const *from, int tfd, char const *to,
               unsigned int fl), to, -1, (fd, from, tfd, to, fl))
PLAIN_WRAPPER (fchown, S_FCHOWN, (int fd, uid_t u, gid_t g), NULL, fd,
              (fd, u, g))
PLAIN_WRAPPER (fchownat, S_FCHOWNAT,
              (int d, char const *f, uid_t u, gid_t g, int fl), f, -1,
              (d, f, u, g, fl))
PLAIN_WRAPPER (lchown, S_LCHOWN, (char const *f, uid_t u, gid_t g), f,
              -1, (f, u, g))
PLAIN_WRAPPER (fchmod, S_FCHMOD, (int fd, mode_t m), NULL, fd, (fd, m))
PLAIN_WRAPPER (fchmodat, S_FCHMODAT,
              (int d, char const *f, mode_t m, int fl), f, -1,
              (d, f, m, fl))
PLAIN_WRAPPER (futimens, S_FUTIMENS,
              (int fd, struct timespec const t[2]), NULL, fd, (fd, t))
PLAIN_WRAPPER (utimensat, S_UTIMENSAT,
              (int d, char const *f, struct timespec const t[2], int fl),
              f, d, (d, f, t, fl))
PLAIN_WRAPPER (setxattr, S_SETXATTR,
              (char const *f, char const *n, void const *v, size_t z,
               int fl), f, -1, (f, n, v, z, fl))
PLAIN_WRAPPER (lsetxattr, S_LSETXATTR,
              (char const *f, char const *n, void const *v, size_t z,
               int fl), f, -1, (f, n, v, z, fl))
PLAIN_WRAPPER (fsetxattr, S_FSETXATTR,
              (int fd, char const *n, void const *v, size_t z, int fl),
              NULL, fd, (fd, n, v, z, fl))
PLAIN_WRAPPER (pipe, S_PIPE, (int fds[2]), NULL, -1, (fds))
PLAIN_WRAPPER (pipe2, S_PIPE2, (int fds[2], int fl), NULL, -1,
              (fds, fl))

/* ioctl: only the clone requests count, and can fail.  */
int
ioctl (int fd, unsigned long request, ...)
{
  va_list ap;
  va_start (ap, request);
  void *arg = va_arg (ap, void *);
  va_end (ap);
  if ((request == FICLONE || request == FICLONERANGE)
      && fails (S_IOCTL, NULL, fd))
    return -1;
  return REAL (S_IOCTL, int (*) (int, unsigned long, ...)) (fd, request,
                                                            arg);
}

/* statx, which the *sum tools' io_uring batches call for each file.  */
PLAIN_WRAPPER (statx, S_STATX,
              (int dir, char const *f, int fl, unsigned int mask,
               struct statx *x), f, -1, (dir, f, fl, mask, x))

/* io_uring.  The rings are driven with raw system calls, through
   syscall(3): a ring set up by io_uring_setup is watched, its
   completion queue mapped here a second time, and after each
   io_uring_enter every new completion counts as a call of class
   "uring"; the one due to fail has its result replaced by the fault's
   negated errno, before the tool reads it, as if the kernel's
   operation (openat, read, close ...) had failed so.  SHORT does not
   apply (a read's data and file position are the kernel's already).
   Rings of several threads are watched at once, a few at most.  */
enum { RINGS = 16 };
static struct ring_view
{
  int fd;                       /* the ring's descriptor, or -1 */
  void *map;
  size_t len;
  _Atomic unsigned *tail;
  unsigned mask;
  struct io_uring_cqe *cqes;
  unsigned seen;                /* completions counted so far */
} rings[RINGS] = { [0 ... RINGS - 1] = { .fd = -1 } };
static pthread_mutex_t rings_lock = PTHREAD_MUTEX_INITIALIZER;

/* Watch the ring FD just set up with the parameters P.  */
static void
watch_ring (int fd, struct io_uring_params const *p)
{
  size_t len = p->cq_off.cqes + p->cq_entries * sizeof (struct io_uring_cqe);
  void *map = REAL (S_MMAP, void *(*) (void *, size_t, int, int, int,
                                       off_t)) (NULL, len,
                                                PROT_READ | PROT_WRITE,
                                                MAP_SHARED, fd,
                                                IORING_OFF_CQ_RING);
  if (map == MAP_FAILED)
    return;
  pthread_mutex_lock (&rings_lock);
  for (int i = 0; i < RINGS; i++)
    if (rings[i].fd < 0)
      {
        char *m = map;
        rings[i] = (struct ring_view) {
          .fd = fd, .map = map, .len = len,
          .tail = (_Atomic unsigned *) (m + p->cq_off.tail),
          .mask = *(unsigned *) (m + p->cq_off.ring_mask),
          .cqes = (struct io_uring_cqe *) (m + p->cq_off.cqes),
          .seen = *(unsigned *) (m + p->cq_off.tail)
        };
        map = NULL;
        break;
      }
  pthread_mutex_unlock (&rings_lock);
  if (map)
    REAL (S_MUNMAP, int (*) (void *, size_t)) (map, len);
}

/* Count the new completions of the ring FD, and fail the one due.  */
static void
count_completions (int fd)
{
  pthread_mutex_lock (&rings_lock);
  for (int i = 0; i < RINGS; i++)
    if (rings[i].fd == fd)
      {
        struct ring_view *r = &rings[i];
        unsigned tail = atomic_load_explicit (r->tail, memory_order_acquire);
        for (; r->seen != tail; r->seen++)
          {
            enum kind k = fault_due (S_URING_CQE, "io_uring", -1);
            if (k != K_NONE && k != K_SHORT)
              r->cqes[r->seen & r->mask].res = -kind_errno[k];
          }
      }
  pthread_mutex_unlock (&rings_lock);
}

/* Stop watching the ring FD, about to be closed, if it is one.  */
static void
forget_ring (int fd)
{
  pthread_mutex_lock (&rings_lock);
  for (int i = 0; i < RINGS; i++)
    if (rings[i].fd == fd)
      {
        REAL (S_MUNMAP, int (*) (void *, size_t)) (rings[i].map,
                                                    rings[i].len);
        rings[i].fd = -1;
      }
  pthread_mutex_unlock (&rings_lock);
}

long
syscall (long nr, ...)
{
  va_list ap;
  long a[6];
  va_start (ap, nr);
  for (int i = 0; i < 6; i++)
    a[i] = va_arg (ap, long);
  va_end (ap);
  long r = REAL (S_SYSCALL, long (*) (long, ...)) (nr, a[0], a[1], a[2],
                                                   a[3], a[4], a[5]);
  int saved = errno;
  pthread_once (&setup_once, setup);
  if (active && nr == SYS_io_uring_setup && 0 <= r)
    watch_ring (r, (struct io_uring_params const *) a[1]);
  else if (active && nr == SYS_io_uring_enter)
    count_completions (a[0]);
  errno = saved;
  return r;
}
