/* digest-stream.h -- hash everything readable from a file descriptor.  */

#ifndef BRISK_DIGEST_STREAM_H
#define BRISK_DIGEST_STREAM_H

#include <stddef.h>
#include "digest-algos.h"

/* A reusable read buffer, so that hashing many small files does not
   allocate for each.  */
struct digest_buffer
{
  char *data;
  size_t size;
};

/* Make sure BUF holds at least SIZE bytes (page-aligned, on the heap).
   Return 0, or -1 with errno set (BUF unchanged).  */
int digest_buffer_reserve (struct digest_buffer *buf, size_t size);

/* Release BUF's storage.  */
void digest_buffer_free (struct digest_buffer *buf);

/* Hash with ALGO everything read from FD up to end of file, reading
   through BUF (allocated or grown here as needed), and write the
   digest (ALGO->digest_size bytes) to OUT.  Return 0, or -1 with errno
   set on a read or allocation error.  FD is not closed.  */
int digest_fd_buf (const struct digest_algo *algo, int fd, void *out,
                   struct digest_buffer *buf);

/* Like digest_fd_buf, but never with a read-ahead thread: for callers
   that already hash several files at once, one per thread, and leave
   no CPU for a reader.  */
int digest_fd_alone (const struct digest_algo *algo, int fd, void *out,
                     struct digest_buffer *buf);

/* Like digest_fd_buf, with a buffer of its own.  */
int digest_fd (const struct digest_algo *algo, int fd, void *out);

/* If set (before any thread hashes), called with the size of each
   piece that the read loops above hash, in the thread that hashes it
   (so it must be safe in any thread): for a display of progress.  */
extern void (*digest_progress_hook) (size_t n);

#endif
