/* cp-judge.c -- the judge of a destination that exists, in GNU's
   order: one file with the source?, -n, -u and -i, the types, then
   the backup or the removal that clears the way; and the backup given
   back its name after a failed copy.

   What this file may call: copy-cli.h (the question), gnulib
   (backupfile).  It prints cp's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backupfile.h"
#include "dirname.h"
#include "error.h"
#include "file-set.h"
#include "same-inode.h"
#include "xalloc.h"

#include "copy-cli.h"
#include "copy-report.h"
#include "cp-copy-private.h"
#include "i18n.h"
#include "quoting.h"

/* What to make of a source and destination that may be one file.  */
enum sameness
{
  SAME_OK,                      /* distinct enough: go on */
  SAME_DONE,                    /* nothing to do (-l onto a link of
                                   itself): success */
  SAME_ERROR                    /* "are the same file" */
};

/* Ask whether to overwrite DST (lstat DST_ST); return the answer.  As
   GNU's cp, a destination that is not writable (root can write any;
   a symbolic link is not asked about so) is asked about with its
   mode.  */
static bool
ask_overwrite (struct cp_run *r, struct loc const *dst,
               struct stat const *dst_st)
{
  bool unwritable = (!S_ISLNK (dst_st->st_mode) && geteuid () != 0
                     && faccessat (dst->dirfd, dst->name, W_OK,
                                   AT_EACCESS) != 0);
  return ask_to_replace (dst->path, dst_st->st_mode, unwritable,
                         r->x->force || r->x->remove_destination);
}

/* Whether ST's modification time is older than SRC_ST's.  */
static bool
older (struct stat const *st, struct stat const *src_st)
{
  return (st->st_mtim.tv_sec < src_st->st_mtim.tv_sec
          || (st->st_mtim.tv_sec == src_st->st_mtim.tv_sec
              && st->st_mtim.tv_nsec < src_st->st_mtim.tv_nsec));
}

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
judge_links (struct cp_run *r, struct loc const *src, struct loc const *dst,
             bool same)
{
  bool sn = cp_same_name (src->path, dst->path);
  if (!sn && r->x->backup != no_backups)
    return SAME_OK;
  if (!sn && same)
    return SAME_DONE;
  return sn ? SAME_ERROR : SAME_OK;
}

/* Decide, as GNU's cp does, whether copying SRC (status SRC_ST) onto
   DST (status DST_ST, as looked up) would copy a file onto itself.  */
static enum sameness
judge_same (struct cp_run *r, struct loc const *src, struct stat const *src_st,
            struct loc const *dst, struct stat const *dst_st)
{
  bool same = SAME_INODE (*src_st, *dst_st);
  if (same && r->x->hard_link)
    return SAME_DONE;
  struct stat sl = *src_st, dl = *dst_st, sf, df;
  bool never = r->x->deref == DEREF_NEVER;
  if (never && S_ISLNK (sl.st_mode) && S_ISLNK (dl.st_mode))
    return judge_links (r, src, dst, same);
  if (!never)
    {
      if (!same)
        return SAME_OK;
      if (!stat_loc (dst, &dl, false) || !stat_loc (src, &sl, false))
        return SAME_OK;
      if (S_ISLNK (sl.st_mode) && S_ISLNK (dl.st_mode)
          && r->x->remove_destination)
        return SAME_OK;
    }
  bool same_link = SAME_INODE (sl, dl);
  if (r->x->backup != no_backups)
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
      if (r->x->remove_destination)
        return (same_name_at (src->path, dst->path, true)
                ? SAME_ERROR : SAME_OK);
    }
  /* A symlink in the way is replaced, not written through: even when
     it names the source (on this file system or another).  */
  if ((r->x->symbolic_link || r->x->hard_link || r->x->remove_destination)
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
      if (r->x->hard_link)
        return S_ISLNK (dl.st_mode) ? SAME_OK : SAME_DONE;
    }
  return SAME_ERROR;
}

/* Whether -n, -i or --update leave DST (status DST_ST) as it is, for
   a copy of SRC (status SRC_ST) that is not a directory; set *VERDICT
   to what then happens.  GNU's cp asks these before it looks at the
   types: "cp -i" of a file onto a directory asks first.  */
static bool
keep_dst (struct cp_run *r, struct stat const *src_st, struct loc const *dst,
          struct stat const *dst_st, enum verdict *verdict)
{
  *verdict = SKIP;
  if (r->x->update == UPDATE_NONE)
    return true;
  if (r->x->update == UPDATE_NONE_FAIL)
    {
      error (0, 0, B_("not replacing %s"), quoteaf (dst->path));
      *verdict = FAIL;
      return true;
    }
  if (r->x->update == UPDATE_OLDER && !older (dst_st, src_st))
    {
      *verdict = SKIP_NEWER;
      return true;
    }
  if (r->x->clobber != CLOBBER_ASK || ask_overwrite (r, dst, dst_st))
    return false;
  /* A "no" is a failure, with no message (POSIX; GNU 9.2 and later).  */
  *verdict = FAIL;
  return true;
}

/* As keep_dst, and under --debug say "skipped 'DST'" for a
   destination left be, as GNU's cp (9.3 and later) does.  */
static bool
leave_be (struct cp_run *r, struct stat const *src_st, struct loc const *dst,
          struct stat const *dst_st, enum verdict *verdict)
{
  if (!keep_dst (r, src_st, dst, dst_st, verdict))
    return false;
  if (r->x->debug && r->x->update != UPDATE_NONE_FAIL)
    report_skipped (dst->path);
  return true;
}

/* Whether SRC (a directory when SRC_DIR) may replace DST (one when
   DST_DIR, status DST_ST): a directory replaces only a directory, a
   file replaces no directory and, with several operands, no file that
   an earlier operand made (unless numbered backups keep it).  TOP
   when SRC is an operand.  Report and return false if not.  */
static bool
types_fit (struct cp_run *r, struct loc const *src, bool src_dir,
           struct loc const *dst, bool dst_dir, struct stat const *dst_st,
           bool top)
{
  if (src_dir && !dst_dir)
    {
      error (0, 0, _("cannot overwrite non-directory %s with directory %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  if (!dst_dir && top && r->x->backup != numbered_backups && r->dst_made
      && seen_file (r->dst_made, dst->path, dst_st))
    {
      error (0, 0, _("will not overwrite just-created %s with %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return false;
    }
  if (dst_dir && !src_dir)
    {
      error (0, 0, B_("cannot overwrite directory %s with non-directory %s"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
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
back_up (struct cp_run *r, struct loc const *src, struct stat const *src_st,
         struct loc const *dst, char **backup)
{
  if (r->x->backup != numbered_backups && src_is_dst_backup (src, src_st, dst))
    {
      error (0, 0,
             r->x->move
             ? _("backing up %s might destroy source;  %s not moved")
             : _("backing up %s might destroy source;  %s not copied"),
             quoteaf_n (0, dst->path), quoteaf_n (1, src->path));
      return FAIL;
    }
  *backup = find_backup_file_name (dst->dirfd, dst->name, r->x->backup);
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
enum verdict
judge_existing (struct cp_run *r, struct loc const *src,
                struct stat const *src_st, struct loc const *dst,
                struct stat const *dst_st, bool top, char **backup)
{
  bool src_dir = S_ISDIR (src_st->st_mode);
  bool dst_dir = S_ISDIR (dst_st->st_mode);
  struct stat t;
  if (!dst_dir && S_ISLNK (dst_st->st_mode) && src_dir
      && r->x->keep_directory_symlink
      && fstatat (dst->dirfd, dst->name, &t, 0) == 0 && S_ISDIR (t.st_mode))
    dst_dir = true;

  /* -n asks nothing, not even whether the two are one file.  */
  enum sameness same = (r->x->clobber == CLOBBER_NO ? SAME_OK
                        : judge_same (r, src, src_st, dst, dst_st));
  if (same == SAME_ERROR)
    {
      error (0, 0, _("%s and %s are the same file"),
             quoteaf_n (0, src->path), quoteaf_n (1, dst->path));
      return FAIL;
    }
  enum verdict v;
  if (!src_dir && leave_be (r, src_st, dst, dst_st, &v))
    return v;
  if (same == SAME_DONE)
    return SKIP;
  if (!types_fit (r, src, src_dir, dst, dst_dir, dst_st, top))
    return FAIL;
  if (src_dir)
    return GO_ON;
  if (r->x->backup != no_backups)
    return back_up (r, src, src_st, dst, backup);
  /* A destination with other links is removed rather than written
     through when links are kept, but not by --attributes-only, which
     leaves its data be, nor by mv (whose destination is gone before a
     copy starts), as in GNU's cp.  */
  if (r->x->remove_destination
      || (r->copier.data && !r->x->move
          && ((r->x->preserve_links && 1 < dst_st->st_nlink)
              || (r->x->deref == DEREF_NEVER && !S_ISREG (src_st->st_mode)))))
    {
      if (unlinkat (dst->dirfd, dst->name, 0) < 0 && errno != ENOENT)
        {
          error (0, errno, _("cannot remove %s"), quoteaf (dst->path));
          return FAIL;
        }
      if (r->x->verbose)
        printf (_("removed %s\n"), quoteaf (dst->path));
      return GO_ON_NEW;
    }
  return GO_ON;
}

/* After a failed copy to DST, give back its name to the backup made
   of it, BACKUP (a path), as GNU's cp does.  */
void
unbackup (struct cp_run *r, struct loc const *dst, char const *backup)
{
  char const *rel = dst->name == dst->path ? backup : last_component (backup);
  if (renameat (dst->dirfd, rel, dst->dirfd, dst->name) < 0)
    error (0, errno, _("cannot un-backup %s"), quoteaf (dst->path));
  else if (r->x->verbose)
    printf (_("%s -> %s (unbackup)\n"), quoteaf_n (0, backup),
            quoteaf_n (1, dst->path));
}
