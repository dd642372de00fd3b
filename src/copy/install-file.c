/* install-file.c -- install one file as GNU coreutils 9.1's install
   does, but never leaving its destination missing or half written.

   The source is copied by lib/copy-file.c (the one copy path: open,
   exclusive create with no more permission than the final mode, the
   copy engine, then times, owner and mode on the open descriptor) to
   a temporary name in the destination's directory; with -s it is
   created owner-only, stripped there, then given its attributes; then
   an existing destination is backed up (-b) and the temporary renamed
   over it.  After a failure at any step the temporary is removed, and
   the destination is as it was.

   GNU's install removes the destination first and writes the new file
   in its place; its messages and -v lines are given here as that order
   would give them, so that both print the same.

   What this file may call: lib/copy-file.h, lib/same-content.h,
   gnulib, src/copy/copy-report.h and install.h's options.  It prints
   install's messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "backupfile.h"
#include "dirname.h"
#include "error.h"
#include "file-set.h"
#include "filenamecat.h"
#include "hash.h"
#include "hash-triple.h"
#include "intprops.h"
#include "quotearg.h"
#include "same-inode.h"
#include "xalloc.h"

#include "copy-file.h"
#include "copy-report.h"
#include "i18n.h"
#include "install.h"
#include "quoting.h"
#include "same-content.h"

/* The prefix of a temporary's name, and how many random characters
   follow it.  */
static char const temp_prefix[] = ".install.";
enum { TEMP_RANDOM = 8, TEMP_TRIES = 100 };

static struct install_options const *x;
static struct file_copier copier;

/* The attributes every file gets (lib/copy-file.h's COPY_PRESERVE_*),
   and those a file to be stripped is created with.  */
static unsigned int final_attrs;

/* The destinations made by this run, when there are several files.  */
static Hash_table *dst_made;

/* Where a file is installed: NAME relative to the directory DIRFD
   (AT_FDCWD, or with -D the descriptor of the directory that install
   made or found, so that no name made is looked up again), and PATH,
   the whole name that messages give.  */
struct dst_loc
{
  int dirfd;
  char const *name;
  char const *path;
};

/* The temporary being written, if any, relative to the directory
   CURRENT_TEMP_DIRFD: a signal that ends install removes it.  */
static char const *volatile current_temp;
static volatile int current_temp_dirfd = AT_FDCWD;

/* The signals that end install and would leave a temporary behind.  */
static int const fatal_signals[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };

/* The directory of the last destination, as named from LAST_DIRFD,
   and its status and whether it may have a default ACL: files are
   often installed into one directory.  */
static char *last_dir;
static int last_dirfd = AT_FDCWD;
static struct stat last_dir_st;
static bool last_dir_plain;
static bool last_dir_known;

/* The handler of the fatal signals: remove the temporary, then die of
   SIG.  */
static void
remove_temp_and_die (int sig)
{
  char const *t = current_temp;
  if (t)
    unlinkat (current_temp_dirfd, t, 0);
  signal (sig, SIG_DFL);
  raise (sig);
}

/* Make the fatal signals that are not ignored remove the temporary.  */
static void
catch_fatal_signals (void)
{
  for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
    {
      struct sigaction sa;
      if (sigaction (fatal_signals[i], NULL, &sa) == 0
          && sa.sa_handler != SIG_IGN)
        {
          sa.sa_handler = remove_temp_and_die;
          sigemptyset (&sa.sa_mask);
          sa.sa_flags = 0;
          sigaction (fatal_signals[i], &sa, NULL);
        }
    }
}

/* Set up for installing N_FILES files as OPTS says.  */
void
install_init (struct install_options const *opts, int n_files)
{
  x = opts;
  final_attrs = COPY_PRESERVE_MODE;
  if (x->owner != (uid_t) -1 || x->group != (gid_t) -1)
    final_attrs |= COPY_PRESERVE_OWNERSHIP;
  if (x->preserve_times)
    final_attrs |= COPY_PRESERVE_TIMESTAMPS;
  file_copier_init (&copier, COPY_SPARSE_AUTO, final_attrs, final_attrs);
  catch_fatal_signals ();
  if (1 < n_files)
    {
      dst_made = hash_initialize (64, NULL, triple_hash,
                                  triple_compare_ino_str, triple_free);
      if (!dst_made)
        xalloc_die ();
    }
}

/* Free what install_init set up.  */
void
install_finish (void)
{
  if (dst_made)
    hash_free (dst_made);
  file_copier_free (&copier);
  free (last_dir);
}

/* ---- names ------------------------------------------------------------ */

/* The length of the directory part of NAME, up to and with its last
   slash (0 for a name in the working directory).  */
static size_t
dir_part_len (char const *name)
{
  char const *slash = strrchr (name, '/');
  return slash ? slash + 1 - name : 0;
}

/* Write into BUF TEMP_RANDOM characters from [0-9A-Za-z], random
   enough that another process is unlikely to pick the same (the name is
   created exclusively anyway).  */
static void
random_chars (char *buf)
{
  static char const set[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  static uint64_t state;
  uint64_t r;
  if (getrandom (&r, sizeof r, GRND_NONBLOCK) != sizeof r)
    {
      struct timespec ts;
      clock_gettime (CLOCK_MONOTONIC, &ts);
      r = ts.tv_nsec ^ ((uint64_t) getpid () << 32);
    }
  state = state * 6364136223846793005u + r + 1442695040888963407u;
  r = state;
  for (int i = 0; i < TEMP_RANDOM; i++, r /= sizeof set - 1)
    buf[i] = set[r % (sizeof set - 1)];
}

/* Return a new temporary name in the directory of DST (not yet
   created).  */
static char *
temp_name (char const *dst)
{
  size_t dir_len = dir_part_len (dst);
  size_t len = dir_len + sizeof temp_prefix - 1 + TEMP_RANDOM;
  char *name = xmalloc (len + 1);
  memcpy (name, dst, dir_len);
  memcpy (name + dir_len, temp_prefix, sizeof temp_prefix - 1);
  random_chars (name + len - TEMP_RANDOM);
  name[len] = '\0';
  return name;
}

/* Whether the directory DIR (relative to DIRFD) has no default ACL.
   A descriptor is reached through /proc/self/fd (an O_PATH one has
   no extended attributes of its own); where that fails, or the answer
   is not a clear no, the directory may have one.  */
static bool
dir_acl_plain (int dirfd, char const *dir)
{
  char *proc = NULL;
  if (dirfd != AT_FDCWD)
    {
      char fdname[sizeof "/proc/self/fd/" + INT_STRLEN_BOUND (int)];
      sprintf (fdname, "/proc/self/fd/%d", dirfd);
      dir = proc = file_name_concat (fdname, dir, NULL);
    }
  bool plain = (getxattr (dir, "system.posix_acl_default", NULL, 0) < 0
                && (errno == ENODATA || errno == ENOTSUP));
  free (proc);
  return plain;
}

/* Look up the directory of D, unless it is the last one looked up:
   its status and whether it may have a default ACL, for
   lib/copy-file.c (then a new file's owner and mode are known without
   asking).  Return true if known.  */
static bool
know_dir (struct dst_loc const *d)
{
  size_t len = dir_part_len (d->name);
  if (last_dir && last_dirfd == d->dirfd && strlen (last_dir) == len
      && memcmp (last_dir, d->name, len) == 0)
    return last_dir_known;
  free (last_dir);
  last_dir = ximemdup0 (d->name, len);
  last_dirfd = d->dirfd;
  char const *dir = len ? last_dir : ".";
  last_dir_known = fstatat (d->dirfd, dir, &last_dir_st, 0) == 0;
  last_dir_plain = dir_acl_plain (d->dirfd, dir);
  return last_dir_known;
}

/* ---- deciding --------------------------------------------------------- */

/* Whether SRC (status SRC_ST, followed) and DST (status DST_LST, not
   followed) are one file that install must refuse to copy onto
   itself, as GNU's install decides (it removes the destination first,
   so two names of one file are fine).  */
static bool
same_file (char const *src, struct stat const *src_st,
           char const *dst, struct stat const *dst_lst)
{
  if (!SAME_INODE (*src_st, *dst_lst))
    return false;
  struct stat sl;
  if (lstat (src, &sl) < 0)
    return false;
  if (S_ISLNK (sl.st_mode))
    return true;

  /* Two names of one file: only the same name is refused (its
     directories compared as reached, or as named with -b).  */
  char const *bs = last_component (src), *bd = last_component (dst);
  size_t ls = base_len (bs), ld = base_len (bd);
  if (ls != ld || memcmp (bs, bd, ls) != 0)
    return false;
  int (*get) (char const *, struct stat *) = (x->backup == no_backups
                                              ? stat : lstat);
  char *ds = dir_name (src), *dd = dir_name (dst);
  struct stat s1, s2;
  bool same = (get (ds, &s1) == 0 && get (dd, &s2) == 0
               && SAME_INODE (s1, s2));
  free (ds);
  free (dd);
  return same;
}

/* Whether an id of a destination is the one install would give it:
   ASKED, or without it the process's real id REAL.  */
static bool
id_matches (uintmax_t have, uintmax_t asked, uintmax_t none,
            uintmax_t real)
{
  return have == (asked == none ? real : asked);
}

/* Open NAME (relative to DIRFD) to read it for -C's comparison,
   without changing its access time where the kernel lets this process
   (O_NOATIME: the file's owner, or root), so that comparing leaves
   both files as they were.  Return the descriptor, or -1 with errno
   set.  */
static int
open_to_compare (int dirfd, char const *name)
{
  int flags = O_RDONLY | O_CLOEXEC | O_NOCTTY;
  int fd = openat (dirfd, name, flags | O_NOATIME);
  if (fd < 0 && errno == EPERM)
    fd = openat (dirfd, name, flags);
  return fd;
}

/* For -C: whether DST (status DST_LST, not followed) already is what
   installing SRC (status SRC_ST, followed: a symbolic link is compared
   by what it names, as GNU 9.6 and later compare it) would make it:
   both regular files without special mode bits, the destination with
   the mode, owner and group it would get, and the same bytes.  */
static bool
already_installed (char const *src, struct stat const *src_st,
                   struct dst_loc const *dst, struct stat const *dst_lst)
{
  if (!S_ISREG (src_st->st_mode) || !S_ISREG (dst_lst->st_mode)
      || src_st->st_mode & ~(S_IFMT | ACCESSPERMS)
      || dst_lst->st_mode & ~(S_IFMT | ACCESSPERMS)
      || src_st->st_size != dst_lst->st_size
      || (dst_lst->st_mode & ACCESSPERMS) != x->mode
      || !id_matches (dst_lst->st_uid, x->owner, (uid_t) -1, getuid ())
      || !id_matches (dst_lst->st_gid, x->group, (gid_t) -1, getgid ()))
    return false;
  int a = open_to_compare (AT_FDCWD, src);
  int b = a < 0 ? -1 : open_to_compare (dst->dirfd, dst->name);
  bool same = 0 <= b && same_content_fd (a, b, src_st) == 1;
  if (0 <= a)
    close (a);
  if (0 <= b)
    close (b);
  return same;
}

/* For -C with -p (GNU 9.11 allows the pair): give DST, left be as
   already installed, the access and modification times of its source
   (SRC_ST), unless it has them already (DST_LST, its status before the
   comparison, which did not change them): nothing that is right is
   written again, so its ctime stays.  Return true, or false
   (reported as GNU's install reports it).  */
static bool
times_made_right (struct dst_loc const *dst, struct stat const *src_st,
                  struct stat const *dst_lst)
{
  struct timespec ts[2] = { src_st->st_atim, src_st->st_mtim };
  if (!x->preserve_times
      || (ts[0].tv_sec == dst_lst->st_atim.tv_sec
          && ts[0].tv_nsec == dst_lst->st_atim.tv_nsec
          && ts[1].tv_sec == dst_lst->st_mtim.tv_sec
          && ts[1].tv_nsec == dst_lst->st_mtim.tv_nsec))
    return true;
  if (utimensat (dst->dirfd, dst->name, ts, AT_SYMLINK_NOFOLLOW) == 0)
    return true;
  error (0, errno, _("cannot set timestamps for %s"), quoteaf (dst->path));
  return false;
}

/* Decide whether SRC (status SRC_ST) may be installed as DST: say why
   not if it may not.  DST_LST is DST's status (not followed) and
   EXISTS says whether it exists.  */
static bool
may_install (char const *src, struct stat const *src_st, char const *dst,
             struct stat const *dst_lst, bool exists)
{
  if (S_ISDIR (src_st->st_mode))
    {
      error (0, 0, _("omitting directory %s"), quoteaf (src));
      return false;
    }
  if (!exists)
    return true;
  if (same_file (src, src_st, dst, dst_lst))
    {
      error (0, 0, _("%s and %s are the same file"), quoteaf_n (0, src),
             quoteaf_n (1, dst));
      return false;
    }
  if (dst_made && seen_file (dst_made, dst, dst_lst))
    {
      error (0, 0, _("will not overwrite just-created %s with %s"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return false;
    }
  if (S_ISDIR (dst_lst->st_mode))
    {
      error (0, 0, B_("cannot overwrite directory %s with non-directory %s"),
             quoteaf_n (0, dst), quoteaf_n (1, src));
      return false;
    }
  return true;
}

/* Whether DST (status DST_LST), which exists, is in a sticky
   directory that does not let this process remove it, nor so rename
   anything over it: GNU's install fails to remove it, and so must
   this one, before it writes anything.  */
static bool
sticky_refuses (struct dst_loc const *dst, struct stat const *dst_lst)
{
  return (know_dir (dst) && last_dir_st.st_mode & S_ISVTX
          && copier.euid != 0 && dst_lst->st_uid != copier.euid
          && last_dir_st.st_uid != copier.euid);
}

/* ---- saying what was done --------------------------------------------- */

/* Under -v, print what GNU's install prints when it installs SRC as
   DST: it removes an existing DST first (EXISTS), unless it backs it
   up as BACKUP; and when its copy fails, it gives the backup its name
   back (UNBACKUP).  */
static void
announce (char const *src, char const *dst, bool exists,
          char const *backup, bool unbackup)
{
  if (!x->verbose)
    return;
  if (exists && !backup)
    printf (_("removed %s\n"), quoteaf (dst));
  printf ("%s -> %s", quoteaf_n (0, src), quoteaf_n (1, dst));
  if (backup)
    printf (_(" (backup: %s)"), quoteaf (backup));
  putchar ('\n');
  if (backup && unbackup)
    printf (_("%s -> %s (unbackup)\n"), quoteaf_n (0, backup),
            quoteaf_n (1, dst));
}

/* Report the failure in REP of setting the attributes of DST, a copy
   of SRC, in GNU's install's words.  */
static void
report_attr_failure (struct copy_file_report const *rep, char const *src,
                     char const *dst)
{
  char const *msg = NULL;
  switch (rep->step)
    {
    case COPY_STEP_OWNER: msg = "cannot change ownership of %s"; break;
    case COPY_STEP_MODE: msg = "cannot change permissions of %s"; break;
    case COPY_STEP_TIMES: msg = "cannot set timestamps for %s"; break;
    default:
      report_copy_failure (rep, src, dst);
      return;
    }
  error (0, rep->err, msg, quoteaf (dst));
}

/* Report the failure in REP of copying SRC to a temporary for DST,
   which EXISTS (BACKUP names its backup, if one is to be made), as GNU's
   install reports it: where the temporary could not be made in DST's
   directory, GNU's install could not have removed (or backed up) DST
   either.  */
static void
report_temp_failure (struct copy_file_report const *rep, char const *src,
                     char const *dst, bool exists, char const *backup)
{
  int err = rep->err;
  if (rep->step == COPY_STEP_CREATE_DST && exists
      && (err == EACCES || err == EPERM || err == EROFS))
    {
      error (0, err, backup ? _("cannot backup %s") : _("cannot remove %s"),
             quoteaf (dst));
      return;
    }
  /* GNU's install sets the owner and mode after its copy, which gives
     the backup its name back only when it fails.  */
  bool attr = rep->step == COPY_STEP_MODE || rep->step == COPY_STEP_OWNER;
  announce (src, dst, exists, backup, !attr);
  if (attr)
    report_attr_failure (rep, src, dst);
  else
    report_copy_failure (rep, src, dst);
}

/* ---- the steps -------------------------------------------------------- */

/* Copy SRC (status SRC_ST) to a new temporary in the directory of DST,
   with the attributes ATTR (lib/copy-file.h's attr_st); set *TMP to
   its name.  Return 0, or -1 with the failure in REP (and nothing
   left behind).  */
static int
copy_to_temp (char const *src, struct stat const *src_st,
              struct dst_loc const *dst, struct stat const *attr, char **tmp,
              struct copy_file_report *rep)
{
  bool dir_known = know_dir (dst);
  struct copy_file_names names = {
    .src_fd = -1, .src_dirfd = AT_FDCWD, .src_name = src,
    .src_st = src_st, .follow_src = true, .dst_dirfd = dst->dirfd,
    .dst_dir_st = dir_known ? &last_dir_st : NULL,
    .dst_dir_plain = dir_known && last_dir_plain, .attr_st = attr
  };
  for (int i = 0;; i++)
    {
      *tmp = temp_name (dst->name);
      names.dst_name = *tmp;
      current_temp_dirfd = dst->dirfd;
      current_temp = *tmp;
      if (qcopy_file_preserving (&copier, &names, COPY_DST_CREATE, rep) == 0)
        return 0;
      if (COPY_STEP_CREATE_DST < rep->step)
        unlinkat (dst->dirfd, *tmp, 0);
      current_temp = NULL;
      free (*tmp);
      *tmp = NULL;
      if (!(rep->step == COPY_STEP_CREATE_DST && rep->err == EEXIST)
          || i == TEMP_TRIES)
        return -1;
    }
}

/* Copy to standard error what can be read from FD until its end,
   with each FROM replaced by TO.  */
static void
relay_renamed (int fd, char const *from, char const *to)
{
  size_t len = 0, alloc = 0;
  char *buf = NULL;
  for (;;)
    {
      if (alloc - len < 4096)
        buf = x2realloc (buf, &alloc);
      ssize_t n = read (fd, buf + len, alloc - len - 1);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      len += n;
    }
  if (!buf)
    return;
  buf[len] = '\0';
  size_t from_len = strlen (from);
  char const *p = buf, *hit;
  while ((hit = memmem (p, buf + len - p, from, from_len)))
    {
      fwrite (p, 1, hit - p, stderr);
      fputs (to, stderr);
      p = hit + from_len;
    }
  fwrite (p, 1, buf + len - p, stderr);
  free (buf);
}

/* Start the strip program on NAME, the temporary of DST (in DST's
   directory: the program runs there when that is a descriptor), its
   standard error going to ERR_FD; set *PID.  Return 0, or an errno
   value.  Run as GNU 9.11 runs it, with posix_spawnp: a program that
   cannot be run is reported by the caller, once (a failed exec in a
   child of fork would print the -v line that stdout still held a
   second time), and a file without "#!" is no program (execlp would
   give it to sh).  */
static int
spawn_strip (char const *name, int err_fd, struct dst_loc const *dst,
             pid_t *pid)
{
  char *const argv[] = { (char *) x->strip_program, (char *) name, NULL };
  posix_spawn_file_actions_t actions;
  int result = posix_spawn_file_actions_init (&actions);
  if (result != 0)
    return result;
  result = posix_spawn_file_actions_adddup2 (&actions, err_fd,
                                             STDERR_FILENO);
  if (result == 0 && dst->dirfd != AT_FDCWD)
    result = posix_spawn_file_actions_addfchdir_np (&actions, dst->dirfd);
  if (result == 0)
    result = posix_spawnp (pid, x->strip_program, &actions, NULL, argv,
                           environ);
  posix_spawn_file_actions_destroy (&actions);
  return result;
}

/* Run the strip program on TMP, the temporary of DST.  Its messages
   name DST where they name TMP, as GNU's install's (which strips the
   destination itself) do: they come through a pipe.  Return true, or
   false (reported as GNU's install reports it; a pipe that cannot be
   made is reported as a program that cannot be run).  */
static bool
strip_temp (char const *tmp, struct dst_loc const *dst)
{
  /* A name that starts with "-" (in a directory "-d") must not be
     taken for an option.  */
  char *arg = *tmp == '-' ? file_name_concat (".", tmp, NULL) : NULL;
  char const *name = arg ? arg : tmp;
  int err_pipe[2];
  pid_t pid;
  bool piped = 0 <= pipe2 (err_pipe, O_CLOEXEC);
  int result = piped ? spawn_strip (name, err_pipe[1], dst, &pid) : errno;
  if (piped)
    close (err_pipe[1]);
  if (result != 0)
    {
      error (0, result, (strcmp (x->strip_program, "strip") == 0
                         ? _("cannot run %s")
                         : B_("cannot run strip program %s")),
             quoteaf (x->strip_program));
      if (piped)
        close (err_pipe[0]);
      free (arg);
      return false;
    }
  relay_renamed (err_pipe[0], name, dst->path);
  close (err_pipe[0]);
  free (arg);
  int status;
  if (waitpid (pid, &status, 0) < 0)
    {
      error (0, errno, _("waiting for strip"));
      return false;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      error (0, 0, _("strip process terminated abnormally"));
      return false;
    }
  return true;
}

/* Give TMP, a copy of SRC just stripped for DST, the attributes ATTR.
   Return true, or false (reported).  */
static bool
give_attributes (char const *tmp, char const *src, struct dst_loc const *dst,
                 struct stat const *attr)
{
  struct copy_file_report rep;
  struct stat st;
  int fd = openat (dst->dirfd, tmp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC
                   | O_NOCTTY);
  if (fd < 0 || fstat (fd, &st) < 0)
    {
      error (0, errno, _("cannot change permissions of %s"),
             quoteaf (dst->path));
      if (0 <= fd)
        close (fd);
      return false;
    }
  bool acl = !(know_dir (dst) && last_dir_plain);
  int r = copy_attributes_fd (&copier, -1, attr, fd, st.st_mode & 07777,
                              st.st_uid, st.st_gid, acl, &rep);
  close (fd);
  if (r < 0)
    report_attr_failure (&rep, src, dst->path);
  return r == 0;
}

/* Make BACKUP (relative to DST's directory) a backup of DST, which
   stays in place: a hard link made under a temporary name, renamed to
   BACKUP (over an older backup).  Where the file system has no hard
   links, DST is renamed to BACKUP and *MOVED set.  Return 0, or -1
   with errno set.  */
static int
make_backup (struct dst_loc const *dst, char const *backup, bool *moved)
{
  int dirfd = dst->dirfd;
  *moved = false;
  for (int i = 0; i < TEMP_TRIES; i++)
    {
      char *t = temp_name (dst->name);
      int r = linkat (dirfd, dst->name, dirfd, t, 0);
      int err = errno;
      if (r == 0)
        {
          r = renameat (dirfd, t, dirfd, backup);
          err = errno;
          if (r < 0)
            unlinkat (dirfd, t, 0);
        }
      free (t);
      errno = err;
      if (r == 0 || err != EEXIST)
        {
          if (r < 0 && (err == EPERM || err == ENOTSUP || err == EMLINK
                        || err == EXDEV))
            {
              *moved = true;
              return renameat (dirfd, dst->name, dirfd, backup);
            }
          return r;
        }
    }
  return -1;
}

/* Put the finished temporary TMP in place of DST, which EXISTS, backed
   up first to BACKUP (relative to DST's directory) if not NULL.
   Return true, or false (reported; DST is then as it was, TMP
   removed).  */
static bool
put_in_place (char const *tmp, struct dst_loc const *dst, bool exists,
              char const *backup)
{
  int dirfd = dst->dirfd;
  bool moved = false;
  if (backup && make_backup (dst, backup, &moved) < 0)
    {
      error (0, errno, _("cannot backup %s"), quoteaf (dst->path));
      unlinkat (dirfd, tmp, 0);
      return false;
    }
  if (renameat (dirfd, tmp, dirfd, dst->name) == 0)
    return true;
  int err = errno;
  unlinkat (dirfd, tmp, 0);
  if (backup)
    {
      /* Undo the backup: give DST its name back, or drop the link.  */
      if (moved ? renameat (dirfd, backup, dirfd, dst->name) < 0
          : unlinkat (dirfd, backup, 0) < 0)
        error (0, errno, _("cannot un-backup %s"), quoteaf (dst->path));
    }
  error (0, err,
         exists ? _("cannot remove %s") : _("cannot create regular file %s"),
         quoteaf (dst->path));
  return false;
}

/* ---- one file --------------------------------------------------------- */

/* Install the copy of SRC (status SRC_ST) as DST, which EXISTS;
   BACKUP names its backup, if one is made, relative to DST's
   directory, and BACKUP_PATH names it whole.  Return true, or false
   (reported).  */
static bool
install_copy (char const *src, struct stat const *src_st,
              struct dst_loc const *dst, bool exists, char const *backup,
              char const *backup_path)
{
  struct stat attr = *src_st;
  attr.st_mode = S_IFREG | x->mode;
  attr.st_uid = x->owner;
  attr.st_gid = x->group;

  /* A file to strip is made owner-only and writable (some strip
     programs want that); its attributes come after.  */
  struct stat plain = attr;
  plain.st_mode = S_IFREG | S_IRUSR | S_IWUSR;
  if (x->strip)
    copier.preserve = copier.require = COPY_PRESERVE_MODE;
  char *tmp;
  struct copy_file_report rep;
  int r = copy_to_temp (src, src_st, dst, x->strip ? &plain : &attr, &tmp,
                        &rep);
  copier.preserve = copier.require = final_attrs;
  if (r < 0)
    {
      report_temp_failure (&rep, src, dst->path, exists, backup_path);
      if (x->debug)
        report_copy_debug (&rep);
      return false;
    }
  announce (src, dst->path, exists, backup_path, false);
  if (x->debug)
    report_copy_debug (&rep);
  bool ok = (!x->strip
             || (strip_temp (tmp, dst)
                 && give_attributes (tmp, src, dst, &attr)));
  if (ok)
    ok = put_in_place (tmp, dst, exists, backup);
  else
    unlinkat (dst->dirfd, tmp, 0);
  current_temp = NULL;
  free (tmp);
  return ok;
}

/* The whole name of BACKUP, a backup named relative to the directory
   of DST: DST's path with its last component, NAME, replaced.  */
static char *
backup_path (struct dst_loc const *dst, char const *backup)
{
  size_t dir_len = strlen (dst->path) - strlen (dst->name);
  size_t len = strlen (backup);
  char *path = xmalloc (dir_len + len + 1);
  memcpy (path, dst->path, dir_len);
  memcpy (path + dir_len, backup, len + 1);
  return path;
}

/* Install SRC as NAME in the directory DIRFD (AT_FDCWD, or the
   descriptor of the directory -D made), whose whole name is DST, as
   install_init's options say.  DST ends in NAME.  Return true, or
   false (reported).  */
bool
install_file (char const *src, int dirfd, char const *name, char const *dst)
{
  struct dst_loc d = { dirfd, name, dst };
  struct stat src_st, dst_lst;
  if (stat (src, &src_st) < 0)
    {
      error (0, errno, _("cannot stat %s"), quoteaf (src));
      return false;
    }
  /* GNU's install names the file whole, even after -D made its
     directories, and so fails on a name PATH_MAX long or longer;
     install from a descriptor would not, but fails as GNU's does.  */
  bool too_long = dirfd != AT_FDCWD && PATH_MAX <= strlen (dst);
  bool exists = (!too_long
                 && fstatat (dirfd, name, &dst_lst, AT_SYMLINK_NOFOLLOW) == 0);
  if (too_long)
    errno = ENAMETOOLONG;
  if (!exists && errno != ENOENT)
    {
      error (0, errno, _("cannot stat %s"), quoteaf (dst));
      return false;
    }
  if (exists && x->compare
      && already_installed (src, &src_st, &d, &dst_lst))
    return times_made_right (&d, &src_st, &dst_lst);
  if (!may_install (src, &src_st, dst, &dst_lst, exists))
    return false;
  size_t len = strlen (dst);
  if (!exists && len && dst[len - 1] == '/')
    {
      announce (src, dst, false, NULL, false);
      error (0, ENOTDIR, _("cannot create regular file %s"), quoteaf (dst));
      return false;
    }
  if (exists && sticky_refuses (&d, &dst_lst))
    {
      error (0, EPERM, (x->backup != no_backups ? _("cannot backup %s")
                        : _("cannot remove %s")), quoteaf (dst));
      return false;
    }
  char *backup = (exists && x->backup != no_backups
                  ? find_backup_file_name (dirfd, name, x->backup)
                  : NULL);
  char *whole = backup && dirfd != AT_FDCWD ? backup_path (&d, backup) : NULL;
  bool ok = install_copy (src, &src_st, &d, exists, backup,
                          whole ? whole : backup);
  free (whole);
  free (backup);
  struct stat st;
  if (ok && dst_made
      && fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
    record_file (dst_made, dst, &st);
  return ok;
}
