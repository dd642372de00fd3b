/* same-content.c -- whether two open files hold the same bytes.  */

#include <config.h>

#include "same-content.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ioblksize.h"

/* Read from FD into BUF until COUNT bytes or the end of the file.
   Return the count read, or -1 with errno set.  */
static ssize_t
read_full (int fd, char *buf, size_t count)
{
  size_t got = 0;
  while (got < count)
    {
      ssize_t n = io_read (fd, buf + got, count - got);
      if (n < 0)
        return -1;
      if (n == 0)
        break;
      got += n;
    }
  return got;
}

/* Compare what is left to read of the files open as A and B, A of
   status ST (for the buffer size).  Return 1 if they hold the same
   bytes, 0 if not, or -1 with errno set on a read error.  */
int
same_content_fd (int a, int b, struct stat const *st)
{
  size_t size = io_blksize (st);
  char *buf = malloc (2 * size);
  if (!buf)
    return -1;
  int r;
  for (;;)
    {
      ssize_t na = read_full (a, buf, size);
      ssize_t nb = na < 0 ? -1 : read_full (b, buf + size, size);
      if (nb < 0)
        {
          r = -1;
          break;
        }
      if (na != nb || memcmp (buf, buf + size, na) != 0)
        {
          r = 0;
          break;
        }
      if (na == 0)
        {
          r = 1;
          break;
        }
    }
  int err = errno;
  free (buf);
  errno = err;
  return r;
}
