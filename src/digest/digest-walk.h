/* digest-walk.h -- the tree walk of the digest tools' -r: the regular
   files under a directory, in a stable order, for digest.c.

   The walk goes from directory descriptors (openat, fstatat), so that
   depth is not bounded by PATH_MAX, nor by the C stack or the limit on
   descriptors (it keeps a stack of its own, and a bounded number of
   directories open): each file found is a name relative to its
   directory's descriptor, which stays open as long as the caller holds
   the file; the full name is kept for output only.
   Within a directory, entries go in byte order of their names (the C
   locale's strcmp), depth first.  The walk prints nothing: it hands
   the files it finds and its failures to the caller in order, so that
   the caller reports each in its turn.  */

#ifndef BRISK_DIGEST_WALK_H
#define BRISK_DIGEST_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Which symbolic links the walk follows: none (-P, the default, as du
   and find), those given as operands (-H), all (-L).  */
enum walk_follow
{
  WALK_PHYSICAL,
  WALK_COMMAND_LINE,
  WALK_LOGICAL
};

/* What the walk found.  */
enum walk_kind
{
  WALK_FILE,            /* a regular file, to hash */
  WALK_UNREADABLE_DIR,  /* a directory that cannot be opened or read */
  WALK_LOOP,            /* a directory that is one of its ancestors */
  WALK_UNSTATABLE       /* an entry whose type cannot be had */
};

/* An open directory, shared by the files found in it.  */
struct walk_dir;

/* One thing the walk found, handed to the caller, who owns PATH (and
   LOOP_START), and one reference to DIR, until walk_item_free.  */
struct walk_item
{
  enum walk_kind kind;
  char *path;           /* the operand joined to the path below it */
  const char *base;     /* WALK_FILE: the last part of PATH, relative to
                           DIR */
  struct walk_dir *dir; /* WALK_FILE: its directory, else null */
  int err;              /* WALK_UNREADABLE_DIR, WALK_UNSTATABLE: errno */
  char *loop_start;     /* WALK_LOOP: the ancestor's path */
  bool follow;          /* WALK_FILE: to open through a symbolic link if
                           BASE is one by then (-L); else it is opened
                           with O_NOFOLLOW, and not read if it is no
                           longer a regular file (a link swapped in
                           since the walk saw it: skipped as one) */
};

/* A walk: its options, where its findings go, and how many
   directories it holds open (those being read, and those of the files
   the caller holds), so that the caller can let go of some before
   the limit on descriptors is reached.  */
struct digest_walk
{
  enum walk_follow follow;
  bool one_file_system;
  void (*found) (struct digest_walk *w, struct walk_item *item);
  void *arg;
  size_t open_dirs;
  dev_t root_dev;       /* the device of the operand being walked */
};

/* Whether the operand NAME is a directory to walk under W's options,
   rather than a file to hash as without -r.  */
bool digest_walk_is_dir (struct digest_walk const *w, char const *name);

/* Walk the directory NAME, an operand, handing each regular file found
   below it, and each failure, to W->found, in order.  */
void digest_walk (struct digest_walk *w, char const *name);

/* The descriptor of the directory D, for openat.  */
int walk_dir_fd (struct walk_dir const *d);

/* Free what ITEM, found by W, holds: its names and its reference to
   its directory, closed once no file and not the walk holds it.  */
void walk_item_free (struct digest_walk *w, struct walk_item *item);

#endif
