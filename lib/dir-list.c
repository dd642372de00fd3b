/* dir-list.c -- a directory's entries in one list (see dir-list.h).

   Owns: the list's two arrays.  Calls: fdopendir, readdir, closedir,
   qsort; nothing that prints.  */

#include <config.h>

#include "dir-list.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

/* See dir-list.h.  */
int
dir_list_read (int fd, struct dir_list *list)
{
  DIR *d = fdopendir (fd);
  if (!d)
    {
      int e = errno;
      close (fd);
      errno = e;
      return -1;
    }
  size_t n = 0, alloc = 0, used = 0, room = 0;
  struct dir_entry *v = NULL;
  char *names = NULL;
  struct dirent *e;
  errno = 0;
  while ((e = readdir (d)))
    {
      char const *s = e->d_name;
      if (s[0] == '.' && (!s[1] || (s[1] == '.' && !s[2])))
        continue;
      size_t len = strlen (s) + 1;
      if (!names || room - used < len)
        {
          /* Offsets are 32 bits: a directory's names would have to
             pass 4 GiB first.  */
          if (UINT32_MAX - len < used)
            xalloc_die ();
          room = used + len;
          names = x2realloc (names, &room);
        }
      if (!v || n == alloc)
        v = x2nrealloc (v, &alloc, sizeof *v);
      v[n].ino = e->d_ino;
      v[n].type = e->d_type;
      v[n].name = used;
      memcpy (names + used, s, len);
      used += len;
      n++;
      errno = 0;
    }
  int err = errno;
  closedir (d);
  if (err)
    {
      free (v);
      free (names);
      errno = err;
      return -1;
    }
  *list = (struct dir_list) { v, n, names };
  return 0;
}

static int
inode_cmp (void const *a, void const *b)
{
  struct dir_entry const *p = a, *q = b;
  return (p->ino > q->ino) - (p->ino < q->ino);
}

/* See dir-list.h.  */
void
dir_list_sort_by_inode (struct dir_list *list)
{
  if (1 < list->n)
    qsort (list->items, list->n, sizeof *list->items, inode_cmp);
}

/* Compare the entries A and B of a list whose names are NAMES.  */
static int
name_cmp (void const *a, void const *b, void *names)
{
  struct dir_entry const *p = a, *q = b;
  char const *s = names;
  return strcmp (s + p->name, s + q->name);
}

/* See dir-list.h.  */
void
dir_list_sort_by_name (struct dir_list *list)
{
  if (1 < list->n)
    qsort_r (list->items, list->n, sizeof *list->items, name_cmp,
             list->names);
}

/* See dir-list.h.  */
void
dir_list_free (struct dir_list *list)
{
  free (list->items);
  free (list->names);
}
