/* memcpy-sweep.c -- glibc's memcpy against fast_memcpy's AVX2 path.

   For each size from 4 KiB to 256 MiB (powers of two), copy one source
   region into one destination region again and again, for about 0.2
   seconds of CPU time, with memcpy and then with fast_memcpy_avx2
   (called directly, whatever FAST_MEMCPY_CUTOFF says); keep the best
   of 3 trials of each, the two methods taking turns.  Both regions are
   touched before any timing, so no page fault is counted.

   Figures are GB/s, 10^9 bytes copied per second of CPU time.  At the
   end, the cutoff the data imply: the smallest size from which the
   SIMD path beats memcpy by more than 5% at that and every larger
   size, or "glibc wins everywhere".  lib/fastcopy.h's
   FAST_MEMCPY_CUTOFF is set from it.

   Built by "make bench" only; see bench/README.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu-time.h"
#include "error.h"
#include "fastcopy.h"
#include "progname.h"

enum
{
  MIN_SHIFT = 12,               /* 4 KiB */
  MAX_SHIFT = 28,               /* 256 MiB */
  NSIZES = MAX_SHIFT - MIN_SHIFT + 1
};

/* A copy function: memcpy or the SIMD path, as one type.  */
typedef void copy_fn (void *restrict, void const *restrict, size_t);

/* The SIMD path, or NULL if this build has none.  */
#if HAVE_ISA_AVX2
static copy_fn *const simd_copy = fast_memcpy_avx2;
#else
static copy_fn *const simd_copy = NULL;
#endif

static double trial_seconds = 0.2;
static int trials = 3;

enum
{
  QUICK_OPTION = CHAR_MAX + 1,
  HELP_OPTION
};

static struct option const long_options[] = {
  { "quick", no_argument, NULL, QUICK_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { NULL, 0, NULL, 0 }
};

/* Print the usage message and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  printf ("Usage: %s [--quick]\n\
Copy 4 KiB .. 256 MiB blocks with glibc's memcpy and with fast_memcpy's\n\
AVX2 path; print GB/s and the cutoff the figures imply.\n\
\n\
      --quick       shorter trials, one each\n\
      --help        display this help and exit\n",
          program_name);
  exit (status);
}

static void
glibc_copy (void *restrict dst, void const *restrict src, size_t n)
{
  memcpy (dst, src, n);
}

/* Return the GB/s of one trial: COPY N bytes from SRC to DST until
   trial_seconds of CPU time have passed.  */
static double
one_trial (copy_fn *copy, void *dst, void const *src, size_t n)
{
  /* Read the clock about every 16 MiB copied, at least every copy.  */
  size_t batch = n < (16u << 20) ? (16u << 20) / n : 1;
  double start = cpu_seconds (), now;
  size_t copies = 0;
  do
    {
      for (size_t i = 0; i < batch; i++)
        {
          copy (dst, src, n);
          /* Keep the compiler from merging or dropping copies.  */
          __asm__ volatile ("" : : "r" (dst) : "memory");
        }
      copies += batch;
      now = cpu_seconds ();
    }
  while (now - start < trial_seconds);
  return (double) copies * n / (now - start) / 1e9;
}

/* Print the size of 2^SHIFT bytes, as "4 KiB" or "256 MiB".  */
static void
print_size (int shift)
{
  static char const units[][4] = { "B", "KiB", "MiB", "GiB" };
  printf ("%4d %-3s", 1 << (shift % 10), units[shift / 10]);
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  int c;
  while ((c = getopt_long (argc, argv, "", long_options, NULL)) != -1)
    switch (c)
      {
      case QUICK_OPTION:
        trial_seconds = 0.05;
        trials = 1;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      default:
        usage (EXIT_FAILURE);
      }
  if (optind != argc)
    usage (EXIT_FAILURE);

  if (!simd_copy || !fast_memcpy_avx2_available ())
    {
      printf ("AVX2 path not built or not supported here: nothing to"
              " compare.\n");
      return EXIT_SUCCESS;
    }

  size_t max = (size_t) 1 << MAX_SHIFT;
  unsigned char *src = aligned_alloc (4096, max);
  unsigned char *dst = aligned_alloc (4096, max);
  if (!src || !dst)
    error (EXIT_FAILURE, errno, "allocating 2 x %zu bytes", max);
  for (size_t i = 0; i < max; i++)
    src[i] = i * 131 + (i >> 12);
  memset (dst, 0, max);

  double glibc[NSIZES], simd[NSIZES];
  printf ("size      glibc GB/s  avx2-nt GB/s  avx2/glibc\n");
  for (int k = 0; k < NSIZES; k++)
    {
      size_t n = (size_t) 1 << (MIN_SHIFT + k);
      glibc[k] = simd[k] = 0;
      for (int t = 0; t < trials; t++)
        {
          double g = one_trial (glibc_copy, dst, src, n);
          double s = one_trial (simd_copy, dst, src, n);
          glibc[k] = g > glibc[k] ? g : glibc[k];
          simd[k] = s > simd[k] ? s : simd[k];
        }
      if (memcmp (dst, src, n) != 0)
        error (EXIT_FAILURE, 0, "copies of %zu bytes differ", n);
      print_size (MIN_SHIFT + k);
      printf ("  %10.2f  %12.2f  %10.2f\n", glibc[k], simd[k],
              simd[k] / glibc[k]);
      fflush (stdout);
    }

  /* The smallest size from which SIMD wins by > 5% everywhere above.  */
  int from = NSIZES;
  while (from > 0 && simd[from - 1] > 1.05 * glibc[from - 1])
    from--;
  if (from == NSIZES)
    printf ("implied cutoff: glibc wins everywhere\n");
  else
    {
      printf ("implied cutoff: ");
      print_size (MIN_SHIFT + from);
      printf (" (%zu bytes)\n", (size_t) 1 << (MIN_SHIFT + from));
    }
  free (src);
  free (dst);
  return EXIT_SUCCESS;
}
