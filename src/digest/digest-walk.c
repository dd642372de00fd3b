/* digest-walk.c -- the tree walk of the digest tools' -r and --audit
   (see digest-walk.h).

   Owns: the walk's stack of directories (struct walk_stack: a frame
   for each directory from the operand down to the one being read), the
   open directories (each counted by the frame and the files that hold
   it), and the set of the directories on the stack by identity, which
   finds loops.  Calls: openat, fstat, fstatat, close, lib/dir-list.h,
   gnulib's hash; nothing that prints.

   Depth.  The walk does not recurse, so the C stack does not grow with
   the depth of the tree.  A frame holds what the walk needs to go on
   with its directory once done with a subdirectory: the directory's
   entries (read whole, and sorted, when the walk enters it), the
   index of the next one, its identity (device and inode number), and
   the length of its path in one buffer that all frames share (a
   frame's path is the start of its child's): memory in proportion to
   the depth, not to its square.

   Descriptors.  Only the operand's directory and those of the
   WALK_FRAMES_OPEN deepest frames stay open (the walk closes the
   highest open one as it goes down past that), so a tree of any depth
   needs a bounded number.  A frame whose descriptor was closed gets
   one again only if it has entries left when the walk comes back to
   it: first by ".." from the directory just finished (one level, or
   as many as the walk comes back up at once), the result checked to
   be the directory the walk recorded (same device and inode); a
   directory moved meanwhile, or one entered through a symbolic link
   (-L, where ".." is the link's target's parent), fails that check.
   Then by its path's names from the nearest open ancestor down, each
   opened as the walk first opened it (O_NOFOLLOW but where the walk
   followed links) and checked the same way.  A directory that cannot
   be had again so is reported as unreadable (with ENOENT if another
   directory is in its place), and the rest of its entries are not
   walked.  ".." first: going up costs one open a level, once, where
   going down by names again would cost the depth for each frame.

   Entries are typed by readdir's d_type where the file system gives
   it: a regular file or a directory costs no fstatat (a directory is
   opened, then fstat'd for its identity); a symbolic link costs one
   only where followed (-L).  FIFOs, sockets and devices are never
   opened, so never waited on.

   Symbolic links swapped in.  Unless it follows them (-L), the walk
   opens directories below the operand with O_NOFOLLOW, and types
   entries with AT_SYMLINK_NOFOLLOW: a name that held a directory when
   the walk read its parent, and holds a symbolic link when the walk
   opens it, fails (ENOTDIR, and then a look by O_PATH tells a link from
   another file), and is skipped as the link it now is, without a word,
   as the walk would have skipped it a moment later.
   The files found are opened by the caller, told by the item's FOLLOW
   to do the same (digest-file.c, digest-pool.c, lib/read-batch.c).  */

#include <config.h>

#include "digest-walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dir-list.h"
#include "hash.h"
#include "walk-path.h"
#include "xalloc.h"

enum
{
  /* Frames below the operand's that keep their directory open, at
     most.  */
  WALK_FRAMES_OPEN = 32
};

struct walk_dir
{
  int fd;
  size_t refs;
};

/* A directory on the walk's stack.  */
struct walk_frame
{
  struct dir_list list;         /* its entries, sorted by name */
  size_t next;                  /* the index of the next entry to see */
  struct walk_dir *dir;         /* its descriptor, or null while closed */
  struct walk_id *id;           /* its identity, in the stack's IDS */
  size_t path_len;              /* its path: the stack's PATH's first
                                   PATH_LEN bytes */
  size_t name_len;              /* its name in its parent: the last
                                   NAME_LEN bytes of its path */
  bool follow;                  /* opened through a symbolic link if its
                                   name was one */
};

/* The identity of a directory on the stack, and the depth of its
   frame.  */
struct walk_id
{
  dev_t dev;
  ino_t ino;
  size_t depth;
};

/* The walk of one operand: its frames FRAMES[0..N-1], the operand's
   first; those from 1 to LOW - 1 have their directory closed, those
   from LOW to N - 1 open (the operand's always is).  PATH holds the
   deepest frame's path, and room for one entry's name after it.  */
struct walk_stack
{
  struct walk_frame *frames;
  size_t n, alloc, low;
  char *path;
  size_t path_alloc;
  Hash_table *ids;
};

static size_t
id_hash (void const *p, size_t n)
{
  struct walk_id const *id = p;
  return (id->ino ^ id->dev * 31) % n;
}

static bool
id_equal (void const *a, void const *b)
{
  struct walk_id const *p = a, *q = b;
  return p->dev == q->dev && p->ino == q->ino;
}

/* Hand W's caller an item of KIND about PATH (which it then owns),
   with errno ERR.  */
static void
found_failure (struct digest_walk *w, enum walk_kind kind, char *path,
               int err)
{
  struct walk_item item = { .kind = kind, .path = path, .err = err };
  w->found (w, &item);
}

/* A directory of W open as FD, held once.  */
static struct walk_dir *
walk_dir_new (struct digest_walk *w, int fd)
{
  struct walk_dir *d = xmalloc (sizeof *d);
  d->fd = fd;
  d->refs = 1;
  w->open_dirs++;
  return d;
}

/* Let go of one hold of D, a directory of W, closing it after the
   last.  */
static void
walk_dir_release (struct digest_walk *w, struct walk_dir *d)
{
  if (--d->refs == 0)
    {
      close (d->fd);
      free (d);
      w->open_dirs--;
    }
}

/* A copy of the first LEN bytes of S's path.  */
static char *
path_copy (struct walk_stack const *s, size_t len)
{
  return ximemdup0 (s->path, len);
}

/* Put NAME after the path of S's deepest frame, with one slash between
   (none where the path ends in one: the operand "/"), and a null byte
   after.  Return the length of the path so made.  */
static size_t
path_append (struct walk_stack *s, char const *name, size_t name_len)
{
  size_t len = s->frames[s->n - 1].path_len;
  bool slash = len == 0 || s->path[len - 1] != '/';
  size_t need = len + slash + name_len + 1;
  if (s->path_alloc < need)
    {
      s->path_alloc = need;
      s->path = x2realloc (s->path, &s->path_alloc);
    }
  s->path[len] = '/';
  memcpy (s->path + len + slash, name, name_len + 1);
  return len + slash + name_len;
}

/* Whether the directory of identity ST is on the stack S; if so, hand
   the loop to W's caller, naming PATH_LEN bytes of S's path.  */
static bool
is_loop (struct digest_walk *w, struct walk_stack const *s,
         struct stat const *st, size_t path_len)
{
  struct walk_id key = { st->st_dev, st->st_ino, 0 };
  struct walk_id const *a = hash_lookup (s->ids, &key);
  if (!a)
    return false;
  struct walk_item item = {
    .kind = WALK_LOOP, .path = path_copy (s, path_len),
    .loop_start = path_copy (s, s->frames[a->depth].path_len)
  };
  w->found (w, &item);
  return true;
}

/* Close the directory of the highest frame of W's stack S that has one
   open, but the operand's, if more than WALK_FRAMES_OPEN are.  */
static void
limit_open (struct digest_walk *w, struct walk_stack *s)
{
  if (s->n - s->low <= WALK_FRAMES_OPEN)
    return;
  struct walk_frame *f = &s->frames[s->low++];
  walk_dir_release (w, f->dir);
  f->dir = NULL;
}

/* Enter the directory open as FD (which this takes), of identity ST,
   below the deepest frame of W's stack S (or as the operand, if S is
   empty): read its entries, and push its frame, whose path is the
   first PATH_LEN bytes of S's, ending in its name of NAME_LEN bytes,
   opened through a symbolic link if FOLLOW.  If its entries cannot be
   read, report it to W's caller and push nothing.  */
static void
push_frame (struct digest_walk *w, struct walk_stack *s, int fd,
            struct stat const *st, size_t path_len, size_t name_len,
            bool follow)
{
  struct dir_list list;
  int list_fd = dup (fd);
  if (list_fd < 0 || dir_list_read (list_fd, &list) != 0)
    {
      int err = errno;
      close (fd);
      found_failure (w, WALK_UNREADABLE_DIR, path_copy (s, path_len), err);
      return;
    }
  dir_list_sort_by_name (&list);
  if (s->n == s->alloc)
    s->frames = x2nrealloc (s->frames, &s->alloc, sizeof *s->frames);
  struct walk_id *id = xmalloc (sizeof *id);
  *id = (struct walk_id) { st->st_dev, st->st_ino, s->n };
  if (hash_insert (s->ids, id) != id)
    xalloc_die ();
  s->frames[s->n++] = (struct walk_frame) {
    .list = list, .dir = walk_dir_new (w, fd), .id = id,
    .path_len = path_len, .name_len = name_len, .follow = follow
  };
  limit_open (w, s);
}

/* Pop the deepest frame of W's stack S.  */
static void
pop_frame (struct digest_walk *w, struct walk_stack *s)
{
  struct walk_frame *f = &s->frames[--s->n];
  dir_list_free (&f->list);
  hash_remove (s->ids, f->id);
  free (f->id);
  if (f->dir)
    walk_dir_release (w, f->dir);
  if (s->n < s->low)
    s->low = s->n;
}

/* Whether the frame F has no entry left to see.  */
static bool
frame_done (struct walk_frame const *f)
{
  return f->next == f->list.n;
}

/* walk_reopen_down's LEVEL: level K of the stack ARG.  */
static void
stack_level (void *arg, size_t k, struct walk_level *l)
{
  struct walk_stack const *s = arg;
  struct walk_frame const *f = &s->frames[k];
  *l = (struct walk_level) { .len = f->path_len, .name_len = f->name_len,
                             .dev = f->id->dev, .ino = f->id->ino,
                             .follow = f->follow };
}

/* Open again the directory of the deepest frame of S, which has none
   open, by the names of its path from the nearest ancestor that has
   one, each checked to be the directory the walk entered
   (walk_reopen_down).  Return its descriptor, or -1 with errno set.  */
static int
reopen_by_names (struct walk_stack *s)
{
  size_t top = s->n - 1, a = top;
  while (!s->frames[a].dir)
    a--;                        /* the operand's frame has one */
  return walk_reopen_down (s->path, s->frames[a].dir->fd, a + 1, top,
                           stack_level, s);
}

/* The deepest frame of W's stack S has no entry left: pop it, and the
   frames above it that have none left and no directory open.  If the
   frame then deepest has entries left but its directory closed, open
   it again by "..", from the directory of the frame done, which is
   open.  */
static void
unwind (struct digest_walk *w, struct walk_stack *s)
{
  size_t done = s->n - 1, q = done;
  while (0 < q && !s->frames[q - 1].dir && frame_done (&s->frames[q - 1]))
    q--;
  int fd = -1;
  if (0 < q && !s->frames[q - 1].dir && s->frames[done].dir)
    fd = walk_reopen_up (s->frames[done].dir->fd, done - q + 1,
                         s->frames[q - 1].id->dev, s->frames[q - 1].id->ino);
  while (q < s->n)
    pop_frame (w, s);
  if (0 <= fd)
    {
      s->frames[q - 1].dir = walk_dir_new (w, fd);
      s->low = q - 1;
    }
}

/* Give the deepest frame of W's stack S its directory again, if it is
   closed.  Return true if it is open; else report it to W's caller,
   pop it, and return false.  */
static bool
top_open (struct digest_walk *w, struct walk_stack *s)
{
  struct walk_frame *f = &s->frames[s->n - 1];
  if (f->dir)
    return true;
  int fd = reopen_by_names (s);
  if (0 <= fd)
    {
      f->dir = walk_dir_new (w, fd);
      s->low = s->n - 1;
      return true;
    }
  found_failure (w, WALK_UNREADABLE_DIR, path_copy (s, f->path_len), errno);
  pop_frame (w, s);
  return false;
}

/* The open of NAME, relative to the directory PARENT, as a directory
   and without following a symbolic link, failed with ENOTDIR: NAME is
   a file that is not a directory, or a symbolic link (O_DIRECTORY with
   O_NOFOLLOW says ENOTDIR for both).  Look again at what NAME is now,
   without opening it (O_PATH: a device or a FIFO is not opened).
   Return a descriptor of the directory if it is one again; else -1 with
   errno set (ELOOP: it is a symbolic link; ENOTDIR: some other file).  */
static int
open_not_dir (int parent, char const *name)
{
  int p = openat (parent, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
  if (p < 0)
    return -1;
  struct stat st;
  int fd = -1, err = ENOTDIR;
  if (fstat (p, &st) != 0)
    err = errno;
  else if (S_ISLNK (st.st_mode))
    err = ELOOP;
  else if (S_ISDIR (st.st_mode))
    {
      fd = openat (p, ".", walk_dir_flags (false));
      err = errno;
    }
  close (p);
  errno = err;
  return fd;
}

/* Enter the directory whose name in the deepest frame of W's stack S
   ends S's path, of PATH_LEN bytes (its name NAME_LEN of them); through
   a symbolic link if FOLLOW.  A name that is a symbolic link when not
   FOLLOW (it was a directory when read) is skipped.  */
static void
enter_dir (struct digest_walk *w, struct walk_stack *s, size_t path_len,
           size_t name_len, bool follow)
{
  int parent = s->frames[s->n - 1].dir->fd;
  char const *name = s->path + path_len - name_len;
  int fd = openat (parent, name, walk_dir_flags (follow));
  if (fd < 0 && errno == ENOTDIR && !follow)
    fd = open_not_dir (parent, name);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      int err = errno;
      if (0 <= fd)
        close (fd);
      if (follow || err != ELOOP)
        found_failure (w, WALK_UNREADABLE_DIR, path_copy (s, path_len), err);
      return;
    }
  if ((w->one_file_system && st.st_dev != w->root_dev)
      || is_loop (w, s, &st, path_len))
    {
      close (fd);
      return;
    }
  push_frame (w, s, fd, &st, path_len, name_len, follow);
}

/* See the next entry of the deepest frame of W's stack S, which is
   open: hand a regular file to W's caller, enter a directory, skip
   the rest.  */
static void
visit_entry (struct digest_walk *w, struct walk_stack *s)
{
  struct walk_frame *f = &s->frames[s->n - 1];
  struct dir_list const *list = &f->list;
  size_t i = f->next++;
  char const *name = dir_list_name (list, i);
  size_t name_len = strlen (name);
  size_t len = path_append (s, name, name_len);
  char const *base = s->path + len - name_len;
  bool logical = w->follow == WALK_LOGICAL;
  unsigned char type = list->items[i].type;
  if (type == DT_UNKNOWN || (type == DT_LNK && logical))
    {
      struct stat st;
      if (fstatat (f->dir->fd, base, &st, logical ? 0 : AT_SYMLINK_NOFOLLOW)
          == 0)
        type = IFTODT (st.st_mode);
      else if (errno == ENOENT)
        type = DT_UNKNOWN;  /* gone, or a dangling link: skipped */
      else
        {
          found_failure (w, WALK_UNSTATABLE, path_copy (s, len), errno);
          return;
        }
    }
  if (type == DT_REG)
    {
      char *path = path_copy (s, len);
      struct walk_item item = {
        .kind = WALK_FILE, .path = path, .base = path + len - name_len,
        .dir = f->dir, .follow = logical
      };
      f->dir->refs++;
      w->found (w, &item);
    }
  else if (type == DT_DIR)
    enter_dir (w, s, len, name_len, logical);
}

/* See digest-walk.h.  Under -P a symbolic link is not a directory to
   walk: it is read as without -r.  */
bool
digest_walk_is_dir (struct digest_walk const *w, char const *name)
{
  struct stat st;
  int flags = w->follow == WALK_PHYSICAL ? AT_SYMLINK_NOFOLLOW : 0;
  return (strcmp (name, "-") != 0 && fstatat (AT_FDCWD, name, &st, flags) == 0
          && S_ISDIR (st.st_mode));
}

/* Open the operand NAME of W, whose path as printed is S's, of LEN
   bytes, and push its frame on S, empty.  */
static void
enter_operand (struct digest_walk *w, struct walk_stack *s,
               char const *name, size_t len)
{
  bool follow = w->follow != WALK_PHYSICAL;
  int fd = openat (AT_FDCWD, name, walk_dir_flags (follow));
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      int err = errno;
      if (0 <= fd)
        close (fd);
      found_failure (w, WALK_UNREADABLE_DIR, path_copy (s, len), err);
      return;
    }
  w->root_dev = st.st_dev;
  push_frame (w, s, fd, &st, len, len, follow);
}

/* See digest-walk.h.  The operand's trailing slashes are dropped from
   the names printed ("d/" gives "d/x", as find prints it), but for
   the last character.  */
void
digest_walk (struct digest_walk *w, char const *name)
{
  size_t len = strlen (name);
  while (1 < len && name[len - 1] == '/')
    len--;
  struct walk_stack s = { .low = 1 };
  s.path_alloc = len + 1;
  s.path = ximemdup0 (name, len);
  s.ids = hash_initialize (64, NULL, id_hash, id_equal, NULL);
  if (!s.ids)
    xalloc_die ();
  enter_operand (w, &s, name, len);
  while (0 < s.n)
    if (frame_done (&s.frames[s.n - 1]))
      unwind (w, &s);
    else if (top_open (w, &s))
      visit_entry (w, &s);
  hash_free (s.ids);
  free (s.frames);
  free (s.path);
}

/* See digest-walk.h.  */
int
walk_dir_fd (struct walk_dir const *d)
{
  return d->fd;
}

/* See digest-walk.h.  */
void
walk_item_free (struct digest_walk *w, struct walk_item *item)
{
  free (item->path);
  free (item->loop_start);
  if (item->dir)
    walk_dir_release (w, item->dir);
}
