/* copy-file.c -- copy one file and its attributes, the careful way.
   See copy-file.h for the order of the steps and why.

   The attribute steps work on a struct attr_target: an open
   descriptor where there is one (regular files, directories), else a
   name relative to a directory descriptor, never followed (symbolic
   links, FIFOs, device nodes).  */

#include <config.h>

#include "copy-file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "acl.h"

/* The permission bits chmod sets, and the special ones among them.  */
#define MODE_BITS (S_ISUID | S_ISGID | S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO)
#define SPECIAL_BITS (S_ISUID | S_ISGID | S_ISVTX)

/* The prefix of the extended attributes that hold access control
   lists: they go with the mode, not with the other attributes.  */
static char const acl_prefix[] = "system.posix_acl_";

/* The scratch buffer starts at this size and doubles as needed.  */
enum { XBUF_MIN = 4096 };

/* A file whose attributes are set: by descriptor FD when FD >= 0,
   else by NAME relative to DIRFD, not following a symlink; IS_LINK
   when it is one (a symlink has no mode of its own).  */
struct attr_target
{
  int fd;
  int dirfd;
  char const *name;
  char const *path;             /* DIRFD and NAME as one name, for the
                                   extended attributes, or NULL */
  bool is_link;
};

/* Room for "/proc/self/fd/N/" and a file name.  */
enum { PROC_FD_PATH_MAX = 32 + NAME_MAX + 1 };

/* Write into BUF (PROC_FD_PATH_MAX bytes) a name for NAME in the
   directory DIRFD that calls without an "at" form can take: through
   /proc, so that no depth is too deep.  Return BUF, or NULL if NAME
   is too long for it.  */
static char const *
proc_path (int dirfd, char const *name, char *buf)
{
  if (dirfd == AT_FDCWD)
    return name;
  int n = snprintf (buf, PROC_FD_PATH_MAX, "/proc/self/fd/%d/%s", dirfd,
                    name);
  return 0 <= n && n < PROC_FD_PATH_MAX ? buf : NULL;
}

/* The owner and mode a destination has now.  MODE is (mode_t) -1
   where not known for sure (then a wanted mode is always set).  */
struct dst_state
{
  uid_t uid;
  gid_t gid;
  mode_t mode;
  mode_t want;                  /* the final mode, or (mode_t) -1 to
                                   leave it as it is */
  bool acl;                     /* it may have an access control list
                                   of its own (inherited from its
                                   directory's default one, or its
                                   own already): then it is asked, and
                                   if it has one, the mode is set with
                                   the ACL, which is removed */
};

/* Set up COPIER for copies that keep holes as SPARSE says and carry
   over the attributes PRESERVE, failing on those of REQUIRE.  */
void
file_copier_init (struct file_copier *copier, enum copy_sparse sparse,
                  unsigned int preserve, unsigned int require)
{
  memset (copier, 0, sizeof *copier);
  copy_engine_init (&copier->engine, sparse);
  copier->preserve = preserve;
  copier->require = require & preserve;
  copier->data = true;
  copier->umask = umask (0);
  umask (copier->umask);
  copier->euid = geteuid ();
  copier->egid = getegid ();
}

/* Free what COPIER holds.  */
void
file_copier_free (struct file_copier *copier)
{
  copy_engine_free (&copier->engine);
  free (copier->xbuf);
  copier->xbuf = NULL;
  copier->xbuf_size = 0;
}

/* Clear REPORT for a new copy.  */
static void
report_init (struct copy_file_report *report)
{
  memset (report, 0, sizeof *report);
  report->data.method = COPY_METHOD_NONE;
}

/* Record in REPORT that STEP failed with errno.  Return -1.  */
static int
step_failed (struct copy_file_report *report, enum copy_file_step step)
{
  report->step = step;
  report->err = errno;
  return -1;
}

/* Record that attribute STEP failed with errno: a failure of the copy
   when COPIER requires the attribute BIT, else a soft one.  Return -1
   or 0 accordingly.  */
static int
attr_failed (struct file_copier const *copier, unsigned int bit,
             struct copy_file_report *report, enum copy_file_step step)
{
  if (copier->require & bit)
    return step_failed (report, step);
  report->soft_err[step] = errno;
  return 0;
}

/* ---- the attribute steps -------------------------------------------- */

/* Give T the access and modification times of SRC_ST.  Return 0, or
   -1 with errno set.  */
static int
set_times (struct attr_target const *t, struct stat const *src_st)
{
  struct timespec ts[2] = { src_st->st_atim, src_st->st_mtim };
  return (t->fd >= 0 ? futimens (t->fd, ts)
          : utimensat (t->dirfd, t->name, ts, AT_SYMLINK_NOFOLLOW));
}

/* Give T the owner UID and group GID.  Return 0, or -1 with errno
   set.  */
static int
set_owner (struct attr_target const *t, uid_t uid, gid_t gid)
{
  return (t->fd >= 0 ? fchown (t->fd, uid, gid)
          : fchownat (t->dirfd, t->name, uid, gid, AT_SYMLINK_NOFOLLOW));
}

/* Give T the mode MODE.  Return 0, or -1 with errno set.  */
static int
set_mode (struct attr_target const *t, mode_t mode)
{
  return (t->fd >= 0 ? fchmod (t->fd, mode)
          : fchmodat (t->dirfd, t->name, mode, AT_SYMLINK_NOFOLLOW));
}

/* Make COPIER's scratch buffer at least SIZE bytes.  Return 0, or -1
   with errno set.  */
static int
grow_xbuf (struct file_copier *copier, size_t size)
{
  if (size <= copier->xbuf_size)
    return 0;
  size_t n = copier->xbuf_size ? copier->xbuf_size : XBUF_MIN;
  while (n < size)
    n *= 2;
  char *p = realloc (copier->xbuf, n);
  if (!p)
    return -1;
  copier->xbuf = p;
  copier->xbuf_size = n;
  return 0;
}

/* A file whose extended attributes are read or written: by descriptor
   FD when FD >= 0, else by PATH, not following a symlink.  */
struct xattr_file
{
  int fd;
  char const *path;
};

/* List F's attribute names into BUF of SIZE bytes (as flistxattr).  */
static ssize_t
x_list (struct xattr_file const *f, char *buf, size_t size)
{
  return (0 <= f->fd ? flistxattr (f->fd, buf, size)
          : llistxattr (f->path, buf, size));
}

/* Get F's attribute NAME into BUF of SIZE bytes (as fgetxattr).  */
static ssize_t
x_get (struct xattr_file const *f, char const *name, char *buf, size_t size)
{
  return (0 <= f->fd ? fgetxattr (f->fd, name, buf, size)
          : lgetxattr (f->path, name, buf, size));
}

/* Set F's attribute NAME to the SIZE bytes at VALUE.  */
static int
x_set (struct xattr_file const *f, char const *name, char const *value,
       size_t size)
{
  return (0 <= f->fd ? fsetxattr (f->fd, name, value, size, 0)
          : lsetxattr (f->path, name, value, size, 0));
}

/* Read into COPIER's buffer at OFFSET, growing it as needed, F's list
   of attribute names (NAME_AT is SIZE_MAX) or the value of the name
   at NAME_AT in the buffer (an offset: the buffer may move).  Return
   the size, or -1 with errno set.  */
static ssize_t
xattr_fetch (struct file_copier *copier, struct xattr_file const *f,
             size_t name_at, size_t offset)
{
  bool list = name_at == SIZE_MAX;
  for (;;)
    {
      if (grow_xbuf (copier, offset + XBUF_MIN) < 0)
        return -1;
      char *buf = copier->xbuf + offset;
      size_t room = copier->xbuf_size - offset;
      char const *name = list ? NULL : copier->xbuf + name_at;
      ssize_t n = list ? x_list (f, buf, room) : x_get (f, name, buf, room);
      if (0 <= n || errno != ERANGE)
        return n;
      ssize_t need = list ? x_list (f, NULL, 0) : x_get (f, name, NULL, 0);
      if (need < 0)
        return -1;
      if (grow_xbuf (copier, offset + need + XBUF_MIN) < 0)
        return -1;
    }
}

/* Copy from SRC to DST the extended attributes COPIER keeps, all but
   the access control lists, which go with the mode (gnulib's
   qcopy_acl, see set_mode_acl): set *SRC_ACL when SRC has one, if
   COPIER keeps the mode.  A source that cannot have attributes has
   none.  Return 0 or -1 with errno set and *STEP naming what failed.  */
static int
copy_xattrs (struct file_copier *copier, struct xattr_file const *src,
             struct xattr_file const *dst, bool *src_acl,
             enum copy_file_step *step)
{
  bool want_acl = copier->preserve & COPY_PRESERVE_MODE;
  bool want_other = copier->preserve & COPY_PRESERVE_XATTR;
  *step = want_other ? COPY_STEP_XATTR : COPY_STEP_MODE;
  ssize_t list_len = xattr_fetch (copier, src, SIZE_MAX, 0);
  if (list_len < 0)
    return errno == ENOTSUP ? 0 : -1;
  int saved_errno = 0;
  for (size_t off = 0; off < (size_t) list_len;)
    {
      size_t name_len = strlen (copier->xbuf + off) + 1;
      bool is_acl = strncmp (copier->xbuf + off, acl_prefix,
                             sizeof acl_prefix - 1) == 0;
      if (is_acl && want_acl)
        *src_acl = true;
      else if (!is_acl && want_other)
        {
          /* The value goes after the list.  */
          size_t value_at = list_len;
          ssize_t v = xattr_fetch (copier, src, off, value_at);
          if (v < 0 || x_set (dst, copier->xbuf + off,
                              copier->xbuf + value_at, v) < 0)
            {
              saved_errno = errno;
              *step = COPY_STEP_XATTR;
            }
        }
      off += name_len;
    }
  errno = saved_errno;
  return saved_errno ? -1 : 0;
}

/* Write into BUF (PROC_FD_PATH_MAX bytes) a name of the file open as
   FD, for the calls of the ACL library that take only names (a
   directory's default ACL).  Return BUF.  */
static char const *
fd_path (int fd, char *buf)
{
  snprintf (buf, PROC_FD_PATH_MAX, "/proc/self/fd/%d", fd);
  return buf;
}

/* Whether T has the extended attribute NAME, or may have it (the
   question fails otherwise than "no such attribute" or "none on this
   file system").  */
static bool
has_xattr (struct attr_target const *t, char const *name)
{
  ssize_t n = (0 <= t->fd ? fgetxattr (t->fd, name, NULL, 0)
               : t->path ? lgetxattr (t->path, name, NULL, 0) : -1);
  return (0 <= n
          || ((0 <= t->fd || t->path)
              && !(errno == ENODATA || errno == ENOTSUP)));
}

/* Whether T, of the file type of MODE, has an access control list
   beyond its mode, or may have: an access ACL, or a directory's
   default ACL.  */
static bool
has_acl (struct attr_target const *t, mode_t mode)
{
  return (has_xattr (t, "system.posix_acl_access")
          || (S_ISDIR (mode) && has_xattr (t, "system.posix_acl_default")));
}

/* Give T the mode MODE (with its file type bits) and the access
   control list that goes with it, as GNU's cp and install do: the
   source's ACLs when SRC_ACL (the source being open as SRC_FD, or
   named SRC_PATH), else none beyond the mode (any ACL T has, and a
   directory's default ACL, are removed).  Return 0, or -1 with errno
   set.  */
static int
set_mode_acl (struct attr_target const *t, int src_fd, char const *src_path,
              bool src_acl, mode_t mode)
{
  char sbuf[PROC_FD_PATH_MAX], dbuf[PROC_FD_PATH_MAX];
  char const *dst_name = 0 <= t->fd ? fd_path (t->fd, dbuf) : t->path;
  if (!dst_name)
    return set_mode (t, mode & MODE_BITS);
  if (!src_acl)
    return qset_acl (dst_name, t->fd, mode);
  char const *src_name = 0 <= src_fd ? fd_path (src_fd, sbuf) : src_path;
  return qcopy_acl (src_name, src_fd, dst_name, t->fd, mode) == 0 ? 0 : -1;
}

/* Carry over to T the owner of SRC_ST, if COPIER keeps it and *D (T's
   state) differs.  On failure keep at least the group if that can be
   set, and drop the special bits from D->want: they must not be given
   to the wrong owner.  Return 0 or -1 (a required failure, in
   REPORT).  */
static int
carry_owner (struct file_copier *copier, struct attr_target const *t,
             struct stat const *src_st, struct dst_state *d,
             struct copy_file_report *report)
{
  if (!(copier->preserve & COPY_PRESERVE_OWNERSHIP)
      || (d->uid == src_st->st_uid && d->gid == src_st->st_gid))
    return 0;
  if (set_owner (t, src_st->st_uid, src_st->st_gid) == 0)
    {
      /* fchown cleared the set-user-ID and set-group-ID bits.  */
      d->mode = (mode_t) -1;
      return 0;
    }
  int err = errno;
  if (d->gid != src_st->st_gid)
    set_owner (t, (uid_t) -1, src_st->st_gid);
  d->mode = (mode_t) -1;
  if (d->want != (mode_t) -1)
    d->want &= ~SPECIAL_BITS;
  errno = err;
  return attr_failed (copier, COPY_PRESERVE_OWNERSHIP, report,
                      COPY_STEP_OWNER);
}

/* Carry over to T what COPIER keeps of SRC_ST's attributes, given T's
   state *D; SRC_FD is the source's descriptor where T has one, else
   SRC_PATH its name (for its extended attributes, NULL for none).
   Return 0, or -1 with the failure in REPORT.  */
static int
carry_attributes (struct file_copier *copier, struct attr_target const *t,
                  int src_fd, char const *src_path,
                  struct stat const *src_st, struct dst_state *d,
                  struct copy_file_report *report)
{
  if (copier->preserve & COPY_PRESERVE_TIMESTAMPS
      && set_times (t, src_st) < 0
      && attr_failed (copier, COPY_PRESERVE_TIMESTAMPS, report,
                      COPY_STEP_TIMES) < 0)
    return -1;
  if (carry_owner (copier, t, src_st, d, report) < 0)
    return -1;
  bool src_acl = false;
  enum copy_file_step step;
  struct xattr_file xs = { src_fd, src_path }, xd = { t->fd, t->path };
  if ((0 <= t->fd ? 0 <= src_fd : t->path && src_path)
      && copier->preserve & (COPY_PRESERVE_MODE | COPY_PRESERVE_XATTR)
      && copy_xattrs (copier, &xs, &xd, &src_acl, &step) < 0
      && attr_failed (copier, (step == COPY_STEP_MODE ? COPY_PRESERVE_MODE
                               : COPY_PRESERVE_XATTR),
                      report, step) < 0)
    return -1;
  if (t->is_link || d->want == (mode_t) -1)
    return 0;

  /* Where neither file has an ACL, the mode alone, and only if it
     differs: no call of the ACL library.  */
  bool acl = (copier->preserve & COPY_PRESERVE_MODE
              && (src_acl || (d->acl && has_acl (t, src_st->st_mode))));
  if (!acl && d->want == d->mode)
    return 0;
  if ((acl ? set_mode_acl (t, src_fd, src_path, src_acl,
                           (src_st->st_mode & S_IFMT) | d->want)
       : set_mode (t, d->want)) < 0
      && attr_failed (copier, COPY_PRESERVE_MODE, report,
                      COPY_STEP_MODE) < 0)
    return -1;
  return 0;
}

/* Carry over to the open DST_FD what COPIER keeps of the attributes
   of the file open as SRC_FD, whose status is SRC_ST.  DST_MODE is
   the destination's mode now ((mode_t) -1 if not known), DST_UID and
   DST_GID its owner; DST_ACL whether it may have an access control
   list (then, with COPY_PRESERVE_MODE, it is asked, and gets the
   source's ACL or none).  Without COPY_PRESERVE_MODE the mode is left
   as it is.  Fill in REPORT (its soft failures too, as
   qcopy_file_preserving does).  Return 0, or -1 with the failure in
   REPORT.  */
int
copy_attributes_fd (struct file_copier *copier, int src_fd,
                    struct stat const *src_st, int dst_fd,
                    mode_t dst_mode, uid_t dst_uid, gid_t dst_gid,
                    bool dst_acl, struct copy_file_report *report)
{
  report_init (report);
  struct attr_target t = { .fd = dst_fd, .dirfd = -1 };
  struct dst_state d = {
    .uid = dst_uid, .gid = dst_gid, .mode = dst_mode, .acl = dst_acl,
    .want = (copier->preserve & COPY_PRESERVE_MODE
             ? src_st->st_mode & MODE_BITS : (mode_t) -1)
  };
  return carry_attributes (copier, &t, src_fd, NULL, src_st, &d, report);
}

/* Carry over to DST_NAME (in DST_DIRFD), a symbolic link or a special
   file just created by the caller and not followed, what COPIER keeps
   of SRC_ST's attributes, the source being SRC_NAME in SRC_DIRFD (for
   its extended attributes, read through /proc).  Fill in REPORT.
   Return 0, or -1 with the failure in REPORT.  */
int
copy_attributes_at (struct file_copier *copier, struct stat const *src_st,
                    int src_dirfd, char const *src_name,
                    int dst_dirfd, char const *dst_name,
                    struct copy_file_report *report)
{
  report_init (report);
  bool is_link = S_ISLNK (src_st->st_mode);
  struct attr_target t = { .fd = -1, .dirfd = dst_dirfd, .name = dst_name,
                           .is_link = is_link };
  struct dst_state d = {
    /* Not known: the caller created it, but under which owner (a
       set-group-ID directory) and mode (a default ACL) is not sure.  */
    .uid = (uid_t) -1, .gid = (gid_t) -1, .mode = (mode_t) -1,
    .acl = true,
    .want = (copier->preserve & COPY_PRESERVE_MODE && !is_link
             ? src_st->st_mode & MODE_BITS : (mode_t) -1)
  };
  char src_path[PROC_FD_PATH_MAX], dst_path[PROC_FD_PATH_MAX];
  t.path = proc_path (dst_dirfd, dst_name, dst_path);
  return carry_attributes (copier, &t, -1,
                           proc_path (src_dirfd, src_name, src_path),
                           src_st, &d, report);
}

/* Give the file open as DST_FD, or if DST_FD is -1 the file named DST,
   the mode MODE (with its file type bits) and the access control
   lists of the file named SRC, or none beyond the mode if SRC has
   none (gnulib's qcopy_acl, as GNU's cp gives them to the leading
   directories of --parents).  With a descriptor, no name is followed:
   the ACL library's calls that want a name get DST_FD's in /proc.
   Return 0, or -1 with errno set.  */
int
copy_mode_to (char const *src, int dst_fd, char const *dst, mode_t mode)
{
  char buf[PROC_FD_PATH_MAX];
  char const *name = 0 <= dst_fd ? fd_path (dst_fd, buf) : dst;
  return qcopy_acl (src, -1, name, dst_fd, mode) == 0 ? 0 : -1;
}

/* Give DST_NAME in DST_DIRFD, a symbolic link just made in place of
   a copy of a file of status SRC_ST (cp -s), its times, if COPIER
   keeps them: the only attribute such a link gets.  Fill in REPORT.
   Return 0, or -1 with the failure in REPORT.  */
int
copy_times_at (struct file_copier *copier, struct stat const *src_st,
               int dst_dirfd, char const *dst_name,
               struct copy_file_report *report)
{
  report_init (report);
  struct attr_target t = { .fd = -1, .dirfd = dst_dirfd, .name = dst_name,
                           .is_link = true };
  if (copier->preserve & COPY_PRESERVE_TIMESTAMPS
      && set_times (&t, src_st) < 0)
    return attr_failed (copier, COPY_PRESERVE_TIMESTAMPS, report,
                        COPY_STEP_TIMES);
  return 0;
}

/* ---- the regular file ----------------------------------------------- */

/* Open the source of NAMES into *SRC_FD (or take the descriptor
   NAMES gives) and its status into REPORT->src_st; it must be the file
   NAMES->src_st describes, if given.  Return 0, or -1 with the failure
   in REPORT.  */
static int
open_source (struct copy_file_names const *names, int *src_fd,
             struct copy_file_report *report)
{
  if (0 <= names->src_fd)
    {
      *src_fd = names->src_fd;
      report->src_st = *names->src_st;
      return 0;
    }
  int flags = (O_RDONLY | O_CLOEXEC | O_NOCTTY
               | (names->follow_src ? 0 : O_NOFOLLOW));
  *src_fd = openat (names->src_dirfd, names->src_name, flags);
  if (*src_fd < 0)
    return step_failed (report, COPY_STEP_OPEN_SRC);
  if (fstat (*src_fd, &report->src_st) < 0)
    return step_failed (report, COPY_STEP_STAT_SRC);
  struct stat const *st = names->src_st;
  if (st && (st->st_ino != report->src_st.st_ino
             || st->st_dev != report->src_st.st_dev))
    {
      errno = 0;
      return step_failed (report, COPY_STEP_SRC_REPLACED);
    }
  return 0;
}

/* Create the destination of NAMES, a copy of a file of status SRC_ST,
   into *DST_FD, and set *DST_ST and *D to what it is: an empty regular
   file whose owner is the one a new file gets in its directory, with
   no permission for group and others while its owner is still to be
   set.  EXCL: it must not exist (else a dangling symlink is followed,
   and a file that appeared meanwhile is opened as it is).  Return 0,
   or -1 with the failure in REPORT.  */
static int
create_dest (struct file_copier *copier, struct copy_file_names const *names,
             bool excl, struct stat const *src_st, int *dst_fd,
             struct stat *dst_st, struct dst_state *d,
             struct copy_file_report *report)
{
  struct stat const *dir = names->dst_dir_st;
  d->acl = false;
  d->uid = copier->euid;
  d->gid = (dir && dir->st_mode & S_ISGID ? dir->st_gid : copier->egid);
  bool owner_pending = (copier->preserve & COPY_PRESERVE_OWNERSHIP
                        && (!dir || d->uid != src_st->st_uid
                            || d->gid != src_st->st_gid));
  mode_t base = (copier->default_mode ? DEFAULT_FILE_MODE
                 : src_st->st_mode & ACCESSPERMS);
  mode_t mode = base & (owner_pending ? S_IRWXU : ACCESSPERMS);

  /* A user other than root may set extended attributes only on a file
     it may write: a file without write permission for its owner is
     made with it (for its owner alone, who may chmod it anyway), and
     gets its mode at the end.  */
  bool add_write = (copier->euid != 0 && !(mode & S_IWUSR)
                    && copier->preserve & COPY_PRESERVE_XATTR);
  if (add_write)
    mode |= S_IWUSR;
  *dst_fd = openat (names->dst_dirfd, names->dst_name,
                    (O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY
                     | (excl ? O_EXCL : 0)), mode);
  if (*dst_fd < 0)
    return step_failed (report, COPY_STEP_CREATE_DST);
  d->mode = mode & ~copier->umask;
  memset (dst_st, 0, sizeof *dst_st);
  dst_st->st_mode = S_IFREG | d->mode;
  if (copier->preserve & COPY_PRESERVE_MODE)
    {
      /* A default ACL in the directory would set the mode instead of
         the umask: unless there is none, the mode is set whatever it
         seems to be.  */
      d->want = src_st->st_mode & MODE_BITS;
      if (!(dir && names->dst_dir_plain))
        {
          d->mode = (mode_t) -1;
          d->acl = true;
        }
    }
  else
    d->want = (owner_pending || add_write ? base & ~copier->umask
               : (mode_t) -1);
  if (!dir)
    {
      if (fstat (*dst_fd, dst_st) < 0)
        return step_failed (report, COPY_STEP_STAT_DST);
      d->uid = dst_st->st_uid;
      d->gid = dst_st->st_gid;
      return 0;
    }
  dst_st->st_dev = dir->st_dev;
  dst_st->st_blksize = dir->st_blksize;
  dst_st->st_uid = d->uid;
  dst_st->st_gid = d->gid;
  return 0;
}

/* Before the data of a file of status SRC_ST goes into the existing
   destination DST_FD, whose state is *D, lower its mode to what both
   its mode and the final one (D->want) allow, so that the new data is
   never readable by more than the source allows: a source of mode 0600
   written into a file of mode 0644 would be readable by all until its
   mode is set, after the data.  While COPIER is still to give it the
   source's group, the group has nothing (its members are not the
   source's); the owner may chmod its file anyway, and keeps its write
   permission, which shows nothing and which a user other than root
   needs to set extended attributes.  Special bits wait for the end.
   No call where nothing is to be lowered; a failure (a file that is
   not ours, as written through a group's permission) leaves the mode
   as it is, to be set at the end or that failure reported then.  */
static void
lower_existing_mode (struct file_copier const *copier, int dst_fd,
                     struct stat const *src_st, struct dst_state *d)
{
  if (d->want == (mode_t) -1)
    return;
  mode_t low = d->mode & (d->want | S_IWUSR) & ACCESSPERMS;
  if (copier->preserve & COPY_PRESERVE_OWNERSHIP
      && d->gid != src_st->st_gid)
    low &= ~S_IRWXG;
  if (low != d->mode && fchmod (dst_fd, low) == 0)
    d->mode = low;
}

/* Open the existing destination of NAMES into *DST_FD, emptied if data
   is to be copied, and set *DST_ST and *D to what it is; if data is to
   be copied, with its mode lowered first (lower_existing_mode).
   Return 0, or -1 with the failure in REPORT.  */
static int
open_dest (struct file_copier *copier, struct copy_file_names const *names,
           struct stat const *src_st, int *dst_fd, struct stat *dst_st,
           struct dst_state *d, struct copy_file_report *report)
{
  int flags = (O_WRONLY | O_CLOEXEC | O_NOCTTY
               | (copier->data ? O_TRUNC : 0));
  *dst_fd = openat (names->dst_dirfd, names->dst_name, flags);
  if (*dst_fd < 0)
    return step_failed (report, COPY_STEP_OPEN_DST);
  if (fstat (*dst_fd, dst_st) < 0)
    return step_failed (report, COPY_STEP_STAT_DST);
  d->uid = dst_st->st_uid;
  d->gid = dst_st->st_gid;
  d->mode = dst_st->st_mode & MODE_BITS;
  d->want = (copier->preserve & COPY_PRESERVE_MODE
             ? src_st->st_mode & MODE_BITS : (mode_t) -1);
  d->acl = true;
  if (copier->data)
    lower_existing_mode (copier, *dst_fd, src_st, d);
  return 0;
}

/* Open the destination of NAMES as HOW says (see
   qcopy_file_preserving), for a source of status SRC_ST, into *DST_FD,
   *DST_ST and *D; set *FRESH if it was created.  An existing
   destination that has gone since the caller saw it (another client
   of an NFS server removed it) is created afresh, as GNU's cp does,
   but never through a name that is there (O_EXCL): a dangling
   symbolic link stays the failure to open it (ENOENT), which cp -f
   mends by removing it.  Return 0, or -1 with the failure in
   REPORT.  */
static int
reach_dest (struct file_copier *copier, struct copy_file_names const *names,
            enum copy_dst_open how, struct stat const *src_st, int *dst_fd,
            struct stat *dst_st, struct dst_state *d, bool *fresh,
            struct copy_file_report *report)
{
  *fresh = how != COPY_DST_OVERWRITE;
  if (*fresh)
    return create_dest (copier, names, how == COPY_DST_CREATE, src_st,
                        dst_fd, dst_st, d, report);
  if (open_dest (copier, names, src_st, dst_fd, dst_st, d, report) == 0)
    return 0;
  if (report->step != COPY_STEP_OPEN_DST || report->err != ENOENT)
    return -1;
  report->step = COPY_STEP_NONE;
  report->err = 0;
  *fresh = true;
  if (create_dest (copier, names, true, src_st, dst_fd, dst_st, d, report)
      == 0)
    return 0;
  if (report->err == EEXIST)
    {
      report->step = COPY_STEP_OPEN_DST;
      report->err = ENOENT;
    }
  return -1;
}

/* Copy the data of SRC_FD (status SRC_ST) to DST_FD (status DST_ST),
   FRESH when DST_FD was just created.  Return 0, or -1 with the
   failure in REPORT.  */
static int
copy_contents (struct file_copier *copier, int src_fd,
               struct stat const *src_st, int dst_fd,
               struct stat const *dst_st, bool fresh,
               struct copy_file_report *report)
{
  struct copy_result *result = &report->data;
  int r = (fresh
           ? copy_data_fresh (&copier->engine, src_fd, src_st, dst_fd,
                              dst_st, result)
           : copy_data (&copier->engine, src_fd, src_st, dst_fd, dst_st,
                        result));
  if (r > 0)
    return 0;
  if (r == 0)
    {
      errno = ENOTSUP;
      return step_failed (report, COPY_STEP_NO_METHOD);
    }
  return step_failed (report, (result->failure == COPY_FAILED_READ
                               ? COPY_STEP_READ : COPY_STEP_WRITE));
}

/* Remove the destination NAMES->dst_name, open as DST_FD, that this
   copy created and into which no method could move the data (cp
   --reflink=always where the file system cannot clone), as GNU's cp
   does (9.2 and later), so that no empty file is left in its place:
   only if the name still leads to that file.  Errno is kept; a failure
   is not reported (the empty file stays).  The name is looked up twice,
   by fstatat and by unlinkat, as Linux unlinks by name only; whoever
   could put another file there in between had to remove this one, and
   so could remove theirs too (in a sticky directory, only its owner or
   the directory's).  */
static void
remove_fresh (struct copy_file_names const *names, int dst_fd)
{
  int saved_errno = errno;
  struct stat fd_st, st;
  if (fstat (dst_fd, &fd_st) == 0
      && fstatat (names->dst_dirfd, names->dst_name, &st,
                  AT_SYMLINK_NOFOLLOW) == 0
      && st.st_dev == fd_st.st_dev && st.st_ino == fd_st.st_ino)
    unlinkat (names->dst_dirfd, names->dst_name, 0);
  errno = saved_errno;
}

/* Copy the regular file NAMES->src_name to NAMES->dst_name, creating
   the destination (HOW is COPY_DST_CREATE, or COPY_DST_CREATE_FOLLOW
   through a dangling symlink) or overwriting an existing one
   (COPY_DST_OVERWRITE), with the data unless COPIER->data is false
   and then the attributes COPIER keeps, in the order copy-file.h
   gives; the attributes are the source's, or NAMES->attr_st's where
   given.  Fill in REPORT.  Return 0, or -1 with the step that failed
   and its errno in REPORT (after a failure to write, the destination
   holds what was written, with no attribute carried over).  */
int
qcopy_file_preserving (struct file_copier *copier,
                       struct copy_file_names const *names,
                       enum copy_dst_open how,
                       struct copy_file_report *report)
{
  report_init (report);
  int src_fd = -1, dst_fd = -1;
  struct stat dst_st;
  struct dst_state d;
  struct stat const *attr = (names->attr_st ? names->attr_st
                             : &report->src_st);
  int r = open_source (names, &src_fd, report);
  bool create = false;
  if (r == 0)
    r = reach_dest (copier, names, how, attr, &dst_fd, &dst_st, &d, &create,
                    report);
  if (r == 0 && copier->data)
    {
      r = copy_contents (copier, src_fd, &report->src_st, dst_fd, &dst_st,
                         create, report);
      if (r < 0 && report->step == COPY_STEP_NO_METHOD && create)
        remove_fresh (names, dst_fd);
    }
  if (r == 0)
    {
      struct attr_target t = { .fd = dst_fd, .dirfd = -1 };
      r = carry_attributes (copier, &t, names->attr_st ? -1 : src_fd, NULL,
                            attr, &d, report);
    }
  int saved_errno = errno;
  if (0 <= src_fd)
    close (src_fd);
  if (0 <= dst_fd && close (dst_fd) < 0 && r == 0)
    r = step_failed (report, COPY_STEP_CLOSE_DST);
  errno = saved_errno;
  return r;
}
