/* digest-walk.c -- the tree walk of the digest tools' -r (see
   digest-walk.h).

   Owns: the open directories of the walk (each counted by the files
   that hold it), and the chain of ancestors that finds loops.  Calls:
   openat, fstatat, fstat, close, lib/dir-list.h; nothing that prints.

   Entries are typed by readdir's d_type where the file system gives
   it: a regular file or a directory costs no fstatat (a directory is
   opened, then fstat'd for its identity); a symbolic link costs one
   only where followed (-L).  FIFOs, sockets and devices are never
   opened, so never waited on.  */

#include <config.h>

#include "digest-walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dir-list.h"
#include "xalloc.h"

struct walk_dir
{
  int fd;
  size_t refs;
};

/* A directory being walked, and those above it: their identities, to
   tell a loop, and their paths, to name its start.  */
struct ancestor
{
  dev_t dev;
  ino_t ino;
  char const *path;
  struct ancestor const *up;
};

/* Hand W's caller an item of KIND about PATH (which it then owns),
   with errno ERR.  */
static void
found_failure (struct digest_walk *w, enum walk_kind kind, char *path,
               int err)
{
  struct walk_item item = { kind, path, NULL, NULL, err, NULL };
  w->found (w, &item);
}

/* PATH, a directory's name as printed, joined to NAME with one slash
   (none more where PATH ends in one: the operand "/").  */
static char *
join (char const *path, char const *name)
{
  size_t plen = strlen (path), nlen = strlen (name);
  bool slash = plen == 0 || path[plen - 1] != '/';
  char *p = xmalloc (plen + slash + nlen + 1);
  memcpy (p, path, plen);
  p[plen] = '/';
  memcpy (p + plen + slash, name, nlen + 1);
  return p;
}

static void walk_open_dir (struct digest_walk *w, int parent,
                           char const *name, char *path,
                           struct ancestor const *up, bool follow);

/* Read the entries of the directory D, whose path is PATH (a child of
   UP), and go through them in byte order of their names.  */
static void
walk_entries (struct digest_walk *w, struct walk_dir *d, char const *path,
              struct ancestor const *up)
{
  struct dir_list list;
  int fd = dup (d->fd);
  if (fd < 0 || dir_list_read (fd, &list) != 0)
    {
      found_failure (w, WALK_UNREADABLE_DIR, xstrdup (path), errno);
      return;
    }
  dir_list_sort_by_name (&list);
  bool logical = w->follow == WALK_LOGICAL;
  for (size_t i = 0; i < list.n; i++)
    {
      char const *name = dir_list_name (&list, i);
      char *child = join (path, name);
      char const *base = child + strlen (child) - strlen (name);
      unsigned char type = list.items[i].type;
      if (type == DT_UNKNOWN || (type == DT_LNK && logical))
        {
          struct stat st;
          if (fstatat (d->fd, base, &st, logical ? 0 : AT_SYMLINK_NOFOLLOW)
              == 0)
            type = IFTODT (st.st_mode);
          else if (errno == ENOENT)
            type = DT_UNKNOWN;  /* gone, or a dangling link: skipped */
          else
            {
              found_failure (w, WALK_UNSTATABLE, child, errno);
              continue;
            }
        }
      if (type == DT_REG)
        {
          struct walk_item item = { WALK_FILE, child, base, d, 0, NULL };
          d->refs++;
          w->found (w, &item);
        }
      else if (type == DT_DIR)
        walk_open_dir (w, d->fd, base, child, up, logical);
      else
        free (child);
    }
  dir_list_free (&list);
}

/* Whether the directory of identity ST is UP or one of its ancestors;
   if so, hand the loop to W's caller, naming PATH.  */
static bool
is_loop (struct digest_walk *w, struct stat const *st, char const *path,
         struct ancestor const *up)
{
  for (struct ancestor const *a = up; a; a = a->up)
    if (a->dev == st->st_dev && a->ino == st->st_ino)
      {
        struct walk_item item = { WALK_LOOP, xstrdup (path), NULL, NULL, 0,
                                  xstrdup (a->path) };
        w->found (w, &item);
        return true;
      }
  return false;
}

/* Walk the directory NAME, relative to the directory PARENT, whose
   path is PATH (which this frees), below UP; through a symbolic link
   if FOLLOW.  */
static void
walk_open_dir (struct digest_walk *w, int parent, char const *name,
               char *path, struct ancestor const *up, bool follow)
{
  int fd = openat (parent, name, (O_RDONLY | O_DIRECTORY | O_NOCTTY
                                  | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)));
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      found_failure (w, WALK_UNREADABLE_DIR, path, errno);
      if (0 <= fd)
        close (fd);
      return;
    }
  if (!up)
    w->root_dev = st.st_dev;
  if ((w->one_file_system && st.st_dev != w->root_dev)
      || is_loop (w, &st, path, up))
    {
      close (fd);
      free (path);
      return;
    }
  struct ancestor me = { st.st_dev, st.st_ino, path, up };
  struct walk_dir *d = xmalloc (sizeof *d);
  d->fd = fd;
  d->refs = 1;
  w->open_dirs++;
  walk_entries (w, d, path, &me);
  struct walk_item self = { WALK_FILE, path, NULL, d, 0, NULL };
  walk_item_free (w, &self);
}

/* See digest-walk.h.  Under -P a symbolic link is not a directory to
   walk: it is read as without -r.  */
bool
digest_walk_is_dir (struct digest_walk const *w, char const *name)
{
  struct stat st;
  int flags = w->follow == WALK_PHYSICAL ? AT_SYMLINK_NOFOLLOW : 0;
  return (strcmp (name, "-") != 0 && fstatat (AT_FDCWD, name, &st, flags) == 0
          && S_ISDIR (st.st_mode));
}

/* See digest-walk.h.  The operand's trailing slashes are dropped from
   the names printed ("d/" gives "d/x", as find prints it), but for
   the last character.  */
void
digest_walk (struct digest_walk *w, char const *name)
{
  size_t len = strlen (name);
  while (1 < len && name[len - 1] == '/')
    len--;
  char *path = ximemdup0 (name, len);
  walk_open_dir (w, AT_FDCWD, name, path, NULL,
                 w->follow != WALK_PHYSICAL);
}

/* See digest-walk.h.  */
int
walk_dir_fd (struct walk_dir const *d)
{
  return d->fd;
}

/* See digest-walk.h.  */
void
walk_item_free (struct digest_walk *w, struct walk_item *item)
{
  free (item->path);
  free (item->loop_start);
  struct walk_dir *d = item->dir;
  if (d && --d->refs == 0)
    {
      close (d->fd);
      free (d);
      w->open_dirs--;
    }
}
