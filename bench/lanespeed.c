/* lanespeed.c -- the SHA family's multi-lane cores against their
   single-stream variants.

   For each multi-lane core this CPU can run, with L lanes: L distinct
   messages of SIZE bytes each (default 1 MiB; --size), hashed by the
   core in one call of SIZE / block-size blocks, and the same L messages
   hashed one after the other by the single-stream variant of the same
   instruction set (sha1_x8_avx2: by the portable core, and by SHA-NI
   where the CPU has it).  Both are repeated for about 0.2 s of CPU time a
   trial, taking turns, and the best of 5 trials is kept.  Compression
   only (no padding, no final), so that the figures are the cores'.

   Figures are MB/s, 10^6 bytes per second of CPU time of this process,
   and the ratio of the two.  The states are checked to agree before
   anything is timed.

   Built by "make bench" only; see bench/README.  */

#include <config.h>

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-features.h"
#include "cpu-time.h"
#include "error.h"
#include "hash-variants.h"
#include "progname.h"
#include "sha1.h"
#include "xalloc.h"

enum
{
  MAX_LANES = 16,
  MAX_STATE = 64           /* bytes of the largest state */
};

/* Options.  */
static double trial_seconds = 0.2;
static int trials = 5;
static size_t lane_size = 1024 * 1024;

/* A multi-lane core and its single-stream counterpart, with generic
   types: STATE[I] is lane I's state.  */
struct bench_core
{
  const char *name;
  const char *single_name;
  int lanes;
  size_t block_size;
  size_t state_size;
  bool (*available) (void);
  void (*multi) (void *const state[], const uint8_t *const p[],
                 size_t nblocks);
  void (*single) (void *state, const uint8_t *p, size_t nblocks);
};

/* Define FN_gen, core FN (multi-lane, on states of type WORD) or
   variant FN (single-stream) with the generic types of struct
   bench_core.  */
#define MULTI_GEN(fn, word)                                             \
  static void                                                           \
  fn##_gen (void *const state[], const uint8_t *const p[], size_t n)    \
  {                                                                     \
    fn ((word *const *) state, p, n);                                   \
  }
#define SINGLE_GEN(fn)                                                  \
  static void                                                           \
  fn##_gen (void *state, const uint8_t *p, size_t n)                    \
  {                                                                     \
    fn (state, p, n);                                                   \
  }

#if HAVE_ISA_SHANI
/* As hash-impl.c: the SHA-NI cores also use SSSE3 and SSE4.1.  */
static bool
can_shani (void)
{
  return cpu_has_shani () && cpu_has_ssse3 () && cpu_has_sse41 ();
}

MULTI_GEN (sha256_x2_shani, uint32_t)
MULTI_GEN (sha256_x3_shani, uint32_t)
MULTI_GEN (sha1_x2_shani, uint32_t)
MULTI_GEN (sha1_x3_shani, uint32_t)
SINGLE_GEN (sha256_blocks_shani)
SINGLE_GEN (sha1_blocks_shani)
#endif

#if HAVE_ISA_AVX2
/* As hash-impl.c: the AVX2 cores may also use BMI2.  */
static bool
can_avx2 (void)
{
  return cpu_has_avx2 () && cpu_has_bmi2 ();
}

MULTI_GEN (sha512_x4_avx2, uint64_t)
MULTI_GEN (sha1_x8_avx2, uint32_t)
SINGLE_GEN (sha1_blocks_portable)
SINGLE_GEN (sha512_blocks_avx2)
#endif

#if HAVE_ISA_AVX512
/* As hash-lanes.c: the AVX-512 cores use F, BW and VL; the
   single-stream core they are compared with uses AVX2 and BMI2.  */
static bool
can_avx512 (void)
{
  return (cpu_has_avx512f () && cpu_has_avx512bw () && cpu_has_avx512vl ()
          && cpu_has_bmi2 ());
}

MULTI_GEN (sha512_x8_avx512, uint64_t)
#endif

#if HAVE_ISA_AVX2 && HAVE_ISA_SHANI
/* Whether sha1_x8_avx2 and sha1_blocks_shani can both run.  */
static bool
can_avx2_shani (void)
{
  return can_avx2 () && can_shani ();
}
#endif

static const struct bench_core cores[] = {
#if HAVE_ISA_SHANI
  { "sha256_x2_shani", "sha256 shani", 2, 64, 32, can_shani,
    sha256_x2_shani_gen, sha256_blocks_shani_gen },
  { "sha256_x3_shani", "sha256 shani", 3, 64, 32, can_shani,
    sha256_x3_shani_gen, sha256_blocks_shani_gen },
  { "sha1_x2_shani", "sha1 shani", 2, 64, 20, can_shani,
    sha1_x2_shani_gen, sha1_blocks_shani_gen },
  { "sha1_x3_shani", "sha1 shani", 3, 64, 20, can_shani,
    sha1_x3_shani_gen, sha1_blocks_shani_gen },
#endif
#if HAVE_ISA_AVX512 && HAVE_ISA_AVX2
  { "sha512_x8_avx512", "sha512 avx2", 8, 128, 64, can_avx512,
    sha512_x8_avx512_gen, sha512_blocks_avx2_gen },
#endif
#if HAVE_ISA_AVX2
  { "sha512_x4_avx2", "sha512 avx2", 4, 128, 64, can_avx2,
    sha512_x4_avx2_gen, sha512_blocks_avx2_gen },
  { "sha1_x8_avx2", "sha1 portable", 8, 64, 20, can_avx2,
    sha1_x8_avx2_gen, sha1_blocks_portable_gen },
#endif
#if HAVE_ISA_AVX2 && HAVE_ISA_SHANI
  { "sha1_x8_avx2", "sha1 shani", 8, 64, 20, can_avx2_shani,
    sha1_x8_avx2_gen, sha1_blocks_shani_gen },
#endif
  { NULL, NULL, 0, 0, 0, NULL, NULL, NULL }
};

/* Every state is folded in here, so that no hashing can be left out.  */
static volatile uint8_t sink;

/* Hash the LANES messages at P, NBLOCKS blocks each, with K's
   multi-lane core if MULTI, else with its single-stream variant one
   after the other, into the states STATE.  */
static void
hash_once (const struct bench_core *k, bool multi, void *const state[],
           const uint8_t *const p[], size_t nblocks)
{
  if (multi)
    k->multi (state, p, nblocks);
  else
    for (int l = 0; l < k->lanes; l++)
      k->single (state[l], p[l], nblocks);
}

/* Hash as hash_once does for SECONDS of CPU time; return MB/s.  */
static double
measure (const struct bench_core *k, bool multi, void *const state[],
         const uint8_t *const p[], size_t nblocks, double seconds)
{
  double bytes = 0;
  double start = cpu_seconds ();
  double elapsed;
  do
    {
      hash_once (k, multi, state, p, nblocks);
      sink ^= *(uint8_t *) state[0];
      bytes += (double) k->lanes * nblocks * k->block_size;
      elapsed = cpu_seconds () - start;
    }
  while (elapsed < seconds);
  return bytes / elapsed / 1e6;
}

/* Check that K's core and single-stream variant leave the same states
   from the same start on the messages at P; exit if not.  */
static void
check_agree (const struct bench_core *k, const uint8_t *const p[],
             size_t nblocks)
{
  uint8_t a[MAX_LANES][MAX_STATE], b[MAX_LANES][MAX_STATE];
  void *sa[MAX_LANES], *sb[MAX_LANES];
  for (int l = 0; l < k->lanes; l++)
    {
      memset (a[l], l + 1, k->state_size);
      memset (b[l], l + 1, k->state_size);
      sa[l] = a[l];
      sb[l] = b[l];
    }
  hash_once (k, true, sa, p, nblocks);
  hash_once (k, false, sb, p, nblocks);
  for (int l = 0; l < k->lanes; l++)
    if (memcmp (a[l], b[l], k->state_size) != 0)
      error (EXIT_FAILURE, 0, "%s: lane %d disagrees with %s", k->name, l,
             k->single_name);
}

/* Measure core K against its single-stream variant on messages from
   DATA (MAX_LANES distinct ones of lane_size bytes) and print a row.  */
static void
bench_core (const struct bench_core *k, const uint8_t *data)
{
  size_t nblocks = lane_size / k->block_size;
  const uint8_t *p[MAX_LANES];
  uint8_t st[MAX_LANES][MAX_STATE] = { { 0 } };
  void *state[MAX_LANES];
  double best_multi = 0, best_single = 0;

  for (int l = 0; l < k->lanes; l++)
    {
      p[l] = data + l * lane_size;
      state[l] = st[l];
    }
  check_agree (k, p, nblocks);
  for (int t = 0; t < trials; t++)
    {
      double m = measure (k, true, state, p, nblocks, trial_seconds);
      double s = measure (k, false, state, p, nblocks, trial_seconds);
      best_multi = m > best_multi ? m : best_multi;
      best_single = s > best_single ? s : best_single;
    }
  printf ("%-16s %5d %9.1f  %-14s %9.1f %7.2f\n", k->name, k->lanes,
          best_multi, k->single_name, best_single, best_multi / best_single);
  fflush (stdout);
}

enum
{
  SIZE_OPTION = CHAR_MAX + 1,
  QUICK_OPTION,
  HELP_OPTION
};

static struct option const long_options[] = {
  { "size", required_argument, NULL, SIZE_OPTION },
  { "quick", no_argument, NULL, QUICK_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { NULL, 0, NULL, 0 }
};

/* Print the usage message and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    fprintf (stderr, "Try '%s --help' for more information.\n",
             program_name);
  else
    printf ("\
Usage: %s [OPTION]...\n\
Print the throughput in MB/s (10^6 bytes per CPU second) of every\n\
multi-lane SHA core this CPU can run, and of its single-stream variant\n\
on the same messages, one per lane, and the ratio.\n\
\n\
      --size=BYTES  bytes per lane, rounded down to whole blocks\n\
                      (default 1048576)\n\
      --quick       trials of 0.05 s instead of 0.2 s\n\
      --help        display this help and exit\n",
            program_name);
  exit (status);
}

int
main (int argc, char **argv)
{
  int c;
  set_program_name (argv[0]);
  while ((c = getopt_long (argc, argv, "", long_options, NULL)) != -1)
    switch (c)
      {
      case SIZE_OPTION:
        {
          char *end;
          unsigned long long n = strtoull (optarg, &end, 10);
          if (*end || n < 128 || n > (1 << 26))
            error (EXIT_FAILURE, 0, "--size: 128 to %d bytes", 1 << 26);
          lane_size = n;
        }
        break;
      case QUICK_OPTION:
        trial_seconds = 0.05;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      default:
        usage (EXIT_FAILURE);
      }
  if (optind < argc)
    {
      error (0, 0, "extra operand: %s", argv[optind]);
      usage (EXIT_FAILURE);
    }

  uint8_t *data = xmalloc (MAX_LANES * lane_size);
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (size_t i = 0; i < MAX_LANES * lane_size; i++)
    {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      data[i] = x >> 56;
    }

  printf ("MB/s (10^6 bytes per CPU second), %zu bytes per lane,"
          " best of %d trials of %g s\n", lane_size, trials, trial_seconds);
  printf ("%-16s %5s %9s  %-14s %9s %7s\n", "core", "lanes", "MB/s",
          "single", "MB/s", "ratio");
  for (const struct bench_core *k = cores; k->name; k++)
    if (k->available ())
      bench_core (k, data);
  free (data);
  return EXIT_SUCCESS;
}
