/* cp-copy-private.h -- what the files of cp's tree copier share: the
   run's state (struct cp_run, owned by cp-copy.c and passed down), the
   two sides of a copy, the walk's frames, and each file's entry
   points.  Not for cp.c, mv or install: their interface is cp.h.

   The calls go one way: cp-copy.c (an operand, an entry, the walk's
   loop) -> cp-parents.c, cp-judge.c, cp-links.c, cp-file.c ->
   cp-dir.c -> cp-walk.c.  */

#ifndef BRISK_CP_COPY_PRIVATE_H
#define BRISK_CP_COPY_PRIVATE_H

#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "dir-list.h"
#include "filenamecat.h"
#include "hash.h"
#include "walk-path.h"
#include "xalloc.h"

#include "copy-file.h"
#include "cp.h"

/* One run of the copier, from cp_copy_init to cp_copy_finish: the
   options X, the file copier, and the tables.  */
struct cp_run
{
  struct cp_options const *x;
  struct file_copier copier;

  /* The sources already copied (names and identities) and the
     destinations made, when there are several operands; the hard
     links kept.  */
  Hash_table *src_seen;
  Hash_table *dst_made;
  Hash_table *links;

  /* The directories made by this run: a source directory among them
     is a copy being copied into itself.  */
  Hash_table *dirs_made;

  /* The device of the operand being copied, for -x; its names; and
     whether it was found to be copied into itself (which ends its
     copy, as in GNU's cp).  */
  dev_t top_dev;
  char const *top_src;
  char const *top_dst;
  bool into_self;
};

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

/* A file identity: a source directory on the walk's stack (which the
   walk does not enter again: a loop), a closed directory's; the first
   member of the items of the other tables of identities, which
   dir_id_hash and dir_id_equal serve too.  */
struct dir_id
{
  dev_t dev;
  ino_t ino;
};

/* A file identity, and for a hard link kept where its first copy
   went (NULL in the table of directories made).  */
struct link_item
{
  struct dir_id id;
  char *dst;
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

struct made_parent;

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

/* The path of NAME inside the directory whose path is DIR.  */
static inline char *
child_path (char const *dir, char const *name)
{
  char *p = file_name_concat (dir, name, NULL);
  if (!p)
    xalloc_die ();
  return p;
}

/* Put in *ST the status of L, following a symlink when FOLLOW.  */
static inline bool
stat_loc (struct loc const *l, struct stat *st, bool follow)
{
  return fstatat (l->dirfd, l->name, st,
                  follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0;
}

/* cp-parents.c */
bool make_parents (struct cp_run *r, char const *target, char const *src,
                   struct parents *p);
bool finish_parents (struct cp_run *r, struct parents *p, bool apply);

/* cp-judge.c */
enum verdict judge_existing (struct cp_run *r, struct loc const *src,
                             struct stat const *src_st,
                             struct loc const *dst,
                             struct stat const *dst_st, bool top,
                             char **backup);
void unbackup (struct cp_run *r, struct loc const *dst, char const *backup);

/* cp-links.c */
Hash_table *cp_id_table (void);
bool link_entry (struct cp_run *r, struct loc const *src,
                 struct loc const *dst, bool follow);
bool symlink_entry (struct cp_run *r, struct loc const *src,
                    struct stat const *st, struct loc const *dst);
enum link_use link_use (struct cp_run *r, struct stat const *st,
                        bool follow);
enum link_step keep_hard_link (struct cp_run *r, struct stat const *st,
                               struct loc const *dst, enum link_use use);
void forget_link (struct cp_run *r, struct stat const *st);

/* cp-file.c */
bool copy_regular (struct cp_run *r, struct loc const *src,
                   struct stat const *src_st, int src_fd,
                   struct loc const *dst, struct dst_dir const *parent,
                   enum copy_dst_open how, bool follow);
bool copy_symlink (struct cp_run *r, struct loc const *src,
                   struct stat const *src_st, struct loc const *dst);
bool copy_special (struct cp_run *r, struct loc const *src,
                   struct stat const *src_st, struct loc const *dst);

/* cp-dir.c */
bool made_here (struct cp_run *r, struct stat const *st);
void say_copied (struct cp_run *r, struct loc const *src,
                 struct loc const *dst, char const *backup);
mode_t base_mode (struct cp_run *r, struct stat const *src_st);
bool enter_dir (struct cp_run *r, struct cp_walk *w, struct loc const *src,
                struct stat const *src_st, struct loc const *dst,
                struct dst_dir const *parent, bool exists, bool follow);
bool finish_dir (struct cp_run *r, struct loc const *src,
                 struct stat const *src_st, int src_fd,
                 struct loc const *dst, struct dst_dir const *dir,
                 mode_t made_mode);

/* cp-walk.c */
size_t dir_id_hash (void const *p, size_t n);
bool dir_id_equal (void const *a, void const *b);
void walk_init (struct cp_walk *w);
void walk_start (struct cp_walk *w, char const *src, char const *dst);
void walk_free (struct cp_walk *w);
bool walk_is_ancestor (struct cp_walk const *w, struct stat const *st);
void walk_push (struct cp_walk *w, struct cp_frame const *f);
void walk_room (struct cp_walk *w);
void reopen_parent (struct cp_walk *w);

#endif
