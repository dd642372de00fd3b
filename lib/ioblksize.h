/* ioblksize.h -- the one place where Brisk sizes its IO buffers.

   Every tool takes its buffer size from here, and allocates the buffer
   on the heap (page-aligned), never on the stack: threads can have small
   stacks.

   IO_BUFSIZE is 128 KiB, from our own sweep on the reference machine
   (2-core AMD EPYC VM, Debian 12, Linux; other builds sharing it, so a
   few percent of noise): Brisk's read/write loop (bench/rwloop) with
   each buffer size, 256 MiB per cell, best of 3, MB/s:

     $ bench/blksize-sweep

      blksize    zero-null    file-null    pipe-pipe
           1K       2205.9       1267.2        713.1
           4K       8307.7       3411.7       1821.0
          16K      24341.5       5490.5       2907.3
          32K      32086.1       6116.5       3358.9
          64K      43815.9       6699.8       3988.1
         128K      48498.7       6955.9       4093.1
         256K      55573.6       7036.2       4094.0
         512K      55529.1       7244.9       4116.5
           1M      50208.0       7237.9       4102.7

   Pipes level off at 128 KiB and a page-cached file gains only 4% more
   up to 512 KiB, so 128 KiB: past it a larger buffer costs cache and
   memory for little.  The tee sweep (bench/tee-sweep: tee's read/write
   loop on a 256 MiB file, 7 runs per size, Student's t at 99.5%)
   agrees that 8 -> 16 -> 32 -> 64 KiB each cut the time by 15-20%
   (proven differences) and 64 -> 128 -> 256 KiB show no difference
   proven; its gains above 256 KiB come from runs of 20 ms, where
   process start-up weighs, and are not taken as evidence.

   Readers (the *sum tools, cat, tee) also call posix_fadvise (fd, 0,
   0, POSIX_FADV_SEQUENTIAL), which doubles the kernel's readahead
   window for that file.  It pays when the file is not cached: 1 GiB
   read from the VM's disk, its pages dropped before each run, 7 runs
   each taking turns, median MB/s without and with the advice:

     $ bench/fadvise-compare

      readahead   reader              none    sequential   seq/none
       8192 KiB   file -> /dev/null   1411      1598         1.13
                  file | sha256sum     797       856         1.08
        128 KiB   file -> /dev/null   1586      1780         1.12
                  file | sha256sum    1125      1242         1.10

   (Noisy: the slowest and fastest runs overlap; every median gains.)
   On a cached file it costs one system call.

   Testing aid: the environment variable BRISK_IO_BUFSIZE (a count of
   bytes, 1 to IO_BUFSIZE_MAX) overrides every size io_blksize returns,
   so that tests can run the buffer-boundary paths with buffers of 1, 7
   or 64 bytes (tests/sum/tiny-buffer.sh) and bench/ can sweep the
   size.  Any other value is ignored.  It is for tests and benchmarks
   only: it changes speed, never output.  */

#ifndef BRISK_IOBLKSIZE_H
#define BRISK_IOBLKSIZE_H

#include <stddef.h>
#include <sys/stat.h>

enum
{
  /* The smallest buffer any tool reads or writes with.  */
  IO_BUFSIZE = 128 * 1024,
  /* Never more than this, whatever st_blksize claims.  */
  IO_BUFSIZE_MAX = 8 * 1024 * 1024,
  /* The capacity a tool gives a pipe that it splices into or out of,
     if the pipe is smaller (Linux's default is 64 KiB).  Twice a
     reader's IO_BUFSIZE lets the writer fill one half while the reader
     empties the other; with less, each waits for the other to wake.
     GNU cat reading Brisk cat's splice of a cached 1 GiB file, median
     of 7 on an idle 2-core VM: 0.54 s with 64 KiB, 0.40 s with 128 KiB,
     0.165 s with 256 KiB, 0.161 s with 1 MiB (GNU cat to GNU cat:
     0.63 s).  */
  IO_PIPE_SIZE = 256 * 1024,
  /* The capacity tee gives the pipes it splices through when a worker
     thread writes some of the outputs: each round (a pipeful) then
     costs two hand-overs between the threads, a few microseconds each
     on a VM, so rounds are made larger.  cat | tee A B | cat, 1 GiB,
     files in /dev/shm, 2-core VM, median of 7 (src/tee.c has more):
     0.73 s with 256 KiB, 0.51 s with 1 MiB (no thread: 1.05 s).  */
  IO_PIPE_SIZE_THREADED = 1024 * 1024
};

/* The size that BRISK_IO_BUFSIZE forces (read once), or 0 if none.  */
size_t io_bufsize_override (void);

/* Return the buffer size for a file whose status is ST (NULL when
   unknown): IO_BUFSIZE rounded up to a multiple of ST's st_blksize, and
   at most IO_BUFSIZE_MAX.  A bogus st_blksize (0, negative, or above
   IO_BUFSIZE_MAX) is ignored.  BRISK_IO_BUFSIZE, when set, wins.  */
static inline size_t
io_blksize (const struct stat *st)
{
  size_t forced = io_bufsize_override ();
  if (forced)
    return forced;
  size_t blk = st ? (size_t) st->st_blksize : 0;
  if (st && (st->st_blksize <= 0 || IO_BUFSIZE_MAX < blk))
    blk = 0;
  if (blk == 0 || blk >= IO_BUFSIZE)
    return blk ? blk : IO_BUFSIZE;
  size_t size = (IO_BUFSIZE + blk - 1) / blk * blk;
  return size <= IO_BUFSIZE_MAX ? size : IO_BUFSIZE_MAX;
}

#endif
