/* cpu-time.h -- the clocks of the benchmark programs: CPU time and
   wall time.  */

#ifndef BRISK_BENCH_CPU_TIME_H
#define BRISK_BENCH_CPU_TIME_H

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "error.h"

/* Return the time on clock ID, in seconds; exit with a diagnostic if
   the clock cannot be read.  */
static inline double
clock_seconds (clockid_t id)
{
  struct timespec ts;
  if (clock_gettime (id, &ts) != 0)
    error (EXIT_FAILURE, errno, "clock_gettime");
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Return the CPU time used by this process, in seconds.  */
static inline double
cpu_seconds (void)
{
  return clock_seconds (CLOCK_PROCESS_CPUTIME_ID);
}

/* Return the time on the monotonic clock, in seconds: for wall times.  */
static inline double
wall_seconds (void)
{
  return clock_seconds (CLOCK_MONOTONIC);
}

#endif
