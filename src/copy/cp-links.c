/* cp-links.c -- the links cp makes: -l's hard links and -s's
   symbolic links, made at a temporary name and renamed over a
   destination they replace; and the table of copies of files with
   several links, whose other names are linked to the first copy.

   What this file may call: lib/copy-file.h (times), copy-report.h,
   gnulib (hash, tempname).  It prints cp's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dirname.h"
#include "error.h"
#include "hash.h"
#include "quotearg.h"
#include "tempname.h"
#include "xalloc.h"

#include "copy-report.h"
#include "cp-copy-private.h"
#include "i18n.h"
#include "quoting.h"

static void
link_free (void *p)
{
  struct link_item *l = p;
  free (l->dst);
  free (l);
}

/* A new table of file identities (struct link_item, with the name of
   a copy or none): the table of copies of files with several links,
   and that of the directories made.  */
Hash_table *
cp_id_table (void)
{
  Hash_table *t = hash_initialize (64, NULL, dir_id_hash, dir_id_equal,
                                   link_free);
  if (!t)
    xalloc_die ();
  return t;
}

/* A name that -l or -s makes in the directory DIRFD: a hard link to
   SRC (linkat's FLAGS), or a symbolic link holding SRC's path.  */
struct new_link
{
  struct loc const *src;
  bool symbolic;
  int flags;
  int dirfd;
};

/* Make NAME as the struct new_link ARG says: a link_maker.  */
static int
make_link (char *name, void *arg)
{
  struct new_link const *l = arg;
  return (l->symbolic ? symlinkat (l->src->path, l->dirfd, name)
          : linkat (l->src->dirfd, l->src->name, l->dirfd, name, l->flags));
}

/* How a link is made at a name (in a directory the caller knows):
   0, or -1 with errno set.  */
typedef int (*link_maker) (char *name, void *arg);

/* Make NAME in DIRFD with MAKE (given ARG).  Where NAME exists and
   REPLACE, make the link at a free temporary name beside it and rename
   that over NAME, as GNU's cp does: what fails (a hard link to another
   file system) leaves NAME as it was, and nothing is ever without a
   name.  Set *REPLACED (if not NULL) when something was there.  Return
   0, or -1 with errno set.  */
static int
link_over (int dirfd, char const *name, link_maker make, void *arg,
           bool replace, bool *replaced)
{
  if (replaced)
    *replaced = false;
  if (make ((char *) name, arg) == 0)
    return 0;
  if (errno != EEXIST || !replace)
    return -1;
  if (replaced)
    *replaced = true;
  size_t dir_len = last_component (name) - name;
  char *tmp = xmalloc (dir_len + sizeof "CuXXXXXX");
  memcpy (tmp, name, dir_len);
  strcpy (tmp + dir_len, "CuXXXXXX");
  int r = try_tempname (tmp, 0, arg, make);
  if (r == 0)
    {
      r = renameat (dirfd, tmp, dirfd, name);
      int err = errno;
      /* Removed even after a rename that worked: a rename onto
         another link of the same file does nothing.  */
      unlinkat (dirfd, tmp, 0);
      errno = err;
    }
  int err = errno;
  free (tmp);
  errno = err;
  return r;
}

/* Make DST a hard link to SRC (-l), following a symlink SRC when
   FOLLOW; an existing DST is replaced with -f, and with -i (which has
   asked).  */
bool
link_entry (struct cp_run *r, struct loc const *src, struct loc const *dst,
            bool follow)
{
  struct new_link l = { src, false, follow ? AT_SYMLINK_FOLLOW : 0,
                        dst->dirfd };
  if (link_over (dst->dirfd, dst->name, make_link, &l,
                 r->x->force || r->x->clobber == CLOBBER_ASK, NULL) < 0)
    {
      error (0, errno, _("cannot create hard link %s to %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  return true;
}

/* Make DST a symbolic link to SRC's name (-s), replacing an existing
   DST with -f, with the times of SRC (status ST) if they are kept, as
   GNU's cp gives them.  */
bool
symlink_entry (struct cp_run *r, struct loc const *src, struct stat const *st,
               struct loc const *dst)
{
  if (src->path[0] != '/' && strchr (dst->path, '/'))
    {
      char *dir = dir_name (dst->path);
      bool here = strcmp (dir, ".") == 0;
      free (dir);
      if (!here)
        {
          error (0, 0, _("%s: can make relative symbolic links only in "
                 "current directory"), quotearg_colon (dst->path));
          return false;
        }
    }
  struct new_link l = { src, true, 0, dst->dirfd };
  if (link_over (dst->dirfd, dst->name, make_link, &l, r->x->force,
                 NULL) < 0)
    {
      error (0, errno, _("cannot create symbolic link %s to %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  struct copy_file_report rep;
  if (copy_times_at (&r->copier, st, dst->dirfd, dst->name, &rep) < 0)
    return report_copy_failure (&rep, src->path, dst->path);
  report_soft_failures (&rep, dst->path, r->x->preserve, r->x->require);
  return true;
}

/* Make NAME in DIRFD a hard link to the file PATH, whatever PATH's
   length: a name longer than the system takes is reached a directory
   at a time.  Return 0, or -1 with errno set.  */
static int
link_from_path (char const *path, int dirfd, char const *name)
{
  int r = linkat (AT_FDCWD, path, dirfd, name, 0);
  if (!(r < 0 && errno == ENAMETOOLONG))
    return r;
  char *copy = xstrdup (path), *p = copy;
  int fd = open (*p == '/' ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  for (char *slash; 0 <= fd && (slash = strchr (p, '/'));)
    {
      *slash = '\0';
      int next = (*p ? openat (fd, p, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                  : dup (fd));
      close (fd);
      fd = next;
      p = slash + 1;
    }
  r = fd < 0 ? -1 : linkat (fd, p, dirfd, name, 0);
  int err = errno;
  if (0 <= fd)
    close (fd);
  free (copy);
  errno = err;
  return r;
}

/* How the table of copies takes the non-directory of status ST,
   followed to it when FOLLOW, as GNU's cp decides: with links kept
   (not by -l, where every copy is a link already), a file with other
   links, or any file reached through a symlink followed, which may be
   another name of a file copied; mv looks up a file of one link too,
   as its other names may have been moved already, by operands
   before.  */
enum link_use
link_use (struct cp_run *r, struct stat const *st, bool follow)
{
  if (!r->links || S_ISDIR (st->st_mode))
    return LINK_USE_NONE;
  if (r->x->move && st->st_nlink == 1)
    return LINK_USE_LOOKUP;
  if (r->x->preserve_links && !r->x->hard_link && (1 < st->st_nlink || follow))
    return LINK_USE_NOTE;
  return LINK_USE_NONE;
}

/* A hard link to the file PATH, made in the directory DIRFD.  */
struct path_link
{
  char const *path;
  int dirfd;
};

/* link_from_path, as a link_maker given a struct path_link.  */
static int
make_path_link (char *name, void *arg)
{
  struct path_link const *l = arg;
  return link_from_path (l->path, l->dirfd, name);
}

/* Link DST to EARLIER, the copy made of another name of its source,
   replacing what DST holds.  Return true, or false (reported).  */
static bool
link_to_copy (struct cp_run *r, char const *earlier, struct loc const *dst)
{
  bool replaced;
  struct path_link l = { earlier, dst->dirfd };
  if (link_over (dst->dirfd, dst->name, make_path_link, &l, true,
                 &replaced) < 0)
    {
      error (0, errno, _("cannot create hard link %s to %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, earlier));
      return false;
    }
  if (replaced && r->x->verbose)
    printf (_("removed %s\n"), quoteaf (dst->path));
  return true;
}

/* Take the entry of status ST into the table of copies as USE says:
   if its inode was copied before, link DST to that copy; otherwise,
   with LINK_USE_NOTE, note DST as its copy.  */
enum link_step
keep_hard_link (struct cp_run *r, struct stat const *st, struct loc const *dst,
                enum link_use use)
{
  if (use == LINK_USE_NONE)
    return LINK_COPY;
  struct link_item key = { { st->st_dev, st->st_ino }, NULL };
  struct link_item *l = hash_lookup (r->links, &key);
  if (l)
    return link_to_copy (r, l->dst, dst) ? LINK_DONE : LINK_FAILED;
  if (use == LINK_USE_LOOKUP)
    return LINK_COPY;
  l = xmalloc (sizeof *l);
  *l = key;
  l->dst = xstrdup (dst->path);
  if (!hash_insert (r->links, l))
    xalloc_die ();
  return LINK_COPY_NOTED;
}

/* Forget the copy noted for the inode of status ST, whose copy
   failed: its other names are copied, not linked to nothing.  */
void
forget_link (struct cp_run *r, struct stat const *st)
{
  struct link_item key = { { st->st_dev, st->st_ino }, NULL };
  struct link_item *l = hash_remove (r->links, &key);
  if (l)
    link_free (l);
}
