/* open-long.c -- open a file by a name longer than PATH_MAX (see
   open-long.h).

   Calls: open, openat, close; nothing that prints.  */

#include <config.h>

#include "open-long.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

/* See open-long.h.  Each piece is the longest run of whole components
   that fits in PATH_MAX; a component fits, being at most NAME_MAX.  */
int
open_long (char const *name, int flags)
{
  int fd = open (name, flags);
  if (0 <= fd || errno != ENAMETOOLONG)
    return fd;
  int dir = AT_FDCWD;
  char const *rest = name;
  char *piece = xmalloc (PATH_MAX);
  while (PATH_MAX <= strlen (rest))
    {
      char const *end = rest + PATH_MAX - 1;
      while (rest < end && *end != '/')
        end--;
      if (end == rest)
        break;
      size_t len = end - rest;
      memcpy (piece, rest, len);
      piece[len] = '\0';
      int next = openat (dir, piece,
                         O_RDONLY | O_DIRECTORY | O_NOCTTY | O_CLOEXEC);
      int e = errno;
      if (dir != AT_FDCWD)
        close (dir);
      if (next < 0)
        {
          free (piece);
          errno = e;
          return -1;
        }
      dir = next;
      rest = end + 1;
    }
  free (piece);
  fd = openat (dir, rest, flags);
  int e = errno;
  if (dir != AT_FDCWD)
    close (dir);
  errno = e;
  return fd;
}
