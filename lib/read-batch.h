/* read-batch.h -- open many files and read their first bytes with
   few system calls, through io_uring: a statx each, then one round of
   openat for the whole batch, one of two reads each (the first bytes,
   and the read that sees the end of a small file), and one of close.
   Reads that would wait (for the disk, or for a kernel thread where
   the file system cannot read otherwise) are left to the caller.  On
   the small files of a source tree or a package mirror this saves
   much of the kernel's time per file, most of which is entering and
   leaving it.

   Files that are not regular are never opened: a FIFO opened ahead of
   its turn would take its writer's data early, and a device may do
   something on open.  But the files a tree walk found regular (the
   caller's NOFOLLOW): those are opened first, without following a
   symbolic link (O_NOFOLLOW) and without waiting (O_NONBLOCK), and
   stat'ed by their descriptor, so that what is read is what was
   stat'ed; a link, or a file no longer regular, is then closed and
   left to the caller.  Never prints, never exits.  */

#ifndef BRISK_READ_BATCH_H
#define BRISK_READ_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum
{
  /* Files a batch holds at most.  */
  READ_BATCH_MAX = 32,
  /* The first read of a file asks for at most this many bytes.  */
  READ_BATCH_HEAD = 16 * 1024
};

/* One file of a batch.  DIRFD and NAME are set by the caller (NAME
   relative to the directory open as DIRFD, or AT_FDCWD);
   read_batch_run sets the rest.  */
struct read_batch_file
{
  int dirfd;
  const char *name;
  bool nofollow;        /* a file found regular by a tree walk that does
                           not follow symbolic links (see above) */
  int fd;               /* open descriptor, or -1 */
  uint64_t size;        /* with FD, its size when stat'ed */
  int err;              /* errno of a failure, or 0 */
  bool at_open;         /* ERR came from stat or open */
  bool not_regular;     /* not opened (or closed again): the caller
                           reads it its own way */
  bool plain;           /* not tried (no descriptor left): the caller
                           opens and reads it its own way */
  bool eof;             /* DATA holds the whole file */
  char *data;           /* the first LEN bytes of the file; unless EOF,
                           the descriptor's position is just after them
                           (LEN may be 0: the reads are left to the
                           caller) */
  size_t len;
};

struct read_batch;

struct read_batch *read_batch_new (void);
void read_batch_free (struct read_batch *rb);
bool read_batch_usable (void);
void read_batch_run (struct read_batch *rb, struct read_batch_file *f,
                     size_t n);
void read_batch_close (struct read_batch *rb, struct read_batch_file *f);
void read_batch_flush (struct read_batch *rb);

#endif
