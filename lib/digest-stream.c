/* digest-stream.c -- the one read loop shared by every digest algorithm.  */

#include <config.h>

#include "digest-stream.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alignalloc.h"
#include "ioblksize.h"
#include "safe-read.h"

/* Make sure BUF holds at least SIZE bytes.  Return 0, or -1 with errno
   set.  */
int
digest_buffer_reserve (struct digest_buffer *buf, size_t size)
{
  if (buf->data && size <= buf->size)
    return 0;
  long page = sysconf (_SC_PAGESIZE);
  char *p = alignalloc (page > 0 ? page : 4096, size);
  if (!p)
    return -1;
  alignfree (buf->data);
  buf->data = p;
  buf->size = size;
  return 0;
}

/* Release BUF's storage.  */
void
digest_buffer_free (struct digest_buffer *buf)
{
  alignfree (buf->data);
  buf->data = NULL;
  buf->size = 0;
}

/* Return the buffer size for reading FD: io_blksize of its status, or
   IO_BUFSIZE when fstat fails.  */
static size_t
fd_bufsize (int fd)
{
  struct stat st;
  return io_blksize (fstat (fd, &st) == 0 ? &st : NULL);
}

/* Hash everything from FD into OUT with ALGO through BUF.  Return 0,
   or -1 with errno set.  */
int
digest_fd_buf (const struct digest_algo *algo, int fd, void *out,
               struct digest_buffer *buf)
{
  if (digest_buffer_reserve (buf, fd_bufsize (fd)) != 0)
    return -1;
  /* A hint only: its failure (a pipe, say) changes nothing.  */
  posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);

  /* Aligned storage for any algorithm's context.  */
  union
  {
    max_align_t align;
    unsigned char bytes[DIGEST_MAX_CTX];
  } ctx;
  algo->init (&ctx);
  for (;;)
    {
      size_t n = safe_read (fd, buf->data, buf->size);
      if (n == SAFE_READ_ERROR)
        return -1;
      if (n == 0)
        break;
      algo->update (&ctx, buf->data, n);
    }
  algo->final (&ctx, out);
  return 0;
}

/* Hash FD with a buffer of its own.  Return 0, or -1 with errno set.  */
int
digest_fd (const struct digest_algo *algo, int fd, void *out)
{
  struct digest_buffer buf = { NULL, 0 };
  int r = digest_fd_buf (algo, fd, out, &buf);
  int saved_errno = errno;
  digest_buffer_free (&buf);
  errno = saved_errno;
  return r;
}
