/* cp-walk.c -- the stack of directories that cp's tree copier is in:
   its frames, the bound on the descriptors they keep open, and the
   opening again of a directory whose descriptors were closed.

   It does not copy: cp-copy.c's loop pushes and pops the frames
   (through cp-dir.c's enter_dir) and copies their entries.

   What this file may call: walk-path.h, gnulib.  It prints only the
   failure to open a directory again.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#include "error.h"
#include "hash.h"
#include "walk-path.h"
#include "xalloc.h"

#include "cp-copy-private.h"
#include "i18n.h"
#include "quoting.h"

/* The walk.  It does not recurse: a directory copied is a frame on a
   stack of its own, so that the C stack does not grow with the depth
   of the tree.  A frame holds what the walk needs to go on with its
   directory once done with a subdirectory, and to give its copy its
   attributes on leaving it: the source's entries (read whole when the
   walk enters it), the index of the next, the source's status, the
   destination directory, and the lengths of the two paths in two
   buffers that all frames share (a frame's path is the start of its
   child's): memory in proportion to the depth, not to its square.

   Descriptors.  Only the operand's directories and those of the
   CP_FRAMES_OPEN deepest frames stay open (the walk closes the
   highest open frame's two as it goes down past that), so a tree of
   any depth needs a bounded number.  A frame whose directories were
   closed gets them again when the walk comes back up to it, from its
   child's (which are open): by "..", the result checked to be the
   directory the walk had open (same device and inode); a directory
   moved meanwhile, or one entered through a symbolic link (-L), fails
   that check.  Then by its path's names from the nearest open
   ancestor down, each opened as the walk first opened it and checked
   the same way.  A directory that cannot be had again so is reported
   ("cannot access", ENOENT if another directory is in its place):
   the rest of its entries are not copied, and a destination directory
   not had again does not get its attributes.  */

enum
{
  /* Frames below the operand's that keep their directories open, at
     most: two descriptors each.  */
  CP_FRAMES_OPEN = 16
};

/* The hash of the identity P (a struct dir_id, or an item that starts
   with one) in a table of N buckets.  */
size_t
dir_id_hash (void const *p, size_t n)
{
  struct dir_id const *id = p;
  return (id->ino ^ (uintmax_t) id->dev * 31) % n;
}

/* Whether the identities A and B (as for dir_id_hash) are one.  */
bool
dir_id_equal (void const *a, void const *b)
{
  struct dir_id const *p = a, *q = b;
  return p->dev == q->dev && p->ino == q->ino;
}

/* Start the walk W of an operand.  */
void
walk_init (struct cp_walk *w)
{
  *w = (struct cp_walk) { .low = 1, .ok = true };
}

/* Give the walk W, of an operand SRC that is a directory to be copied
   to DST, its path buffers, its set of directories and room for its
   first frame.  */
void
walk_start (struct cp_walk *w, char const *src, char const *dst)
{
  walk_path_init (&w->src, src);
  walk_path_init (&w->dst, dst);
  w->ids = hash_initialize (64, NULL, dir_id_hash, dir_id_equal, NULL);
  if (!w->ids)
    xalloc_die ();
  w->frames = x2nrealloc (NULL, &w->alloc, sizeof *w->frames);
}

/* Free what W holds; its stack is empty.  */
void
walk_free (struct cp_walk *w)
{
  if (w->ids)
    hash_free (w->ids);
  free (w->frames);
  if (w->src.buf)
    {
      walk_path_free (&w->src);
      walk_path_free (&w->dst);
    }
}

/* Whether the source directory of status ST is one that W is in.  */
bool
walk_is_ancestor (struct cp_walk const *w, struct stat const *st)
{
  struct dir_id key = { st->st_dev, st->st_ino };
  return w->ids && hash_lookup (w->ids, &key) != NULL;
}

/* Close the directories of the highest frame of W that has them open,
   but the operand's, if more than CP_FRAMES_OPEN are, noting the
   source's identity first.  */
static void
limit_open (struct cp_walk *w)
{
  if (w->n - w->low <= CP_FRAMES_OPEN)
    return;
  struct cp_frame *f = &w->frames[w->low++];
  struct stat st;
  f->src_id = *f->id;
  if (0 <= f->src_fd && fstat (f->src_fd, &st) == 0)
    f->src_id = (struct dir_id) { st.st_dev, st.st_ino };
  if (0 <= f->src_fd)
    close (f->src_fd);
  close (f->dir.fd);
  f->src_fd = f->dir.fd = -1;
  f->closed = true;
}

/* Push the frame F on W, entered: its source's identity goes in W's
   IDS.  There is room for it (walk_room).  */
void
walk_push (struct cp_walk *w, struct cp_frame const *f)
{
  struct cp_frame *g = &w->frames[w->n++];
  *g = *f;
  g->id = xmalloc (sizeof *g->id);
  *g->id = (struct dir_id) { f->src_st.st_dev, f->src_st.st_ino };
  if (hash_insert (w->ids, g->id) != g->id)
    xalloc_die ();
  limit_open (w);
}

/* Make room in W for one more frame, before an entry is copied: the
   frame's parent, which the copy is handed, then stays where it is.  */
void
walk_room (struct cp_walk *w)
{
  if (w->n == w->alloc)
    w->frames = x2nrealloc (w->frames, &w->alloc, sizeof *w->frames);
}

/* The descriptor of one side of the frame F: the copy's if DST, else
   the source's.  */
static int *
side_fd (struct cp_frame *f, bool dst)
{
  return dst ? &f->dir.fd : &f->src_fd;
}

/* The identity of one side of the frame F (DST: the copy's, else the
   source's) when the walk had it open.  */
static struct dir_id
side_id (struct cp_frame const *f, bool dst)
{
  return (dst ? (struct dir_id) { f->dir.st.st_dev, f->dir.st.st_ino }
          : f->src_id);
}

/* One side of a walk, as walk_reopen_down's LEVEL sees it.  */
struct side
{
  struct cp_walk *w;
  bool dst;
};

/* walk_reopen_down's LEVEL: level K of the side ARG.  */
static void
side_level (void *arg, size_t k, struct walk_level *l)
{
  struct side const *s = arg;
  struct cp_frame const *g = &s->w->frames[k];
  struct dir_id id = side_id (g, s->dst);
  *l = (struct walk_level) { .len = s->dst ? g->dst_len : g->src_len,
                             .name_len = g->name_len,
                             .dev = id.dev, .ino = id.ino,
                             .follow = s->dst ? g->dst_follow : g->follow };
}

/* Open again one side (DST: the copy's, else the source's) of the
   frame T of W, closed: by ".." from its child's, open as FD (or -1),
   else by the names of its path from the nearest ancestor open.
   Return its descriptor, or -1 with errno set.  */
static int
reopen_side (struct cp_walk *w, size_t t, int fd, bool dst)
{
  struct dir_id want = side_id (&w->frames[t], dst);
  int up = walk_reopen_up (fd, 1, want.dev, want.ino);
  if (0 <= up)
    return up;
  size_t a = t - 1;
  while (w->frames[a].closed)
    a--;                        /* the operand's frame never is */
  struct side s = { w, dst };
  return walk_reopen_down ((dst ? &w->dst : &w->src)->buf,
                           *side_fd (&w->frames[a], dst), a + 1, t,
                           side_level, &s);
}

/* Report that W could not open again the directory whose path is the
   first LEN bytes of P's, with errno ERR; the frame F then copies
   nothing more.  */
static void
reopen_failed (struct cp_walk *w, struct walk_path *p, size_t len,
               int err, struct cp_frame *f)
{
  char c = p->buf[len];
  p->buf[len] = '\0';
  error (0, err, _("cannot access %s"), quoteaf (p->buf));
  p->buf[len] = c;
  w->ok = false;
  f->next = f->list.n;
}

/* The parent of W's deepest frame, whose directories are open, has
   its own closed: open them again.  */
void
reopen_parent (struct cp_walk *w)
{
  size_t t = w->n - 2;
  struct cp_frame *f = &w->frames[t + 1], *p = &w->frames[t];
  p->src_fd = reopen_side (w, t, f->src_fd, false);
  if (p->src_fd < 0)
    reopen_failed (w, &w->src, p->src_len, errno, p);
  p->dir.fd = reopen_side (w, t, f->dir.fd, true);
  if (p->dir.fd < 0)
    reopen_failed (w, &w->dst, p->dst_len, errno, p);
  p->closed = false;
  w->low = t;
}
