/* walk-path.c -- what the tree walks share (see walk-path.h).

   Owns: nothing past a call but the path buffer.  Calls: openat,
   fstat, close, gnulib's dirname and xalloc; nothing that prints.  */

#include <config.h>

#include "walk-path.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirname.h"
#include "xalloc.h"

/* See walk-path.h.  */
void
walk_path_init (struct walk_path *p, char const *name)
{
  p->len = strlen (name);
  p->alloc = p->len + 1;
  p->buf = ximemdup0 (name, p->len);
}

/* See walk-path.h.  */
void
walk_path_free (struct walk_path *p)
{
  free (p->buf);
  p->buf = NULL;
}

/* See walk-path.h.  */
size_t
walk_path_join (struct walk_path const *p, size_t len, bool top)
{
  if (!top)
    return len + 1;
  char const *base = last_component (p->buf);
  size_t base_n = base_len (base);
  size_t dir_n = base - p->buf + base_n;
  return dir_n + (base_n != 0);
}

/* See walk-path.h.  */
void
walk_path_put (struct walk_path *p, size_t join, char const *name,
               size_t name_len)
{
  size_t need = join + name_len + 1;
  if (p->alloc < need)
    {
      p->alloc = need;
      p->buf = x2realloc (p->buf, &p->alloc);
    }
  if (join)
    p->buf[join - 1] = '/';     /* a root's own slash where none goes */
  memcpy (p->buf + join, name, name_len + 1);
  p->len = join + name_len;
}

/* See walk-path.h.  */
int
walk_fd_check (int fd, dev_t dev, ino_t ino)
{
  struct stat st;
  if (fd < 0)
    return -1;
  int err = ENOENT;
  if (fstat (fd, &st) != 0)
    err = errno;
  else if (st.st_dev == dev && st.st_ino == ino)
    return fd;
  close (fd);
  errno = err;
  return -1;
}

/* See walk-path.h.  */
int
walk_dir_flags (bool follow)
{
  return (O_RDONLY | O_DIRECTORY | O_NOCTTY | O_CLOEXEC
          | (follow ? 0 : O_NOFOLLOW));
}

/* See walk-path.h.  */
int
walk_reopen_up (int child, size_t levels, dev_t dev, ino_t ino)
{
  if (child < 0)
    return -1;
  int up = child;
  for (size_t i = 0; i < levels && 0 <= up; i++)
    {
      int next = openat (up, "..", walk_dir_flags (false));
      if (up != child)
        close (up);
      up = next;
    }
  return walk_fd_check (up, dev, ino);
}

/* See walk-path.h.  */
int
walk_reopen_down (char *path, int top, size_t first, size_t last,
                  void (*level) (void *arg, size_t k, struct walk_level *l),
                  void *arg)
{
  int up = top;
  for (size_t k = first; k <= last && 0 <= up; k++)
    {
      struct walk_level l;
      level (arg, k, &l);
      char *end = path + l.len;
      char c = *end;
      *end = '\0';
      int next = openat (up, end - l.name_len, walk_dir_flags (l.follow));
      *end = c;
      if (k != first)
        close (up);
      up = walk_fd_check (next, l.dev, l.ino);
    }
  return up;
}
