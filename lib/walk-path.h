/* walk-path.h -- what the tree walks of cp, mv and the digest tools
   share: one path buffer for all the levels of a walk, names joined
   in it as gnulib's file_name_concat joins them, and the check that a
   directory opened again is the one the walk had open.  Never prints,
   never exits (but for memory exhaustion).  */

#ifndef BRISK_WALK_PATH_H
#define BRISK_WALK_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A walk's path buffer: BUF, of ALLOC bytes, holds the deepest
   directory's path and the name of the entry being seen after it,
   null-terminated; LEN is the length of that entry's path.  A level's
   path is the start of its child's, so the buffer costs memory in
   proportion to the depth, not to its square.  */
struct walk_path
{
  char *buf;
  size_t alloc;
  size_t len;
};

/* Start P with the operand NAME.  */
void walk_path_init (struct walk_path *p, char const *name);

/* Free what P holds.  */
void walk_path_free (struct walk_path *p);

/* Where a child's name goes after P's first LEN bytes, as
   file_name_concat puts it: after a slash, but where the path is a
   root ("/", or several slashes), and in place of an operand's
   trailing slashes.  TOP when those bytes are the operand (a deeper
   path never ends in a slash, and its last part is never empty, so
   this costs nothing then).  */
size_t walk_path_join (struct walk_path const *p, size_t len, bool top);

/* Put NAME, of NAME_LEN bytes, in P at JOIN (from walk_path_join),
   after a slash where one goes, and a null byte after it.  */
void walk_path_put (struct walk_path *p, size_t join, char const *name,
                    size_t name_len);

/* Check that FD, unless negative, is open on the directory of device
   DEV and inode number INO.  Return FD; or close it and return -1 with
   errno set (ENOENT: another directory).  */
int walk_fd_check (int fd, dev_t dev, ino_t ino);

/* The flags of the open of a directory of a walk, through a symbolic
   link if FOLLOW.  */
int walk_dir_flags (bool follow);

/* One level of a walk's way down, as walk_reopen_down needs it: its path
   is the first LEN bytes of the walk's path, its name the last
   NAME_LEN of them; DEV and INO are the identity it had when the walk
   had it open; FOLLOW says whether the walk entered it through a
   symbolic link (walk_dir_flags).  */
struct walk_level
{
  size_t len;
  size_t name_len;
  dev_t dev;
  ino_t ino;
  bool follow;
};

/* Open again, by ".." LEVELS times from CHILD (the descriptor of a
   directory a walk came back from, or -1), the directory of device DEV
   and inode INO that the walk had open and closed, LEVELS above CHILD,
   and check it (walk_fd_check; the levels between are not checked:
   only where the way ends matters).  CHILD stays open.  Return its
   descriptor, or -1: with errno set (ENOENT: another directory there,
   as when the child was moved), but where CHILD is -1.  */
int walk_reopen_up (int child, size_t levels, dev_t dev, ino_t ino);

/* Open again a directory that a walk had open and closed, by its
   names: from TOP, the descriptor of its nearest ancestor still open,
   down through the levels FIRST .. LAST (the directory itself), which
   LEVEL (ARG, K, &L) describes, each opened by its name in PATH, the
   walk's path (a byte of it is nulled for the call and put back), as
   the walk first opened it, and checked (walk_fd_check).  TOP stays
   open.  Return the directory's descriptor, or -1 with errno set
   (ENOENT: another directory in the place of a level).  */
int walk_reopen_down (char *path, int top, size_t first, size_t last,
                      void (*level) (void *arg, size_t k,
                                     struct walk_level *l),
                      void *arg);

#endif
