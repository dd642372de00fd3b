/* swap-names -- the attacker of the race tests: swap two names in one
   directory, over and over, with renameat2's RENAME_EXCHANGE, so that
   a tool working in that directory sees now one file and now the
   other under each name.

   Usage: swap-names DIR A B SECONDS [COUNT]

   Prints "ready" once it is running, then swaps DIR/A and DIR/B until
   SECONDS have passed, COUNT swaps were made (no COUNT: no bound but
   the time) or SIGTERM came, then prints the number of swaps made and
   exits 0.  An odd number of swaps leaves the names
   exchanged.  Exits 1 if a swap fails for any reason but a name
   missing for a moment (ENOENT: the tool under test may be between
   two calls that remove and remake it).  The race tests run it as an
   unprivileged user (setpriv) in a directory that user owns.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#ifndef RENAME_EXCHANGE
# define RENAME_EXCHANGE (1 << 1)
#endif

/* Set when SIGTERM came.  */
static volatile sig_atomic_t stop;

/* The handler of SIGTERM: stop swapping.  */
static void
stop_swapping (int sig)
{
  (void) sig;
  stop = 1;
}

/* The seconds since an arbitrary start.  */
static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main (int argc, char **argv)
{
  if (argc != 5 && argc != 6)
    {
      fprintf (stderr, "usage: swap-names DIR A B SECONDS [COUNT]\n");
      return 2;
    }
  int dirfd = open (argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirfd < 0)
    {
      perror (argv[1]);
      return 1;
    }
  signal (SIGTERM, stop_swapping);
  puts ("ready");
  fflush (stdout);
  double end = now () + atof (argv[4]);
  unsigned long long count = argc == 6 ? strtoull (argv[5], NULL, 10) : 0;
  unsigned long long swaps = 0, tries = 0;
  /* The clock is read every 256 tries: a swap takes a microsecond.  */
  while (!stop && (count == 0 || swaps < count)
         && ((++tries & 255) || now () < end))
    {
      /* The raw call: the C library's renameat2 wrapper is new.  */
      if (syscall (SYS_renameat2, dirfd, argv[2], dirfd, argv[3],
                   RENAME_EXCHANGE) == 0)
        swaps++;
      else if (errno != ENOENT)
        {
          fprintf (stderr, "swap-names: %s <-> %s: %s\n", argv[2], argv[3],
                   strerror (errno));
          return 1;
        }
    }
  printf ("%llu\n", swaps);
  return 0;
}
