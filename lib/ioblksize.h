/* ioblksize.h -- the one place where Brisk sizes its IO buffers.

   Every tool takes its buffer size from here, and allocates the buffer
   on the heap (page-aligned), never on the stack: threads can have small
   stacks.

   IO_BUFSIZE is 128 KiB, from our own sweep on the reference machine
   (2-core AMD EPYC VM under Firecracker, Debian 12, Linux): Brisk's
   read/write loop (bench/rwloop) with each buffer size, 256 MiB per
   cell, best of 3, MB/s; pipe-pipe has two rwloops, one on each end of
   a pipe of Linux's default 64 KiB, "1M pipe" the same with the pipe
   grown to 1 MiB:

     $ bench/blksize-sweep

      blksize    zero-null    file-null    pipe-pipe      1M pipe
           1K       2399.0       1344.9       1721.3       1710.3
           4K       8915.7       3788.2       4122.2       4422.4
           8K      15795.8       5349.1       6632.6       5809.5
          16K      25057.4       5929.0       4238.2       4252.2
          32K      34427.7       7031.1       3562.7       4163.0
          64K      44306.4       7671.0       1914.4       4081.4
         128K      51216.3       7627.9       1561.7       3847.1
         256K      55735.0       8248.8       1757.4       3222.5
         512K      55900.4       8469.3       4144.2       3344.0
           1M      50463.2       8873.8       1928.7       3132.1

   Reading a page-cached file gains up to 64-128 KiB (+43% from 8 KiB)
   and only about 15% more up to 1 MiB, at eight times the memory and
   cache; so 128 KiB.  The tee sweep (bench/tee-sweep: tee's read/write
   loop on a 256 MiB file, 7 runs per size, Student's t at 99.5%)
   agrees: 16 -> 32 -> 64 -> 128 KiB each cut the time by 12-23%
   (proven differences), 128 -> 256 KiB shows no difference proven;
   its gains above 256 KiB come from runs of 20 ms, where process
   start-up weighs, and are not taken as evidence.  Seconds:

     $ bench/tee-sweep

      blksize   min     max     median  avg     stddev  vs the size before
           8K   0.0497  0.0713  0.0506  0.0567  0.0101
          16K   0.0380  0.0505  0.0395  0.0425  0.0052  none proven
          32K   0.0308  0.0340  0.0326  0.0325  0.0013  -23.4% +/- 16.2%
          64K   0.0259  0.0301  0.0269  0.0273  0.0014  -16.0% +/- 7.7%
         128K   0.0234  0.0250  0.0241  0.0241  0.0006  -11.7% +/- 7.4%
         256K   0.0222  0.0270  0.0229  0.0235  0.0016  none proven
         512K   0.0188  0.0204  0.0192  0.0193  0.0005  -18.0% +/- 9.5%
           1M   0.0156  0.0215  0.0163  0.0170  0.0021  none proven

   Copying from pipe to pipe in user space is another matter: with
   both ends running at once on the two CPUs, pieces of 8 KiB are the
   fastest (the data stays in the caches, and neither end fills or
   empties the pipe and sleeps), and a 64 KiB pipe falls to under 2000
   MB/s from 64 KiB on (each piece fills the pipe; every piece then
   costs a sleep and a cross-CPU wake-up).  This varies with the host:
   our first sweep, on the same kind of VM, gave pipe-pipe 2593 MB/s at
   8 KiB and 4093 at 128 KiB.  No tool copies pipe to pipe in user
   space where it counts: cat and tee move pipe data with splice(2)
   and tee(2) through pipes grown to IO_PIPE_SIZE; where a tool does
   read a pipe, the work on the data dominates and the size shows no
   difference (1 GiB, seconds, BRISK_IO_BUFSIZE 8 / 32 / 128 KiB):
   head -c 1G /dev/zero | sha1sum 0.80-0.86 / 0.80-0.94 / 0.81-0.83;
   cat F | cat -v | cat (256 MiB) 1.32-1.34 / - / 1.29-1.32.

   Nor do smaller reads help the *sum tools on a large cached file
   (which the plain loop reads when the read-ahead thread would not
   pay, see lib/digest-stream.c): bench/read-ahead-compare, 1 GiB in
   /dev/shm, no thread, 7 interleaved runs on a shared 2-CPU Xeon VM
   (Emerald Rapids), median seconds of wall / CPU time with
   BRISK_IO_BUFSIZE 128 KiB (the default) / 64 KiB / 32 KiB:

     sha512sum       2.46 / 2.18   2.38 / 2.37   2.52 / 2.47
     b2sum           1.31 / 1.22   1.52 / 1.22   1.50 / 1.23
     sha256sum       1.33 / 0.94   1.30 / 0.96   1.32 / 0.96
     sha1sum         0.92 / 0.88   0.93 / 0.88   0.93 / 0.86
     md5sum          1.99 / 1.86   1.88 / 1.88   1.89 / 1.87
     cksum -a sha3   4.50 / 3.05   5.33 / 3.17   5.45 / 3.36

   No size is proven better; 128 KiB stays.

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
#include <sys/types.h>

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
     files in /dev/shm, 2-core VM, median of 7 (src/tee-tool/tee-worker.c has
     more): 0.73 s with 256 KiB, 0.51 s with 1 MiB (no thread: 1.05 s).  */
  IO_PIPE_SIZE_THREADED = 1024 * 1024,
  /* io_read halves a count that fails with ENOMEM down to this; a read
     of a page that still fails is a real shortage.  */
  IO_READ_MIN = 4096,
  /* The buffer of a read/write copy from one regular file to another
     (cp, mv, install across file systems that copy_file_range cannot
     span), when the source is larger than IO_BUFSIZE.  No pipe is
     involved, so only the number of calls and the caches matter: a
     cached 1 GiB file from tmpfs to an ext4 file system in RAM,
     src/cp with BRISK_IO_BUFSIZE set, 7 interleaved runs, fstrim
     between them, median seconds of wall (and CPU) time: 128 KiB 0.23
     (0.22), 256 KiB 0.22 (0.21), 512 KiB 0.20 (0.19), 1 MiB 0.20
     (0.19); GNU cp 9.1 (128 KiB) 0.24 (0.23).  On a Zen 5 host, the
     same copy, 5 interleaved runs, median milliseconds of CPU time:
     128 KiB 253, 256 KiB 230, 512 KiB 239, 1 MiB 249-1123 (erratic),
     GNU cp 254; and bench/mv-compare's 1 GiB move, Brisk/GNU CPU time:
     128 KiB 0.93, 256 KiB 0.92, 512 KiB 1.13.  So 256 KiB, near the
     best on both; it is allocated once per engine and only for such
     copies.  */
  IO_FILE_BUFSIZE = 256 * 1024,
  /* The buffer that a digest tool hashes the rest of a regular file
     through once the file has filled a first buffer of IO_BUFSIZE
     (without the read-ahead thread, whose ring keeps IO_BUFSIZE
     slots).  The copy from the page cache then dominates the fast
     hashes, and fewer, longer reads cost less: a cached 1 GiB file in
     /dev/shm on a Zen 5 VM (2 CPUs, 1 MiB of L2), BRISK_IO_BUFSIZE
     set, 11 to 15 interleaved runs, median seconds of CPU time:

                      128 KiB   256 KiB   512 KiB   1 MiB
       cksum (CRC)     0.098     0.090     0.088    0.092
       sum -s          0.088     0.078     0.077
       md5sum          1.523               1.521

     (GNU cksum 0.178, GNU cat 0.088: the CRC, 47 GB/s on 1 MiB in
     the cache, then costs little more than reading).  Twice IO_BUFSIZE
     and more than half an L2 of 1 MiB are both worse; so 512 KiB.  */
  IO_STREAM_BUFSIZE = 512 * 1024,
  /* The buffer of each of b3sum's threads hashing one large file
     (src/digest/digest-b3threads.c): a span of the file, a power of two
     chunks of 1 KiB read with pread and hashed while it is still in
     the cache.  */
  IO_THREAD_BUFSIZE = 512 * 1024,
  /* The *sum tools gather their output lines and write them once
     they pass IO_LINES_FLUSH bytes, whole lines only, so that several
     tools writing to one file at once never split each other's lines
     (GNU's stdio writes 4 KiB blocks, cutting lines); IO_LINES_BUFSIZE
     is the stdio buffer that holds them, so that only a line longer
     than the difference is ever written in pieces.  */
  IO_LINES_FLUSH = 4096,
  IO_LINES_BUFSIZE = 128 * 1024,
  /* The most one kernel copy (copy_file_range, splice, sendfile) is
     asked to move: Linux moves at most about 2 GiB a call anyway;
     1 GiB keeps each call bounded.  It must stay at most 2 GiB:
     glibc 2.41 and 2.42 emulate copy_file_range wrongly for longer
     ranges, corrupting the copy (sourceware PR 33245; GNU 9.8 keeps
     under it too), and lib/copy-data.c asks no more of any call.  */
  IO_KERNEL_CHUNK = 1 << 30
};

/* read(2), going on after EINTR, with a smaller count after ENOMEM.  */
ssize_t io_read (int fd, void *buf, size_t count);

/* pread(2) at OFFSET (not negative: else EINVAL), as io_read reads;
   the file offset is unchanged.  */
ssize_t io_pread (int fd, void *buf, size_t count, off_t offset);

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

/* Return the buffer size for hashing the rest of a file whose status
   is ST (NULL when unknown) after a first full buffer: IO_STREAM_BUFSIZE
   for a regular file larger than IO_BUFSIZE, else io_blksize (ST).
   BRISK_IO_BUFSIZE, when set, wins.  */
static inline size_t
io_stream_blksize (const struct stat *st)
{
  size_t size = io_blksize (st);
  if (!io_bufsize_override () && st && S_ISREG (st->st_mode)
      && IO_BUFSIZE < st->st_size && size < IO_STREAM_BUFSIZE)
    size = IO_STREAM_BUFSIZE;
  return size;
}

/* Return the buffer size for a read/write copy from a file whose
   status is SRC to one whose status is DST: IO_FILE_BUFSIZE when both
   are regular files and the source is larger than IO_BUFSIZE, else the
   larger of the io_blksize of the two.  BRISK_IO_BUFSIZE, when set,
   wins.  */
static inline size_t
io_copy_blksize (const struct stat *src, const struct stat *dst)
{
  size_t s = io_blksize (src);
  size_t d = io_blksize (dst);
  size_t size = s < d ? d : s;
  if (!io_bufsize_override () && S_ISREG (src->st_mode)
      && S_ISREG (dst->st_mode) && IO_BUFSIZE < src->st_size
      && size < IO_FILE_BUFSIZE)
    size = IO_FILE_BUFSIZE;
  return size;
}

#endif
