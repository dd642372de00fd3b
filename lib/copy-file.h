/* copy-file.h -- copy one file and its attributes, the careful way.

   The layer above the copy engine (copy-data.h): it opens the files,
   moves the bytes with the engine, then carries the attributes over on
   the open descriptor, in the order that never gives anyone more
   access than the final mode, even for a moment:

     1. open the source (not following a symlink unless asked) and
        check it is still the file the caller stat'ed;
     2. create the destination exclusively (O_EXCL: never through a
        symlink), with no more permission than its final mode and, while
        its owner is still to be set, none for group and others; or open
        an existing destination to overwrite it and, before any data
        goes in, lower its mode to what both its mode and the final
        one allow (none for group while its group is to be set);
     3. copy the data with the engine;
     4. timestamps (nanoseconds), owner, extended attributes, and last
        the mode and access control list: fchown clears the set-user-ID
        and set-group-ID bits, so they are set only once the owner is
        right, and dropped if it cannot be set.  A mode kept is kept
        with the source's ACL, or none beyond the mode (gnulib's
        qcopy_acl and qset_acl, as GNU's cp -p and install do): a
        destination that inherited its directory's default ACL, or
        had an ACL of its own, gets exactly the mode's permissions.
        The ACL library is called only where one of the two files may
        have an ACL.

   Directories, symbolic links and special files are created by the
   caller (mkdirat, symlinkat, mknodat); copy_attributes_at and
   copy_attributes_fd give them step 4, and copy_times_at gives a
   symbolic link made instead of a copy (cp -s) its source's times.

   Nothing here prints or exits: a failure is returned as the step
   that failed and its errno, in a struct copy_file_report, and the
   caller words it (src/copy/copy-report.c words it as GNU's cp does).
   Attributes the caller wants but does not require (cp -a's "try")
   do not fail the copy; their failures are reported too, so that the
   caller can decide which deserve a word.  */

#ifndef BRISK_COPY_FILE_H
#define BRISK_COPY_FILE_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "copy-data.h"

/* The attributes to carry over, as a mask.  */
enum
{
  COPY_PRESERVE_MODE = 1 << 0,          /* mode bits and ACLs */
  COPY_PRESERVE_OWNERSHIP = 1 << 1,
  COPY_PRESERVE_TIMESTAMPS = 1 << 2,
  COPY_PRESERVE_XATTR = 1 << 3          /* every other extended attribute */
};

/* The mode of a new file made without regard to its source's (before
   the umask), as open and mkdir callers commonly ask.  */
#define DEFAULT_FILE_MODE \
  (S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH)
#define DEFAULT_DIR_MODE (S_IRWXU | S_IRWXG | S_IRWXO)

/* The steps, each one a way to fail.  */
enum copy_file_step
{
  COPY_STEP_NONE,               /* nothing failed */
  COPY_STEP_OPEN_SRC,           /* opening the source */
  COPY_STEP_STAT_SRC,           /* fstat of the source */
  COPY_STEP_SRC_REPLACED,       /* the source is not the file stat'ed */
  COPY_STEP_CREATE_DST,         /* creating the destination (O_EXCL) */
  COPY_STEP_OPEN_DST,           /* opening an existing destination */
  COPY_STEP_STAT_DST,           /* fstat of the destination */
  COPY_STEP_READ,               /* reading the source */
  COPY_STEP_WRITE,              /* writing the destination */
  COPY_STEP_NO_METHOD,          /* no rung the engine may use could
                                   serve (--reflink=always) */
  COPY_STEP_TIMES,              /* setting the timestamps */
  COPY_STEP_OWNER,              /* setting the owner */
  COPY_STEP_XATTR,              /* copying extended attributes */
  COPY_STEP_MODE,               /* setting the mode or the ACL */
  COPY_STEP_CLOSE_DST,          /* closing the destination */
  COPY_STEP_COUNT
};

/* How to reach the destination.  */
enum copy_dst_open
{
  COPY_DST_CREATE,              /* create it: it must not exist */
  COPY_DST_CREATE_FOLLOW,       /* create it, through a dangling
                                   symlink if it is one (no O_EXCL;
                                   the names' DST_DIR_ST is then not
                                   its directory: give NULL) */
  COPY_DST_OVERWRITE            /* open the existing file (following a
                                   symlink) and replace its data */
};

/* What a caller sets up once and passes to every copy: the options,
   the engine, and scratch space.  One per thread.  */
struct file_copier
{
  struct copy_engine engine;
  unsigned int preserve;        /* COPY_PRESERVE_* to carry over */
  unsigned int require;         /* of those, the ones whose failure
                                   fails the copy */
  bool data;                    /* copy the data (false: only the
                                   attributes, as --attributes-only) */
  bool default_mode;            /* a new file gets DEFAULT_FILE_MODE
                                   less the umask, whatever the
                                   source's mode (without
                                   COPY_PRESERVE_MODE) */
  mode_t umask;                 /* the process's umask */
  uid_t euid;
  gid_t egid;
  char *xbuf;                   /* scratch for extended attributes */
  size_t xbuf_size;
};

/* What one copy did.  */
struct copy_file_report
{
  enum copy_file_step step;     /* the step that failed the copy */
  int err;                      /* its errno */
  struct copy_result data;      /* what the engine did: the rung that
                                   copied the data, the ways it tried
                                   (for --debug), the side that failed
                                   on a data failure */
  struct stat src_st;           /* the source, as opened */

  /* Steps that failed without failing the copy (attributes not
     required), each with its errno, 0 where none failed.  */
  int soft_err[COPY_STEP_COUNT];
};

void file_copier_init (struct file_copier *copier, enum copy_sparse sparse,
                       unsigned int preserve, unsigned int require);
void file_copier_free (struct file_copier *copier);

/* The source and destination of one copy, each a name relative to a
   directory descriptor.  */
struct copy_file_names
{
  int src_fd;                   /* the source already open (taken and
                                   closed), SRC_ST its fstat; or -1 */
  int src_dirfd;
  char const *src_name;
  struct stat const *src_st;    /* the source as stat'ed, or NULL */
  bool follow_src;              /* open through a symlink */
  int dst_dirfd;
  char const *dst_name;
  struct stat const *dst_dir_st;  /* DST_DIRFD's status, or NULL:
                                     tells the owner a new file gets */
  bool dst_dir_plain;           /* DST_DIRFD has no default ACL: a new
                                   file's mode is the mode asked less
                                   the umask (then the mode is set only
                                   where that differs from the one
                                   wanted) */
  struct stat const *attr_st;   /* the times, owner and mode to give
                                   the destination instead of the
                                   source's (install's -p, -o, -g, -m),
                                   or NULL; an owner or group of -1 is
                                   left as the new file gets it.  The
                                   source's extended attributes and
                                   ACL are then not copied.  */
};

int qcopy_file_preserving (struct file_copier *copier,
                           struct copy_file_names const *names,
                           enum copy_dst_open how,
                           struct copy_file_report *report);

int copy_attributes_fd (struct file_copier *copier, int src_fd,
                        struct stat const *src_st, int dst_fd,
                        mode_t dst_mode, uid_t dst_uid, gid_t dst_gid,
                        bool dst_acl, struct copy_file_report *report);

int copy_mode_to (char const *src, int dst_fd, char const *dst,
                  mode_t mode);

int copy_attributes_at (struct file_copier *copier,
                        struct stat const *src_st,
                        int src_dirfd, char const *src_name,
                        int dst_dirfd, char const *dst_name,
                        struct copy_file_report *report);

int copy_times_at (struct file_copier *copier, struct stat const *src_st,
                   int dst_dirfd, char const *dst_name,
                   struct copy_file_report *report);

#endif
