/* read-batch.c -- open many files and read their first bytes in a few
   rounds of io_uring (see read-batch.h).

   Owns: one ring per batch object (a thread's own: the ring is set up
   for a single submitter), the statx results and the buffers of the
   first bytes.  Calls: statx, io_uring_setup, io_uring_enter, mmap,
   lseek, close.

   A batch stats every file with statx, one system call each (through
   the ring, statx always goes to a worker thread, whose wake-up costs
   more), then goes in three rounds, each one io_uring_enter that
   submits the round's requests and waits for all their completions:
   openat for the regular files; for each file opened of up to
   READ_BATCH_HEAD bytes, two reads at their own offsets (the file's
   start, and its end as statx saw it), hard-linked so that the second
   runs after the first whatever the first returned, and asked not to
   wait (RWF_NOWAIT): a read that would wait for the disk, or for a
   worker thread where the file system cannot read otherwise (tmpfs),
   is left to the caller; and, from read_batch_flush, close of the
   files the caller is done with.  Calls lseek for a file the batch
   read in part only.  The files of a tree walk (NOFOLLOW) skip the
   statx by name: the round of openat opens them (O_NOFOLLOW,
   O_NONBLOCK), and a statx of each descriptor follows it, as many
   calls, each cheaper (no lookup of a name), and the file read is the
   file stat'ed whatever was renamed meanwhile.  The rings are driven
   with the raw system calls: no library is needed, and the few
   operations used have been in Linux since 5.6.  */

#include <config.h>

#include "read-batch.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

enum
{
  /* The second read of a file, which sees the end of a small one, asks
     for this many bytes after the first read's.  */
  TAIL = 4096,
  SLOT = READ_BATCH_HEAD + TAIL,
  /* Requests in flight at most: two reads a file.  */
  SQ_ENTRIES = 2 * READ_BATCH_MAX,
  CQ_ENTRIES = 2 * SQ_ENTRIES
};

/* The rings of one io_uring instance, as mapped, and the requests
   queued but not yet submitted.  */
struct read_batch
{
  int fd;
  _Atomic unsigned *sq_head;
  _Atomic unsigned *sq_tail;
  unsigned sq_mask;
  unsigned *sq_array;
  _Atomic unsigned *cq_head;
  _Atomic unsigned *cq_tail;
  unsigned cq_mask;
  struct io_uring_sqe *sqes;
  struct io_uring_cqe *cqes;
  void *sq_map, *cq_map;
  size_t sq_len, cq_len, sqes_len;
  unsigned queued;      /* requests filled in since the last enter */
  char *bufs;           /* READ_BATCH_MAX slots of SLOT bytes */
  struct statx stx[READ_BATCH_MAX];
  /* The device whose files cannot be read without a worker thread, if
     SLOW_DEV.  */
  bool slow_dev;
  unsigned slow_major, slow_minor;
  /* Files whose close is queued, for read_batch_flush.  */
  struct read_batch_file *closing[READ_BATCH_MAX];
  size_t nclosing;
};

/* Whether io_uring may be tried: not when BRISK_URING is "0", which
   the tests use to run the plain path too.  */
bool
read_batch_usable (void)
{
  char const *e = getenv ("BRISK_URING");
  return !(e && strcmp (e, "0") == 0);
}

/* Set up RB's ring with the flags FLAGS.  Return 0, or -1 with errno
   set.  */
static int
ring_setup (struct read_batch *rb, unsigned flags)
{
  struct io_uring_params p;
  memset (&p, 0, sizeof p);
  p.flags = flags | IORING_SETUP_CQSIZE;
  p.cq_entries = CQ_ENTRIES;
  int fd = syscall (__NR_io_uring_setup, SQ_ENTRIES, &p);
  if (fd < 0)
    return -1;
  if (!(p.features & IORING_FEAT_RW_CUR_POS))
    {
      close (fd);
      errno = ENOSYS;
      return -1;
    }
  rb->fd = fd;
  rb->sq_len = p.sq_off.array + p.sq_entries * sizeof (unsigned);
  rb->cq_len = p.cq_off.cqes + p.cq_entries * sizeof (struct io_uring_cqe);
  rb->sqes_len = p.sq_entries * sizeof (struct io_uring_sqe);
  bool single = p.features & IORING_FEAT_SINGLE_MMAP;
  if (single)
    rb->sq_len = rb->cq_len = rb->sq_len > rb->cq_len ? rb->sq_len
                                                      : rb->cq_len;
  int prot = PROT_READ | PROT_WRITE, how = MAP_SHARED | MAP_POPULATE;
  rb->sq_map = mmap (NULL, rb->sq_len, prot, how, fd, IORING_OFF_SQ_RING);
  rb->cq_map = (single || rb->sq_map == MAP_FAILED ? rb->sq_map
                : mmap (NULL, rb->cq_len, prot, how, fd, IORING_OFF_CQ_RING));
  rb->sqes = mmap (NULL, rb->sqes_len, prot, how, fd, IORING_OFF_SQES);
  if (rb->sq_map == MAP_FAILED || rb->cq_map == MAP_FAILED
      || rb->sqes == MAP_FAILED)
    return -1;
  char *sq = rb->sq_map, *cq = rb->cq_map;
  rb->sq_head = (_Atomic unsigned *) (sq + p.sq_off.head);
  rb->sq_tail = (_Atomic unsigned *) (sq + p.sq_off.tail);
  rb->sq_mask = *(unsigned *) (sq + p.sq_off.ring_mask);
  rb->sq_array = (unsigned *) (sq + p.sq_off.array);
  rb->cq_head = (_Atomic unsigned *) (cq + p.cq_off.head);
  rb->cq_tail = (_Atomic unsigned *) (cq + p.cq_off.tail);
  rb->cq_mask = *(unsigned *) (cq + p.cq_off.ring_mask);
  rb->cqes = (struct io_uring_cqe *) (cq + p.cq_off.cqes);
  return 0;
}

/* Return a new batch for this thread, or null if io_uring cannot be
   used here (an old kernel, a sandbox that forbids it, BRISK_URING=0,
   no memory): the caller then does without.  */
struct read_batch *
read_batch_new (void)
{
  if (!read_batch_usable ())
    return NULL;
  struct read_batch *rb = calloc (1, sizeof *rb);
  if (!rb)
    return NULL;
  rb->fd = -1;
  rb->sq_map = rb->cq_map = rb->sqes = MAP_FAILED;
  /* Newest flags first: one submitter, completions run when it waits,
     and every request of a round submitted even if one is bad.  */
  static unsigned const tries[] = {
    IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN
    | IORING_SETUP_SUBMIT_ALL,
    IORING_SETUP_SUBMIT_ALL,
    0
  };
  for (size_t i = 0; i < sizeof tries / sizeof *tries; i++)
    if (ring_setup (rb, tries[i]) == 0)
      {
        /* Zeroed: tools such as valgrind do not see the kernel fill
           it through the ring, and would take its bytes for unset.  */
        rb->bufs = calloc (READ_BATCH_MAX, SLOT);
        if (rb->bufs)
          return rb;
        break;
      }
    else if (rb->fd >= 0 || errno != EINVAL)
      break;
  read_batch_free (rb);
  return NULL;
}

/* Free RB, which has no request in flight.  */
void
read_batch_free (struct read_batch *rb)
{
  if (!rb)
    return;
  if (rb->sqes != MAP_FAILED)
    munmap (rb->sqes, rb->sqes_len);
  if (rb->cq_map != MAP_FAILED && rb->cq_map != rb->sq_map)
    munmap (rb->cq_map, rb->cq_len);
  if (rb->sq_map != MAP_FAILED)
    munmap (rb->sq_map, rb->sq_len);
  if (rb->fd >= 0)
    close (rb->fd);
  free (rb->bufs);
  free (rb);
}

/* A cleared request of RB for OPCODE on descriptor FD, its completion
   to carry DATA.  At most SQ_ENTRIES are queued between enters.  */
static struct io_uring_sqe *
queue (struct read_batch *rb, int opcode, int fd, uint64_t data)
{
  unsigned tail = atomic_load_explicit (rb->sq_tail, memory_order_relaxed);
  unsigned i = (tail + rb->queued++) & rb->sq_mask;
  struct io_uring_sqe *s = &rb->sqes[i];
  memset (s, 0, sizeof *s);
  s->opcode = opcode;
  s->fd = fd;
  s->user_data = data;
  rb->sq_array[i] = i;
  return s;
}

/* Submit the requests queued in RB and wait for all their
   completions, storing the result of each in RES[ITS DATA].  Return 0,
   or -1 with errno set if the ring failed (some requests may then
   never have run: their RES stays as it was).  */
static int
round_trip (struct read_batch *rb, int *res)
{
  unsigned n = rb->queued;
  unsigned tail = atomic_load_explicit (rb->sq_tail, memory_order_relaxed);
  atomic_store_explicit (rb->sq_tail, tail + n, memory_order_release);
  rb->queued = 0;
  unsigned submitted = 0, reaped = 0;
  while (reaped < n)
    {
      unsigned to_submit = n - submitted;
      long r = syscall (__NR_io_uring_enter, rb->fd, to_submit,
                        n - reaped, IORING_ENTER_GETEVENTS, NULL, 0);
      if (r < 0 && errno != EINTR)
        return -1;
      if (r > 0)
        submitted += r;
      unsigned head = atomic_load_explicit (rb->cq_head,
                                            memory_order_relaxed);
      unsigned ctail = atomic_load_explicit (rb->cq_tail,
                                             memory_order_acquire);
      for (; head != ctail; head++, reaped++)
        {
          struct io_uring_cqe *c = &rb->cqes[head & rb->cq_mask];
          res[c->user_data] = c->res;
        }
      atomic_store_explicit (rb->cq_head, head, memory_order_release);
      if (submitted < n && r == 0)
        {
          errno = EBUSY;
          return -1;
        }
    }
  return 0;
}

/* The ring of RB failed: close what the files F[0..N-1] opened, and
   leave every file not failed already to the caller.  */
static void
give_up (struct read_batch_file *f, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!f[i].at_open && !f[i].not_regular)
      {
        if (f[i].fd >= 0)
          close (f[i].fd);
        f[i].fd = -1;
        f[i].err = 0;
        f[i].len = 0;
        f[i].plain = true;
      }
}

/* Whether RB's reads may be tried on the file whose statx is X: only
   if the batch reads it whole, as it was stat'ed (a larger file gains
   little, and where it is not in the page cache, a read that is asked
   not to wait still starts the kernel's read-ahead, with a window
   sized for a small read, which makes more and smaller disk reads of
   the rest: 6 a file of 512 KiB, where GNU's tool makes 4); and not
   on the device where a read said it cannot be done without waiting
   for a worker thread.  */
static bool
ring_reads (struct read_batch const *rb, struct statx const *x)
{
  return (x->stx_size <= READ_BATCH_HEAD
          && !(rb->slow_dev
               && x->stx_dev_major == rb->slow_major
               && x->stx_dev_minor == rb->slow_minor));
}

/* The result RES of a read of the file X, asked not to wait: the byte
   count, or 0 if it could not be done at once (the caller reads that
   part in the file's turn), or the negated errno.  A file system that
   cannot read without waiting at all (tmpfs, here) says so with
   EOPNOTSUPP: its device is remembered in RB, and its files are not
   read through the ring again.  */
static int
read_result (struct read_batch *rb, struct statx const *x, int res)
{
  if (res == -EOPNOTSUPP)
    {
      rb->slow_dev = true;
      rb->slow_major = x->stx_dev_major;
      rb->slow_minor = x->stx_dev_minor;
    }
  return res == -EAGAIN || res == -EOPNOTSUPP ? 0 : res;
}

/* The file F, found regular by a walk, was opened as FD: stat it
   into X.  Return true if it is a regular file, keeping FD in F.  Else
   close FD, and note in F a failure or a file for the caller.  */
static bool
walked_regular (struct read_batch_file *f, int fd, struct statx *x)
{
  if (statx (fd, "", AT_EMPTY_PATH | AT_STATX_SYNC_AS_STAT,
             STATX_TYPE | STATX_SIZE, x) != 0)
    f->err = errno, f->at_open = true;
  else if (!S_ISREG (x->stx_mode))
    f->not_regular = true;
  else
    {
      f->fd = fd;
      return true;
    }
  close (fd);
  return false;
}

/* Stat the files F[0..N-1] (N <= READ_BATCH_MAX) by name, open the
   regular ones, and read the first bytes of each: see struct
   read_batch_file for what each then holds; those found by a walk
   (NOFOLLOW) are opened first, then stat'ed.  A file that opened has
   FD >= 0, even after a read error; the caller closes it, through
   read_batch_close.  */
void
read_batch_run (struct read_batch *rb, struct read_batch_file *f, size_t n)
{
  int res[SQ_ENTRIES];
  bool reading[READ_BATCH_MAX] = { false };

  /* statx through the ring always goes to a worker thread, whose wake
     and sleep cost more than the system call does.  */
  for (size_t i = 0; i < n; i++)
    {
      f[i].fd = -1;
      f[i].err = 0;
      f[i].at_open = f[i].not_regular = f[i].plain = f[i].eof = false;
      f[i].data = rb->bufs + i * SLOT;
      f[i].len = 0;
      f[i].size = 0;
      if (f[i].nofollow)
        {
          struct io_uring_sqe *s = queue (rb, IORING_OP_OPENAT, f[i].dirfd,
                                          i);
          s->addr = (uintptr_t) f[i].name;
          s->open_flags = O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK;
        }
      else if (statx (f[i].dirfd, f[i].name, AT_STATX_SYNC_AS_STAT,
                 STATX_TYPE | STATX_SIZE, &rb->stx[i]) != 0)
        f[i].err = errno, f[i].at_open = true;
      else if (!S_ISREG (rb->stx[i].stx_mode))
        f[i].not_regular = true;
      else
        {
          /* A file swapped for a FIFO between the statx and the openat
             makes the openat wait for a writer, as opening it in its
             turn would.  */
          struct io_uring_sqe *s = queue (rb, IORING_OP_OPENAT, f[i].dirfd,
                                          i);
          s->addr = (uintptr_t) f[i].name;
          s->open_flags = O_RDONLY | O_NOCTTY;
        }
    }
  if (rb->queued == 0)
    return;
  if (round_trip (rb, res) != 0)
    return give_up (f, n);

  for (size_t i = 0; i < n; i++)
    if (f[i].at_open || f[i].not_regular)
      continue;
    else if (res[i] == -EMFILE || res[i] == -ENFILE)
      f[i].plain = true;
    else if (res[i] == -ELOOP && f[i].nofollow)
      f[i].not_regular = true;  /* a symbolic link now */
    else if (res[i] < 0)
      f[i].err = -res[i], f[i].at_open = true;
    else if (f[i].nofollow && !walked_regular (&f[i], res[i], &rb->stx[i]))
      continue;
    else
      {
        f[i].fd = res[i];
        f[i].size = rb->stx[i].stx_size;
        if (!ring_reads (rb, &rb->stx[i]))
          continue;
        /* Not waiting for the disk, nor for a worker thread where the
           file system cannot read otherwise: such reads are left to
           the caller, which makes them at the same cost as here.  At
           offsets of their own, not the descriptor's position: the
           file's first bytes, and then (hard-linked: after them) the
           read that sees its end where its size says it is.  */
        struct io_uring_sqe *s = queue (rb, IORING_OP_READ, f[i].fd, 2 * i);
        s->addr = (uintptr_t) f[i].data;
        s->len = READ_BATCH_HEAD;
        s->off = 0;
        s->rw_flags = RWF_NOWAIT;
        s->flags = IOSQE_IO_HARDLINK;
        s = queue (rb, IORING_OP_READ, f[i].fd, 2 * i + 1);
        s->addr = (uintptr_t) (f[i].data + READ_BATCH_HEAD);
        s->len = TAIL;
        s->off = rb->stx[i].stx_size;
        s->rw_flags = RWF_NOWAIT;
        reading[i] = true;
      }
  if (rb->queued == 0)
    return;
  if (round_trip (rb, res) != 0)
    return give_up (f, n);

  for (size_t i = 0; i < n; i++)
    if (reading[i])
      {
        int head = read_result (rb, &rb->stx[i], res[2 * i]);
        int tail = read_result (rb, &rb->stx[i], res[2 * i + 1]);
        if (head < 0 || tail < 0)
          {
            f[i].err = head < 0 ? -head : -tail;
            continue;
          }
        /* The whole file if the first read found the size statx gave
           and the second nothing after it; more if the file grew in
           between.  Else (it changed size, or a read was left to the
           caller) the caller goes on from the descriptor's position,
           which the reads at their own offsets did not move.  */
        uint64_t size = rb->stx[i].stx_size;
        f[i].len = head;
        if (head == size && tail > 0)
          {
            memmove (f[i].data + head, f[i].data + READ_BATCH_HEAD, tail);
            f[i].len += tail;
          }
        f[i].eof = head == size && res[2 * i + 1] == 0;
        if (!f[i].eof && f[i].len != 0
            && lseek (f[i].fd, f[i].len, SEEK_SET) < 0)
          f[i].err = errno;
      }
}

/* Queue the close of F's descriptor in RB, for read_batch_flush.  */
void
read_batch_close (struct read_batch *rb, struct read_batch_file *f)
{
  queue (rb, IORING_OP_CLOSE, f->fd, rb->nclosing);
  rb->closing[rb->nclosing++] = f;
  f->fd = -1;
}

/* Close the descriptors queued by read_batch_close, noting a failure
   in the ERR of its file unless one is noted already.  If the ring
   fails, each file notes that failure: which descriptors it closed
   is not known, and closing one twice could close another thread's.  */
void
read_batch_flush (struct read_batch *rb)
{
  if (rb->nclosing == 0)
    return;
  int res[SQ_ENTRIES];
  for (size_t i = 0; i < rb->nclosing; i++)
    res[i] = 0;
  if (round_trip (rb, res) != 0)
    for (size_t i = 0; i < rb->nclosing; i++)
      res[i] = -errno;
  for (size_t i = 0; i < rb->nclosing; i++)
    if (res[i] < 0 && rb->closing[i]->err == 0)
      rb->closing[i]->err = -res[i];
  rb->nclosing = 0;
}
