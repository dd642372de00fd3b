/* mv-move.c -- mv's mover: one operand at a time, decided as GNU
   coreutils 9.1's mv decides it.

   Within a file system an operand is renamed: first with
   RENAME_NOREPLACE, which cannot replace anything, so that -n has no
   window between a check and the rename; only when a destination is
   in the way are the checks made (same file, --update, the prompts,
   directory against non-directory, the backup) and a plain rename
   replaces it.  Across file systems (EXDEV) the operand is copied by
   cp-copy.c as "cp -a" would, and the source is removed only once its
   whole copy is written and closed.  With --exchange, the two names
   are swapped by one renameat2 (RENAME_EXCHANGE), after the same
   checks, or not at all.

   What this file may call: cp.h's tree copier, mv-remove.h's removal
   of a source copied, progress.h's status line, copy-report.h's
   --debug lines, gnulib, and mv.h's options.  It prints mv's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backupfile.h"
#include "dirname.h"
#include "error.h"
#include "file-set.h"
#include "hash.h"
#include "hash-triple.h"
#include "quotearg.h"
#include "same-inode.h"
#include "xalloc.h"

#include "copy-cli.h"
#include "copy-report.h"
#include "cp.h"
#include "i18n.h"
#include "mv.h"
#include "mv-remove.h"
#include "progress.h"
#include "quoting.h"

static struct mv_options const *o;

/* What cp-copy.c is told for a copy across file systems: "cp -a",
   where no attribute but the data is required (as GNU's mv, which
   says nothing of an owner it cannot give).  */
static struct cp_options copy_opts;

/* Whether cp_copy_init was called: only the first copy across file
   systems sets the copier up.  */
static bool copier_ready;

/* When several operands go into one directory (mv_track_moves): the
   names this run moved something to, with the device and inode each
   then had, so that a later operand is not moved over what an
   earlier one became ("will not overwrite just-created").  */
static Hash_table *moved_to;

/* Directory operands whose first rename (the one that replaces
   nothing) failed, then were moved or found to be above their
   destination, by device and inode, with that destination: one
   directory named twice for one destination is warned about the
   second time, not moved again (as GNU's mv).  */
static Hash_table *dirs_tried;

/* A new set of names with their devices and inodes (gnulib's
   file-set).  */
static Hash_table *
new_file_set (void)
{
  Hash_table *t = hash_initialize (16, NULL, triple_hash,
                                   triple_compare_ino_str, triple_free);
  if (!t)
    xalloc_die ();
  return t;
}

/* Keep OPTS for the moves to come.  */
void
mv_init (struct mv_options const *opts)
{
  o = opts;
  copy_opts = (struct cp_options) {
    .recursive = true, .deref = DEREF_NEVER, .clobber = CLOBBER_YES,
    .update = UPDATE_ALL, .reflink = REFLINK_AUTO,
    .sparse = COPY_SPARSE_AUTO, .backup = no_backups,
    .preserve = (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
                 | COPY_PRESERVE_OWNERSHIP | COPY_PRESERVE_XATTR),
    .preserve_links = true, .verbose = o->verbose, .debug = o->debug,
    .move = true, .progress = o->progress
  };
  /* As cp, mv takes SIGUSR1 for its status line from the start: the
     copier is set up only at the first move across file systems.  */
  progress_catch_status ();
}

/* Remember where each operand to come is moved, as GNU's mv does
   when several go into one directory.  */
void
mv_track_moves (void)
{
  if (!moved_to)
    moved_to = new_file_set ();
}

/* Free what the moves set up.  */
void
mv_finish (void)
{
  if (copier_ready)
    cp_copy_finish ();
  if (moved_to)
    hash_free (moved_to);
  if (dirs_tried)
    hash_free (dirs_tried);
}

/* Print -v's line for SRC renamed to DST, with BACKUP if one was
   made.  */
static void
say_renamed (char const *src, char const *dst, char const *backup)
{
  if (!o->verbose)
    return;
  fputs (_("renamed "), stdout);
  printf ("%s -> %s", quoteaf_n (0, src), quoteaf_n (1, dst));
  if (backup)
    printf (_(" (backup: %s)"), quoteaf (backup));
  putchar ('\n');
}

/* ---- asking ----------------------------------------------------------- */

/* Whether the user lets DST (lstat DST_ST) be replaced: -i asks;
   with none of -f, -i, -n, a destination not writable is asked about
   when standard input is a terminal (a symbolic link never is).  */
static bool
may_replace (char const *dst, struct stat const *dst_st)
{
  bool unwritable = (!S_ISLNK (dst_st->st_mode)
                     && faccessat (AT_FDCWD, dst, W_OK, AT_EACCESS) != 0);
  if (o->interactive == MV_ASK
      || (o->interactive == MV_UNSPECIFIED && o->stdin_tty && unwritable))
    return ask_to_replace (dst, dst_st->st_mode, unwritable, true);
  return true;
}

/* ---- an existing destination ------------------------------------------ */

/* What to do about a destination in the way.  */
enum verdict
{
  GO_ON,                        /* rename over it */
  SKIP,                         /* leave both: success */
  FAIL                          /* leave both: failure (reported) */
};

/* Whether SRC (lstat ST), a symbolic link, and DST (lstat DST_ST),
   not one, are one file that mv must not move onto itself: SRC names
   DST, so that renaming it over DST would leave a link to itself and
   lose the data.  But when DST has other names, it is safe unless
   SRC's fully resolved name is DST's own entry (GNU's rule): the data
   stays under the other names.  */
static bool
link_names_dst (char const *src, char const *dst, struct stat const *dst_st)
{
  if (1 < dst_st->st_nlink)
    {
      char *resolved = realpath (src, NULL);
      if (resolved)
        {
          bool same = cp_same_name (resolved, dst);
          free (resolved);
          return same;
        }
    }
  struct stat t;
  return stat (src, &t) == 0 && SAME_INODE (t, *dst_st);
}

/* Whether SRC (lstat ST) and DST (lstat DST_ST) are one file that mv
   must not move onto itself, as GNU's mv decides it: two names of one
   inode (two symbolic links hard-linked too), unless a backup is made
   of a second name of it; or a symbolic link onto the file it names
   (link_names_dst), unless a backup is made.  Where nothing would be
   replaced (-n, --update=none or none-fail) it never looks.  */
static bool
same_file (char const *src, struct stat const *st, char const *dst,
           struct stat const *dst_st)
{
  if (o->update == UPDATE_NONE || o->update == UPDATE_NONE_FAIL)
    return false;
  bool same = SAME_INODE (*st, *dst_st);
  bool src_link = S_ISLNK (st->st_mode), dst_link = S_ISLNK (dst_st->st_mode);
  if (src_link && dst_link)
    return (cp_same_name (src, dst)
            || (same && o->backup == no_backups));
  if (o->backup != no_backups)
    return same && cp_same_name (src, dst);
  if (dst_link)
    return false;
  if (!src_link)
    return same;
  return link_names_dst (src, dst, dst_st);
}

/* Whether --update's choice leaves DST (lstat DST_ST) be, for SRC
   (lstat ST); set *FAILED when it is a failure (none-fail, reported).
   A directory SRC is never older (GNU's rule), but none and none-fail
   leave any DST be.  */
static bool
update_skips (struct stat const *st, char const *dst,
              struct stat const *dst_st, bool *failed)
{
  *failed = false;
  switch (o->update)
    {
    case UPDATE_ALL: return false;
    case UPDATE_NONE: return true;
    case UPDATE_NONE_FAIL:
      error (0, 0, B_("not replacing %s"), quoteaf (dst));
      *failed = true;
      return true;
    case UPDATE_OLDER:
      return (!S_ISDIR (st->st_mode)
              && !(dst_st->st_mtim.tv_sec < st->st_mtim.tv_sec
                   || (dst_st->st_mtim.tv_sec == st->st_mtim.tv_sec
                       && dst_st->st_mtim.tv_nsec < st->st_mtim.tv_nsec)));
    }
  return false;
}

/* DST is left be: say so under --debug, as GNU's mv does.  Return
   SKIP.  */
static enum verdict
skipped (char const *dst)
{
  if (o->debug)
    report_skipped (dst);
  return SKIP;
}

/* Whether the last component NAME is "." or "..".  */
static bool
dot_or_dotdot (char const *name)
{
  return (name[0] == '.'
          && (!name[1] || name[1] == '/'
              || (name[1] == '.' && (!name[2] || name[2] == '/'))));
}

/* Whether backing DST up would move SRC (lstat ST) away: SRC's last
   component is DST's with the simple backup suffix, and that name
   next to DST is SRC's file (followed, as GNU's mv looks).  */
static bool
backup_is_source (char const *src, struct stat const *st, char const *dst)
{
  if (!simple_backup_suffix)
    set_simple_backup_suffix (NULL);
  char const *sb = last_component (src), *db = last_component (dst);
  size_t sl = strlen (sb), dl = strlen (db);
  size_t xl = strlen (simple_backup_suffix);
  if (!(sl == dl + xl && memcmp (sb, db, dl) == 0
        && strcmp (sb + dl, simple_backup_suffix) == 0))
    return false;
  size_t n = strlen (dst);
  char *name = xmalloc (n + xl + 1);
  memcpy (name, dst, n);
  strcpy (name + n, simple_backup_suffix);
  struct stat t;
  bool same = stat (name, &t) == 0 && SAME_INODE (*st, t);
  free (name);
  return same;
}

/* Move DST aside, for SRC (lstat ST), to the backup name; put that
   name in *BACKUP (NULL if DST was gone already).  Refuse, as GNU's mv
   does, a simple backup that would be SRC itself.  */
static enum verdict
back_up (char const *src, struct stat const *st, char const *dst,
         char **backup)
{
  if (o->backup != numbered_backups && backup_is_source (src, st, dst))
    {
      error (0, 0, _("backing up %s might destroy source;  %s not moved"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return FAIL;
    }
  *backup = find_backup_file_name (AT_FDCWD, dst, o->backup);
  if (rename (dst, *backup) == 0)
    return GO_ON;
  int err = errno;
  free (*backup);
  *backup = NULL;
  if (err == ENOENT)
    return GO_ON;
  error (0, err, _("cannot backup %s"), quoteaf (dst));
  return FAIL;
}

/* Decide about DST (lstat DST_ST), in the way of SRC (lstat ST), in
   GNU's mv's order: the same file, --update, the prompts, directory
   against non-directory (either way allowed with a backup), a
   destination an earlier operand was moved to, then the backup, made
   if asked, its name in *BACKUP.  An exchange loses nothing: it stops
   after the prompts (GNU's rule; it takes no backup).  */
static enum verdict
judge_existing (char const *src, struct stat const *st, char const *dst,
                struct stat const *dst_st, char **backup)
{
  bool failed;
  if (same_file (src, st, dst, dst_st))
    {
      error (0, 0, _("%s and %s are the same file"), quoteaf_n (0, src),
             quoteaf_n (1, dst));
      return FAIL;
    }
  if (update_skips (st, dst, dst_st, &failed))
    return failed ? FAIL : skipped (dst);
  if (!may_replace (dst, dst_st))
    {
      /* A "no" is a failure, with no message (GNU 9.2 and later).  */
      skipped (dst);
      return FAIL;
    }
  if (o->exchange)
    return GO_ON;
  bool src_dir = S_ISDIR (st->st_mode), dst_dir = S_ISDIR (dst_st->st_mode);
  bool backups = o->backup != no_backups;
  if (src_dir && !dst_dir && !backups)
    {
      error (0, 0, _("cannot overwrite non-directory %s with directory %s"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return FAIL;
    }
  if (!dst_dir && moved_to && o->backup != numbered_backups
      && seen_file (moved_to, dst, dst_st))
    {
      error (0, 0, _("will not overwrite just-created %s with %s"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return FAIL;
    }
  if (dst_dir && !src_dir && !backups)
    {
      error (0, 0, B_("cannot overwrite directory %s with non-directory %s"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return FAIL;
    }
  if (backups && !dot_or_dotdot (last_component (src)))
    return back_up (src, st, dst, backup);
  return GO_ON;
}

/* After a failed move to DST, give its name back to BACKUP.  */
static void
unbackup (char const *dst, char const *backup)
{
  if (rename (backup, dst) < 0)
    error (0, errno, _("cannot un-backup %s"), quoteaf (dst));
  else if (o->verbose)
    printf (_("%s -> %s (unbackup)\n"), quoteaf_n (0, backup),
            quoteaf_n (1, dst));
}

/* ---- one operand ------------------------------------------------------ */

/* Move SRC (lstat ST) to DST on another file system: remove DST if
   there (EXISTS), copy SRC there as "cp -a" does, then remove SRC.
   BACKUP is the backup made of DST, or NULL.  -g's total grows by
   SRC's size here, the first moment it is known to be copied (SRC is
   an operand, which lasts until mv_finish).  Return true if all went
   well.  */
static bool
move_across (char const *src, struct stat const *st, char const *dst,
             bool exists, char const *backup)
{
  if (exists
      && unlinkat (AT_FDCWD, dst, S_ISDIR (st->st_mode) ? AT_REMOVEDIR : 0)
      < 0 && errno != ENOENT)
    {
      error (0, errno, _("inter-device move failed: %s to %s; "
             "unable to remove target"), quoteaf_n (0, src),
             quoteaf_n (1, dst));
      return false;
    }
  if (!copier_ready)
    {
      cp_copy_init (&copy_opts, 1);
      copier_ready = true;
    }
  cp_count_operands (&src, 1);
  copy_opts.move_backup = backup;
  bool copied = cp_copy_operand (src, dst, NULL);
  copy_opts.move_backup = NULL;
  if (!copied)
    return false;
  return mv_remove (src, S_ISDIR (st->st_mode), o->verbose);
}

/* Whether a rename's error ERR is DST's fault, and GNU's mv (9.3 and
   later) names DST alone: "cannot overwrite 'DST'", not "cannot move
   'SRC' to 'DST'".  */
static bool
dst_error (int err)
{
  switch (err)
    {
    case EDQUOT: case EEXIST: case EISDIR: case EMLINK:
    case ENOSPC: case ETXTBSY:
#if ENOTEMPTY != EEXIST
    case ENOTEMPTY:
#endif
      return true;
    default:
      return false;
    }
}

/* Rename SRC (lstat ST) to DST, replacing it if it EXISTS, or move it
   across file systems; BACKUP is the backup made of DST, or NULL.
   Set *INTO_SELF when SRC is a directory that DST is inside.  Return
   true if it moved.  */
static bool
move_it (char const *src, struct stat const *st, char const *dst,
         bool exists, char const *backup, bool *into_self)
{
  *into_self = false;
  if (renameat (AT_FDCWD, src, AT_FDCWD, dst) == 0)
    {
      say_renamed (src, dst, backup);
      return true;
    }
  int err = errno;
  if (err == EXDEV && !o->no_copy)
    return move_across (src, st, dst, exists, backup);
  if (err == EINVAL)
    {
      error (0, 0, _("cannot move %s to a subdirectory of itself, %s"),
             quoteaf_n (0, src), quoteaf_n (1, dst));
      *into_self = true;
    }
  else if (dst_error (err))
    error (0, err, _("cannot overwrite %s"), quoteaf (dst));
  else
    error (0, err, _("cannot move %s to %s"), quoteaf_n (0, src),
           quoteaf_n (1, dst));
  return false;
}

/* Note that DST now holds what was moved there, for a later operand
   (mv_track_moves).  */
static void
note_moved (char const *dst)
{
  struct stat st;
  if (moved_to && lstat (dst, &st) == 0)
    record_file (moved_to, dst, &st);
}

/* Whether the directory SRC (lstat ST), whose rename to DST failed at
   first, was moved to DST already by an earlier operand, or found to
   be above it: GNU's mv then warns and leaves it.  */
static bool
dir_again (char const *src, struct stat const *st, char const *dst)
{
  if (!dirs_tried || !seen_file (dirs_tried, dst, st))
    return false;
  error (0, 0, _("warning: source directory %s specified more than once"),
         quoteaf (src));
  return true;
}

/* Remember the directory SRC (lstat ST) as moved to DST, or found to
   be above it, for dir_again.  */
static void
note_dir (struct stat const *st, char const *dst)
{
  if (!dirs_tried)
    dirs_tried = new_file_set ();
  record_file (dirs_tried, dst, st);
}

/* Swap SRC and DST (--exchange), both of which must exist, after the
   checks of a destination in the way (judge_existing), in one
   renameat2 that swaps both or neither.  Return true if they were
   swapped, or left be as the options say.  */
static bool
exchange_operand (char const *src, char const *dst)
{
  struct stat st, dst_st;
  if (lstat (src, &st) < 0)
    {
      error (0, errno, _("cannot stat %s"), quoteaf (src));
      return false;
    }
  int err = lstat (dst, &dst_st) == 0 ? 0 : errno;
  if (err && err != ENOENT)
    {
      error (0, err, _("cannot stat %s"), quoteaf (dst));
      return false;
    }
  if (!err)
    {
      char *backup = NULL;
      int verdict = judge_existing (src, &st, dst, &dst_st, &backup);
      free (backup);            /* none: --backup is refused with --exchange */
      switch (verdict)
        {
        case GO_ON: break;
        case SKIP: return true;
        case FAIL: return false;
        }
      if (renameat2 (AT_FDCWD, src, AT_FDCWD, dst, RENAME_EXCHANGE) == 0)
        {
          if (o->verbose)
            printf (B_("exchanged %s <-> %s\n"), quoteaf_n (0, src),
                    quoteaf_n (1, dst));
          return true;
        }
      err = errno;
      /* The kernel's EINVAL (a file system that cannot swap, or a
         directory and one inside it) is GNU's ENOTSUP: gnulib's
         renameatu, which GNU's mv calls, turns it into that.  */
      if (err == EINVAL || err == ENOSYS)
        err = ENOTSUP;
    }
  error (0, err, B_("cannot exchange %s and %s"), quoteaf_n (0, src),
         quoteaf_n (1, dst));
  return false;
}

/* Move SRC to DST as the options say.  RENAME_ERR is the errno of a
   RENAME_NOREPLACE rename of the two already tried (0 if it worked),
   or -1 if none was.  Return true if all went well.  */
bool
mv_operand (char const *src, char const *dst, int rename_err)
{
  if (o->exchange)
    return exchange_operand (src, dst);
  int err = rename_err;
  if (err < 0)
    err = (renameat2 (AT_FDCWD, src, AT_FDCWD, dst, RENAME_NOREPLACE) == 0
           ? 0 : errno);
  if (err == 0)
    {
      say_renamed (src, dst, NULL);
      note_moved (dst);
      return true;
    }
  /* With -n, what is in the way stays, with no look at it.  */
  if (err == EEXIST && o->update == UPDATE_NONE)
    return skipped (dst) == SKIP;
  struct stat st, dst_st;
  if (lstat (src, &st) < 0)
    {
      error (0, errno, _("cannot stat %s"), quoteaf (src));
      return false;
    }
  bool exists = lstat (dst, &dst_st) == 0;
  char *backup = NULL;
  if (exists)
    switch (judge_existing (src, &st, dst, &dst_st, &backup))
      {
      case GO_ON: break;
      case SKIP: return true;
      case FAIL: return false;
      }
  if (S_ISDIR (st.st_mode) && dir_again (src, &st, dst))
    {
      free (backup);
      return true;
    }
  bool into_self;
  bool ok = move_it (src, &st, dst, exists && !backup, backup, &into_self);
  /* As GNU's mv, a directory that cannot go inside itself keeps the
     backup made of the destination.  */
  if (!ok && backup && !into_self)
    unbackup (dst, backup);
  else if (ok)
    note_moved (dst);
  if (S_ISDIR (st.st_mode) && (ok || into_self))
    note_dir (&st, dst);
  free (backup);
  return ok;
}
