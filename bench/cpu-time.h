/* cpu-time.h -- the clock of the in-process benchmarks.  */

#ifndef BRISK_BENCH_CPU_TIME_H
#define BRISK_BENCH_CPU_TIME_H

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "error.h"

/* Return the CPU time used by this process, in seconds; exit with a
   diagnostic if the clock cannot be read.  */
static inline double
cpu_seconds (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    error (EXIT_FAILURE, errno, "clock_gettime");
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
