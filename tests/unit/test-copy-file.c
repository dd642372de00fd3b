/* test-copy-file.c -- the careful copy of one file and its attributes
   (lib/copy-file.c), on real files in a temporary directory.

   Checked: the data copied exactly (empty, 1 byte, 4 KiB, 1 MiB + 3),
   onto a new file and over a longer and a shorter one; each set of
   attributes kept (none, all, the mode, the owner, times and xattrs)
   from sources of modes with and without the set-user-ID, set-group-ID
   and sticky bits, under umasks 022, 0 and 077, into a plain and a
   set-group-ID directory whose status is given or not (and said to
   have no default ACL or not): the mode, owner, times to the
   nanosecond and user.* extended attributes (one larger than the
   scratch buffer's first size, one empty) are those expected, and the
   same whichever way the directory is described; a new file's default
   mode (file_copier.default_mode); the permission window: a copy from
   a pipe is stopped after it has created its destination, whose mode
   then must be no more than the final one (but for the owner's write
   permission, which another user than root needs to set xattrs), with
   nothing for group and others while the owner is still to be set;
   the failures, each with its step and errno (a missing source, a
   symlink not followed, a destination that exists or is a dangling
   symlink, a missing one to overwrite, a source that cannot be read,
   /dev/full and a full tmpfs,
   a source that is not the file stat'ed, a read-only directory and an
   owner that cannot be given, as user 65534 in a child when run as
   root); copy_attributes_at on a symbolic link (its own times and
   owner, not its target's) and a FIFO, copy_attributes_fd on a
   directory.

   The owner is checked only as root (the source is given to 1234:5678);
   a user.* attribute only where the file system takes them; the full
   tmpfs only where one can be mounted (a note says why not).  Exits 1
   on any failure.  */

#include <config.h>

#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "copy-file.h"

enum
{
  SRC_UID = 1234, SRC_GID = 5678,   /* the sources' owner, as root */
  DIR_GID = 4321,                   /* the set-group-ID directory's */
  NOBODY = 65534,
  ALL = (COPY_PRESERVE_MODE | COPY_PRESERVE_OWNERSHIP
         | COPY_PRESERVE_TIMESTAMPS | COPY_PRESERVE_XATTR)
};

/* The sources' access and modification times.  */
static struct timespec const src_times[2] = {
  { 1000000000, 123456789 }, { 1200000000, 987654321 }
};

static int failures;
static bool root;               /* running as root */
static bool xattrs;             /* the file system takes user.* */
static int tmpfd;               /* the temporary directory */
static char tmpdir[PATH_MAX];
static time_t started;

/* The user.* attributes given to sources: one small, one larger than
   the scratch buffer's first 4 KiB (if the file system takes it: ext4
   keeps all of a file's attributes in one block, so there it is
   smaller), one empty.  */
static char big_value[9000];
static struct
{
  char const *name;
  char const *value;
  size_t size;
} xattr_set[] = {
  { "user.brisk.small", "v1", 2 },
  { "user.brisk.big", big_value, sizeof big_value },
  { "user.brisk.empty", "", 0 },
};
enum { N_XATTRS = sizeof xattr_set / sizeof xattr_set[0] };

/* Fill the N bytes at P with pseudo-random bytes (the same each run:
   random's default seed).  */
static void
fill_random (char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = random () >> 23;
}

/* Report a failure of the check LABEL, as FMT and its arguments say.  */
static void
fail (char const *label, char const *fmt, ...)
{
  va_list ap;
  printf ("FAIL: %s: ", label);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf ("\n");
  failures++;
}

/* Exit with a message about a setup step WHAT that failed.  */
static void
setup_failed (char const *what)
{
  printf ("ERROR: setup: %s: %s\n", what, strerror (errno));
  fflush (stdout);
  _exit (99);
}

/* The name of STEP, for messages.  */
static char const *
step_name (enum copy_file_step step)
{
  static char const *const names[] = {
    "none", "open_src", "stat_src", "src_replaced", "create_dst",
    "open_dst", "stat_dst", "read", "write", "no_method", "times",
    "owner", "xattr", "mode", "close_dst"
  };
  static_assert (sizeof names / sizeof *names == COPY_STEP_COUNT,
                 "a name for each step");
  return step < COPY_STEP_COUNT ? names[step] : "?";
}

/* ---- files ---------------------------------------------------------- */

/* The status of NAME in DIRFD, not following a symlink, into *ST.
   Return true, or report under LABEL and return false.  */
static bool
get_stat (char const *label, int dirfd, char const *name, struct stat *st)
{
  if (fstatat (dirfd, name, st, AT_SYMLINK_NOFOLLOW) == 0)
    return true;
  fail (label, "stat %s: %s", name, strerror (errno));
  return false;
}

/* Write SIZE random bytes to FD.  */
static void
write_random (int fd, size_t size)
{
  char buf[65536];
  for (size_t done = 0; done < size;)
    {
      size_t n = size - done < sizeof buf ? size - done : sizeof buf;
      fill_random (buf, n);
      if (write (fd, buf, n) != (ssize_t) n)
        setup_failed ("write");
      done += n;
    }
}

/* Give FD the sources' xattrs, when the file system takes them.  */
static void
set_xattrs (int fd)
{
  for (int i = 0; xattrs && i < N_XATTRS; i++)
    if (fsetxattr (fd, xattr_set[i].name, xattr_set[i].value,
                   xattr_set[i].size, 0) < 0)
      setup_failed ("fsetxattr");
}

/* Make NAME in DIRFD a source: SIZE random bytes, owned by
   SRC_UID:SRC_GID as root, of mode MODE, with the xattrs and the
   times of the sources.  */
static void
make_source (int dirfd, char const *name, size_t size, mode_t mode)
{
  unlinkat (dirfd, name, 0);
  int fd = openat (dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                   S_IRUSR | S_IWUSR);
  if (fd < 0)
    setup_failed ("create a source");
  write_random (fd, size);
  set_xattrs (fd);
  if ((root && fchown (fd, SRC_UID, SRC_GID) < 0) || fchmod (fd, mode) < 0)
    setup_failed ("fchown or fchmod a source");
  if (futimens (fd, src_times) < 0)
    setup_failed ("futimens");
  close (fd);
}

/* Open the file NAME in DIRFD for reading.  Another user than root
   may not read its own file of a mode without S_IRUSR (a copy of a
   mode 0000 source): then let the owner read it while it is opened,
   and put its mode back.  */
static int
open_to_read (int dirfd, char const *name)
{
  int fd = openat (dirfd, name, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 && errno == EACCES && !root
      && fstatat (dirfd, name, &st, 0) == 0 && st.st_uid == geteuid ()
      && fchmodat (dirfd, name, (st.st_mode & 07777) | S_IRUSR, 0) == 0)
    {
      fd = openat (dirfd, name, O_RDONLY | O_CLOEXEC);
      if (fchmodat (dirfd, name, st.st_mode & 07777, 0) < 0)
        setup_failed ("fchmodat back");
    }
  return fd;
}

/* Read the file NAME in DIRFD whole into a new buffer; set *SIZE.  */
static char *
slurp (int dirfd, char const *name, size_t *size)
{
  int fd = open_to_read (dirfd, name);
  size_t cap = 1 << 16, n = 0;
  char *p = malloc (cap);
  if (fd < 0 || !p)
    setup_failed ("slurp");
  for (ssize_t r;; n += r)
    {
      if (n == cap && !(p = realloc (p, cap *= 2)))
        setup_failed ("realloc");
      if ((r = read (fd, p + n, cap - n)) <= 0)
        break;
    }
  close (fd);
  *size = n;
  return p;
}

/* Check under LABEL that DST in DST_DIRFD holds what SRC in SRC_DIRFD
   does.  */
static void
same_contents (char const *label, int src_dirfd, char const *src,
               int dst_dirfd, char const *dst)
{
  size_t ns, nd, i = 0;
  char *s = slurp (src_dirfd, src, &ns);
  char *d = slurp (dst_dirfd, dst, &nd);
  while (i < ns && i < nd && s[i] == d[i])
    i++;
  if (i < ns || i < nd)
    fail (label, "data: %zu bytes expected, %zu got, first difference at "
          "%zu", ns, nd, i);
  free (s);
  free (d);
}

/* Whether the times A and B are the same to the nanosecond.  */
static bool
same_time (struct timespec a, struct timespec b)
{
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Check under LABEL that NAME in DIRFD has the sources' xattrs (if
   WANT) or none of them; NAME readable.  */
static void
check_xattrs_readable (char const *label, int dirfd, char const *name,
                       bool want)
{
  char path[PATH_MAX + 32];
  snprintf (path, sizeof path, "/proc/self/fd/%d/%s", dirfd, name);
  for (int i = 0; xattrs && i < N_XATTRS; i++)
    {
      static char buf[sizeof big_value + 1];
      ssize_t n = lgetxattr (path, xattr_set[i].name, buf, sizeof buf);
      if (!want && !(n < 0 && errno == ENODATA))
        fail (label, "%s: copied, not expected", xattr_set[i].name);
      else if (want && n < 0)
        fail (label, "%s: not copied: %s", xattr_set[i].name,
              strerror (errno));
      else if (want && ((size_t) n != xattr_set[i].size
                        || memcmp (buf, xattr_set[i].value, n) != 0))
        fail (label, "%s: value differs (%zd bytes)", xattr_set[i].name, n);
    }
}

/* As check_xattrs_readable.  Another user than root may not read the
   user.* xattrs of its own file of a mode without S_IRUSR (EACCES):
   then let the owner read it while they are read, and put its mode
   back.  */
static void
check_xattrs (char const *label, int dirfd, char const *name, bool want)
{
  struct stat st;
  bool unreadable = (!root
                     && fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
                     && S_ISREG (st.st_mode) && st.st_uid == geteuid ()
                     && !(st.st_mode & S_IRUSR));
  if (unreadable
      && fchmodat (dirfd, name, (st.st_mode & 07777) | S_IRUSR, 0) < 0)
    setup_failed ("fchmodat to read xattrs");
  check_xattrs_readable (label, dirfd, name, want);
  if (unreadable && fchmodat (dirfd, name, st.st_mode & 07777, 0) < 0)
    setup_failed ("fchmodat back");
}

/* ---- expectations --------------------------------------------------- */

/* What a copy must look like.  */
struct expect
{
  mode_t mode;                  /* the mode bits (07777) */
  uid_t uid;
  gid_t gid;
  bool times;                   /* the sources' times, else new ones */
  bool xattrs;                  /* the sources' xattrs, else none */
};

/* Check under LABEL that NAME in DIRFD is as E says.  Store its status
   in *ST.  */
static void
check_attrs (char const *label, int dirfd, char const *name,
             struct expect const *e, struct stat *st)
{
  if (!get_stat (label, dirfd, name, st))
    return;
  if ((st->st_mode & 07777) != e->mode)
    fail (label, "mode %04o, expected %04o", (unsigned) st->st_mode & 07777,
          (unsigned) e->mode);
  if (st->st_uid != e->uid || st->st_gid != e->gid)
    fail (label, "owner %ju:%ju, expected %ju:%ju", (uintmax_t) st->st_uid,
          (uintmax_t) st->st_gid, (uintmax_t) e->uid, (uintmax_t) e->gid);
  bool kept = (same_time (st->st_atim, src_times[0])
               && same_time (st->st_mtim, src_times[1]));
  if (e->times && !kept)
    fail (label, "times %jd.%09ld %jd.%09ld, expected the source's",
          (intmax_t) st->st_atim.tv_sec, st->st_atim.tv_nsec,
          (intmax_t) st->st_mtim.tv_sec, st->st_mtim.tv_nsec);
  if (!e->times && st->st_mtim.tv_sec < started - 1)
    fail (label, "mtime %jd is old: not a new one",
          (intmax_t) st->st_mtim.tv_sec);
  if (!S_ISLNK (st->st_mode) && !S_ISFIFO (st->st_mode))
    check_xattrs (label, dirfd, name, e->xattrs);
}

/* A destination directory for the copies, described to the library
   (DST_DIR_ST given or not, DST_DIR_PLAIN) in one of the ways.  */
struct dst_dir
{
  char label[64];
  int fd;
  struct stat st;
  bool give_st;
  bool plain;
  gid_t new_gid;                /* the group a new file gets in it */
};

/* The expectation for a copy of a source of mode SRC_MODE into DIR
   made with PRESERVE under the umask MASK: created (OLD_MODE is
   (mode_t) -1) or over a file of mode OLD_MODE.  DEFAULT_MODE as
   file_copier's.  */
static struct expect
expected (unsigned int preserve, mode_t src_mode, mode_t mask,
          struct dst_dir const *dir, mode_t old_mode, bool default_mode)
{
  struct expect e;
  bool own = preserve & COPY_PRESERVE_OWNERSHIP && root;
  e.uid = own ? SRC_UID : geteuid ();
  e.gid = own ? SRC_GID : dir->new_gid;
  if (preserve & COPY_PRESERVE_MODE)
    e.mode = src_mode;
  else if (old_mode != (mode_t) -1)
    e.mode = old_mode;
  else
    e.mode = (default_mode ? 0666 : src_mode & 0777) & ~mask;
  e.times = preserve & COPY_PRESERVE_TIMESTAMPS;
  e.xattrs = preserve & COPY_PRESERVE_XATTR;
  return e;
}

/* Copy SRC (in the temporary directory) to DST in DIR with COPIER,
   HOW.  Return what qcopy_file_preserving does, REP filled in.  */
static int
copy_to (struct file_copier *copier, char const *src, struct dst_dir *dir,
         char const *dst, enum copy_dst_open how,
         struct copy_file_report *rep)
{
  struct copy_file_names names = {
    .src_fd = -1, .src_dirfd = tmpfd, .src_name = src,
    .dst_dirfd = dir->fd, .dst_name = dst,
    .dst_dir_st = dir->give_st ? &dir->st : NULL,
    .dst_dir_plain = dir->plain
  };
  return qcopy_file_preserving (copier, &names, how, rep);
}

/* Check under LABEL that R and REP say the copy succeeded, with no
   soft failure.  Return true if so.  */
static bool
copy_ok (char const *label, int r, struct copy_file_report const *rep)
{
  if (r != 0)
    {
      fail (label, "copy failed at %s: %s", step_name (rep->step),
            strerror (rep->err));
      return false;
    }
  for (int s = 0; s < COPY_STEP_COUNT; s++)
    if (rep->soft_err[s])
      fail (label, "soft failure at %s: %s", step_name (s),
            strerror (rep->soft_err[s]));
  return true;
}

/* Check under LABEL that R and REP say the copy failed at STEP with
   errno ERR.  */
static void
copy_failed (char const *label, int r, struct copy_file_report const *rep,
             enum copy_file_step step, int err)
{
  if (r == 0)
    fail (label, "copy succeeded, expected a failure at %s (%s)",
          step_name (step), strerror (err));
  else if (rep->step != step || rep->err != err)
    fail (label, "failed at %s (%s), expected %s (%s)",
          step_name (rep->step), strerror (rep->err), step_name (step),
          strerror (err));
}

/* ---- the directories ------------------------------------------------ */

enum { N_DIRS = 6 };
static struct dst_dir dirs[N_DIRS];

/* Make the subdirectory NAME of mode MODE (and group GID as root) and
   describe it in DIRS[I] and DIRS[I + 1] and DIRS[I + 2]: status not
   given, given, given with no default ACL.  */
static void
make_dirs (int i, char const *name, mode_t mode, gid_t gid)
{
  if (mkdirat (tmpfd, name, 0700) < 0
      || (root && fchownat (tmpfd, name, 0, gid, 0) < 0)
      || fchmodat (tmpfd, name, mode, 0) < 0)
    setup_failed ("mkdir");
  int fd = openat (tmpfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) < 0)
    setup_failed ("open a directory");
  static char const *const how[] = { "no dir st", "dir st", "plain dir" };
  for (int k = 0; k < 3; k++)
    {
      struct dst_dir *d = &dirs[i + k];
      snprintf (d->label, sizeof d->label, "%s (%s)", name, how[k]);
      d->fd = fd;
      d->st = st;
      d->give_st = 0 < k;
      d->plain = k == 2;
      d->new_gid = mode & S_ISGID ? st.st_gid : getegid ();
    }
}

/* ---- the checks ----------------------------------------------------- */

/* The data: each size copied to a new file, then over a longer and a
   shorter one, into a directory not described and described.  */
static void
test_data (void)
{
  static size_t const sizes[] = { 0, 1, 4096, (1 << 20) + 3 };
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, 0, 0);
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
    for (int k = 0; k < 3; k += 2)
      {
        char label[128];
        struct copy_file_report rep;
        struct dst_dir *dir = &dirs[k];
        snprintf (label, sizeof label, "data %zu bytes, %.60s", sizes[i],
                  dir->label);
        make_source (tmpfd, "s", sizes[i], 0644);
        unlinkat (dir->fd, "c", 0);
        if (copy_ok (label, copy_to (&c, "s", dir, "c", COPY_DST_CREATE,
                                     &rep), &rep))
          same_contents (label, tmpfd, "s", dir->fd, "c");
        for (int longer = 0; longer < 2; longer++)
          {
            make_source (dir->fd, "c", longer ? sizes[i] + 5000
                         : sizes[i] / 2, 0644);
            strcat (label, longer ? ", over longer" : ", over shorter");
            if (copy_ok (label, copy_to (&c, "s", dir, "c",
                                         COPY_DST_OVERWRITE, &rep), &rep))
              same_contents (label, tmpfd, "s", dir->fd, "c");
          }
      }
  file_copier_free (&c);
}

/* One attribute copy: a source of mode MODE copied into DIR with
   PRESERVE (also required) under umask MASK, created, then again over
   an existing file of mode 0606, or of MODE if that has special bits
   (then a change of owner clears them: they must be set again if
   kept); each checked, and the result compared
   with that of the first way of describing the directory (*FIRST).  */
static void
attr_case (unsigned int preserve, mode_t mode, mode_t mask,
           struct dst_dir *dir, struct stat *first)
{
  char label[160];
  snprintf (label, sizeof label, "preserve %#x, mode %04o, umask %03o, "
            "%.60s", preserve, (unsigned) mode, (unsigned) mask, dir->label);
  umask (mask);
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, preserve, preserve);
  struct copy_file_report rep;
  struct stat st;
  make_source (tmpfd, "s", 100, mode);
  unlinkat (dir->fd, "c", 0);
  if (copy_ok (label, copy_to (&c, "s", dir, "c", COPY_DST_CREATE, &rep),
               &rep))
    {
      struct expect e = expected (preserve, mode, mask, dir, -1, false);
      check_attrs (label, dir->fd, "c", &e, &st);
      same_contents (label, tmpfd, "s", dir->fd, "c");
      if (dir->give_st
          && ((st.st_mode ^ first->st_mode) | (st.st_uid ^ first->st_uid)
              | (st.st_gid ^ first->st_gid)))
        fail (label, "differs from the copy with no directory status");
      if (!dir->give_st)
        *first = st;
    }
  /* Anew: reading it above gave the source a new access time.  */
  make_source (tmpfd, "s", 100, mode);
  mode_t old = mode & 07000 ? mode : 0606;
  if (unlinkat (dir->fd, "c", 0) < 0 || mknodat (dir->fd, "c", S_IFREG, 0)
      || fchmodat (dir->fd, "c", old, 0) < 0)
    setup_failed ("make a file to overwrite");
  strcat (label, ", overwrite");
  if (copy_ok (label, copy_to (&c, "s", dir, "c", COPY_DST_OVERWRITE, &rep),
               &rep))
    {
      /* chown clears the set-user-ID bit, and the set-group-ID bit
         where the group may execute; so does a write by another user
         than root.  */
      if (!root || preserve & COPY_PRESERVE_OWNERSHIP)
        old &= ~(S_ISUID | (old & S_IXGRP ? S_ISGID : 0));
      struct expect e = expected (preserve, mode, mask, dir, old, false);
      check_attrs (label, dir->fd, "c", &e, &st);
      same_contents (label, tmpfd, "s", dir->fd, "c");
    }
  file_copier_free (&c);
}

/* The attributes kept or not: under umask 022, each set of them, each
   source mode, each directory; under umasks 0 and 077, all or none of
   them, for a plain and a set-user-ID source.  */
static void
test_attributes (void)
{
  static unsigned int const sets[] = {
    0, ALL, COPY_PRESERVE_MODE, COPY_PRESERVE_OWNERSHIP,
    COPY_PRESERVE_TIMESTAMPS | COPY_PRESERVE_XATTR
  };
  static mode_t const modes[] = {
    0644, 0600, 04755, 02750, 01777, 06711, 0444
  };
  static mode_t const masks[] = { 022, 0, 077 };
  mode_t old_mask = umask (022);
  for (size_t u = 0; u < sizeof masks / sizeof *masks; u++)
    for (size_t p = 0; p < sizeof sets / sizeof *sets; p++)
      for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
        {
          if (u && (1 < p || 2 < m || m == 1))
            continue;
          struct stat first;
          memset (&first, 0, sizeof first);
          for (int d = 0; d < N_DIRS; d++)
            attr_case (sets[p], modes[m], masks[u], &dirs[d], &first);
        }
  umask (old_mask);
}

/* file_copier.default_mode: a new file gets 0666 less the umask,
   whatever its source's mode, unless the mode is kept.  */
static void
test_default_mode (void)
{
  static mode_t const modes[] = { 0700, 04755, 0400, 0666 };
  static mode_t const masks[] = { 022, 027, 0 };
  mode_t old_mask = umask (022);
  for (size_t u = 0; u < sizeof masks / sizeof *masks; u++)
    for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
      for (int d = 0; d < N_DIRS; d++)
        {
          char label[128];
          snprintf (label, sizeof label, "default mode, source %04o, umask "
                    "%03o, %.60s", (unsigned) modes[m], (unsigned) masks[u],
                    dirs[d].label);
          umask (masks[u]);
          struct file_copier c;
          file_copier_init (&c, COPY_SPARSE_AUTO,
                            COPY_PRESERVE_OWNERSHIP, 0);
          c.default_mode = true;
          struct copy_file_report rep;
          struct stat st;
          make_source (tmpfd, "s", 10, modes[m]);
          unlinkat (dirs[d].fd, "c", 0);
          if (copy_ok (label, copy_to (&c, "s", &dirs[d], "c",
                                       COPY_DST_CREATE, &rep), &rep))
            {
              struct expect e = expected (COPY_PRESERVE_OWNERSHIP,
                                          modes[m], masks[u], &dirs[d],
                                          -1, true);
              check_attrs (label, dirs[d].fd, "c", &e, &st);
            }
          file_copier_free (&c);
        }
  umask (old_mask);
}

/* copy_file_names.attr_st: the destination gets the times, owner and
   mode given (install's), not the source's, and none of the source's
   extended attributes; a group of -1 is left as a new file gets it.  */
static void
test_attr_st (void)
{
  static mode_t const modes[] = { 0755, 04711, 0600, 0 };
  struct timespec const t = { 1100000000, 5 };
  for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
    for (int d = 0; d < N_DIRS; d++)
      {
        char label[128];
        snprintf (label, sizeof label, "attr_st, mode %04o, %.60s",
                  (unsigned) modes[m], dirs[d].label);
        struct stat attr = { .st_mode = S_IFREG | modes[m],
                             .st_uid = root ? 4321 : (uid_t) -1,
                             .st_gid = (gid_t) -1, .st_atim = t,
                             .st_mtim = t };
        unsigned int keep = (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
                             | (root ? COPY_PRESERVE_OWNERSHIP : 0));
        struct file_copier c;
        file_copier_init (&c, COPY_SPARSE_AUTO, keep, keep);
        struct copy_file_names names = {
          .src_fd = -1, .src_dirfd = tmpfd, .src_name = "s",
          .dst_dirfd = dirs[d].fd, .dst_name = "c",
          .dst_dir_st = dirs[d].give_st ? &dirs[d].st : NULL,
          .dst_dir_plain = dirs[d].plain, .attr_st = &attr
        };
        struct copy_file_report rep;
        struct stat st;
        make_source (tmpfd, "s", 100, 0644);
        unlinkat (dirs[d].fd, "c", 0);
        if (copy_ok (label, qcopy_file_preserving (&c, &names,
                                                   COPY_DST_CREATE, &rep),
                     &rep)
            && get_stat (label, dirs[d].fd, "c", &st))
          {
            same_contents (label, tmpfd, "s", dirs[d].fd, "c");
            if ((st.st_mode & 07777) != modes[m])
              fail (label, "mode %04o", (unsigned) (st.st_mode & 07777));
            if (!same_time (st.st_mtim, t) || !same_time (st.st_atim, t))
              fail (label, "times not the ones given");
            if (st.st_uid != (root ? 4321 : geteuid ())
                || st.st_gid != dirs[d].new_gid)
              fail (label, "owner %d:%d", (int) st.st_uid, (int) st.st_gid);
            check_xattrs (label, dirs[d].fd, "c", false);
          }
        file_copier_free (&c);
      }
}

/* Copy under LABEL a source of mode MODE and of our own owner, with
   everything kept, to DIR: the copy must have all of the source's
   attributes.  */
static void
copy_own_source (char const *label, mode_t mode, struct dst_dir *dir)
{
  make_source (tmpfd, "s", 10, mode);
  if (fchownat (tmpfd, "s", geteuid (), getegid (), 0) < 0
      || fchmodat (tmpfd, "s", mode, 0) < 0
      || utimensat (tmpfd, "s", src_times, 0) < 0)
    setup_failed ("chown s");
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  struct copy_file_report rep;
  struct stat st;
  unlinkat (dir->fd, "c", 0);
  if (copy_ok (label, copy_to (&c, "s", dir, "c", COPY_DST_CREATE, &rep),
               &rep))
    {
      struct expect e = { mode, geteuid (), getegid (), true, true };
      check_attrs (label, dir->fd, "c", &e, &st);
    }
  file_copier_free (&c);
}

/* A source of our own owner copied with everything kept into the
   set-group-ID directory, whose group a new file takes: the group must
   be set back to ours, whichever way the directory is described.  (As
   another user than root, that directory's group is ours.)  */
static void
test_setgid_dir (void)
{
  for (int d = 3; root && d < N_DIRS; d++)
    {
      char label[128];
      snprintf (label, sizeof label, "our owner, %.60s", dirs[d].label);
      copy_own_source (label, 0644, &dirs[d]);
    }
}

/* Give the directory NAME the default ACL user::rwx, group::r-x,
   other::--- (which a new file's mode is limited by, the umask not
   applying).  Return true, or false if the file system has no ACLs.  */
static bool
set_default_acl (char const *name)
{
  struct acl_entry
  {
    uint16_t tag, perm;
    uint32_t id;
  };
  struct
  {
    uint32_t version;
    struct acl_entry e[3];
  } acl = {
    htole32 (2),
    { { htole16 (0x01), htole16 (7), UINT32_MAX },     /* user:: */
      { htole16 (0x04), htole16 (5), UINT32_MAX },     /* group:: */
      { htole16 (0x20), htole16 (0), UINT32_MAX } }    /* other:: */
  };
  char path[PATH_MAX + 32];
  snprintf (path, sizeof path, "/proc/self/fd/%d/%s", tmpfd, name);
  if (setxattr (path, "system.posix_acl_default", &acl, sizeof acl, 0) == 0)
    return true;
  printf ("note: no default ACL (%s): not tested\n", strerror (errno));
  return false;
}

/* A directory with a default ACL, said so (DST_DIR_PLAIN false): a
   new file's mode is not the mode asked less the umask, so the mode
   kept must be set whatever that would give.  */
static void
test_default_acl (void)
{
  struct dst_dir dir = { .label = "default ACL" };
  if (mkdirat (tmpfd, "acl", 0755) < 0)
    setup_failed ("mkdir acl");
  if (!set_default_acl ("acl"))
    return;
  dir.fd = openat (tmpfd, "acl", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir.fd < 0 || fstat (dir.fd, &dir.st) < 0)
    setup_failed ("open acl");
  dir.new_gid = getegid ();
  mode_t old_mask = umask (0);
  for (int give = 0; give < 2; give++)
    {
      dir.give_st = give;
      copy_own_source (give ? "default ACL, dir st" : "default ACL", 0664,
                       &dir);
    }
  umask (old_mask);
  close (dir.fd);
}

/* ---- the permission window ------------------------------------------ */

/* Wait until NAME in DIRFD has SIZE bytes (at most about 10 s).
   Return true if it came to.  */
static bool
wait_size (int dirfd, char const *name, off_t size)
{
  for (int i = 0; i < 2000; i++)
    {
      struct stat st;
      if (fstatat (dirfd, name, &st, 0) == 0 && st.st_size == size)
        return true;
      struct timespec ms5 = { 0, 5000000 };
      nanosleep (&ms5, NULL);
    }
  return false;
}

/* In a child, copy from the pipe SRC_FD, said to be a file of status
   *ST, to "w" in DIR with everything kept, under umask MASK.  Exit 0
   if it succeeded (soft failures allowed), else 1.  */
static void
window_child (int src_fd, struct stat const *st, struct dst_dir *dir,
              mode_t mask)
{
  umask (mask);
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, 0);
  struct copy_file_names names = {
    .src_fd = src_fd, .src_st = st, .src_dirfd = -1, .src_name = "pipe",
    .dst_dirfd = dir->fd, .dst_name = "w",
    .dst_dir_st = dir->give_st ? &dir->st : NULL, .dst_dir_plain = dir->plain
  };
  struct copy_file_report rep;
  int r = qcopy_file_preserving (&c, &names, COPY_DST_CREATE, &rep);
  if (r < 0)
    printf ("FAIL: window copy failed at %s: %s\n", step_name (rep.step),
            strerror (rep.err));
  file_copier_free (&c);
  fflush (stdout);
  _exit (r < 0);
}

/* The permission window for a source of mode MODE owned by another
   user (OTHER) or by us, copied into DIR under umask MASK: stopped
   while the copy is reading, the new file may have no more permission
   than its final mode, and none for group and others while the owner
   is still to be set.  */
static void
window_case (mode_t mode, bool other, struct dst_dir *dir, mode_t mask)
{
  char label[160];
  snprintf (label, sizeof label, "window, mode %04o, %s owner, umask %03o, "
            "%.60s", (unsigned) mode, other ? "other" : "same",
            (unsigned) mask, dir->label);
  int p[2];
  struct stat st;
  if (pipe (p) < 0 || fstat (p[0], &st) < 0)
    setup_failed ("pipe");
  st.st_mode = S_IFIFO | mode;
  st.st_uid = other ? SRC_UID : geteuid ();
  st.st_gid = other ? SRC_GID : dir->new_gid;
  unlinkat (dir->fd, "w", 0);
  fflush (stdout);
  pid_t pid = fork ();
  if (pid < 0)
    setup_failed ("fork");
  if (pid == 0)
    {
      close (p[1]);
      window_child (p[0], &st, dir, mask);
    }
  close (p[0]);
  bool pending = other || !dir->give_st;
  /* Another user than root may set an xattr only on a file it may
     write: it may get that permission until the end.  */
  mode_t owner_w = !root && !(mode & S_IWUSR) ? S_IWUSR : 0;
  mode_t made = ((mode & (pending ? 0700 : 0777)) | owner_w) & ~mask;
  struct stat w;
  if (write (p[1], "hello", 5) != 5)
    setup_failed ("write to the pipe");
  if (!wait_size (dir->fd, "w", 5))
    fail (label, "the copy did not start");
  else if (get_stat (label, dir->fd, "w", &w)
           && ((w.st_mode & 07777) != made
               || (w.st_mode & ~mode & ~owner_w & 07777)
               || (pending && w.st_mode & 077)))
    fail (label, "created with mode %04o, expected %04o",
          (unsigned) w.st_mode & 07777, (unsigned) made);
  close (p[1]);
  int status;
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    fail (label, "the copy failed");
  mode_t final = root || !other ? mode : mode & 0777;
  if (get_stat (label, dir->fd, "w", &w) && (w.st_mode & 07777) != final)
    fail (label, "final mode %04o, expected %04o",
          (unsigned) w.st_mode & 07777, (unsigned) final);
}

/* The permission window, for a few modes and owners, into the plain
   directory described in each way, under umask 022, and once under
   umask 0 (as cp -p sets it).  */
static void
test_window (void)
{
  static mode_t const modes[] = { 0640, 04750, 0444 };
  for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
    for (int other = 0; other < 2; other++)
      {
        for (int d = 0; d < 3; d++)
          window_case (modes[m], other, &dirs[d], 022);
        window_case (modes[m], other, &dirs[2], 0);
      }
}

/* ---- the failures --------------------------------------------------- */

/* Check under LABEL that NAME in DIRFD does not exist.  */
static void
absent (char const *label, int dirfd, char const *name)
{
  struct stat st;
  if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
      || errno != ENOENT)
    fail (label, "%s was made", name);
}

/* The failures to open or create: a missing source, a symbolic link
   not followed (and followed), a destination that exists or is a
   dangling symlink, a missing destination to overwrite (made afresh,
   unless a dangling symlink is in the way), and a source that is not
   the file stat'ed.  */
static void
test_open_failures (void)
{
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  struct copy_file_report rep;
  struct dst_dir *dir = &dirs[1];
  make_source (tmpfd, "s", 8192, 0644);
  unlinkat (dir->fd, "c", 0);
  copy_failed ("missing source", copy_to (&c, "missing", dir, "c",
                                          COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_OPEN_SRC, ENOENT);
  absent ("missing source", dir->fd, "c");

  if (symlinkat ("s", tmpfd, "sl") < 0)
    setup_failed ("symlink");
  copy_failed ("symlink source", copy_to (&c, "sl", dir, "c",
                                          COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_OPEN_SRC, ELOOP);
  struct copy_file_names names = {
    .src_fd = -1, .src_dirfd = tmpfd, .src_name = "sl", .follow_src = true,
    .dst_dirfd = dir->fd, .dst_name = "c"
  };
  if (copy_ok ("symlink source followed",
               qcopy_file_preserving (&c, &names, COPY_DST_CREATE, &rep),
               &rep))
    same_contents ("symlink source followed", tmpfd, "s", dir->fd, "c");

  make_source (dir->fd, "c", 3, 0600);
  copy_failed ("destination exists", copy_to (&c, "s", dir, "c",
                                              COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_CREATE_DST, EEXIST);
  struct stat st;
  if (get_stat ("destination exists", dir->fd, "c", &st) && st.st_size != 3)
    fail ("destination exists", "it was changed");

  if (symlinkat ("nowhere", dir->fd, "dl") < 0)
    setup_failed ("symlink");
  copy_failed ("dangling symlink destination",
               copy_to (&c, "s", dir, "dl", COPY_DST_CREATE, &rep), &rep,
               COPY_STEP_CREATE_DST, EEXIST);
  absent ("dangling symlink destination", dir->fd, "nowhere");

  /* A destination to overwrite that has gone (removed on NFS by
     another client since cp saw it) is made afresh, as GNU's cp makes
     it; but not through a dangling symlink (that stays a failure to
     open it).  */
  unlinkat (dir->fd, "missing", 0);
  if (copy_ok ("overwrite a missing file",
               copy_to (&c, "s", dir, "missing", COPY_DST_OVERWRITE, &rep),
               &rep))
    same_contents ("overwrite a missing file", tmpfd, "s", dir->fd,
                   "missing");
  copy_failed ("overwrite a dangling symlink",
               copy_to (&c, "s", dir, "dl", COPY_DST_OVERWRITE, &rep), &rep,
               COPY_STEP_OPEN_DST, ENOENT);
  absent ("overwrite a dangling symlink", dir->fd, "nowhere");

  struct stat other;
  if (fstatat (dir->fd, "c", &other, 0) < 0)
    setup_failed ("stat");
  names.src_name = "s";
  names.src_st = &other;
  names.dst_name = "c2";
  copy_failed ("source replaced",
               qcopy_file_preserving (&c, &names, COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_SRC_REPLACED, 0);
  absent ("source replaced", dir->fd, "c2");
  file_copier_free (&c);
}

/* The failures to read and write: a directory as source (EISDIR) and
   /dev/full as destination (ENOSPC), each on its side.  */
static void
test_data_failures (void)
{
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, 0, 0);
  struct copy_file_report rep;
  if (mkdirat (tmpfd, "sub", 0700) < 0)
    setup_failed ("mkdir");
  copy_failed ("directory source", copy_to (&c, "sub", &dirs[1], "c3",
                                            COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_READ, EISDIR);
  if (rep.data.failure != COPY_FAILED_READ)
    fail ("directory source", "failing side %d, expected reading",
          (int) rep.data.failure);

  /* Nothing but the data may touch /dev/full: no attribute is kept.  */
  struct copy_file_names names = {
    .src_fd = -1, .src_dirfd = tmpfd, .src_name = "s",
    .dst_dirfd = AT_FDCWD, .dst_name = "/dev/full"
  };
  copy_failed ("/dev/full",
               qcopy_file_preserving (&c, &names, COPY_DST_OVERWRITE, &rep),
               &rep, COPY_STEP_WRITE, ENOSPC);
  if (rep.data.failure != COPY_FAILED_WRITE)
    fail ("/dev/full", "failing side %d, expected writing",
          (int) rep.data.failure);
  file_copier_free (&c);
}

/* In a child: mount a 64 KiB tmpfs on "small" (in a mount namespace of
   its own where it can) and copy 1 MiB there: it must fail writing,
   with ENOSPC.  Return the child's exit status: 0 passed, 1 failed, 2
   the tmpfs could not be mounted (said why).  */
static int
enospc_child (void)
{
  /* The source and type, which a change of propagation ignores, are
     named: valgrind checks them as strings.  */
  if (unshare (CLONE_NEWNS) == 0)
    mount ("none", "/", "none", MS_REC | MS_PRIVATE, NULL);
  char path[PATH_MAX + 16];
  snprintf (path, sizeof path, "%s/small", tmpdir);
  if (mount ("brisk-test", path, "tmpfs", 0, "size=64k") < 0)
    {
      printf ("note: cannot mount a tmpfs (%s): the full file system is "
              "not tested\n", strerror (errno));
      return 2;
    }
  struct dst_dir dir = { .label = "small" };
  dir.fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir.fd < 0 || fstat (dir.fd, &dir.st) < 0)
    setup_failed ("open the tmpfs");
  make_source (tmpfd, "big", 1 << 20, 0644);
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  struct copy_file_report rep;
  copy_failed ("full tmpfs", copy_to (&c, "big", &dir, "c",
                                      COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_WRITE, ENOSPC);
  file_copier_free (&c);
  close (dir.fd);
  umount2 (path, MNT_DETACH);
  return failures != 0;
}

/* Run FN in a child, its output flushed; count a failure if it
   exits 1 (or dies).  Return its exit status.  */
static int
in_child (char const *label, int (*fn) (void))
{
  fflush (stdout);
  pid_t pid = fork ();
  if (pid < 0)
    setup_failed ("fork");
  if (pid == 0)
    {
      failures = 0;
      int st = fn ();
      fflush (stdout);
      _exit (st);
    }
  int status;
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
    {
      fail (label, "the child died");
      return -1;
    }
  if (WEXITSTATUS (status) == 1)
    failures++;
  return WEXITSTATUS (status);
}

/* In a child, as user and group 65534 if root, else as we are: a
   read-only directory (EACCES creating in it), a read-only file
   (EACCES opening it to overwrite), and as root an owner that cannot
   be given: not required, the copy succeeds, says why the owner is not
   kept, and drops the set-user-ID bit; required, it fails the copy.
   (In this order: the first copy reads the source, which changes its
   access time.)  Return 0 if all passed.  */
static int
other_user_child (void)
{
  if (root && (setgroups (0, NULL) < 0 || setresgid (NOBODY, NOBODY, NOBODY)
               || setresuid (NOBODY, NOBODY, NOBODY)))
    setup_failed ("become user 65534");
  struct dst_dir ro = { .label = "ro" }, pub = { .label = "pub" };
  ro.fd = openat (tmpfd, "ro", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  pub.fd = openat (tmpfd, "pub", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (ro.fd < 0 || pub.fd < 0)
    setup_failed ("open ro and pub");
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, 0, 0);
  struct copy_file_report rep;
  copy_failed ("read-only directory", copy_to (&c, "s", &ro, "c",
                                               COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_CREATE_DST, EACCES);
  copy_failed ("read-only file", copy_to (&c, "s", &ro, "f",
                                          COPY_DST_OVERWRITE, &rep),
               &rep, COPY_STEP_OPEN_DST, EACCES);
  file_copier_free (&c);
  if (!root)
    return failures != 0;

  file_copier_init (&c, COPY_SPARSE_AUTO, ALL,
                    ALL & ~COPY_PRESERVE_OWNERSHIP);
  int r = copy_to (&c, "rs", &pub, "c", COPY_DST_CREATE, &rep);
  if (r < 0)
    fail ("owner tried", "failed at %s: %s", step_name (rep.step),
          strerror (rep.err));
  else if (rep.soft_err[COPY_STEP_OWNER] != EPERM)
    fail ("owner tried", "no EPERM for the owner among the soft failures");
  struct expect e = { 0755, NOBODY, NOBODY, true, true };
  struct stat st;
  if (r == 0)
    check_attrs ("owner tried", pub.fd, "c", &e, &st);
  file_copier_free (&c);
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  copy_failed ("owner required", copy_to (&c, "rs", &pub, "c2",
                                          COPY_DST_CREATE, &rep),
               &rep, COPY_STEP_OWNER, EPERM);
  file_copier_free (&c);
  return failures != 0;
}

/* The failures that need a full file system or another user.  */
static void
test_child_failures (void)
{
  if (mkdirat (tmpfd, "small", 0700) < 0 || mkdirat (tmpfd, "ro", 0755) < 0
      || mkdirat (tmpfd, "pub", 0777) < 0 || fchmodat (tmpfd, "pub", 0777, 0)
      || mknodat (tmpfd, "ro/f", S_IFREG | 0444, 0) < 0
      || fchmodat (tmpfd, "ro", 0555, 0) < 0)
    setup_failed ("make ro and pub");
  make_source (tmpfd, "rs", 100, 0644);
  if ((root && fchownat (tmpfd, "rs", 0, 0, 0) < 0)
      || fchmodat (tmpfd, "rs", 04755, 0) < 0)
    setup_failed ("chown rs");
  in_child ("full tmpfs", enospc_child);
  in_child ("another user", other_user_child);
  fchmodat (tmpfd, "ro", 0755, 0);
}

/* ---- symbolic links, special files, directories --------------------- */

/* copy_attributes_at on a symbolic link: its own times and owner are
   set, not those of the file it points to.  */
static void
test_symlink (void)
{
  char const *label = "symlink";
  int dfd = dirs[0].fd;
  if (symlinkat ("t", tmpfd, "ls") < 0 || symlinkat ("t", dfd, "ld") < 0
      || (root && fchownat (tmpfd, "ls", SRC_UID, SRC_GID,
                            AT_SYMLINK_NOFOLLOW) < 0)
      || utimensat (tmpfd, "ls", src_times, AT_SYMLINK_NOFOLLOW) < 0)
    setup_failed ("make symlinks");
  int t = openat (dfd, "t", O_WRONLY | O_CREAT | O_EXCL, 0600);
  struct stat src_st, t_before, t_after, st;
  if (t < 0 || fstat (t, &t_before) < 0
      || fstatat (tmpfd, "ls", &src_st, AT_SYMLINK_NOFOLLOW) < 0)
    setup_failed ("make the target");
  close (t);
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  struct copy_file_report rep;
  if (copy_ok (label, copy_attributes_at (&c, &src_st, tmpfd, "ls", dfd,
                                          "ld", &rep), &rep))
    {
      struct expect e = { 0777, root ? SRC_UID : geteuid (),
                          root ? SRC_GID : getegid (), true, false };
      check_attrs (label, dfd, "ld", &e, &st);
    }
  if (get_stat (label, dfd, "t", &t_after)
      && (t_after.st_mode != t_before.st_mode
          || t_after.st_uid != t_before.st_uid
          || t_after.st_gid != t_before.st_gid
          || !same_time (t_after.st_mtim, t_before.st_mtim)
          || !same_time (t_after.st_atim, t_before.st_atim)))
    fail (label, "the link's target was changed");
  file_copier_free (&c);
}

/* copy_attributes_at on a FIFO made with owner-only permissions: all
   kept (the set-group-ID bit too, which chown would clear), or none.  */
static void
test_fifo (void)
{
  int dfd = dirs[0].fd;
  if (mkfifoat (tmpfd, "fs", 0600) < 0
      || (root && fchownat (tmpfd, "fs", SRC_UID, SRC_GID, 0) < 0)
      || fchmodat (tmpfd, "fs", 02650, 0) < 0
      || utimensat (tmpfd, "fs", src_times, 0) < 0
      || mkfifoat (dfd, "f1", 0600) < 0 || mkfifoat (dfd, "f2", 0600) < 0)
    setup_failed ("make FIFOs");
  struct stat src_st, st;
  if (fstatat (tmpfd, "fs", &src_st, 0) < 0)
    setup_failed ("stat a FIFO");
  for (int all = 0; all < 2; all++)
    {
      char const *label = all ? "FIFO, all kept" : "FIFO, none kept";
      struct file_copier c;
      file_copier_init (&c, COPY_SPARSE_AUTO, all ? ALL : 0, all ? ALL : 0);
      struct copy_file_report rep;
      char const *name = all ? "f1" : "f2";
      if (copy_ok (label, copy_attributes_at (&c, &src_st, tmpfd, "fs", dfd,
                                              name, &rep), &rep))
        {
          struct expect e = { all ? 02650 : 0600 & ~c.umask,
                              all && root ? SRC_UID : geteuid (),
                              all && root ? SRC_GID : getegid (), all,
                              false };
          check_attrs (label, dfd, name, &e, &st);
        }
      file_copier_free (&c);
    }
}

/* copy_attributes_fd on a directory: mode (with the set-group-ID and
   sticky bits), owner, times and xattrs.  */
static void
test_directory (void)
{
  char const *label = "directory";
  if (mkdirat (tmpfd, "sd", 0700) < 0 || mkdirat (tmpfd, "dd", 0700) < 0)
    setup_failed ("mkdir");
  int sfd = openat (tmpfd, "sd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int dfd = openat (tmpfd, "dd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat src_st, st;
  if (sfd < 0 || dfd < 0 || (root && fchown (sfd, SRC_UID, SRC_GID) < 0)
      || fchmod (sfd, 03755) < 0)
    setup_failed ("make directories");
  set_xattrs (sfd);
  if (futimens (sfd, src_times) < 0 || fstat (sfd, &src_st) < 0)
    setup_failed ("futimens");
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, ALL, ALL);
  struct copy_file_report rep;
  if (copy_ok (label, copy_attributes_fd (&c, sfd, &src_st, dfd, 0700,
                                          geteuid (), getegid (), false,
                                          &rep),
               &rep))
    {
      struct expect e = { 03755, root ? SRC_UID : geteuid (),
                          root ? SRC_GID : getegid (), true, true };
      check_attrs (label, tmpfd, "dd", &e, &st);
    }
  file_copier_free (&c);
  close (sfd);
  close (dfd);
}

/* An attribute larger than the scratch buffer's first 4 KiB (the
   buffer must grow), where the temporary directory could not take one:
   on /dev/shm (tmpfs), if it can.  */
static void
test_big_xattr (void)
{
  if (!xattrs || xattr_set[1].size == sizeof big_value)
    return;
  char name[] = "/dev/shm/test-copy-file-XXXXXX";
  int fd = mkstemp (name);
  if (fd < 0 || fsetxattr (fd, "user.brisk.big", big_value,
                           sizeof big_value, 0) < 0)
    {
      printf ("note: no attribute of %zu bytes on /dev/shm either (%s): "
              "not tested\n", sizeof big_value, strerror (errno));
      if (0 <= fd)
        unlink (name);
      return;
    }
  close (fd);
  struct copy_file_names names = {
    .src_fd = -1, .src_dirfd = AT_FDCWD, .src_name = name,
    .dst_dirfd = AT_FDCWD, .dst_name = "/dev/shm/test-copy-file-big"
  };
  unlink (names.dst_name);
  struct file_copier c;
  file_copier_init (&c, COPY_SPARSE_AUTO, COPY_PRESERVE_XATTR,
                    COPY_PRESERVE_XATTR);
  struct copy_file_report rep;
  static char buf[sizeof big_value + 1];
  if (copy_ok ("big xattr", qcopy_file_preserving (&c, &names,
                                                   COPY_DST_CREATE, &rep),
               &rep)
      && (getxattr (names.dst_name, "user.brisk.big", buf, sizeof buf)
          != sizeof big_value
          || memcmp (buf, big_value, sizeof big_value) != 0))
    fail ("big xattr", "not copied whole");
  file_copier_free (&c);
  unlink (names.dst_name);
  unlink (name);
}

/* ---- main ----------------------------------------------------------- */

/* Make the temporary directory (searchable by all: a child runs as
   another user) and find whether it takes user.* attributes.  */
static void
make_tmpdir (void)
{
  char const *t = getenv ("TMPDIR");
  snprintf (tmpdir, sizeof tmpdir, "%s/test-copy-file-XXXXXX",
            t && *t ? t : "/tmp");
  if (!mkdtemp (tmpdir) || chmod (tmpdir, 0755) < 0)
    setup_failed ("mkdtemp");
  tmpfd = open (tmpdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int fd = openat (tmpfd, "probe", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (tmpfd < 0 || fd < 0)
    setup_failed ("open the temporary directory");
  xattrs = fsetxattr (fd, "user.brisk.probe", "", 0, 0) == 0;
  if (!xattrs)
    printf ("note: %s takes no user.* attributes (%s): not checked\n",
            tmpdir, strerror (errno));
  else if (fsetxattr (fd, "user.brisk.big", big_value, sizeof big_value,
                      0) < 0)
    {
      xattr_set[1].size = 3000;
      printf ("note: %s takes no attribute of %zu bytes (%s): %zu "
              "instead\n", tmpdir, sizeof big_value, strerror (errno),
              xattr_set[1].size);
    }
  close (fd);
  unlinkat (tmpfd, "probe", 0);
}

/* Remove the temporary directory and all in it.  */
static void
remove_tmpdir (void)
{
  char cmd[PATH_MAX + 32];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    printf ("note: could not remove %s\n", tmpdir);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  started = time (NULL);
  root = geteuid () == 0;
  fill_random (big_value, sizeof big_value);
  make_tmpdir ();
  make_dirs (0, "d", 0755, getegid ());
  make_dirs (3, "g", 02775, root ? DIR_GID : getegid ());
  test_data ();
  test_attributes ();
  test_default_mode ();
  test_attr_st ();
  test_setgid_dir ();
  test_default_acl ();
  test_window ();
  test_open_failures ();
  test_data_failures ();
  test_child_failures ();
  test_symlink ();
  test_fifo ();
  test_directory ();
  test_big_xattr ();
  close (tmpfd);
  remove_tmpdir ();
  if (failures)
    printf ("%d failure(s)\n", failures);
  else
    printf ("PASS%s\n", root ? "" : " (not root: owners not checked)");
  return failures ? 1 : 0;
}
