/* io-wait.c -- read and write, waiting out EAGAIN.  See io-wait.h.  */

#include <config.h>

#include "io-wait.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "ioblksize.h"

/* Whether ERR says that a non-blocking descriptor is not ready.  */
static int
not_ready (int err)
{
  return err == EAGAIN || err == EWOULDBLOCK;
}

/* Wait until FD is ready for EVENTS (POLLIN or POLLOUT), going on
   after EINTR.  An error or hang-up on FD also ends the wait: the next
   call on FD reports it.  Return 0, or -1 with errno set if poll
   fails.  */
int
io_wait (int fd, short events)
{
  struct pollfd p = { .fd = fd, .events = events };
  while (poll (&p, 1, -1) < 0)
    if (errno != EINTR)
      return -1;
  return 0;
}

/* Read at most COUNT bytes from FD into BUF with io_read (which goes
   on after EINTR and shrinks a count refused with ENOMEM), waiting
   while a non-blocking FD has nothing to read yet.  Return the count
   read, 0 at end of file, or -1 with errno set.  */
ssize_t
io_read_wait (int fd, void *buf, size_t count)
{
  for (;;)
    {
      ssize_t n = io_read (fd, buf, count);
      if (0 <= n || !not_ready (errno) || io_wait (fd, POLLIN) < 0)
        return n;
    }
}

/* Write the COUNT bytes at BUF to FD, all of them: go on after short
   writes and EINTR, and wait while a non-blocking FD is full.  Return
   0, or -1 with errno set (ENOSPC if a write took no byte).  */
int
io_write_wait (int fd, void const *buf, size_t count)
{
  char const *p = buf;
  while (count > 0)
    {
      ssize_t n = write (fd, p, count);
      if (n > 0)
        {
          p += n;
          count -= n;
        }
      else if (n == 0)
        {
          errno = ENOSPC;
          return -1;
        }
      else if (errno == EINTR
               || (not_ready (errno) && io_wait (fd, POLLOUT) == 0))
        continue;
      else
        return -1;
    }
  return 0;
}
