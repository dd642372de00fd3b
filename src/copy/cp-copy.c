/* cp-copy.c -- cp's tree copier: one operand at a time, each entry
   decided as GNU coreutils 9.1's cp decides it.  This file owns the
   run (struct cp_run: the options, the copier, the tables, which it
   passes down), an operand, the copy of one entry, and the walk's
   loop; the other cp-*.c files are its mechanisms.

   The walk goes from directory descriptors on both sides: an entry is
   a name relative to its parent's descriptor (openat, fstatat,
   mkdirat), so that no path is ever resolved twice and depth is not
   bounded by PATH_MAX; the full names are kept only for messages.
   Regular files are copied by lib/copy-file.c (open, create, engine,
   attributes); directories get their attributes after their contents.

   What this file may call: cp-parents.c, cp-judge.c, cp-links.c,
   cp-file.c, cp-dir.c and cp-walk.c (cp-copy-private.h), lib/ and
   gnulib, and cp.h's options.  It prints cp's messages.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirname.h"
#include "error.h"
#include "file-set.h"
#include "hash.h"
#include "hash-triple.h"
#include "same-inode.h"
#include "walk-path.h"
#include "xalloc.h"

#include "cp-copy-private.h"
#include "i18n.h"
#include "progress.h"
#include "quoting.h"

/* This run: cp's options, the copier, the tables.  */
static struct cp_run run;

/* An operand already copied: its identity, and that of its name (the
   last component and the directory holding it), so that "a/f" and
   "./a/f" are one name, while "a/f" and its hard link "a/h" are two,
   as GNU's cp counts them.  */
struct seen_item
{
  struct dir_id id;
  struct dir_id dir;
  char *base;
};

static size_t
seen_hash (void const *p, size_t n)
{
  struct seen_item const *e = p;
  return dir_id_hash (&e->id, n);
}

static bool
seen_equal (void const *a, void const *b)
{
  struct seen_item const *e = a, *f = b;
  return (dir_id_equal (&e->id, &f->id) && dir_id_equal (&e->dir, &f->dir)
          && strcmp (e->base, f->base) == 0);
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
  struct cp_run *r = &run;
  r->x = opts;
  unsigned int require = r->x->require;
  if (geteuid () != 0)
    {
      /* Only root can give files away: others keep the owner they can
         (GNU's cp says nothing when it cannot).  */
      require &= ~COPY_PRESERVE_OWNERSHIP;
    }

  /* Every mode is set explicitly when modes are kept: with no umask,
     a new file can be made with its final permissions at once.  */
  if (r->x->preserve & COPY_PRESERVE_MODE)
    umask (0);
  unsigned int preserve = r->x->preserve;
  if (r->x->require_xattr)
    require |= COPY_PRESERVE_XATTR;
  file_copier_init (&r->copier, r->x->sparse, preserve, require);
  r->copier.data = !r->x->attributes_only;
  r->copier.default_mode = r->x->no_preserve_mode;
  if (r->x->reflink == REFLINK_NEVER)
    r->copier.engine.first = COPY_METHOD_SPARSE;
  /* --sparse=never: no clone, nor copy_file_range, which may keep
     holes (GNU 9.4 and later; --reflink=always is refused with it).  */
  if (r->x->sparse == COPY_SPARSE_NEVER)
    {
      r->copier.engine.first = COPY_METHOD_SPARSE;
      r->copier.engine.avoid_range = true;
    }
  if (r->x->reflink == REFLINK_ALWAYS)
    r->copier.engine.last = COPY_METHOD_CLONE;
  progress_init (r->x->progress, &r->copier.engine);
  if (1 < n_sources)
    {
      r->src_seen = hash_initialize (16, NULL, seen_hash, seen_equal,
                                     seen_free);
      r->dst_made = hash_initialize (64, NULL, triple_hash,
                                     triple_compare_ino_str, triple_free);
      if (!r->src_seen || !r->dst_made)
        xalloc_die ();
    }
  r->dirs_made = cp_id_table ();
  /* The table of copies of files with several links; --update notes
     there the destinations it leaves be, as GNU's cp does.  */
  if ((r->x->preserve_links && !r->x->hard_link)
      || r->x->update == UPDATE_OLDER)
    r->links = cp_id_table ();

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
  struct cp_run *r = &run;
  progress_finish ();
  Hash_table *tables[] = { r->src_seen, r->dst_made, r->links,
                           r->dirs_made };
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (tables[i])
      hash_free (tables[i]);
  file_copier_free (&r->copier);
}

/* Remember that DST (status ST) was made by this run.  */
static void
remember_made (struct cp_run *r, struct loc const *dst)
{
  struct stat st;
  if (r->dst_made && fstatat (dst->dirfd, dst->name, &st,
                           AT_SYMLINK_NOFOLLOW) == 0)
    record_file (r->dst_made, dst->path, &st);
}

/* Whether DST, an operand's destination about to be written, is a
   symbolic link that an earlier operand made (cp -dR a/link b/file
   dir): report, and return true.  With several operands only, and no
   backup (which moves it aside).  */
static bool
through_new_symlink (struct cp_run *r, struct loc const *src,
                     struct loc const *dst)
{
  struct stat st;
  if (!r->dst_made || r->x->move || r->x->backup != no_backups
      || !stat_loc (dst, &st, false) || !S_ISLNK (st.st_mode)
      || !seen_file (r->dst_made, dst->path, &st))
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
stat_source (struct cp_run *r, struct loc const *src, unsigned char d_type,
             bool follow, bool may_skip, struct stat *st, int *fd)
{
  *fd = -1;
  if (d_type == DT_REG && r->copier.data && !r->x->hard_link
      && !r->x->symbolic_link && !may_skip)
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
seen_before (struct cp_run *r, struct loc const *src, struct stat const *st)
{
  if (!r->src_seen)
    return false;
  char *dir = dir_name (src->path);
  struct stat dir_st;
  bool known = lstat (dir, &dir_st) == 0;
  free (dir);
  if (!known)
    return false;
  struct seen_item key = { { st->st_dev, st->st_ino },
                           { dir_st.st_dev, dir_st.st_ino },
                           last_component (src->path) };
  size_t len = base_len (key.base);
  key.base = ximemdup0 (key.base, len);
  if (hash_lookup (r->src_seen, &key)
      && (S_ISDIR (st->st_mode) || r->x->backup == no_backups))
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
  if (hash_insert (r->src_seen, e) != e)
    seen_free (e);
  return false;
}

/* Copy SRC to DST as the options say, in the walk W: a directory is
   entered, its entries copied as W goes on.  PARENT is DST's directory
   (NULL at the top, where names are operands); D_TYPE the type readdir
   gave; TOP when SRC is an operand.  Return true if all went well
   (for a directory, as far as it went).  */
static bool
copy_entry (struct cp_run *r, struct loc const *src, struct loc const *dst,
            struct dst_dir const *parent, unsigned char d_type, bool top,
            struct cp_walk *w)
{
  bool follow = (r->x->deref == DEREF_ALWAYS
                 || (top && r->x->deref == DEREF_COMMAND_LINE));
  struct stat st, dst_st;
  int src_fd;
  bool may_skip = (!(parent && parent->fresh)
                   && (r->x->clobber != CLOBBER_YES
                       || r->x->update != UPDATE_ALL));
  if (!stat_source (r, src, d_type, follow, may_skip, &st, &src_fd))
    return false;
  bool ok = true, exists = false, loop = false;
  enum link_step link_step = LINK_COPY;
  char *backup = NULL, *backup_name = NULL, *backup_path = NULL;
  struct loc backup_dst;
  if (S_ISDIR (st.st_mode) && !r->x->recursive)
    {
      error (0, 0, _("-r not specified; omitting directory %s"),
             quoteaf (src->path));
      return false;
    }
  if (top)
    {
      if (seen_before (r, src, &st))
        return true;
      r->top_dev = st.st_dev;
      r->top_src = src->path;
      r->top_dst = dst->path;
      r->into_self = false;
    }
  else if (S_ISDIR (st.st_mode) && made_here (r, &st))
    {
      error (0, 0, _("cannot copy a directory, %s, into itself, %s"),
             quoteaf_n (0, r->top_src), quoteaf_n (1, r->top_dst));
      r->into_self = true;
      return false;
    }
  if (!(parent && parent->fresh))
    {
      bool as_regular = !r->x->recursive || r->x->copy_contents;
      bool own = ((!S_ISREG (st.st_mode)
                   && (!as_regular || S_ISDIR (st.st_mode)
                       || S_ISLNK (st.st_mode)))
                  || r->x->symbolic_link || r->x->hard_link
                  || r->x->backup != no_backups || r->x->remove_destination);
      if (stat_loc (dst, &dst_st, !own))
        exists = true;
      else if (errno == ELOOP && !own && r->x->force)
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
  if (exists && r->x->force && r->x->backup != no_backups
      && strcmp (src->path, dst->path) == 0
      && SAME_INODE (st, dst_st) && S_ISREG (st.st_mode))
    {
      /* --force --backup of a file onto itself: as GNU's cp, copy it to
         its backup name instead, and leave it be.  */
      backup_name = find_backup_file_name (dst->dirfd, dst->name,
                                           r->x->backup);
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
    switch (judge_existing (r, src, &st, dst, &dst_st, top, &backup))
      {
      case GO_ON: break;
      case GO_ON_NEW: exists = false; break;
      case SKIP: goto out;
      case SKIP_NEWER:
        /* As in GNU's cp, the newer file stays, and is the copy that
           the source's other names get linked to, links kept or not
           (so "cp -u a b dir", a and b two links of a file, leaves
           dir/b a link of dir/a).  */
        if (r->links && !S_ISDIR (st.st_mode)
            && keep_hard_link (r, &st, dst, LINK_USE_NOTE) == LINK_FAILED)
          goto out_fail;
        goto out;
      case FAIL: goto out_fail;
      }
  if (top && through_new_symlink (r, src, dst))
    goto out_fail;
  if (r->x->verbose && !r->x->move && !S_ISDIR (st.st_mode))
    say_copied (r, src, dst, backup);
  link_step = keep_hard_link (r, &st, dst, link_use (r, &st, follow));
  if (link_step == LINK_FAILED)
    goto out_fail;
  if (link_step == LINK_DONE)
    goto out;
  if (r->x->verbose && r->x->move && !S_ISDIR (st.st_mode))
    say_copied (r, src, dst, top ? r->x->move_backup : NULL);

  if (r->x->symbolic_link && !S_ISDIR (st.st_mode))
    ok = symlink_entry (r, src, &st, dst);
  else if (r->x->hard_link && !S_ISDIR (st.st_mode))
    ok = link_entry (r, src, dst, follow);
  else if (S_ISDIR (st.st_mode))
    {
      if (r->x->verbose && exists && backup)
        say_copied (r, src, dst, backup);
      ok = enter_dir (r, w, src, &st, dst, parent, exists, follow);
    }
  else if (S_ISREG (st.st_mode)
           || (!S_ISLNK (st.st_mode)
               && (!r->x->recursive || r->x->copy_contents)))
    {
      ok = copy_regular (r, src, &st, src_fd, dst, parent,
                         exists ? COPY_DST_OVERWRITE : COPY_DST_CREATE,
                         follow);
      src_fd = -1;
    }
  else if (S_ISLNK (st.st_mode))
    ok = copy_symlink (r, src, &st, dst);
  else
    ok = copy_special (r, src, &st, dst);
  if (ok && top && !S_ISDIR (st.st_mode))
    remember_made (r, dst);
  goto out;

out_fail:
  ok = false;
out:
  if (0 <= src_fd)
    close (src_fd);
  if (!ok && link_step == LINK_COPY_NOTED)
    forget_link (r, &st);
  if (!ok && backup)
    unbackup (r, dst, backup);
  free (backup);
  free (backup_name);
  free (backup_path);
  return ok;
}

/* The deepest frame of W has no entry left to copy: open its
   parent's directories again if they were closed, give its copy its
   attributes, and pop it.  TOP_SRC and TOP_DST are the operand's paths,
   as given.  */
static void
walk_leave (struct cp_run *r, struct cp_walk *w, char const *top_src,
            char const *top_dst)
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
      && !finish_dir (r, &s, &f->src_st, f->src_fd, &d, &f->dir, f->made_mode))
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
walk_visit (struct cp_run *r, struct cp_walk *w)
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
  if (!copy_entry (r, &s, &d, &f->dir, f->list.items[i].type, false, w))
    w->ok = false;
}

/* Copy what W has entered, to the end: the operand's tree, whose
   paths as given are TOP_SRC and TOP_DST.  A copy found to be copied
   into itself ends it, each directory entered still getting its
   attributes.  */
static void
walk_run (struct cp_run *r, struct cp_walk *w, char const *top_src,
          char const *top_dst)
{
  while (0 < w->n)
    {
      struct cp_frame const *f = &w->frames[w->n - 1];
      if (r->into_self || f->next == f->list.n)
        walk_leave (r, w, top_src, top_dst);
      else
        walk_visit (r, w);
    }
}

/* Count the total -g shows, if shown: the sizes under the N operands
   SRCS.  */
void
cp_count_operands (char const *const *srcs, int n)
{
  struct cp_run *r = &run;
  progress_count (srcs, n, r->x->deref == DEREF_ALWAYS,
                  r->x->deref != DEREF_NEVER);
}

/* Copy the operand SRC to DST; with --parents, PARENTS_OF names the
   target directory under which SRC's leading directories are made.
   Return true if all went well.  */
bool
cp_copy_operand (char const *src, char const *dst, char const *parents_of)
{
  struct cp_run *r = &run;
  struct parents p = { .fd = AT_FDCWD };
  if (parents_of && !make_parents (r, parents_of, src, &p))
    {
      /* As GNU's cp: no copy, and the directories made keep the
         modes they were made with.  */
      finish_parents (r, &p, false);
      return false;
    }
  struct loc s = { AT_FDCWD, src, src };
  /* Into the deepest leading directory through its descriptor, where
     make_parents went down to it: its name may lead elsewhere now.  */
  struct loc d = { p.fd, (p.fd == AT_FDCWD ? dst
                          : dst + strlen (dst) - p.tail), dst };
  struct cp_walk w;
  walk_init (&w);
  bool ok = copy_entry (r, &s, &d, NULL, DT_UNKNOWN, true, &w);
  walk_run (r, &w, src, dst);
  ok &= w.ok;
  if (ok && w.top_dir)
    remember_made (r, &d);
  walk_free (&w);
  return finish_parents (r, &p, true) && ok;
}
