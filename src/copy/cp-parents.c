/* cp-parents.c -- --parents: the leading directories of an operand's
   copy, made (or found) under the target directory one at a time from
   the descriptor of the one above, kept open, and given what is kept
   of their sources' attributes once the operand is copied.

   What this file may call: lib/copy-file.h (copy_mode_to), gnulib.
   It prints cp's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirname.h"
#include "error.h"
#include "same-inode.h"
#include "xalloc.h"

#include "cp-copy-private.h"
#include "i18n.h"
#include "quoting.h"

/* A leading directory of a --parents copy that gets attributes once
   the operand is in: its path and the source directory it stands
   for, with that directory's status (whose mode, when RESTORE_MODE,
   is the one to give it back instead: the mode it was made with,
   with the permissions omitted while it was filled); and the
   directory itself, open as FD.  The attributes go through FD, never
   through the name, which another user may have made a symbolic link
   to some other directory by then (GNU's cp follows it).  FD is -1
   only for a directory that was there already and that cp may not
   read: its name serves then, as in GNU's cp.  */
struct made_parent
{
  char *dst;
  char *src;
  struct stat st;
  int fd;
  bool restore_mode;
};

/* The permissions a leading directory made for --parents leaves out
   while the copy goes on, of the source's SRC_MODE: as GNU's cp, all
   of group's and others' while the owner is still to be set, else
   their write permission while the mode is to be copied.  */
static mode_t
parent_omitted (struct cp_run *r, mode_t src_mode)
{
  return src_mode & (r->x->preserve & COPY_PRESERVE_OWNERSHIP
                     ? S_IRWXG | S_IRWXO
                     : r->x->preserve & COPY_PRESERVE_MODE
                     ? S_IWGRP | S_IWOTH : 0);
}

/* Give the leading directory M the owner UID and group GID, through
   its descriptor if it has one.  Return 0, or -1 with errno set.  */
static int
parent_chown (struct made_parent const *m, uid_t uid, gid_t gid)
{
  return 0 <= m->fd ? fchown (m->fd, uid, gid) : lchown (m->dst, uid, gid);
}

/* Give the leading directory M the times of its source, through its
   descriptor if it has one.  Return 0, or -1 with errno set.  */
static int
parent_times (struct made_parent const *m)
{
  struct timespec ts[2] = { m->st.st_atim, m->st.st_mtim };
  return (0 <= m->fd ? futimens (m->fd, ts)
          : utimensat (AT_FDCWD, m->dst, ts, 0));
}

/* Give the leading directory M what it is to keep of its source's
   attributes, as GNU's cp does once the operand is copied: the times,
   the owner (a failure for lack of privilege is no failure but for
   root), and the mode: the source's with its ACL (or none) with
   --preserve=mode, else the one it was made with where that was
   restricted.  Return true, or false (reported).  */
static bool
finish_parent (struct cp_run *r, struct made_parent const *m)
{
  if (r->x->preserve & COPY_PRESERVE_TIMESTAMPS && parent_times (m) < 0)
    {
      error (0, errno, _("failed to preserve times for %s"),
             quoteaf (m->dst));
      return false;
    }
  if (r->x->preserve & COPY_PRESERVE_OWNERSHIP
      && parent_chown (m, m->st.st_uid, m->st.st_gid) < 0)
    {
      if (!((errno == EPERM || errno == EINVAL) && geteuid () != 0))
        {
          error (0, errno, _("failed to preserve ownership for %s"),
                 quoteaf (m->dst));
          return false;
        }
      parent_chown (m, (uid_t) -1, m->st.st_gid);
    }
  mode_t mode = m->st.st_mode & 07777;
  if (r->x->preserve & COPY_PRESERVE_MODE)
    {
      if (copy_mode_to (m->src, m->fd, m->dst, m->st.st_mode) < 0)
        {
          error (0, errno, _("preserving permissions for %s"),
                 quoteaf (m->dst));
          return false;
        }
    }
  else if (m->restore_mode
           && (0 <= m->fd ? fchmod (m->fd, mode) : chmod (m->dst, mode)) < 0)
    {
      error (0, errno, _("failed to preserve permissions for %s"),
             quoteaf (m->dst));
      return false;
    }
  return true;
}

/* Give the leading directories of a --parents copy, those in P, their
   attributes, deepest first, stopping at the first failure (as GNU's
   cp does), when APPLY; close and free them.  Return false if one
   failed (reported).  */
bool
finish_parents (struct cp_run *r, struct parents *p, bool apply)
{
  bool ok = true;
  while (p->n)
    {
      struct made_parent *m = &p->made[--p->n];
      if (ok && apply)
        ok = finish_parent (r, m);
      if (0 <= m->fd)
        close (m->fd);
      free (m->dst);
      free (m->src);
    }
  free (p->made);
  if (p->owned)
    close (p->fd);
  return ok;
}

/* Open as M->fd the leading directory NAME in DIRFD (DST in all) that
   make_parent has just made, whose status was ST then: not through a
   symbolic link, and only if it is still that directory.  One that
   its owner may not read (made as a copy of one so) is first given
   the owner's permissions, as it is to have them while it is filled
   anyway: by name, but not through a symbolic link.  Return true, or
   false (reported).  */
static bool
open_made_parent (int dirfd, char const *name, char const *dst,
                  struct stat const *st, struct made_parent *m)
{
  int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  int fd = openat (dirfd, name, flags);
  if (fd < 0 && errno == EACCES
      && fchmodat (dirfd, name, (st->st_mode | S_IRWXU) & 07777,
                   AT_SYMLINK_NOFOLLOW) == 0)
    fd = openat (dirfd, name, flags);
  struct stat fd_st;
  if (fd < 0 || fstat (fd, &fd_st) < 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (dst));
      if (0 <= fd)
        close (fd);
      return false;
    }
  if (!SAME_INODE (fd_st, *st))
    {
      error (0, 0, _("%s was replaced while it was made"), quoteaf (dst));
      close (fd);
      return false;
    }
  m->fd = fd;
  return true;
}

/* Make the leading directory NAME in DIRFD (DST in all) of a
   --parents copy, a copy of the source directory whose status is
   M->st, without the permissions that must wait, and searchable and
   writable by its owner while the copy goes on; open it as M->fd, and
   record in M the mode to restore, if any.  Return true, or false
   (reported).  */
static bool
make_parent (struct cp_run *r, int dirfd, char const *name, char const *dst,
             struct made_parent *m)
{
  mode_t omitted = parent_omitted (r, m->st.st_mode);
  mode_t mode = (r->x->no_preserve_mode ? S_IRWXU | S_IRWXG | S_IRWXO
                 : m->st.st_mode & 07777) & ~omitted;
  struct stat st;
  if (mkdirat (dirfd, name, mode) < 0)
    {
      error (0, errno, _("cannot make directory %s"), quoteaf (dst));
      return false;
    }
  if (r->x->verbose)
    printf ("%s -> %s\n", m->src, dst);
  if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
    {
      error (0, errno, _("failed to get attributes of %s"), quoteaf (dst));
      return false;
    }
  if (!open_made_parent (dirfd, name, dst, &st, m))
    return false;
  if (!(r->x->preserve & COPY_PRESERVE_MODE))
    {
      if (omitted & ~st.st_mode)
        omitted &= ~r->copier.umask;
      if (omitted & ~st.st_mode || (st.st_mode & S_IRWXU) != S_IRWXU)
        {
          m->st.st_mode = st.st_mode | omitted;
          m->restore_mode = true;
        }
    }
  if ((st.st_mode & S_IRWXU) != S_IRWXU
      && fchmod (m->fd, (st.st_mode | S_IRWXU) & 07777) < 0)
    {
      error (0, errno, _("setting permissions for %s"), quoteaf (dst));
      return false;
    }
  return true;
}

/* Whether the directory that will hold SRC's copy under TARGET with
   --parents (TARGET/SRC's leading directories) is there; false also
   when SRC has no leading directory (nothing to make) or that one is
   not a directory (then reported, and *OK cleared).  */
static bool
parents_exist (char const *target, char const *src, bool *ok)
{
  char const *rel = src;
  while (*rel == '/')
    rel++;
  size_t len = dir_len (rel);
  if (len == 0)
    return true;
  char *reldir = ximemdup0 (rel, len);
  char *dir = child_path (target, reldir);
  free (reldir);
  struct stat st;
  bool there = stat (dir, &st) == 0;
  if (there && !S_ISDIR (st.st_mode))
    {
      error (0, 0, _("%s exists but is not a directory"), quoteaf (dir));
      *ok = false;
    }
  free (dir);
  return there;
}

/* Add to P the leading directory DST of a --parents copy, standing
   for the source directory SRC, not open yet.  Return it, or NULL if
   SRC's status could not be had (reported).  */
static struct made_parent *
add_parent (char const *src, char const *dst, struct parents *p)
{
  struct stat st;
  int err = stat (src, &st) < 0 ? errno : S_ISDIR (st.st_mode) ? 0 : ENOTDIR;
  if (err)
    {
      error (0, err, _("failed to get attributes of %s"), quoteaf (src));
      return NULL;
    }
  if (p->n == p->alloc)
    p->made = x2nrealloc (p->made, &p->alloc, sizeof *p->made);
  struct made_parent *m = &p->made[p->n++];
  *m = (struct made_parent) { xstrdup (dst), xstrdup (src), st, -1, false };
  return m;
}

/* Open the directory NAME in DIRFD, there already, to go on below it,
   and when ATTRS to give it attributes too: for reading then if cp
   may (set *READABLE), else only as a place (O_PATH).  Return the
   descriptor, or -1 with errno set.  */
static int
open_parent (int dirfd, char const *name, bool attrs, bool *readable)
{
  int fd = -1;
  if (attrs)
    fd = openat (dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  *readable = 0 <= fd;
  if (fd < 0 && (!attrs || errno == EACCES))
    fd = openat (dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC);
  return fd;
}

/* Go down P to the leading directory NAME in P->fd (DST in all) of a
   --parents copy, standing for the source directory SRC: make it if
   missing; add it to P if made, or if its attributes are kept; and
   make it P->fd.  Return true, or false (reported).  */
static bool
parent_step (struct cp_run *r, struct parents *p, char const *src,
             char const *dst, char const *name)
{
  char const *at = p->fd == AT_FDCWD ? dst : name;
  struct stat dst_st;
  bool missing = fstatat (p->fd, at, &dst_st, 0) < 0;
  struct made_parent *m = NULL;
  if ((missing || r->x->preserve & (COPY_PRESERVE_OWNERSHIP
                                 | COPY_PRESERVE_MODE
                                 | COPY_PRESERVE_TIMESTAMPS))
      && !(m = add_parent (src, dst, p)))
    return false;
  if (!missing && !S_ISDIR (dst_st.st_mode))
    {
      error (0, 0, _("%s exists but is not a directory"), quoteaf (dst));
      return false;
    }
  int fd;
  bool readable = false;
  if (missing && !make_parent (r, p->fd, at, dst, m))
    return false;
  if (missing)
    fd = m->fd;
  else if ((fd = open_parent (p->fd, at, m != NULL, &readable)) < 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (dst));
      return false;
    }
  if (readable)
    m->fd = fd;
  if (p->owned)
    close (p->fd);
  p->fd = fd;
  p->owned = !(m && m->fd == fd);
  return true;
}

/* Make the directories --parents needs for SRC under TARGET, as GNU's
   cp does: when the directory to hold SRC's copy is missing, each of
   SRC's leading directories, as TARGET/that name, where missing; put
   in P those made and those that existed, when their attributes are
   kept (they get them too), and the deepest open.  Return true, or
   false (reported: then nothing is to be copied).  */
bool
make_parents (struct cp_run *r, char const *target, char const *src,
              struct parents *p)
{
  bool ok = true;
  if (parents_exist (target, src, &ok))
    return ok;
  /* If TARGET cannot be opened, its first subdirectory is reached by
     its whole name, and fails as in GNU's cp.  */
  int fd = open (target, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (0 <= fd)
    *p = (struct parents) { .fd = fd, .owned = true };
  char *path = xstrdup (src);
  char *rel = path;
  while (*rel == '/')
    rel++;
  char *comp = rel;
  for (char *slash = strchr (rel, '/'); ok && slash;
       slash = strchr (slash + 1, '/'))
    {
      if (slash[1] == '/' || slash[1] == '\0')
        continue;
      *slash = '\0';
      char *dst = child_path (target, rel);
      char *name = ximemdup0 (comp, strcspn (comp, "/"));
      ok = parent_step (r, p, path, dst, name);
      free (name);
      free (dst);
      *slash = '/';
      comp = slash + 1;
    }
  p->tail = strlen (comp);
  free (path);
  return ok;
}
