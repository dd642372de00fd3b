/* rwloop.c -- the plain read(2)/write(2) loop, timed, for the block
   size sweep (bench/blksize-sweep).

   Usage: BRISK_IO_BUFSIZE=N bench/rwloop [--advise=ADVICE]
            [--pipe-size=N] [BYTES]
   Copies standard input to standard output through one page-aligned
   heap buffer of io_blksize (NULL) bytes, which BRISK_IO_BUFSIZE sets,
   until end of input or until BYTES bytes (0 or absent: no limit) have
   been copied.  Then prints one line "SIZE BYTES MBPS" on standard
   error (standard output is the data): the buffer size, the bytes
   copied, and MB/s (10^6 bytes a second) of the whole loop.

   --advise=sequential (or normal, noreuse, willneed) first calls
   posix_fadvise on standard input with that advice, as the tools'
   readers do: bench/fadvise-compare times the loop with and without
   it on a file that is not in the page cache.  --pipe-size=N first
   grows standard input and output to N bytes where they are pipes
   (F_SETPIPE_SZ; a failure is ignored), for bench/blksize-sweep's
   pipe-to-pipe column with large pipes.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alignalloc.h"
#include "cpu-time.h"
#include "ioblksize.h"

/* Write the N bytes at BUF to FD, going on after short writes and
   EINTR.  Return 0, or -1 with errno set.  */
static int
write_all (int fd, const char *buf, size_t n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, buf, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return -1;
      buf += w;
      n -= w;
    }
  return 0;
}

/* The posix_fadvise advice named NAME, or -1.  */
static int
advice_named (const char *name)
{
  static const struct { const char *name; int advice; } table[] = {
    { "normal", POSIX_FADV_NORMAL },
    { "sequential", POSIX_FADV_SEQUENTIAL },
    { "noreuse", POSIX_FADV_NOREUSE },
    { "willneed", POSIX_FADV_WILLNEED },
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp (name, table[i].name) == 0)
      return table[i].advice;
  return -1;
}

int
main (int argc, char **argv)
{
  int advice = -1;
  for (; argc > 1 && strncmp (argv[1], "--", 2) == 0; argv++, argc--)
    if (strncmp (argv[1], "--advise=", 9) == 0)
      {
        advice = advice_named (argv[1] + 9);
        if (advice < 0)
          {
            fprintf (stderr, "rwloop: unknown advice: %s\n", argv[1] + 9);
            return EXIT_FAILURE;
          }
      }
    else if (strncmp (argv[1], "--pipe-size=", 12) == 0)
      {
        int size = atoi (argv[1] + 12);
        fcntl (STDIN_FILENO, F_SETPIPE_SZ, size);
        fcntl (STDOUT_FILENO, F_SETPIPE_SZ, size);
      }
    else
      {
        fprintf (stderr, "rwloop: unknown option: %s\n", argv[1]);
        return EXIT_FAILURE;
      }
  unsigned long long limit = argc > 1 ? strtoull (argv[1], NULL, 10) : 0;
  size_t size = io_blksize (NULL);
  long page = sysconf (_SC_PAGESIZE);
  char *buf = alignalloc (page > 0 ? page : 4096, size);
  if (!buf)
    {
      perror ("rwloop");
      return EXIT_FAILURE;
    }
  unsigned long long total = 0;
  double t0 = wall_seconds ();
  if (advice >= 0)
    {
      int e = posix_fadvise (STDIN_FILENO, 0, 0, advice);
      if (e != 0)
        fprintf (stderr, "rwloop: posix_fadvise: %s\n", strerror (e));
    }
  while (!limit || total < limit)
    {
      size_t want = size;
      if (limit && limit - total < want)
        want = limit - total;
      ssize_t n = read (STDIN_FILENO, buf, want);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          perror ("rwloop: read");
          return EXIT_FAILURE;
        }
      if (n == 0)
        break;
      if (write_all (STDOUT_FILENO, buf, n) != 0)
        {
          perror ("rwloop: write");
          return EXIT_FAILURE;
        }
      total += n;
    }
  double secs = wall_seconds () - t0;
  fprintf (stderr, "%zu %llu %.1f\n", size, total,
           secs > 0 ? total / secs / 1e6 : 0.0);
  alignfree (buf);
  return EXIT_SUCCESS;
}
