/* copy-data.h -- the copy engine: move the bytes of one open file
   descriptor to another, the fastest correct way.

   One ladder of rungs, tried in this order; each is a small function
   that returns 1 (done), 0 (it cannot serve these files: try the next
   rung, which goes on from the descriptors' offsets as they are now)
   or -1 (failed, errno set):

     clone            ioctl FICLONE of a whole regular file onto an
                      empty regular file, both at offset 0;
     sparse           a source that has holes (st_blocks * 512 <
                      st_size) and a caller that keeps them: only the
                      data extents are copied (SEEK_DATA, SEEK_HOLE),
                      by copy_file_range where it serves, else
                      read/write (which seeks over blocks of zeros
                      under COPY_SPARSE_ALWAYS only, as GNU 9.2 and
                      later), then the destination is extended
                      over a trailing hole; an extent that reads
                      shorter than SEEK_HOLE said (a file under /sys
                      says 4096 bytes and reads as a few) ends the
                      copy where reading ended;
     copy_file_range  regular file to regular file, in the kernel;
     read/write       anything, through one page-aligned heap buffer of
                      io_blksize bytes; with COPY_SPARSE_ALWAYS, or
                      a sparse source whose holes SEEK_DATA cannot
                      tell, it seeks over blocks of zeros instead of
                      writing them.

   Every rung copies from the source's current offset to the
   destination's current offset (the clone rung serves only when both
   are 0), and on success leaves the source at its end and the
   destination just after the last byte copied, so that a caller such
   as cat can copy several sources one after the other.  copy_data_n
   copies at most a given count of bytes instead, leaving the source
   just after them (split's byte chunks); every rung but clone honours
   the bound.  Holes are made (by the sparse rung, and by read/write
   under COPY_SPARSE_ALWAYS or from a sparse source) only where the
   destination holds nothing at or after its offset, so no old byte
   can stay where a zero belongs.  No rung writes a byte it did not
   read, nor a hole that SEEK_DATA and SEEK_HOLE did not tell of: the
   size that stat gives is a hint, never a length to write (files
   under /proc say 0 bytes, those under /sys 4096, whatever they read
   as).
   The clone rung serves whatever the sparse mode (a clone has the
   source's holes, no more and no fewer); a caller that wants
   otherwise starts the ladder after it.  The descriptors must be
   blocking: EAGAIN is an error.

   The engine never prints and never exits.  What a copy did is told
   in a struct copy_result: the rung that finished the copy, and on
   failure whether reading the source or writing the destination
   failed, so that the caller can say "error reading" or "error
   writing".

   A caller owns a struct copy_engine (one per thread) and passes it to
   every copy: it holds the options and what the engine has learnt,
   such as the pairs of file systems that cannot clone, so that the
   kernel is asked once per pair, not once per file.  */

#ifndef BRISK_COPY_DATA_H
#define BRISK_COPY_DATA_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The rungs of the ladder, in the order they are tried.  */
enum copy_method
{
  COPY_METHOD_CLONE,
  COPY_METHOD_SPARSE,
  COPY_METHOD_RANGE,            /* copy_file_range */
  COPY_METHOD_READ_WRITE,
  COPY_METHOD_NONE              /* no rung finished the copy */
};

/* Whether to keep holes, as cp's --sparse=auto/always/never.  AUTO:
   copy a sparse source's holes as holes (those SEEK_DATA and SEEK_HOLE
   find, its data by copy_file_range where it can, as GNU 9.2 and
   later; where the file system cannot tell the holes, its blocks of
   zeros).  ALWAYS: that, and also turn blocks of zeros of any file
   into holes.  NEVER: write every byte.  */
enum copy_sparse
{
  COPY_SPARSE_AUTO,
  COPY_SPARSE_ALWAYS,
  COPY_SPARSE_NEVER
};

/* Which side a failure came from.  */
enum copy_failure
{
  COPY_FAILED_NONE,
  COPY_FAILED_READ,             /* reading (or seeking in) the source */
  COPY_FAILED_WRITE,            /* writing (seeking in, extending) the
                                   destination */
  COPY_FAILED_OTHER             /* neither: out of memory, say */
};

/* How many pairs of devices that cannot clone the engine remembers;
   the oldest is forgotten first.  */
enum { COPY_NO_CLONE_MAX = 8 };

/* A small cache of (source device, destination device) pairs; when
   full, the oldest is forgotten first.  NEXT is the slot to fill.  */
struct copy_dev_pairs
{
  struct
  {
    dev_t src;
    dev_t dst;
  } pair[COPY_NO_CLONE_MAX];
  int count;
  int next;
};

/* The state a caller owns.  Set it up with copy_engine_init; SPARSE,
   FIRST and LAST may then be changed between copies.  */
struct copy_engine
{
  enum copy_sparse sparse;

  /* The rungs tried: FIRST to LAST, in ladder order.  Normally
     COPY_METHOD_CLONE to COPY_METHOD_READ_WRITE; tests narrow them to
     force one rung.  */
  enum copy_method first;
  enum copy_method last;

  /* Pairs of file systems where FICLONE said it cannot serve, and
     where copy_file_range could not copy (EXDEV: two kinds of file
     system, as from tmpfs to ext4), so that the kernel is asked once
     per pair, not once per file.  */
  struct copy_dev_pairs no_clone;
  struct copy_dev_pairs no_range;

  /* Leave copy_file_range out (noted as avoided): it may share the
     source's blocks or keep its holes, which cp --sparse=never must
     not (GNU 9.4 and later).  */
  bool avoid_range;

  /* The read/write buffer, kept from one copy to the next (a tree of
     small files would otherwise map and unmap one per file); freed by
     copy_engine_free.  */
  char *buf;
  size_t buf_size;

  /* If not null, called after each piece of data is copied with the
     count of its bytes (a clone counts the whole file): for a progress
     display.  A signal that interrupts a copy_file_range call ends
     that piece early, so a hook that looks at a flag its handler set
     runs soon after the signal.  */
  void (*progress) (void *arg, off_t bytes);
  void *progress_arg;

  /* The most one copy_file_range call moves (0: the engine's own
     bound, IO_KERNEL_CHUNK); a progress display wants smaller pieces.
     A larger value is taken as that bound: no call asks for more than
     2 GiB.  */
  off_t range_chunk;

  /* Statistics: how many times FICLONE was called.  */
  unsigned long clone_attempts;
};

/* What became of one way of moving data on the way down the ladder,
   for --debug.  Later states win over earlier ones: a way used for one
   extent counts as used.  */
enum copy_tried
{
  COPY_TRIED_NOT,               /* not allowed: outside the ladder asked
                                   for, or never reached */
  COPY_TRIED_AVOIDED,           /* left out on purpose: copy_file_range
                                   while blocks of zeros are to become
                                   holes */
  COPY_TRIED_NOTHING,           /* tried; it moved nothing (a source
                                   that reads as empty) */
  COPY_TRIED_UNABLE,            /* it cannot serve these files: not
                                   regular files, a pair of file
                                   systems known or found unable, or
                                   the kernel refused */
  COPY_TRIED_USED               /* it moved data */
};

/* What one copy did.  */
struct copy_result
{
  enum copy_method method;      /* the rung that finished the copy */
  enum copy_failure failure;    /* on -1: the side that failed */
  off_t bytes;                  /* the count of bytes copied (a hole
                                   counts) */
  enum copy_tried clone;        /* FICLONE, the clone rung */
  enum copy_tried range;        /* copy_file_range, on its rung or for
                                   the sparse rung's extents */
  bool seek_data;               /* the data was found with SEEK_DATA and
                                   SEEK_HOLE (the sparse rung) */
  bool zeros;                   /* read/write looked for blocks of zeros
                                   to turn into holes */
};

void copy_engine_init (struct copy_engine *engine, enum copy_sparse sparse);
void copy_engine_free (struct copy_engine *engine);

int copy_data (struct copy_engine *engine,
               int src, struct stat const *src_st,
               int dst, struct stat const *dst_st,
               struct copy_result *result);

int copy_data_fresh (struct copy_engine *engine,
                     int src, struct stat const *src_st,
                     int dst, struct stat const *dst_st,
                     struct copy_result *result);

int copy_data_onward (struct copy_engine *engine,
                      int src, struct stat const *src_st,
                      int dst, struct stat const *dst_st,
                      struct copy_result *result);

int copy_data_n (struct copy_engine *engine,
                 int src, struct stat const *src_st,
                 int dst, struct stat const *dst_st,
                 off_t length, struct copy_result *result);

char const *copy_method_name (enum copy_method method);

#endif
