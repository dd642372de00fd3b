/* cp-file.c -- the copy of one entry that is not a directory: a
   regular file (through lib/copy-file.c, with -f's second try and
   the dangling symlink in the way), a symbolic link, a FIFO or
   device node, each given what is kept of its source's attributes.

   What this file may call: cp-dir.c (base_mode), lib/copy-file.h and
   the engine under it, copy-report.h, the progress display, gnulib.
   It prints cp's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "areadlink.h"
#include "error.h"

#include "copy-report.h"
#include "cp-copy-private.h"
#include "i18n.h"
#include "progress.h"
#include "quoting.h"

/* Copy the regular file SRC (status SRC_ST, open as SRC_FD or -1) to
   DST, creating it (HOW COPY_DST_CREATE) or overwriting it; PARENT is
   DST's directory, or NULL.  Return true if it was copied.  */
bool
copy_regular (struct cp_run *r, struct loc const *src,
              struct stat const *src_st, int src_fd, struct loc const *dst,
              struct dst_dir const *parent, enum copy_dst_open how,
              bool follow)
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
  int res = qcopy_file_preserving (&r->copier, &names, how, &rep);
  progress_file_done ();
  if (res < 0 && rep.step == COPY_STEP_OPEN_DST && r->x->force)
    {
      /* -f: remove what cannot be opened, and make it anew.  */
      if (unlinkat (dst->dirfd, dst->name, 0) < 0 && errno != ENOENT)
        {
          error (0, errno, _("cannot remove %s"), quoteaf (dst->path));
          return false;
        }
      if (r->x->verbose)
        printf (_("removed %s\n"), quoteaf (dst->path));
      names.src_fd = -1;
      res = qcopy_file_preserving (&r->copier, &names, COPY_DST_CREATE, &rep);
    }
  struct stat lst;
  if (res < 0 && rep.step == COPY_STEP_CREATE_DST && rep.err == EEXIST
      && stat_loc (dst, &lst, false) && S_ISLNK (lst.st_mode))
    {
      if (!r->x->open_dangling)
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
      res = qcopy_file_preserving (&r->copier, &names, COPY_DST_CREATE_FOLLOW,
                                 &rep);
    }
  size_t len = strlen (dst->path);
  if (res < 0 && rep.step == COPY_STEP_CREATE_DST && rep.err == EISDIR
      && len && dst->path[len - 1] == '/')
    rep.err = ENOTDIR;
  if (res < 0)
    report_copy_failure (&rep, src->path, dst->path);
  else
    report_soft_failures (&rep, dst->path, r->x->preserve, r->x->require);
  /* --debug: as GNU's cp, once the data was copied or tried.  */
  if (r->x->debug && r->copier.data)
    report_copy_debug (&rep);
  return res == 0;
}

/* Give DST, just made by name (a symbolic link or a special file),
   what is kept of the attributes of SRC (status SRC_ST).  Return true,
   or false (reported).  */
static bool
carry_attributes_at (struct cp_run *r, struct loc const *src,
                     struct stat const *src_st, struct loc const *dst)
{
  struct copy_file_report rep;
  memset (&rep, 0, sizeof rep);
  if (copy_attributes_at (&r->copier, src_st, src->dirfd, src->name,
                          dst->dirfd, dst->name, &rep) < 0)
    return report_copy_failure (&rep, src->path, dst->path);
  report_soft_failures (&rep, dst->path, r->x->preserve, r->x->require);
  return true;
}

/* Copy the symbolic link SRC (status SRC_ST) to DST.  */
bool
copy_symlink (struct cp_run *r, struct loc const *src,
              struct stat const *src_st, struct loc const *dst)
{
  char *target = areadlinkat_with_size (src->dirfd, src->name,
                                        src_st->st_size);
  if (!target)
    {
      error (0, errno, _("cannot read symbolic link %s"), quoteaf (src->path));
      return false;
    }
  int res = symlinkat (target, dst->dirfd, dst->name);
  free (target);
  if (res < 0)
    {
      error (0, errno, _("cannot create symbolic link %s"),
             quoteaf (dst->path));
      return false;
    }
  return carry_attributes_at (r, src, src_st, dst);
}

/* Make DST a FIFO or device node like SRC (status SRC_ST).  */
bool
copy_special (struct cp_run *r, struct loc const *src,
              struct stat const *src_st, struct loc const *dst)
{
  bool fifo = S_ISFIFO (src_st->st_mode);
  mode_t perms = base_mode (r, src_st);
  mode_t m = perms;
  if (r->x->preserve & COPY_PRESERVE_OWNERSHIP)
    m &= S_IRWXU;
  if ((fifo ? mkfifoat (dst->dirfd, dst->name, m)
       : mknodat (dst->dirfd, dst->name, (src_st->st_mode & S_IFMT) | m,
                  src_st->st_rdev)) < 0)
    {
      error (0, errno, fifo ? _("cannot create fifo %s")
             : _("cannot create special file %s"), quoteaf (dst->path));
      return false;
    }
  if (!carry_attributes_at (r, src, src_st, dst))
    return false;
  if (!(r->x->preserve & COPY_PRESERVE_MODE) && m != perms
      && fchmodat (dst->dirfd, dst->name, perms & ~r->copier.umask,
                   AT_SYMLINK_NOFOLLOW) < 0)
    {
      error (0, errno, _("setting permissions for %s"), quoteaf (dst->path));
      return false;
    }
  return true;
}
