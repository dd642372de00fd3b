/* cp-copy.c -- cp's tree copier: one operand at a time, each entry
   decided as GNU coreutils 9.1's cp decides it.

   The walk goes from directory descriptors on both sides: an entry is
   a name relative to its parent's descriptor (openat, fstatat,
   mkdirat), so that no path is ever resolved twice and depth is not
   bounded by PATH_MAX; the full names are kept only for messages.
   Regular files are copied by lib/copy-file.c (open, create, engine,
   attributes); directories get their attributes after their contents.

   What this file may call: lib/copy-file.h and the engine under it,
   gnulib, and cp.h's options.  It prints cp's messages.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "areadlink.h"
#include "backupfile.h"
#include "dir-list.h"
#include "dirname.h"
#include "error.h"
#include "file-set.h"
#include "filenamecat.h"
#include "hash.h"
#include "hash-triple.h"
#include "progname.h"
#include "quotearg.h"
#include "same-inode.h"
#include "tempname.h"
#include "walk-path.h"
#include "xalloc.h"

#include "copy-cli.h"
#include "copy-report.h"
#include "cp.h"
#include "i18n.h"
#include "progress.h"
#include "quoting.h"

/* One side of a copy: NAME relative to the directory DIRFD, and PATH,
   the whole name that messages give.  */
struct loc
{
  int dirfd;
  char const *name;
  char const *path;
};

/* A destination directory that entries are copied into: its
   descriptor and status, and whether cp made it (then none of its
   entries exist yet, and need no look).  */
struct dst_dir
{
  int fd;
  struct stat st;
  bool fresh;
  bool default_acl;             /* it may have a default ACL */
};

/* One entry of a source directory, as read: its name is at NAME in
   the buffer of names that holds the directory's (an offset, not a
   pointer, as the buffer moves while it grows).  */
/* A hard link kept: the source's identity, and where its first copy
   went.  */
struct link_item
{
  dev_t dev;
  ino_t ino;
  char *dst;
};

static struct cp_options const *x;
static struct file_copier copier;

/* The sources already copied (names and identities) and the
   destinations made, when there are several operands; the hard links
   kept.  */
static Hash_table *src_seen;
static Hash_table *dst_made;
static Hash_table *links;

/* The device of the operand being copied, for -x; its names; and
   whether it was found to be copied into itself (which ends its
   copy, as in GNU's cp).  */
static dev_t top_dev;
static char const *top_src;
static char const *top_dst;
static bool into_self;

/* The directories made by this run: a source directory among them is
   a copy being copied into itself.  */
static Hash_table *dirs_made;

struct cp_walk;

/* ---- tables ----------------------------------------------------------- */

static size_t
link_hash (void const *p, size_t n)
{
  struct link_item const *l = p;
  return (l->ino ^ (uintmax_t) l->dev * 31) % n;
}

static bool
link_equal (void const *a, void const *b)
{
  struct link_item const *l = a, *m = b;
  return l->ino == m->ino && l->dev == m->dev;
}

static void
link_free (void *p)
{
  struct link_item *l = p;
  free (l->dst);
  free (l);
}

/* An operand already copied: its identity, and that of its name (the
   last component and the directory holding it), so that "a/f" and
   "./a/f" are one name, while "a/f" and its hard link "a/h" are two,
   as GNU's cp counts them.  */
struct seen_item
{
  dev_t dev;
  ino_t ino;
  dev_t dir_dev;
  ino_t dir_ino;
  char *base;
};

static size_t
seen_hash (void const *p, size_t n)
{
  struct seen_item const *e = p;
  return (e->ino ^ (uintmax_t) e->dev * 31) % n;
}

static bool
seen_equal (void const *a, void const *b)
{
  struct seen_item const *e = a, *f = b;
  return (e->ino == f->ino && e->dev == f->dev && e->dir_ino == f->dir_ino
          && e->dir_dev == f->dir_dev && strcmp (e->base, f->base) == 0);
}

static void
seen_free (void *p)
{
  struct seen_item *e = p;
  free (e->base);
  free (e);
}

/* Set up the tables cp's options X need, for N_SOURCES operands, and
   the copier.  */
void
cp_copy_init (struct cp_options const *opts, int n_sources)
{
  x = opts;
  unsigned int require = x->require;
  if (geteuid () != 0)
    {
      /* Only root can give files away: others keep the owner they can
         (GNU's cp says nothing when it cannot).  */
      require &= ~COPY_PRESERVE_OWNERSHIP;
    }

  /* Every mode is set explicitly when modes are kept: with no umask,
     a new file can be made with its final permissions at once.  */
  if (x->preserve & COPY_PRESERVE_MODE)
    umask (0);
  unsigned int preserve = x->preserve;
  if (x->require_xattr)
    require |= COPY_PRESERVE_XATTR;
  file_copier_init (&copier, x->sparse, preserve, require);
  copier.data = !x->attributes_only;
  copier.default_mode = x->no_preserve_mode;
  if (x->reflink == REFLINK_NEVER)
    copier.engine.first = COPY_METHOD_SPARSE;
  /* --sparse=never: no clone, nor copy_file_range, which may keep
     holes (GNU 9.4 and later; --reflink=always is refused with it).  */
  if (x->sparse == COPY_SPARSE_NEVER)
    {
      copier.engine.first = COPY_METHOD_SPARSE;
      copier.engine.avoid_range = true;
    }
  if (x->reflink == REFLINK_ALWAYS)
    copier.engine.last = COPY_METHOD_CLONE;
  progress_init (x->progress, &copier.engine);
  if (1 < n_sources)
    {
      src_seen = hash_initialize (16, NULL, seen_hash, seen_equal,
                                  seen_free);
      dst_made = hash_initialize (64, NULL, triple_hash,
                                  triple_compare_ino_str, triple_free);
      if (!src_seen || !dst_made)
        xalloc_die ();
    }
  dirs_made = hash_initialize (64, NULL, link_hash, link_equal, link_free);
  if (!dirs_made)
    xalloc_die ();
  /* The table of copies of files with several links; --update notes
     there the destinations it leaves be, as GNU's cp does.  */
  if ((x->preserve_links && !x->hard_link) || x->update == UPDATE_OLDER)
    {
      links = hash_initialize (64, NULL, link_hash, link_equal, link_free);
      if (!links)
        xalloc_die ();
    }

  /* -g's count of the sizes holds a descriptor per level it goes
     into.  */
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max)
    {
      rl.rlim_cur = rl.rlim_max;
      setrlimit (RLIMIT_NOFILE, &rl);
    }
}

/* Free what cp_copy_init set up.  */
void
cp_copy_finish (void)
{
  progress_finish ();
  Hash_table *tables[] = { src_seen, dst_made, links, dirs_made };
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (tables[i])
      hash_free (tables[i]);
  file_copier_free (&copier);
}

/* Remember that this run made the directory of status ST.  */
static void
remember_dir (struct stat const *st)
{
  struct link_item *l = xmalloc (sizeof *l);
  *l = (struct link_item) { st->st_dev, st->st_ino, NULL };
  if (!hash_insert (dirs_made, l))
    xalloc_die ();
}

/* Whether this run made the directory of status ST.  */
static bool
made_here (struct stat const *st)
{
  struct link_item key = { st->st_dev, st->st_ino, NULL };
  return hash_lookup (dirs_made, &key) != NULL;
}

/* Remember that DST (status ST) was made by this run.  */
static void
remember_made (struct loc const *dst)
{
  struct stat st;
  if (dst_made && fstatat (dst->dirfd, dst->name, &st,
                           AT_SYMLINK_NOFOLLOW) == 0)
    record_file (dst_made, dst->path, &st);
}

/* ---- small steps ------------------------------------------------------ */

/* The path of NAME inside the directory whose path is DIR.  */
static char *
child_path (char const *dir, char const *name)
{
  char *p = file_name_concat (dir, name, NULL);
  if (!p)
    xalloc_die ();
  return p;
}

/* Put in *ST the status of L, following a symlink when FOLLOW.  */
static bool
stat_loc (struct loc const *l, struct stat *st, bool follow)
{
  return fstatat (l->dirfd, l->name, st,
                  follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0;
}

/* Print -v's line for SRC copied to DST, with BACKUP if one was made.  */
static void
say_copied (struct loc const *src, struct loc const *dst,
            char const *backup)
{
  printf ("%s%s -> %s", x->move ? _("copied ") : "", quoteaf_n (0, src->path),
          quoteaf_n (1, dst->path));
  if (backup)
    printf (_(" (backup: %s)"), quoteaf (backup));
  putchar ('\n');
}

/* Ask whether to overwrite DST (lstat DST_ST); return the answer.  As
   GNU's cp, a destination that is not writable (root can write any;
   a symbolic link is not asked about so) is asked about with its
   mode.  */
static bool
ask_overwrite (struct loc const *dst, struct stat const *dst_st)
{
  bool unwritable = (!S_ISLNK (dst_st->st_mode) && geteuid () != 0
                     && faccessat (dst->dirfd, dst->name, W_OK,
                                   AT_EACCESS) != 0);
  return ask_to_replace (dst->path, dst_st->st_mode, unwritable,
                         x->force || x->remove_destination);
}

/* Whether ST's modification time is older than SRC_ST's.  */
static bool
older (struct stat const *st, struct stat const *src_st)
{
  return (st->st_mtim.tv_sec < src_st->st_mtim.tv_sec
          || (st->st_mtim.tv_sec == src_st->st_mtim.tv_sec
              && st->st_mtim.tv_nsec < src_st->st_mtim.tv_nsec));
}

/* ---- directories ------------------------------------------------------ */

/* The walk.  It does not recurse: a directory copied is a frame on a
   stack of its own, so that the C stack does not grow with the depth
   of the tree.  A frame holds what the walk needs to go on with its
   directory once done with a subdirectory, and to give its copy its
   attributes on leaving it: the source's entries (read whole when the
   walk enters it), the index of the next, the source's status, the
   destination directory, and the lengths of the two paths in two
   buffers that all frames share (a frame's path is the start of its
   child's): memory in proportion to the depth, not to its square.

   Descriptors.  Only the operand's directories and those of the
   CP_FRAMES_OPEN deepest frames stay open (the walk closes the
   highest open frame's two as it goes down past that), so a tree of
   any depth needs a bounded number.  A frame whose directories were
   closed gets them again when the walk comes back up to it, from its
   child's (which are open): by "..", the result checked to be the
   directory the walk had open (same device and inode); a directory
   moved meanwhile, or one entered through a symbolic link (-L), fails
   that check.  Then by its path's names from the nearest open
   ancestor down, each opened as the walk first opened it and checked
   the same way.  A directory that cannot be had again so is reported
   ("cannot access", ENOENT if another directory is in its place):
   the rest of its entries are not copied, and a destination directory
   not had again does not get its attributes.  */

enum
{
  /* Frames below the operand's that keep their directories open, at
     most: two descriptors each.  */
  CP_FRAMES_OPEN = 16
};

/* A directory identity: a source directory on the stack (which the
   walk does not enter again: a loop), or a closed directory's.  */
struct dir_id
{
  dev_t dev;
  ino_t ino;
};

/* A directory being copied.  */
struct cp_frame
{
  struct dir_list list;         /* the source's entries */
  size_t next;                  /* the index of the next to copy */
  int src_fd;                   /* the source, or -1 (closed, or it
                                   could not be opened) */
  struct dst_dir dir;           /* the copy; DIR.fd is -1 while closed,
                                   or if it could not be had again */
  struct stat src_st;           /* the source's status, as copied */
  struct dir_id *id;            /* SRC_ST's identity, in the walk's IDS */
  struct dir_id src_id;         /* SRC_FD's identity, while closed */
  mode_t made_mode;             /* the mode the copy was made with */
  size_t src_len, dst_len;      /* its paths: the first bytes of the
                                   walk's buffers */
  size_t src_join, dst_join;    /* where a child's name goes in them
                                   (after a slash, or none) */
  size_t name_len;              /* its name in its parent, at the end of
                                   both paths (but for the operand) */
  bool follow;                  /* the source was opened through a
                                   symbolic link if its name was one */
  bool dst_follow;              /* the copy, likewise */
  bool closed;                  /* its descriptors are closed */
};

/* The walk of one operand: FRAMES[0..N-1] (of ALLOC), the operand's
   first; those from 1 to LOW - 1 have their directories closed, the
   others open.  OK is cleared by any failure below the operand.  */
struct cp_walk
{
  struct cp_frame *frames;
  size_t n, alloc, low;
  struct walk_path src, dst;
  Hash_table *ids;
  bool ok;
  bool top_dir;                 /* the operand is a directory entered */
};

static size_t
dir_id_hash (void const *p, size_t n)
{
  struct dir_id const *id = p;
  return (id->ino ^ (uintmax_t) id->dev * 31) % n;
}

static bool
dir_id_equal (void const *a, void const *b)
{
  struct dir_id const *p = a, *q = b;
  return p->dev == q->dev && p->ino == q->ino;
}

/* Start the walk W of an operand.  */
static void
walk_init (struct cp_walk *w)
{
  *w = (struct cp_walk) { .low = 1, .ok = true };
}

/* Give the walk W, of an operand SRC that is a directory to be copied
   to DST, its path buffers, its set of directories and room for its
   first frame.  */
static void
walk_start (struct cp_walk *w, char const *src, char const *dst)
{
  walk_path_init (&w->src, src);
  walk_path_init (&w->dst, dst);
  w->ids = hash_initialize (64, NULL, dir_id_hash, dir_id_equal, NULL);
  if (!w->ids)
    xalloc_die ();
  w->frames = x2nrealloc (NULL, &w->alloc, sizeof *w->frames);
}

/* Free what W holds; its stack is empty.  */
static void
walk_free (struct cp_walk *w)
{
  if (w->ids)
    hash_free (w->ids);
  free (w->frames);
  if (w->src.buf)
    {
      walk_path_free (&w->src);
      walk_path_free (&w->dst);
    }
}

/* Whether the source directory of status ST is one that W is in.  */
static bool
walk_is_ancestor (struct cp_walk const *w, struct stat const *st)
{
  struct dir_id key = { st->st_dev, st->st_ino };
  return w->ids && hash_lookup (w->ids, &key) != NULL;
}

/* Close the directories of the highest frame of W that has them open,
   but the operand's, if more than CP_FRAMES_OPEN are, noting the
   source's identity first.  */
static void
limit_open (struct cp_walk *w)
{
  if (w->n - w->low <= CP_FRAMES_OPEN)
    return;
  struct cp_frame *f = &w->frames[w->low++];
  struct stat st;
  f->src_id = *f->id;
  if (0 <= f->src_fd && fstat (f->src_fd, &st) == 0)
    f->src_id = (struct dir_id) { st.st_dev, st.st_ino };
  if (0 <= f->src_fd)
    close (f->src_fd);
  close (f->dir.fd);
  f->src_fd = f->dir.fd = -1;
  f->closed = true;
}

/* Push the frame F on W, entered: its source's identity goes in W's
   IDS.  There is room for it (walk_room).  */
static void
walk_push (struct cp_walk *w, struct cp_frame const *f)
{
  struct cp_frame *g = &w->frames[w->n++];
  *g = *f;
  g->id = xmalloc (sizeof *g->id);
  *g->id = (struct dir_id) { f->src_st.st_dev, f->src_st.st_ino };
  if (hash_insert (w->ids, g->id) != g->id)
    xalloc_die ();
  limit_open (w);
}

/* Make room in W for one more frame, before an entry is copied: the
   frame's parent, which the copy is handed, then stays where it is.  */
static void
walk_room (struct cp_walk *w)
{
  if (w->n == w->alloc)
    w->frames = x2nrealloc (w->frames, &w->alloc, sizeof *w->frames);
}

/* The permissions a new copy of SRC_ST starts from, before the umask:
   the source's, or with --no-preserve=mode the default ones (those of
   a directory for a socket too, as GNU's cp gives it); and the sticky
   bit of a source not a regular file.  */
static mode_t
base_mode (struct stat const *src_st)
{
  /* A directory or special file keeps its sticky bit, as in GNU's cp
     (a regular file loses it, with the set-ID bits).  */
  mode_t sticky = S_ISREG (src_st->st_mode) ? 0 : src_st->st_mode & S_ISVTX;
  if (!x->no_preserve_mode)
    return (src_st->st_mode & ACCESSPERMS) | sticky;
  return (S_ISDIR (src_st->st_mode) || S_ISSOCK (src_st->st_mode)
          ? DEFAULT_DIR_MODE : DEFAULT_FILE_MODE) | sticky;
}

/* The mode a directory copied from SRC_ST ends with, or (mode_t) -1
   to leave the mode it has: the source's with --preserve=mode, else
   for a new directory the source's less the umask.  */
static mode_t
dir_final_mode (struct stat const *src_st, bool made)
{
  if (x->preserve & COPY_PRESERVE_MODE)
    return src_st->st_mode & 07777;
  return made ? base_mode (src_st) & ~copier.umask : (mode_t) -1;
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
make_dir (struct loc const *dst, struct stat const *src_st, mode_t *mode)
{
  mode_t m = base_mode (src_st);
  if (x->preserve & COPY_PRESERVE_OWNERSHIP)
    m &= S_IRWXU;
  m &= ~(S_IWGRP | S_IWOTH);
  m |= S_IRWXU;
  *mode = m & ~copier.umask;
  return mkdirat (dst->dirfd, dst->name, m) == 0;
}

/* Open the destination directory DST into *DIR (EXISTS when it was
   there before), following a symlink to a directory only with
   --keep-directory-symlink; PARENT is its parent, or NULL.  Return
   true, or false (reported).  */
static bool
open_dst_dir (struct loc const *dst, struct dst_dir const *parent,
              bool exists, struct dst_dir *dir)
{
  bool follow = exists && x->keep_directory_symlink;
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
    remember_dir (&dir->st);
  dir->default_acl = (dir->fresh && parent ? parent->default_acl
                      : has_default_acl (dir->fd));
  return true;
}

/* Give the directory DIR (DST, made with MADE_MODE unless it existed)
   what is kept of the attributes of SRC (status SRC_ST, open as SRC_FD
   or -1), now that its contents are in.  Return true, or false
   (reported).  */
static bool
finish_dir (struct loc const *src, struct stat const *src_st, int src_fd,
            struct loc const *dst, struct dst_dir const *dir,
            mode_t made_mode)
{
  bool ok = true;
  mode_t final = dir_final_mode (src_st, dir->fresh);
  struct copy_file_report rep;
  memset (&rep, 0, sizeof rep);
  /* A directory made in one with a default ACL inherits it; one that
     was there may have its own.  */
  bool acl = dir->default_acl || !dir->fresh;
  if (copy_attributes_fd (&copier, src_fd, src_st, dir->fd,
                          dir->fresh ? made_mode : dir->st.st_mode & 07777,
                          dir->st.st_uid, dir->st.st_gid, acl, &rep) < 0)
    ok = report_copy_failure (&rep, src->path, dst->path);
  else
    report_soft_failures (&rep, dst->path, x->preserve, x->require);
  if (!(x->preserve & COPY_PRESERVE_MODE) && final != (mode_t) -1
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
open_src_dir (struct loc const *src, struct stat const *src_st,
              bool follow, struct cp_frame *f)
{
  f->src_fd = openat (src->dirfd, src->name,
                      (O_RDONLY | O_DIRECTORY | O_CLOEXEC
                       | (follow ? 0 : O_NOFOLLOW)));
  if (f->src_fd < 0)
    {
      error (0, errno, _("cannot access %s"), quoteaf (src->path));
      return false;
    }
  if (x->one_file_system && src_st->st_dev != top_dev)
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
static bool
enter_dir (struct cp_walk *w, struct loc const *src,
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
      if (!make_dir (dst, src_st, &f.made_mode))
        {
          error (0, errno, _("cannot create directory %s"),
                 quoteaf (dst->path));
          return false;
        }
      if (x->verbose && x->move)
        printf (_("created directory %s\n"), quoteaf (dst->path));
      else if (x->verbose)
        say_copied (src, dst, NULL);
    }
  if (!open_dst_dir (dst, parent, exists, &f.dir))
    return false;
  f.dst_follow = exists && x->keep_directory_symlink;
  bool top = w->n == 0;
  if (top)
    {
      walk_start (w, src->path, dst->path);
      w->top_dir = true;
    }
  if (!open_src_dir (src, src_st, follow, &f))
    w->ok = false;
  f.src_len = w->src.len;
  f.dst_len = w->dst.len;
  f.src_join = walk_path_join (&w->src, f.src_len, top);
  f.dst_join = walk_path_join (&w->dst, f.dst_len, top);
  f.name_len = top ? 0 : strlen (src->name);
  walk_push (w, &f);
  return true;
}

/* ---- files, links, special files -------------------------------------- */

/* Copy the regular file SRC (status SRC_ST, open as SRC_FD or -1) to
   DST, creating it (HOW COPY_DST_CREATE) or overwriting it; PARENT is
   DST's directory, or NULL.  Return true if it was copied.  */
static bool
copy_regular (struct loc const *src, struct stat const *src_st, int src_fd,
              struct loc const *dst, struct dst_dir const *parent,
              enum copy_dst_open how, bool follow)
{
  struct copy_file_names names = {
    .src_fd = src_fd, .src_dirfd = src->dirfd, .src_name = src->name,
    .src_st = src_st, .follow_src = follow,
    .dst_dirfd = dst->dirfd, .dst_name = dst->name,
    .dst_dir_st = parent ? &parent->st : NULL,
    .dst_dir_plain = parent && !parent->default_acl
  };
  struct copy_file_report rep;
  progress_file (src->path, dst->path, src_st->st_size);
  int r = qcopy_file_preserving (&copier, &names, how, &rep);
  progress_file_done ();
  if (r < 0 && rep.step == COPY_STEP_OPEN_DST && x->force)
    {
      /* -f: remove what cannot be opened, and make it anew.  */
      if (unlinkat (dst->dirfd, dst->name, 0) < 0 && errno != ENOENT)
        {
          error (0, errno, _("cannot remove %s"), quoteaf (dst->path));
          return false;
        }
      if (x->verbose)
        printf (_("removed %s\n"), quoteaf (dst->path));
      names.src_fd = -1;
      r = qcopy_file_preserving (&copier, &names, COPY_DST_CREATE, &rep);
    }
  struct stat lst;
  if (r < 0 && rep.step == COPY_STEP_CREATE_DST && rep.err == EEXIST
      && stat_loc (dst, &lst, false) && S_ISLNK (lst.st_mode))
    {
      if (!x->open_dangling)
        {
          error (0, 0, _("not writing through dangling symlink %s"),
                 quoteaf (dst->path));
          return false;
        }
      /* POSIXLY_CORRECT: create the file the symlink names, wherever
         that is (so not in PARENT).  */
      names.src_fd = -1;
      names.dst_dir_st = NULL;
      names.dst_dir_plain = false;
      r = qcopy_file_preserving (&copier, &names, COPY_DST_CREATE_FOLLOW,
                                 &rep);
    }
  size_t len = strlen (dst->path);
  if (r < 0 && rep.step == COPY_STEP_CREATE_DST && rep.err == EISDIR
      && len && dst->path[len - 1] == '/')
    rep.err = ENOTDIR;
  if (r < 0)
    report_copy_failure (&rep, src->path, dst->path);
  else
    report_soft_failures (&rep, dst->path, x->preserve, x->require);
  /* --debug: as GNU's cp, once the data was copied or tried.  */
  if (x->debug && copier.data)
    report_copy_debug (&rep);
  return r == 0;
}

/* Give DST, just made by name (a symbolic link or a special file),
   what is kept of the attributes of SRC (status SRC_ST).  Return true,
   or false (reported).  */
static bool
carry_attributes_at (struct loc const *src, struct stat const *src_st,
                     struct loc const *dst)
{
  struct copy_file_report rep;
  memset (&rep, 0, sizeof rep);
  if (copy_attributes_at (&copier, src_st, src->dirfd, src->name,
                          dst->dirfd, dst->name, &rep) < 0)
    return report_copy_failure (&rep, src->path, dst->path);
  report_soft_failures (&rep, dst->path, x->preserve, x->require);
  return true;
}

/* Copy the symbolic link SRC (status SRC_ST) to DST.  */
static bool
copy_symlink (struct loc const *src, struct stat const *src_st,
              struct loc const *dst)
{
  char *target = areadlinkat_with_size (src->dirfd, src->name,
                                        src_st->st_size);
  if (!target)
    {
      error (0, errno, _("cannot read symbolic link %s"), quoteaf (src->path));
      return false;
    }
  int r = symlinkat (target, dst->dirfd, dst->name);
  free (target);
  if (r < 0)
    {
      error (0, errno, _("cannot create symbolic link %s"),
             quoteaf (dst->path));
      return false;
    }
  return carry_attributes_at (src, src_st, dst);
}

/* Make DST a FIFO or device node like SRC (status SRC_ST).  */
static bool
copy_special (struct loc const *src, struct stat const *src_st,
              struct loc const *dst)
{
  bool fifo = S_ISFIFO (src_st->st_mode);
  mode_t perms = base_mode (src_st);
  mode_t m = perms;
  if (x->preserve & COPY_PRESERVE_OWNERSHIP)
    m &= S_IRWXU;
  if ((fifo ? mkfifoat (dst->dirfd, dst->name, m)
       : mknodat (dst->dirfd, dst->name, (src_st->st_mode & S_IFMT) | m,
                  src_st->st_rdev)) < 0)
    {
      error (0, errno, fifo ? _("cannot create fifo %s")
             : _("cannot create special file %s"), quoteaf (dst->path));
      return false;
    }
  if (!carry_attributes_at (src, src_st, dst))
    return false;
  if (!(x->preserve & COPY_PRESERVE_MODE) && m != perms
      && fchmodat (dst->dirfd, dst->name, perms & ~copier.umask,
                   AT_SYMLINK_NOFOLLOW) < 0)
    {
      error (0, errno, _("setting permissions for %s"), quoteaf (dst->path));
      return false;
    }
  return true;
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

/* Make NAME as L says.  Return 0, or -1 with errno set.  */
static int
make_link (struct new_link const *l, char const *name)
{
  return (l->symbolic ? symlinkat (l->src->path, l->dirfd, name)
          : linkat (l->src->dirfd, l->src->name, l->dirfd, name, l->flags));
}

/* make_link, as try_tempname calls it.  */
static int
try_link (char *name, void *l)
{
  return make_link (l, name);
}

/* Make DST as L says.  Where DST exists and REPLACE, make the link
   at a temporary name beside it and rename that over it, as GNU's cp
   does: what fails (a hard link to another file system) leaves DST as
   it was.  Return 0, or -1 with errno set.  */
static int
make_link_replacing (struct new_link *l, struct loc const *dst,
                     bool replace)
{
  if (make_link (l, dst->name) == 0)
    return 0;
  if (errno != EEXIST || !replace)
    return -1;
  size_t dir_len = last_component (dst->name) - dst->name;
  char *tmp = xmalloc (dir_len + sizeof "CuXXXXXX");
  memcpy (tmp, dst->name, dir_len);
  strcpy (tmp + dir_len, "CuXXXXXX");
  int r = try_tempname (tmp, 0, l, try_link);
  if (r == 0 && renameat (l->dirfd, tmp, l->dirfd, dst->name) < 0)
    {
      int err = errno;
      unlinkat (l->dirfd, tmp, 0);
      errno = err;
      r = -1;
    }
  int err = errno;
  free (tmp);
  errno = err;
  return r;
}

/* Make DST a hard link to SRC (-l), following a symlink SRC when
   FOLLOW; an existing DST is replaced with -f, and with -i (which has
   asked).  */
static bool
link_entry (struct loc const *src, struct loc const *dst, bool follow)
{
  struct new_link l = { src, false, follow ? AT_SYMLINK_FOLLOW : 0,
                        dst->dirfd };
  int r = make_link_replacing (&l, dst,
                               x->force || x->clobber == CLOBBER_ASK);
  if (r < 0)
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
static bool
symlink_entry (struct loc const *src, struct stat const *st,
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
  if (make_link_replacing (&l, dst, x->force) < 0)
    {
      error (0, errno, _("cannot create symbolic link %s to %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  struct copy_file_report rep;
  if (copy_times_at (&copier, st, dst->dirfd, dst->name, &rep) < 0)
    return report_copy_failure (&rep, src->path, dst->path);
  report_soft_failures (&rep, dst->path, x->preserve, x->require);
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

/* Make NAME in DIRFD a hard link to the file PATH, replacing what is
   there already in one step, as GNU's cp does: a link made under a
   free temporary name in NAME's directory, then renamed over NAME.
   Set *REPLACED when something was there.  Return 0, or -1 with errno
   set.  */
static int
link_replacing (char const *path, int dirfd, char const *name,
                bool *replaced)
{
  *replaced = false;
  if (link_from_path (path, dirfd, name) == 0)
    return 0;
  if (errno != EEXIST)
    return -1;
  *replaced = true;
  char const *base = last_component (name);
  size_t dir_len = base - name;
  char *tmp = xmalloc (dir_len + sizeof "Cu" + 8);
  memcpy (tmp, name, dir_len);
  static unsigned int serial;
  int r = -1;
  for (int tries = 0; tries < 100 && r < 0; tries++)
    {
      unsigned int v = (unsigned int) getpid () * 2654435761u + serial++;
      sprintf (tmp + dir_len, "Cu%08x", v);
      r = link_from_path (path, dirfd, tmp);
      if (r < 0 && errno != EEXIST)
        break;
    }
  if (0 <= r)
    {
      r = renameat (dirfd, tmp, dirfd, name);
      int err = errno;
      /* Removed even after a rename that worked: a rename onto
         another link of the same file does nothing.  */
      unlinkat (dirfd, tmp, 0);
      errno = err;
    }
  free (tmp);
  return r;
}

/* How the table of copies takes an entry: not at all, looked up only,
   or looked up and, when not there, entered as its inode's copy.  */
enum link_use
{
  LINK_USE_NONE,
  LINK_USE_LOOKUP,
  LINK_USE_NOTE
};

/* What keep_hard_link made of an entry.  */
enum link_step
{
  LINK_COPY,                    /* copy it: its inode has no copy yet */
  LINK_COPY_NOTED,              /* copy it: noted as its inode's copy,
                                   which forget_link undoes if the copy
                                   fails */
  LINK_DONE,                    /* linked to the earlier copy */
  LINK_FAILED                   /* the link failed (reported) */
};

/* How the table of copies takes the non-directory of status ST,
   followed to it when FOLLOW, as GNU's cp decides: with links kept
   (not by -l, where every copy is a link already), a file with other
   links, or any file reached through a symlink followed, which may be
   another name of a file copied; mv looks up a file of one link too,
   as its other names may have been moved already, by operands
   before.  */
static enum link_use
link_use (struct stat const *st, bool follow)
{
  if (!links || S_ISDIR (st->st_mode))
    return LINK_USE_NONE;
  if (x->move && st->st_nlink == 1)
    return LINK_USE_LOOKUP;
  if (x->preserve_links && !x->hard_link && (1 < st->st_nlink || follow))
    return LINK_USE_NOTE;
  return LINK_USE_NONE;
}

/* Link DST to EARLIER, the copy made of another name of its source,
   replacing what DST holds.  Return true, or false (reported).  */
static bool
link_to_copy (char const *earlier, struct loc const *dst)
{
  bool replaced;
  if (link_replacing (earlier, dst->dirfd, dst->name, &replaced) < 0)
    {
      error (0, errno, _("cannot create hard link %s to %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, earlier));
      return false;
    }
  if (replaced && x->verbose)
    printf (_("removed %s\n"), quoteaf (dst->path));
  return true;
}

/* Take the entry of status ST into the table of copies as USE says:
   if its inode was copied before, link DST to that copy; otherwise,
   with LINK_USE_NOTE, note DST as its copy.  */
static enum link_step
keep_hard_link (struct stat const *st, struct loc const *dst,
                enum link_use use)
{
  if (use == LINK_USE_NONE)
    return LINK_COPY;
  struct link_item key = { st->st_dev, st->st_ino, NULL };
  struct link_item *l = hash_lookup (links, &key);
  if (l)
    return link_to_copy (l->dst, dst) ? LINK_DONE : LINK_FAILED;
  if (use == LINK_USE_LOOKUP)
    return LINK_COPY;
  l = xmalloc (sizeof *l);
  *l = key;
  l->dst = xstrdup (dst->path);
  if (!hash_insert (links, l))
    xalloc_die ();
  return LINK_COPY_NOTED;
}

/* Forget the copy noted for the inode of status ST, whose copy
   failed: its other names are copied, not linked to nothing.  */
static void
forget_link (struct stat const *st)
{
  struct link_item key = { st->st_dev, st->st_ino, NULL };
  struct link_item *l = hash_remove (links, &key);
  if (l)
    link_free (l);
}

/* ---- an existing destination ------------------------------------------ */

/* What to do about a destination that exists.  */
enum verdict
{
  GO_ON,                        /* copy over it (or into it) */
  GO_ON_NEW,                    /* it was moved or removed: create it */
  SKIP,                         /* leave it: success */
  SKIP_NEWER,                   /* leave it, newer than the source
                                   (--update): it stands for the
                                   source's copy among hard links */
  FAIL                          /* leave it: failure (reported) */
};

/* What to make of a source and destination that may be one file.  */
enum sameness
{
  SAME_OK,                      /* distinct enough: go on */
  SAME_DONE,                    /* nothing to do (-l onto a link of
                                   itself): success */
  SAME_ERROR                    /* "are the same file" */
};

/* Whether the names A and B are one directory entry: the same last
   component in the same directory, reached by the same name (a
   symlink to a directory is that directory only when FOLLOW).  */
static bool
same_name_at (char const *a, char const *b, bool follow)
{
  char const *ba = last_component (a), *bb = last_component (b);
  size_t la = base_len (ba), lb = base_len (bb);
  if (la != lb || memcmp (ba, bb, la) != 0)
    return false;
  char *da = dir_name (a), *db = dir_name (b);
  struct stat sa, sb;
  int (*get) (char const *, struct stat *) = follow ? stat : lstat;
  bool same = (get (da, &sa) == 0 && get (db, &sb) == 0
               && SAME_INODE (sa, sb));
  free (da);
  free (db);
  return same;
}

/* Whether the names A and B are one directory entry, not following
   a symbolic link to a directory.  */
bool
cp_same_name (char const *a, char const *b)
{
  return same_name_at (a, b, false);
}

/* Judge symbolic links in the way of a copy of SRC to DST that is not
   dereferencing: SL and DL, the two names' own status, are both links;
   SAME when they are one inode.  */
static enum sameness
judge_links (struct loc const *src, struct loc const *dst, bool same)
{
  bool sn = cp_same_name (src->path, dst->path);
  if (!sn && x->backup != no_backups)
    return SAME_OK;
  if (!sn && same)
    return SAME_DONE;
  return sn ? SAME_ERROR : SAME_OK;
}

/* Decide, as GNU's cp does, whether copying SRC (status SRC_ST) onto
   DST (status DST_ST, as looked up) would copy a file onto itself.  */
static enum sameness
judge_same (struct loc const *src, struct stat const *src_st,
            struct loc const *dst, struct stat const *dst_st)
{
  bool same = SAME_INODE (*src_st, *dst_st);
  if (same && x->hard_link)
    return SAME_DONE;
  struct stat sl = *src_st, dl = *dst_st, sf, df;
  bool never = x->deref == DEREF_NEVER;
  if (never && S_ISLNK (sl.st_mode) && S_ISLNK (dl.st_mode))
    return judge_links (src, dst, same);
  if (!never)
    {
      if (!same)
        return SAME_OK;
      if (!stat_loc (dst, &dl, false) || !stat_loc (src, &sl, false))
        return SAME_OK;
      if (S_ISLNK (sl.st_mode) && S_ISLNK (dl.st_mode)
          && x->remove_destination)
        return SAME_OK;
    }
  bool same_link = SAME_INODE (sl, dl);
  if (x->backup != no_backups)
    {
      if (same_link)
        return cp_same_name (src->path, dst->path) ? SAME_ERROR : SAME_OK;
      return (!never && S_ISLNK (sl.st_mode) && !S_ISLNK (dl.st_mode)
              ? SAME_ERROR : SAME_OK);
    }
  if (!S_ISLNK (sl.st_mode) && !S_ISLNK (dl.st_mode))
    {
      if (!same_link)
        return SAME_OK;
      /* Two names of one file: removing the destination first leaves
         the source whole, unless it is the same name.  */
      if (x->remove_destination)
        return (same_name_at (src->path, dst->path, true)
                ? SAME_ERROR : SAME_OK);
    }
  /* A symlink in the way is replaced, not written through: even when
     it names the source (on this file system or another).  */
  if ((x->symbolic_link || x->hard_link || x->remove_destination)
      && S_ISLNK (dl.st_mode))
    return SAME_OK;
  if (never)
    {
      sf = sl;
      df = dl;
      if ((S_ISLNK (sl.st_mode) && !stat_loc (src, &sf, true))
          || (S_ISLNK (dl.st_mode) && !stat_loc (dst, &df, true))
          || !SAME_INODE (sf, df))
        return SAME_OK;
      /* -l of a symlink onto the file it names: nothing to do, unless
         the destination is a symlink that is to be replaced.  */
      if (x->hard_link)
        return S_ISLNK (dl.st_mode) ? SAME_OK : SAME_DONE;
    }
  return SAME_ERROR;
}

/* Whether -n, -i or --update leave DST (status DST_ST) as it is, for
   a copy of SRC (status SRC_ST) that is not a directory; set *VERDICT
   to what then happens.  GNU's cp asks these before it looks at the
   types: "cp -i" of a file onto a directory asks first.  */
static bool
keep_dst (struct stat const *src_st, struct loc const *dst,
          struct stat const *dst_st, enum verdict *verdict)
{
  *verdict = SKIP;
  if (x->update == UPDATE_NONE)
    return true;
  if (x->update == UPDATE_NONE_FAIL)
    {
      error (0, 0, B_("not replacing %s"), quoteaf (dst->path));
      *verdict = FAIL;
      return true;
    }
  if (x->update == UPDATE_OLDER && !older (dst_st, src_st))
    {
      *verdict = SKIP_NEWER;
      return true;
    }
  if (x->clobber != CLOBBER_ASK || ask_overwrite (dst, dst_st))
    return false;
  /* A "no" is a failure, with no message (POSIX; GNU 9.2 and later).  */
  *verdict = FAIL;
  return true;
}

/* As keep_dst, and under --debug say "skipped 'DST'" for a
   destination left be, as GNU's cp (9.3 and later) does.  */
static bool
leave_be (struct stat const *src_st, struct loc const *dst,
          struct stat const *dst_st, enum verdict *verdict)
{
  if (!keep_dst (src_st, dst, dst_st, verdict))
    return false;
  if (x->debug && x->update != UPDATE_NONE_FAIL)
    report_skipped (dst->path);
  return true;
}

/* Whether SRC (a directory when SRC_DIR) may replace DST (one when
   DST_DIR, status DST_ST): a directory replaces only a directory, a
   file replaces no directory and, with several operands, no file that
   an earlier operand made (unless numbered backups keep it).  TOP
   when SRC is an operand.  Report and return false if not.  */
static bool
types_fit (struct loc const *src, bool src_dir, struct loc const *dst,
           bool dst_dir, struct stat const *dst_st, bool top)
{
  if (src_dir && !dst_dir)
    {
      error (0, 0, _("cannot overwrite non-directory %s with directory %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  if (!dst_dir && top && x->backup != numbered_backups && dst_made
      && seen_file (dst_made, dst->path, dst_st))
    {
      error (0, 0, _("will not overwrite just-created %s with %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  if (dst_dir && !src_dir)
    {
      error (0, 0, _("cannot overwrite directory %s with non-directory"),
             quoteaf (dst->path));
      return false;
    }
  return true;
}

/* Whether SRC (status SRC_ST) is likely DST's simple backup, which
   backing up DST would overwrite: its last component is DST's with
   the simple backup suffix, and DST's name with that suffix is SRC's
   file.  */
static bool
src_is_dst_backup (struct loc const *src, struct stat const *src_st,
                   struct loc const *dst)
{
  if (!simple_backup_suffix)
    set_simple_backup_suffix (NULL);    /* from the environment */
  char const *sb = last_component (src->path);
  char const *db = last_component (dst->name);
  size_t sl = strlen (sb), dl = strlen (db);
  size_t xl = strlen (simple_backup_suffix);
  if (!(sl == dl + xl && memcmp (sb, db, dl) == 0
        && strcmp (sb + dl, simple_backup_suffix) == 0))
    return false;
  char *name = xmalloc (strlen (dst->name) + xl + 1);
  strcpy (stpcpy (name, dst->name), simple_backup_suffix);
  struct stat st;
  bool same = (fstatat (dst->dirfd, name, &st, 0) == 0
               && SAME_INODE (st, *src_st));
  free (name);
  return same;
}

/* Move DST aside for a copy of SRC (status SRC_ST), as x->backup says;
   set *BACKUP to the backup's path.  Return GO_ON_NEW, or FAIL
   (reported).  */
static enum verdict
back_up (struct loc const *src, struct stat const *src_st,
         struct loc const *dst, char **backup)
{
  if (x->backup != numbered_backups && src_is_dst_backup (src, src_st, dst))
    {
      error (0, 0,
             x->move ? _("backing up %s might destroy source;  %s not moved")
             : _("backing up %s might destroy source;  %s not copied"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return FAIL;
    }
  *backup = find_backup_file_name (dst->dirfd, dst->name, x->backup);
  if (renameat (dst->dirfd, dst->name, dst->dirfd, *backup) < 0)
    {
      int err = errno;
      free (*backup);
      *backup = NULL;
      error (0, err, _("cannot backup %s"), quoteaf (dst->path));
      return FAIL;
    }
  if (dst->name != dst->path)
    {
      /* The name is relative to DIRFD: messages give the path.  */
      char *dir = dir_name (dst->path);
      char *b = child_path (dir, *backup);
      free (dir);
      free (*backup);
      *backup = b;
    }
  return GO_ON_NEW;
}

/* Decide about DST (status DST_ST), which exists, for a copy of SRC
   (status SRC_ST), in GNU's order: one file?, -n, -u and -i, the
   types, then the backup or removal.  TOP when SRC is an operand.
   Set *BACKUP to the backup made, if any.  */
static enum verdict
judge_existing (struct loc const *src, struct stat const *src_st,
                struct loc const *dst, struct stat const *dst_st,
                bool top, char **backup)
{
  bool src_dir = S_ISDIR (src_st->st_mode);
  bool dst_dir = S_ISDIR (dst_st->st_mode);
  struct stat t;
  if (!dst_dir && S_ISLNK (dst_st->st_mode) && src_dir
      && x->keep_directory_symlink
      && fstatat (dst->dirfd, dst->name, &t, 0) == 0 && S_ISDIR (t.st_mode))
    dst_dir = true;

  /* -n asks nothing, not even whether the two are one file.  */
  enum sameness same = (x->clobber == CLOBBER_NO ? SAME_OK
                        : judge_same (src, src_st, dst, dst_st));
  if (same == SAME_ERROR)
    {
      error (0, 0, _("%s and %s are the same file"),
             quoteaf_n (0, src->path), quoteaf_n (1, dst->path));
      return FAIL;
    }
  enum verdict v;
  if (!src_dir && leave_be (src_st, dst, dst_st, &v))
    return v;
  if (same == SAME_DONE)
    return SKIP;
  if (!types_fit (src, src_dir, dst, dst_dir, dst_st, top))
    return FAIL;
  if (src_dir)
    return GO_ON;
  if (x->backup != no_backups)
    return back_up (src, src_st, dst, backup);
  /* A destination with other links is removed rather than written
     through when links are kept, but not by --attributes-only, which
     leaves its data be, nor by mv (whose destination is gone before a
     copy starts), as in GNU's cp.  */
  if (x->remove_destination
      || (copier.data && !x->move
          && ((x->preserve_links && 1 < dst_st->st_nlink)
              || (x->deref == DEREF_NEVER && !S_ISREG (src_st->st_mode)))))
    {
      if (unlinkat (dst->dirfd, dst->name, 0) < 0 && errno != ENOENT)
        {
          error (0, errno, _("cannot remove %s"), quoteaf (dst->path));
          return FAIL;
        }
      if (x->verbose)
        printf (_("removed %s\n"), quoteaf (dst->path));
      return GO_ON_NEW;
    }
  return GO_ON;
}

/* After a failed copy to DST, give back its name to the backup made
   of it, BACKUP (a path), as GNU's cp does.  */
static void
unbackup (struct loc const *dst, char const *backup)
{
  char const *rel = dst->name == dst->path ? backup : last_component (backup);
  if (renameat (dst->dirfd, rel, dst->dirfd, dst->name) < 0)
    error (0, errno, _("cannot un-backup %s"), quoteaf (dst->path));
  else if (x->verbose)
    printf (_("%s -> %s (unbackup)\n"), quoteaf_n (0, backup),
            quoteaf_n (1, dst->path));
}

/* ---- one entry -------------------------------------------------------- */

/* Whether DST, an operand's destination about to be written, is a
   symbolic link that an earlier operand made (cp -dR a/link b/file
   dir): report, and return true.  With several operands only, and no
   backup (which moves it aside).  */
static bool
through_new_symlink (struct loc const *src, struct loc const *dst)
{
  struct stat st;
  if (!dst_made || x->move || x->backup != no_backups
      || !stat_loc (dst, &st, false) || !S_ISLNK (st.st_mode)
      || !seen_file (dst_made, dst->path, &st))
    return false;
  error (0, 0, _("will not copy %s through just-created symlink %s"),
         quoteaf_n (0, src->path), quoteaf_n (1, dst->path));
  return true;
}

/* Get the status of SRC into *ST, following a symlink when FOLLOW; for
   an entry that readdir says is a regular file, by opening it (the
   open is needed anyway) into *FD, unless the copy may be skipped
   (MAY_SKIP: an existing destination that -n, -i or --update may
   leave be, where the open would be wasted).  Return true, or false
   (reported).  */
static bool
stat_source (struct loc const *src, unsigned char d_type, bool follow,
             bool may_skip, struct stat *st, int *fd)
{
  *fd = -1;
  if (d_type == DT_REG && copier.data && !x->hard_link && !x->symbolic_link
      && !may_skip)
    {
      *fd = openat (src->dirfd, src->name,
                    O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
      if (0 <= *fd)
        {
          if (fstat (*fd, st) == 0 && S_ISREG (st->st_mode))
            return true;
          close (*fd);
          *fd = -1;
        }
    }
  if (fstatat (src->dirfd, src->name, st, follow ? 0 : AT_SYMLINK_NOFOLLOW)
      < 0)
    {
      error (0, errno, _("cannot stat %s"), quoteaf (src->path));
      return false;
    }
  return true;
}

/* Warn and return true if SRC (status ST), an operand, was given
   before (a directory, or a file when no backups are made).  */
static bool
seen_before (struct loc const *src, struct stat const *st)
{
  if (!src_seen)
    return false;
  char *dir = dir_name (src->path);
  struct stat dir_st;
  bool known = lstat (dir, &dir_st) == 0;
  free (dir);
  if (!known)
    return false;
  struct seen_item key = { st->st_dev, st->st_ino, dir_st.st_dev,
                           dir_st.st_ino, last_component (src->path) };
  size_t len = base_len (key.base);
  key.base = ximemdup0 (key.base, len);
  if (hash_lookup (src_seen, &key)
      && (S_ISDIR (st->st_mode) || x->backup == no_backups))
    {
      error (0, 0,
             S_ISDIR (st->st_mode)
             ? _("warning: source directory %s specified more than once")
             : _("warning: source file %s specified more than once"),
             quoteaf (src->path));
      free (key.base);
      return true;
    }
  struct seen_item *e = xmalloc (sizeof *e);
  *e = key;
  if (hash_insert (src_seen, e) != e)
    seen_free (e);
  return false;
}

/* Copy SRC to DST as the options say, in the walk W: a directory is
   entered, its entries copied as W goes on.  PARENT is DST's directory
   (NULL at the top, where names are operands); D_TYPE the type readdir
   gave; TOP when SRC is an operand.  Return true if all went well
   (for a directory, as far as it went).  */
static bool
copy_entry (struct loc const *src, struct loc const *dst,
            struct dst_dir const *parent, unsigned char d_type, bool top,
            struct cp_walk *w)
{
  bool follow = (x->deref == DEREF_ALWAYS
                 || (top && x->deref == DEREF_COMMAND_LINE));
  struct stat st, dst_st;
  int src_fd;
  bool may_skip = (!(parent && parent->fresh)
                   && (x->clobber != CLOBBER_YES || x->update != UPDATE_ALL));
  if (!stat_source (src, d_type, follow, may_skip, &st, &src_fd))
    return false;
  bool ok = true, exists = false, loop = false;
  enum link_step link_step = LINK_COPY;
  char *backup = NULL, *backup_name = NULL, *backup_path = NULL;
  struct loc backup_dst;
  if (S_ISDIR (st.st_mode) && !x->recursive)
    {
      error (0, 0, _("-r not specified; omitting directory %s"),
             quoteaf (src->path));
      return false;
    }
  if (top)
    {
      if (seen_before (src, &st))
        return true;
      top_dev = st.st_dev;
      top_src = src->path;
      top_dst = dst->path;
      into_self = false;
    }
  else if (S_ISDIR (st.st_mode) && made_here (&st))
    {
      error (0, 0, _("cannot copy a directory, %s, into itself, %s"),
             quoteaf_n (0, top_src), quoteaf_n (1, top_dst));
      into_self = true;
      return false;
    }
  if (!(parent && parent->fresh))
    {
      bool as_regular = !x->recursive || x->copy_contents;
      bool own = ((!S_ISREG (st.st_mode)
                   && (!as_regular || S_ISDIR (st.st_mode)
                       || S_ISLNK (st.st_mode)))
                  || x->symbolic_link || x->hard_link
                  || x->backup != no_backups || x->remove_destination);
      if (stat_loc (dst, &dst_st, !own))
        exists = true;
      else if (errno == ELOOP && !own && x->force)
        {
          /* -f: a loop of symlinks cannot be opened, and is removed
             then (GNU's cp since 8.30).  */
          exists = loop = true;
        }
      else if (errno != ENOENT)
        {
          error (0, errno, _("cannot stat %s"), quoteaf (dst->path));
          goto out_fail;
        }
    }
  if (exists && x->force && x->backup != no_backups
      && strcmp (src->path, dst->path) == 0
      && SAME_INODE (st, dst_st) && S_ISREG (st.st_mode))
    {
      /* --force --backup of a file onto itself: as GNU's cp, copy it to
         its backup name instead, and leave it be.  */
      backup_name = find_backup_file_name (dst->dirfd, dst->name,
                                           x->backup);
      backup_dst = (struct loc) { dst->dirfd, backup_name, backup_name };
      if (dst->name != dst->path)
        {
          char *dir = dir_name (dst->path);
          backup_path = child_path (dir, backup_name);
          free (dir);
          backup_dst.path = backup_path;
        }
      dst = &backup_dst;
      exists = fstatat (dst->dirfd, dst->name, &dst_st,
                        AT_SYMLINK_NOFOLLOW) == 0;
    }
  if (exists && !loop)
    switch (judge_existing (src, &st, dst, &dst_st, top, &backup))
      {
      case GO_ON: break;
      case GO_ON_NEW: exists = false; break;
      case SKIP: goto out;
      case SKIP_NEWER:
        /* As in GNU's cp, the newer file stays, and is the copy that
           the source's other names get linked to, links kept or not
           (so "cp -u a b dir", a and b two links of a file, leaves
           dir/b a link of dir/a).  */
        if (links && !S_ISDIR (st.st_mode)
            && keep_hard_link (&st, dst, LINK_USE_NOTE) == LINK_FAILED)
          goto out_fail;
        goto out;
      case FAIL: goto out_fail;
      }
  if (top && through_new_symlink (src, dst))
    goto out_fail;
  if (x->verbose && !x->move && !S_ISDIR (st.st_mode))
    say_copied (src, dst, backup);
  link_step = keep_hard_link (&st, dst, link_use (&st, follow));
  if (link_step == LINK_FAILED)
    goto out_fail;
  if (link_step == LINK_DONE)
    goto out;
  if (x->verbose && x->move && !S_ISDIR (st.st_mode))
    say_copied (src, dst, top ? x->move_backup : NULL);

  if (x->symbolic_link && !S_ISDIR (st.st_mode))
    ok = symlink_entry (src, &st, dst);
  else if (x->hard_link && !S_ISDIR (st.st_mode))
    ok = link_entry (src, dst, follow);
  else if (S_ISDIR (st.st_mode))
    {
      if (x->verbose && exists && backup)
        say_copied (src, dst, backup);
      ok = enter_dir (w, src, &st, dst, parent, exists, follow);
    }
  else if (S_ISREG (st.st_mode)
           || (!S_ISLNK (st.st_mode)
               && (!x->recursive || x->copy_contents)))
    {
      ok = copy_regular (src, &st, src_fd, dst, parent,
                         exists ? COPY_DST_OVERWRITE : COPY_DST_CREATE,
                         follow);
      src_fd = -1;
    }
  else if (S_ISLNK (st.st_mode))
    ok = copy_symlink (src, &st, dst);
  else
    ok = copy_special (src, &st, dst);
  if (ok && top && !S_ISDIR (st.st_mode))
    remember_made (dst);
  goto out;

out_fail:
  ok = false;
out:
  if (0 <= src_fd)
    close (src_fd);
  if (!ok && link_step == LINK_COPY_NOTED)
    forget_link (&st);
  if (!ok && backup)
    unbackup (dst, backup);
  free (backup);
  free (backup_name);
  free (backup_path);
  return ok;
}

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

/* The leading directories of one --parents copy, as make_parents
   goes down them: the N (of ALLOC) in MADE that get attributes, and
   the deepest reached so far, open as FD (AT_FDCWD before the first),
   which the walk closes itself when OWNED (when no entry of MADE
   holds it).  The copy goes into FD, under the last TAIL bytes of its
   destination's name.  */
struct parents
{
  struct made_parent *made;
  size_t n;
  size_t alloc;
  int fd;
  bool owned;
  size_t tail;
};

/* The permissions a leading directory made for --parents leaves out
   while the copy goes on, of the source's SRC_MODE: as GNU's cp, all
   of group's and others' while the owner is still to be set, else
   their write permission while the mode is to be copied.  */
static mode_t
parent_omitted (mode_t src_mode)
{
  return src_mode & (x->preserve & COPY_PRESERVE_OWNERSHIP
                     ? S_IRWXG | S_IRWXO
                     : x->preserve & COPY_PRESERVE_MODE
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
finish_parent (struct made_parent const *m)
{
  if (x->preserve & COPY_PRESERVE_TIMESTAMPS && parent_times (m) < 0)
    {
      error (0, errno, _("failed to preserve times for %s"),
             quoteaf (m->dst));
      return false;
    }
  if (x->preserve & COPY_PRESERVE_OWNERSHIP
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
  if (x->preserve & COPY_PRESERVE_MODE)
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
static bool
finish_parents (struct parents *p, bool apply)
{
  bool ok = true;
  while (p->n)
    {
      struct made_parent *m = &p->made[--p->n];
      if (ok && apply)
        ok = finish_parent (m);
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
make_parent (int dirfd, char const *name, char const *dst,
             struct made_parent *m)
{
  mode_t omitted = parent_omitted (m->st.st_mode);
  mode_t mode = (x->no_preserve_mode ? S_IRWXU | S_IRWXG | S_IRWXO
                 : m->st.st_mode & 07777) & ~omitted;
  struct stat st;
  if (mkdirat (dirfd, name, mode) < 0)
    {
      error (0, errno, _("cannot make directory %s"), quoteaf (dst));
      return false;
    }
  if (x->verbose)
    printf ("%s -> %s\n", m->src, dst);
  if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
    {
      error (0, errno, _("failed to get attributes of %s"), quoteaf (dst));
      return false;
    }
  if (!open_made_parent (dirfd, name, dst, &st, m))
    return false;
  if (!(x->preserve & COPY_PRESERVE_MODE))
    {
      if (omitted & ~st.st_mode)
        omitted &= ~copier.umask;
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
parent_step (struct parents *p, char const *src, char const *dst,
             char const *name)
{
  char const *at = p->fd == AT_FDCWD ? dst : name;
  struct stat dst_st;
  bool missing = fstatat (p->fd, at, &dst_st, 0) < 0;
  struct made_parent *m = NULL;
  if ((missing || x->preserve & (COPY_PRESERVE_OWNERSHIP
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
  if (missing && !make_parent (p->fd, at, dst, m))
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
static bool
make_parents (char const *target, char const *src, struct parents *p)
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
      ok = parent_step (p, path, dst, name);
      free (name);
      free (dst);
      *slash = '/';
      comp = slash + 1;
    }
  p->tail = strlen (comp);
  free (path);
  return ok;
}

/* The descriptor of one side of the frame F: the copy's if DST, else
   the source's.  */
static int *
side_fd (struct cp_frame *f, bool dst)
{
  return dst ? &f->dir.fd : &f->src_fd;
}

/* Open again one side (DST: the copy's, else the source's) of the
   frame T of W, closed: by ".." from its child's, open as FD (or -1),
   else by the names of its path from the nearest ancestor open; each
   checked to be the directory the walk had open.  Return its
   descriptor, or -1 with errno set.  */
static int
reopen_side (struct cp_walk *w, size_t t, int fd, bool dst)
{
  struct cp_frame *f = &w->frames[t];
  struct dir_id want = (dst ? (struct dir_id) { f->dir.st.st_dev,
                                                f->dir.st.st_ino }
                        : f->src_id);
  int up = fd < 0 ? -1 : walk_fd_check (openat (fd, "..",
                                                walk_dir_flags (false)),
                                        want.dev, want.ino);
  if (0 <= up)
    return up;
  size_t a = t - 1;
  while (w->frames[a].closed)
    a--;                        /* the operand's frame never is */
  struct walk_path *p = dst ? &w->dst : &w->src;
  up = *side_fd (&w->frames[a], dst);
  for (size_t k = a + 1; k <= t && 0 <= up; k++)
    {
      struct cp_frame *g = &w->frames[k];
      char *end = p->buf + (dst ? g->dst_len : g->src_len);
      char c = *end;
      *end = '\0';
      int next = openat (up, end - g->name_len,
                         walk_dir_flags (dst ? g->dst_follow : g->follow));
      *end = c;
      if (k - 1 != a)
        close (up);
      struct dir_id id = (dst ? (struct dir_id) { g->dir.st.st_dev,
                                                  g->dir.st.st_ino }
                          : g->src_id);
      up = walk_fd_check (next, id.dev, id.ino);
    }
  return up;
}

/* Report that W could not open again the directory whose path is the
   first LEN bytes of P's, with errno ERR; the frame F then copies
   nothing more.  */
static void
reopen_failed (struct cp_walk *w, struct walk_path *p, size_t len,
               int err, struct cp_frame *f)
{
  char c = p->buf[len];
  p->buf[len] = '\0';
  error (0, err, _("cannot access %s"), quoteaf (p->buf));
  p->buf[len] = c;
  w->ok = false;
  f->next = f->list.n;
}

/* The parent of W's deepest frame, whose directories are open, has
   its own closed: open them again.  */
static void
reopen_parent (struct cp_walk *w)
{
  size_t t = w->n - 2;
  struct cp_frame *f = &w->frames[t + 1], *p = &w->frames[t];
  p->src_fd = reopen_side (w, t, f->src_fd, false);
  if (p->src_fd < 0)
    reopen_failed (w, &w->src, p->src_len, errno, p);
  p->dir.fd = reopen_side (w, t, f->dir.fd, true);
  if (p->dir.fd < 0)
    reopen_failed (w, &w->dst, p->dst_len, errno, p);
  p->closed = false;
  w->low = t;
}

/* The deepest frame of W has no entry left to copy: open its
   parent's directories again if they were closed, give its copy its
   attributes, and pop it.  TOP_SRC and TOP_DST are the operand's paths,
   as given.  */
static void
walk_leave (struct cp_walk *w, char const *top_src, char const *top_dst)
{
  size_t k = w->n - 1;
  struct cp_frame *f = &w->frames[k];
  /* The parent first: the copy's mode may deny its owner the search
     of "..".  */
  if (k && w->frames[k - 1].closed)
    reopen_parent (w);
  struct loc s = { f->src_fd, NULL, top_src };
  struct loc d = { f->dir.fd, NULL, top_dst };
  if (k)
    {
      w->src.buf[f->src_len] = '\0';
      w->dst.buf[f->dst_len] = '\0';
      s.path = w->src.buf;
      d.path = w->dst.buf;
    }
  if (0 <= f->dir.fd
      && !finish_dir (&s, &f->src_st, f->src_fd, &d, &f->dir, f->made_mode))
    w->ok = false;
  if (0 <= f->src_fd)
    close (f->src_fd);
  if (0 <= f->dir.fd)
    close (f->dir.fd);
  dir_list_free (&f->list);
  hash_remove (w->ids, f->id);
  free (f->id);
  w->n--;
  if (w->n < w->low)
    w->low = w->n;
}

/* Copy the next entry of the deepest frame of W.  */
static void
walk_visit (struct cp_walk *w)
{
  walk_room (w);
  struct cp_frame *f = &w->frames[w->n - 1];
  size_t i = f->next++;
  char const *name = dir_list_name (&f->list, i);
  size_t name_len = strlen (name);
  walk_path_put (&w->src, f->src_join, name, name_len);
  walk_path_put (&w->dst, f->dst_join, name, name_len);
  struct loc s = { f->src_fd, name, w->src.buf };
  struct loc d = { f->dir.fd, name, w->dst.buf };
  if (!copy_entry (&s, &d, &f->dir, f->list.items[i].type, false, w))
    w->ok = false;
}

/* Copy what W has entered, to the end: the operand's tree, whose
   paths as given are TOP_SRC and TOP_DST.  A copy found to be copied
   into itself ends it, each directory entered still getting its
   attributes.  */
static void
walk_run (struct cp_walk *w, char const *top_src, char const *top_dst)
{
  while (0 < w->n)
    {
      struct cp_frame const *f = &w->frames[w->n - 1];
      if (into_self || f->next == f->list.n)
        walk_leave (w, top_src, top_dst);
      else
        walk_visit (w);
    }
}

/* Count the total -g shows, if shown: the sizes under the N operands
   SRCS.  */
void
cp_count_operands (char const *const *srcs, int n)
{
  progress_count (srcs, n, x->deref == DEREF_ALWAYS,
                  x->deref != DEREF_NEVER);
}

/* Copy the operand SRC to DST; with --parents, PARENTS_OF names the
   target directory under which SRC's leading directories are made.
   Return true if all went well.  */
bool
cp_copy_operand (char const *src, char const *dst, char const *parents_of)
{
  struct parents p = { .fd = AT_FDCWD };
  if (parents_of && !make_parents (parents_of, src, &p))
    {
      /* As GNU's cp: no copy, and the directories made keep the
         modes they were made with.  */
      finish_parents (&p, false);
      return false;
    }
  struct loc s = { AT_FDCWD, src, src };
  /* Into the deepest leading directory through its descriptor, where
     make_parents went down to it: its name may lead elsewhere now.  */
  struct loc d = { p.fd, (p.fd == AT_FDCWD ? dst
                          : dst + strlen (dst) - p.tail), dst };
  struct cp_walk w;
  walk_init (&w);
  bool ok = copy_entry (&s, &d, NULL, DT_UNKNOWN, true, &w);
  walk_run (&w, src, dst);
  ok &= w.ok;
  if (ok && w.top_dir)
    remember_made (&d);
  walk_free (&w);
  return finish_parents (&p, true) && ok;
}
