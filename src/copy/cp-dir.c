/* cp-dir.c -- a directory of cp's tree copier: made (or found) and
   opened on both sides, its frame pushed on the walk, and its
   attributes given once its entries are in; and the directories that
   this run made (a source among them is a copy into itself).  Also
   the mode a new copy starts from, and -v's line.

   What this file may call: cp-walk.c, lib/copy-file.h and the engine
   under it, copy-report.h, gnulib.  It prints cp's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "dir-list.h"
#include "error.h"
#include "hash.h"
#include "xalloc.h"

#include "copy-report.h"
#include "cp-copy-private.h"
#include "i18n.h"
#include "quoting.h"

/* Remember that this run made the directory of status ST.  */
static void
remember_dir (struct cp_run *r, struct stat const *st)
{
  struct link_item *l = xmalloc (sizeof *l);
  *l = (struct link_item) { { st->st_dev, st->st_ino }, NULL };
  struct link_item *in = hash_insert (r->dirs_made, l);
  if (!in)
    xalloc_die ();
  if (in != l)
    free (l);   /* noted already */
}

/* Whether this run made the directory of status ST.  */
bool
made_here (struct cp_run *r, struct stat const *st)
{
  struct link_item key = { { st->st_dev, st->st_ino }, NULL };
  return hash_lookup (r->dirs_made, &key) != NULL;
}

/* Print -v's line for SRC copied to DST, with BACKUP if one was made.  */
void
say_copied (struct cp_run *r, struct loc const *src, struct loc const *dst,
            char const *backup)
{
  printf ("%s%s -> %s", r->x->move ? _("copied ") : "",
          quoteaf_n (0, src->path), quoteaf_n (1, dst->path));
  if (backup)
    printf (_(" (backup: %s)"), quoteaf (backup));
  putchar ('\n');
}

/* The permissions a new copy of SRC_ST starts from, before the umask:
   the source's, or with --no-preserve=mode the default ones (those of
   a directory for a socket too, as GNU's cp gives it); and the sticky
   bit of a source not a regular file.  */
mode_t
base_mode (struct cp_run *r, struct stat const *src_st)
{
  /* A directory or special file keeps its sticky bit, as in GNU's cp
     (a regular file loses it, with the set-ID bits).  */
  mode_t sticky = S_ISREG (src_st->st_mode) ? 0 : src_st->st_mode & S_ISVTX;
  if (!r->x->no_preserve_mode)
    return (src_st->st_mode & ACCESSPERMS) | sticky;
  return (S_ISDIR (src_st->st_mode) || S_ISSOCK (src_st->st_mode)
          ? DEFAULT_DIR_MODE : DEFAULT_FILE_MODE) | sticky;
}

/* The mode a directory copied from SRC_ST ends with, or (mode_t) -1
   to leave the mode it has: the source's with --preserve=mode, else
   for a new directory the source's less the umask.  */
static mode_t
dir_final_mode (struct cp_run *r, struct stat const *src_st, bool made)
{
  if (r->x->preserve & COPY_PRESERVE_MODE)
    return src_st->st_mode & 07777;
  return made ? base_mode (r, src_st) & ~r->copier.umask : (mode_t) -1;
}

/* Whether the directory open as FD may have a default ACL (which
   new files get instead of the umask): it has one, or cannot say.  */
static bool
has_default_acl (int fd)
{
  return (0 <= fgetxattr (fd, "system.posix_acl_default", NULL, 0)
          || !(errno == ENODATA || errno == ENOTSUP));
}

/* Make the directory DST for a copy of SRC_ST, writable and searchable
   by its owner while it is filled, and giving group and others no
   more than they finally get: as in GNU's cp, none to write while it
   is filled (its special bits may still change), and none at all
   while its owner is to be set.  Set *MODE to the mode it was made with.
   Return true, or false with errno set.  */
static bool
make_dir (struct cp_run *r, struct loc const *dst, struct stat const *src_st,
          mode_t *mode)
{
  mode_t m = base_mode (r, src_st);
  if (r->x->preserve & COPY_PRESERVE_OWNERSHIP)
    m &= S_IRWXU;
  m &= ~(S_IWGRP | S_IWOTH);
  m |= S_IRWXU;
  *mode = m & ~r->copier.umask;
  return mkdirat (dst->dirfd, dst->name, m) == 0;
}

/* Open the destination directory DST into *DIR (EXISTS when it was
   there before), following a symlink to a directory only with
   --keep-directory-symlink; PARENT is its parent, or NULL.  Return
   true, or false (reported).  */
static bool
open_dst_dir (struct cp_run *r, struct loc const *dst,
              struct dst_dir const *parent, bool exists, struct dst_dir *dir)
{
  bool follow = exists && r->x->keep_directory_symlink;
  dir->fresh = !exists;
  dir->fd = openat (dst->dirfd, dst->name,
                    O_RDONLY | O_DIRECTORY | O_CLOEXEC
                    | (follow ? 0 : O_NOFOLLOW));
  if (dir->fd < 0 || fstat (dir->fd, &dir->st) < 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (dst->path));
      if (0 <= dir->fd)
        close (dir->fd);
      return false;
    }
  /* Only the top of a tree made here is noted: the walk cannot reach
     a directory made inside it without first passing its top, and a
     tree of many directories costs no memory.  */
  if (!exists && !(parent && parent->fresh))
    remember_dir (r, &dir->st);
  dir->default_acl = (dir->fresh && parent ? parent->default_acl
                      : has_default_acl (dir->fd));
  return true;
}

/* Give the directory DIR (DST, made with MADE_MODE unless it existed)
   what is kept of the attributes of SRC (status SRC_ST, open as SRC_FD
   or -1), now that its contents are in.  Return true, or false
   (reported).  */
bool
finish_dir (struct cp_run *r, struct loc const *src, struct stat const *src_st,
            int src_fd, struct loc const *dst, struct dst_dir const *dir,
            mode_t made_mode)
{
  bool ok = true;
  mode_t final = dir_final_mode (r, src_st, dir->fresh);
  struct copy_file_report rep;
  memset (&rep, 0, sizeof rep);
  /* A directory made in one with a default ACL inherits it; one that
     was there may have its own.  */
  bool acl = dir->default_acl || !dir->fresh;
  if (copy_attributes_fd (&r->copier, src_fd, src_st, dir->fd,
                          dir->fresh ? made_mode : dir->st.st_mode & 07777,
                          dir->st.st_uid, dir->st.st_gid, acl, &rep) < 0)
    ok = report_copy_failure (&rep, src->path, dst->path);
  else
    report_soft_failures (&rep, dst->path, r->x->preserve, r->x->require);
  if (!(r->x->preserve & COPY_PRESERVE_MODE) && final != (mode_t) -1
      && final != made_mode && fchmod (dir->fd, final) < 0)
    {
      error (0, errno, _("setting permissions for %s"), quoteaf (dst->path));
      ok = false;
    }
  return ok;
}

/* Open the source directory SRC (status SRC_ST, followed if a symlink
   when FOLLOW) into the frame F, and read its entries, but those of a
   directory on another file system with -x.  Return true, or false
   (reported: then F has no entries).  */
static bool
open_src_dir (struct cp_run *r, struct loc const *src,
              struct stat const *src_st, bool follow, struct cp_frame *f)
{
  f->src_fd = openat (src->dirfd, src->name,
                      (O_RDONLY | O_DIRECTORY | O_CLOEXEC
                       | (follow ? 0 : O_NOFOLLOW)));
  if (f->src_fd < 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (src->path));
      return false;
    }
  if (r->x->one_file_system && src_st->st_dev != r->top_dev)
    return true;
  int list_fd = dup (f->src_fd);
  if (list_fd < 0 || dir_list_read (list_fd, &f->list) != 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (src->path));
      f->list = (struct dir_list) { NULL, 0, NULL };
      return false;
    }
  /* By inode number: the order that reads a disk fastest, and
     GNU's.  */
  dir_list_sort_by_inode (&f->list);
  return true;
}

/* Enter the directory SRC (status SRC_ST, followed if a symlink when
   FOLLOW) to copy it to DST, which exists already when EXISTS; PARENT
   is DST's parent, or NULL at the top: make DST if need be, open both,
   and push their frame on W, whose paths end in SRC's and DST's.  Its
   entries are copied, and DST gets its attributes, as W goes on.
   Return true, or false (reported) if DST could not be made or
   opened.  */
bool
enter_dir (struct cp_run *r, struct cp_walk *w, struct loc const *src,
           struct stat const *src_st, struct loc const *dst,
           struct dst_dir const *parent, bool exists, bool follow)
{
  if (walk_is_ancestor (w, src_st))
    {
      error (0, 0, _("cannot copy cyclic symbolic link %s"),
             quoteaf (src->path));
      return false;
    }
  struct cp_frame f = { .follow = follow, .src_st = *src_st };
  if (!exists)
    {
      if (!make_dir (r, dst, src_st, &f.made_mode))
        {
          error (0, errno, _("cannot create directory %s"),
                 quoteaf (dst->path));
          return false;
        }
      if (r->x->verbose && r->x->move)
        printf (_("created directory %s\n"), quoteaf (dst->path));
      else if (r->x->verbose)
        say_copied (r, src, dst, NULL);
    }
  if (!open_dst_dir (r, dst, parent, exists, &f.dir))
    return false;
  f.dst_follow = exists && r->x->keep_directory_symlink;
  bool top = w->n == 0;
  if (top)
    {
      walk_start (w, src->path, dst->path);
      w->top_dir = true;
    }
  if (!open_src_dir (r, src, src_st, follow, &f))
    w->ok = false;
  f.src_len = w->src.len;
  f.dst_len = w->dst.len;
  f.src_join = walk_path_join (&w->src, f.src_len, top);
  f.dst_join = walk_path_join (&w->dst, f.dst_len, top);
  f.name_len = top ? 0 : strlen (src->name);
  walk_push (w, &f);
  return true;
}
