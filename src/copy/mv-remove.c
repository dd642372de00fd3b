/* mv-remove.c -- mv's removal of a source it copied to another file
   system (see mv-remove.h), at any depth.

   Owns: the removal's stack of directories (a frame for each, from the
   operand down to the one being emptied), their descriptors and one
   path buffer (lib/walk-path.h).  Calls: openat, unlinkat, fstat,
   lib/dir-list.h; prints mv's messages about removals.

   Each directory's entries are read whole before any goes (removing
   while reading may make readdir skip or repeat entries), and removed
   in the order read, depth first; a directory goes once empty, by its
   name in its parent's descriptor, and not if something in it could
   not go.  The walk does not recurse, and holds at most
   RM_FRAMES_OPEN directories open below the operand: one closed is
   opened again on the way back up, by ".." from its child, checked
   to be the same directory (device and inode), else by the names
   from the nearest open ancestor, each opened without following a
   symbolic link and checked.  A directory that cannot be had again so
   is reported ("cannot remove", ENOENT if another is in its place),
   and what it still holds stays.  */

#include <config.h>

#include "mv-remove.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dir-list.h"
#include "error.h"
#include "quotearg.h"
#include "walk-path.h"
#include "xalloc.h"

#include "i18n.h"
#include "quoting.h"

enum
{
  /* Frames below the operand's that keep their directory open.  */
  RM_FRAMES_OPEN = 32
};

/* A directory being emptied.  */
struct rm_frame
{
  struct dir_list list;         /* its entries, as read */
  size_t next;                  /* the index of the next to remove */
  int fd;                       /* -1 while closed, or if it could not
                                   be had again */
  dev_t dev;                    /* its identity, noted when closed */
  ino_t ino;
  size_t path_len;              /* its path: the buffer's first bytes */
  size_t join;                  /* where a child's name goes there */
  size_t name_len;              /* its name, at the end of its path */
  bool ok;                      /* all that it held went */
  bool closed;
};

/* The removal of one operand: FRAMES[0..N-1], the operand's first;
   those from 1 to LOW - 1 closed.  */
struct rm_walk
{
  struct rm_frame *frames;
  size_t n, alloc, low;
  struct walk_path path;
  char const *top;              /* the operand, as given */
  bool verbose;
  bool ok;                      /* the operand went */
};

/* Close the directory of the highest frame of W that has one open, but
   the operand's, if more than RM_FRAMES_OPEN are.  */
static void
limit_open (struct rm_walk *w)
{
  if (w->n - w->low <= RM_FRAMES_OPEN)
    return;
  struct rm_frame *f = &w->frames[w->low++];
  struct stat st;
  if (fstat (f->fd, &st) != 0)
    {
      w->low--;                 /* kept open: it cannot be checked */
      return;
    }
  f->dev = st.st_dev;
  f->ino = st.st_ino;
  close (f->fd);
  f->fd = -1;
  f->closed = true;
}

/* Enter the directory NAME in DIRFD, whose path is W's path's first
   PATH_LEN bytes, ending in NAME (of NAME_LEN bytes): open it, read its
   entries and push its frame.  Return true, or false (reported).  */
static bool
rm_enter (struct rm_walk *w, int dirfd, char const *name, size_t path_len,
          size_t name_len)
{
  char const *path = w->n ? w->path.buf : w->top;
  int fd = openat (dirfd, name, walk_dir_flags (false));
  struct rm_frame f = { .fd = fd, .path_len = path_len,
                        .name_len = name_len, .ok = true };
  int list_fd = fd < 0 ? -1 : dup (fd);
  if (list_fd < 0 || dir_list_read (list_fd, &f.list) != 0)
    {
      error (0, errno, _("cannot remove %s"), quoteaf (path));
      if (0 <= fd)
        close (fd);
      return false;
    }
  f.join = walk_path_join (&w->path, path_len, w->n == 0);
  if (w->n == w->alloc)
    w->frames = x2nrealloc (w->frames, &w->alloc, sizeof *w->frames);
  w->frames[w->n++] = f;
  limit_open (w);
  return true;
}

/* Remove NAME in DIRFD, whose path is PATH, a directory when IS_DIR
   (empty by now).  Return true, or false (reported).  */
static bool
rm_name (int dirfd, char const *name, char const *path, bool is_dir,
         bool verbose)
{
  if (unlinkat (dirfd, name, is_dir ? AT_REMOVEDIR : 0) < 0)
    {
      error (0, errno, _("cannot remove %s"), quoteaf (path));
      return false;
    }
  if (verbose)
    printf (is_dir ? _("removed directory %s\n") : _("removed %s\n"),
            quoteaf (path));
  return true;
}

/* walk_reopen_down's LEVEL: level K of the walk ARG.  */
static void
rm_level (void *arg, size_t k, struct walk_level *l)
{
  struct rm_walk const *w = arg;
  struct rm_frame const *g = &w->frames[k];
  *l = (struct walk_level) { .len = g->path_len, .name_len = g->name_len,
                             .dev = g->dev, .ino = g->ino,
                             .follow = false };
}

/* Open again the directory of the frame T of W, closed, from its
   child's, open as FD (or -1): by "..", else by the names from the
   nearest open ancestor.  Return its descriptor, or -1 with errno
   set.  */
static int
reopen (struct rm_walk *w, size_t t, int fd)
{
  int up = walk_reopen_up (fd, 1, w->frames[t].dev, w->frames[t].ino);
  if (0 <= up)
    return up;
  size_t a = t - 1;
  while (w->frames[a].closed)
    a--;                        /* the operand's frame never is */
  return walk_reopen_down (w->path.buf, w->frames[a].fd, a + 1, t,
                           rm_level, w);
}

/* The deepest frame of W is empty, or as empty as it gets: open its
   parent again if closed, pop it, and remove it if all it held
   went.  */
static void
rm_leave (struct rm_walk *w)
{
  size_t k = w->n - 1;
  struct rm_frame *f = &w->frames[k];
  struct rm_frame *p = k ? &w->frames[k - 1] : NULL;
  if (p && p->closed)
    {
      p->fd = reopen (w, k - 1, f->fd);
      p->closed = false;
      w->low = k - 1;
      if (p->fd < 0)
        {
          int err = errno;
          char *end = w->path.buf + p->path_len;
          char c = *end;
          *end = '\0';
          error (0, err, _("cannot remove %s"), quoteaf (w->path.buf));
          *end = c;
          p->ok = false;
          p->next = p->list.n;
        }
    }
  if (0 <= f->fd)
    close (f->fd);
  dir_list_free (&f->list);
  bool ok = f->ok;
  w->n--;
  if (w->n < w->low)
    w->low = w->n;
  if (!p)
    {
      w->ok = ok && rm_name (AT_FDCWD, w->top, w->top, true, w->verbose);
      return;
    }
  w->path.buf[f->path_len] = '\0';
  if (!ok || p->fd < 0
      || !rm_name (p->fd, w->path.buf + f->path_len - f->name_len,
                   w->path.buf, true, w->verbose))
    p->ok = false;
}

/* Remove the next entry of the deepest frame of W.  */
static void
rm_visit (struct rm_walk *w)
{
  size_t k = w->n - 1;
  struct rm_frame *f = &w->frames[k];
  size_t i = f->next++;
  char const *name = dir_list_name (&f->list, i);
  size_t name_len = strlen (name);
  walk_path_put (&w->path, f->join, name, name_len);
  unsigned char type = f->list.items[i].type;
  struct stat st;
  bool dir = (type == DT_DIR
              || (type == DT_UNKNOWN
                  && fstatat (f->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
                  && S_ISDIR (st.st_mode)));
  /* F may move as a frame is pushed: K stays.  */
  if (dir ? !rm_enter (w, f->fd, name, w->path.len, name_len)
      : !rm_name (f->fd, name, w->path.buf, false, w->verbose))
    w->frames[k].ok = false;
}

/* See mv-remove.h.  */
bool
mv_remove (char const *name, bool is_dir, bool verbose)
{
  if (!is_dir)
    return rm_name (AT_FDCWD, name, name, false, verbose);
  struct rm_walk w = { .low = 1, .top = name, .verbose = verbose };
  walk_path_init (&w.path, name);
  if (rm_enter (&w, AT_FDCWD, name, w.path.len, w.path.len))
    while (0 < w.n)
      {
        struct rm_frame const *f = &w.frames[w.n - 1];
        if (f->next == f->list.n)
          rm_leave (&w);
        else
          rm_visit (&w);
      }
  free (w.frames);
  walk_path_free (&w.path);
  return w.ok;
}
