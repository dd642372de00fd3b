/* install-dir.c -- the directories install makes: -d's, with their
   leading directories, and the leading directories of a destination
   (-D).

   Each directory made is announced under -v, on standard output
   ("install: creating directory 'd'"), as GNU's install does.
   Leading directories get mode 0755 (install runs with no umask, as
   GNU's does) and the owner they are made with.  A -d directory gets
   -m's mode and -o's and -g's owner: it is made with no permission
   for group and others while its owner is still to be set, and one
   that exists already is given them too, keeping the bits of its mode
   that -m does not name (the set-group-ID bit of "-m 755").

   What this file may call: gnulib and install.h's options.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "progname.h"
#include "quotearg.h"
#include "xalloc.h"

#include "i18n.h"
#include "install.h"
#include "quoting.h"

/* The mode of a leading directory.  */
#define LEADING_DIR_MODE (S_IRWXU | S_IRGRP | S_IXGRP | S_IROTH | S_IXOTH)

/* Under -v, say that the directory DIR was made.  */
static void
announce_mkdir (struct install_options const *x, char const *dir)
{
  if (x->verbose)
    {
      printf ("%s: ", program_name);
      printf (_("creating directory %s"), quoteaf (dir));
      putchar ('\n');
    }
}

/* Make the directory NAME in DIRFD with mode MODE, unless it is one
   already (a symbolic link to one will do).  Set *MADE if it was made.
   Return 0, or -1 with mkdir's errno.  */
static int
ensure_dir_at (int dirfd, char const *name, mode_t mode, bool *made)
{
  *made = mkdirat (dirfd, name, mode) == 0;
  if (*made)
    return 0;
  int err = errno;
  struct stat st;
  if (fstatat (dirfd, name, &st, 0) == 0 && S_ISDIR (st.st_mode))
    return 0;
  errno = err;
  return -1;
}

/* Open the directory NAME in DIRFD, just looked at by ensure_dir_at,
   to work from: with O_PATH, as searching it is all that is needed
   (no read permission is), and without following a symbolic link if
   MADE, as then it is the directory just made: another name swapped in
   for it since (a link to a directory elsewhere) must not be followed,
   or install would put its files there.  A directory that was there
   already may be reached through a link, as GNU's install reaches it.
   Return the descriptor, or -1 with errno set.  */
static int
open_made_dir (int dirfd, char const *name, bool made)
{
  return openat (dirfd, name, (O_PATH | O_DIRECTORY | O_CLOEXEC
                               | (made ? O_NOFOLLOW : 0)));
}

/* Make, as X says, the leading directories of PATH (a copy of the
   name given, which this cuts up) that are missing, and the last one
   too when ALL.  Each is made from its parent's descriptor, so that
   a PATH longer than PATH_MAX is made whole, as GNU's install makes
   it, and so that no name is looked up twice.  The first component
   keeps the leading slashes of an absolute PATH, and is made from the
   working directory like a relative one.  Store in *DIRFD the
   descriptor (or AT_FDCWD) of the directory that holds the last
   component, or when ALL of the last directory itself; and in *LAST
   that component (PATH itself, "", if it has none).  Return true, or
   false (reported, naming the directory that could not be made, with
   *DIRFD closed).  */
static bool
make_leading_at (struct install_options const *x, char *path, bool all,
                 int *dirfd, char **last)
{
  char *p = path;
  int fd = AT_FDCWD;
  *last = path;
  bool ok = true;
  while (*p)
    {
      char *end = p + strspn (p, "/");
      end += strcspn (end, "/");
      char *next = end + strspn (end, "/");
      if (!*next && !all)
        {
          *end = '\0';
          *last = p;
          break;
        }
      char c = *end;
      *end = '\0';
      bool made;
      int down = -1;
      if (ensure_dir_at (fd, p, LEADING_DIR_MODE, &made) == 0)
        {
          if (made)
            announce_mkdir (x, path);
          down = open_made_dir (fd, p, made);
        }
      else
        /* Something else is in the way of a leading directory.  */
        errno = errno == EEXIST ? ENOTDIR : errno;
      if (down == -1)
        {
          error (0, errno, _("cannot create directory %s"), quoteaf (path));
          ok = false;
          break;
        }
      *end = c;
      if (fd != AT_FDCWD)
        close (fd);
      fd = down;
      p = next;
    }
  if (!ok && fd != AT_FDCWD)
    {
      close (fd);
      fd = AT_FDCWD;
    }
  *dirfd = fd;
  return ok;
}

/* Make, as X says, the leading directories of NAME that are missing,
   and NAME itself too when ALL (-D -t DIR).  Return the descriptor
   (O_PATH) of NAME's directory, or when ALL of NAME, for the file to
   be installed from (never a name looked up again, which another
   process could have swapped for a link meanwhile), or AT_FDCWD when
   there is no such directory; unless ALL, set *LAST to the offset in
   NAME of its last component.  Or return -1 (reported, naming the
   directory that could not be made).  */
int
install_make_leading (struct install_options const *x, char const *name,
                      bool all, size_t *last)
{
  char *path = xstrdup (name);
  int fd;
  char *last_at;
  bool ok = make_leading_at (x, path, all, &fd, &last_at);
  if (last)
    *last = last_at - path;
  free (path);
  return ok ? fd : -1;
}

/* Give the directory open as FD (status ST) the owner and mode X asks
   for -d.  Return 0, or -1 with errno set.  */
static int
set_dir_attributes (struct install_options const *x, int fd,
                    struct stat const *st)
{
  mode_t unsure = 0;
  if ((x->owner != (uid_t) -1 && x->owner != st->st_uid)
      || (x->group != (gid_t) -1 && x->group != st->st_gid))
    {
      if (fchown (fd, x->owner, x->group) < 0)
        return -1;
      /* fchown may have cleared the set-ID bits of a searchable
         directory.  */
      if (st->st_mode & (S_IXUSR | S_IXGRP | S_IXOTH))
        unsure = S_ISUID | S_ISGID;
    }
  mode_t bits = x->dir_mode_bits;
  if (!(((st->st_mode ^ x->dir_mode) | unsure) & bits))
    return 0;
  return fchmod (fd, (x->dir_mode & bits) | (st->st_mode & 07777 & ~bits));
}

/* Make the directory DIR for -d, with its leading directories, and
   give it the owner and mode X says.  Return true, or false
   (reported).  */
bool
install_make_dir (struct install_options const *x, char const *dir)
{
  char *path = xstrdup (dir);
  int at;
  char *last;
  if (!make_leading_at (x, path, false, &at, &last))
    {
      free (path);
      return false;
    }
  /* The last component, from its parent's descriptor.  */
  char const *name = last;
  bool owned = x->owner != (uid_t) -1 || x->group != (gid_t) -1;
  char const *msg = (owned ? B_("cannot change owner and permissions of %s")
                     : _("cannot change permissions of %s"));
  struct stat st;
  bool ok = true;
  bool made = (mkdirat (at, name,
                        x->dir_mode & (owned ? S_IRWXU : ACCESSPERMS))
               == 0);
  int err = made ? 0 : errno;   /* mkdir's */
  if (made)
    announce_mkdir (x, dir);
  else if (err == ENOENT
           || (fstatat (at, name, &st, 0) == 0 && !S_ISDIR (st.st_mode)))
    {
      error (0, err, _("cannot create directory %s"), quoteaf (dir));
      ok = false;
    }

  /* What could not be made and is not there (a dangling symlink, a
     directory that may not be written) is reported as GNU 9.10 and
     later report it: with mkdir's error (9.1: "cannot change
     permissions", with open's ENOENT).  The directory just made is
     opened without following a link: another name swapped in for it
     meanwhile (a link to a directory of root's) must not get the
     owner and mode meant for it, as with GNU's install it does not.
     One that was there may be reached through a link, as GNU's.  */
  if (ok)
    {
      int nofollow = made ? O_NOFOLLOW : 0;
      int fd = openat (at, name, (O_RDONLY | O_DIRECTORY | O_NOCTTY
                                  | O_NONBLOCK | O_CLOEXEC | nofollow));
      ok = (fd < 0
            ? ((errno == EACCES || errno == EPERM)
               && fchmodat (at, name, x->dir_mode,
                            made ? AT_SYMLINK_NOFOLLOW : 0) == 0)
            : fstat (fd, &st) == 0 && set_dir_attributes (x, fd, &st) == 0);
      if (!ok && !made && (errno == ENOENT || errno == ENOTDIR))
        error (0, err, _("cannot create directory %s"), quoteaf (dir));
      else if (!ok)
        error (0, errno, msg, quoteaf (dir));
      if (0 <= fd)
        close (fd);
    }
  if (at != AT_FDCWD)
    close (at);
  free (path);
  return ok;
}
