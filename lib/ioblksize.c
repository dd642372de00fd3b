/* ioblksize.c -- the testing aid that overrides every IO buffer size,
   and the reads (read, pread) that cope with a count the kernel finds
   too large.  */

#include <config.h>

#include "ioblksize.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/* Parse the value of BRISK_IO_BUFSIZE, S (possibly NULL): a decimal
   count of bytes from 1 to IO_BUFSIZE_MAX.  Return it, or 0 when S is
   missing, empty, not a plain number, or out of range (the variable is
   then ignored).  */
static size_t
parse_bufsize (const char *s)
{
  if (!s || *s < '0' || '9' < *s)
    return 0;
  char *end;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 10);
  if (errno != 0 || *end != '\0' || v == 0 || IO_BUFSIZE_MAX < v)
    return 0;
  return v;
}

/* Return the buffer size that BRISK_IO_BUFSIZE forces, or 0 if none.
   The environment is read once, on the first call; later calls return
   the cached answer, so the hot path costs one load.  Not thread-safe
   on the first call, which every tool makes before starting threads
   (if it ever has any): the race would only compute the same value
   twice anyway.  */
size_t
io_bufsize_override (void)
{
  static size_t cached;
  static int known;
  if (!known)
    {
      int saved_errno = errno;
      cached = parse_bufsize (getenv ("BRISK_IO_BUFSIZE"));
      errno = saved_errno;
      known = 1;
    }
  return cached;
}

/* Read at most COUNT bytes from FD into BUF: with read(2) if OFFSET
   is negative, else with pread(2) at OFFSET; going on after EINTR.
   Some files refuse a large count outright: a read of 4 MiB or more
   from a file under /proc/sys fails with ENOMEM (the kernel allocates
   a buffer of the asked size first).  Then try again with half the
   count, while it is above IO_READ_MIN, so that the buffer size
   changes the speed of a tool, never what it reads.  Return the count
   read, 0 at end of file, or -1 with errno set.  */
static ssize_t
read_retrying (int fd, void *buf, size_t count, off_t offset)
{
  for (;;)
    {
      ssize_t n = (offset < 0 ? read (fd, buf, count)
                   : pread (fd, buf, count, offset));
      if (0 <= n)
        return n;
      if (errno == ENOMEM && IO_READ_MIN < count)
        count /= 2;
      else if (errno != EINTR)
        return -1;
    }
}

/* See ioblksize.h.  */
ssize_t
io_read (int fd, void *buf, size_t count)
{
  return read_retrying (fd, buf, count, -1);
}

/* See ioblksize.h.  */
ssize_t
io_pread (int fd, void *buf, size_t count, off_t offset)
{
  if (offset < 0)
    {
      errno = EINVAL;
      return -1;
    }
  return read_retrying (fd, buf, count, offset);
}
