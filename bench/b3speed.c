/* b3speed.c -- in-process throughput of the BLAKE3 core's variants.

   Usage: bench/b3speed [--trials N] [--seconds S]
          bench/b3speed --file FILE [--variant NAME]

   Without --file: for each variant of hash-impl's BLAKE3 family that
   this CPU can run (forced with hash_impl_force), hash one message of
   16 KiB, then one of 1 MiB, again and again, each time a whole init,
   update and final, for S seconds of CPU time (default 0.3), and print
   the median of N trials (default 5), interleaved: trial I of every
   variant runs before trial I + 1 of any.  Figures are MB/s, 10^6
   bytes per second of CPU time of this process.

   With --file: hash FILE through blake3_update, one thread, reading
   it in pieces of 1 MiB into one buffer (no mmap), with the variant
   NAME or the one hash-impl chooses, and print the hash as b3sum
   does, then the wall and CPU seconds and the MB/s on stderr: the
   figure to set against `b3sum --num-threads 1 --no-mmap FILE`.

   Built by "make bench" only; see bench/README.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "blake3.h"
#include "cpu-time.h"
#include "error.h"
#include "hash-impl.h"
#include "progname.h"

enum
{
  MAX_VARIANTS = 8,
  MAX_TRIALS = 99,
  READ_SIZE = 1 << 20
};

static const size_t sizes[] = { 16 * 1024, 1024 * 1024 };
static volatile uint8_t sink;

/* Return the MB/s of whole hashes of the LEN bytes at MSG over about
   SECONDS of CPU time, with the variant forced now.  */
static double
trial (const uint8_t *msg, size_t len, double seconds)
{
  double start = cpu_seconds (), elapsed;
  size_t done = 0;
  do
    {
      for (size_t n = 0; n < (4u << 20); n += len, done += len)
        {
          struct blake3_ctx ctx;
          uint8_t out[BLAKE3_OUT_LEN];
          blake3_init (&ctx);
          blake3_update (&ctx, msg, len);
          blake3_final (&ctx, out, sizeof out);
          sink ^= out[0];
        }
      elapsed = cpu_seconds () - start;
    }
  while (elapsed < seconds);
  return done / elapsed / 1e6;
}

/* Return the median of the N values at V (sorted in place).  */
static double
median (double *v, int n)
{
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--)
      {
        double t = v[j];
        v[j] = v[j - 1];
        v[j - 1] = t;
      }
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Print the table of the variants' speeds: TRIALS trials of SECONDS
   each, interleaved.  */
static void
table (int trials, double seconds)
{
  static double mbs[MAX_VARIANTS][2][MAX_TRIALS];
  size_t count;
  const struct hash_variant *v = hash_impl_list (HASH_BLAKE3, &count);
  uint8_t *msg = malloc (sizes[1]);
  if (!msg)
    error (EXIT_FAILURE, errno, "malloc");
  for (size_t i = 0; i < sizes[1]; i++)
    msg[i] = (uint8_t) (i * 131 + 7);

  for (int t = 0; t < trials; t++)
    for (size_t i = 0; i < count && i < MAX_VARIANTS; i++)
      if (v[i].available ())
        for (int s = 0; s < 2; s++)
          {
            hash_impl_force (HASH_BLAKE3, v[i].name);
            mbs[i][s][t] = trial (msg, sizes[s], seconds);
          }
  hash_impl_force (HASH_BLAKE3, NULL);
  printf ("blake3 variant   16 KiB MB/s   1 MiB MB/s   (median of %d)\n",
          trials);
  for (size_t i = 0; i < count && i < MAX_VARIANTS; i++)
    if (v[i].available ())
      printf ("%-14s %12.0f %12.0f%s\n", v[i].name,
              median (mbs[i][0], trials), median (mbs[i][1], trials),
              hash_impl_current (HASH_BLAKE3) == &v[i] ? "  *" : "");
  free (msg);
}

/* Hash FILE as the usage says, with the variant NAME or NULL.  */
static void
hash_file (const char *file, const char *name)
{
  if (name && hash_impl_force (HASH_BLAKE3, name) != 0)
    error (EXIT_FAILURE, errno, "variant %s", name);
  int fd = open (file, O_RDONLY);
  if (fd < 0)
    error (EXIT_FAILURE, errno, "%s", file);
  uint8_t *buf = malloc (READ_SIZE);
  if (!buf)
    error (EXIT_FAILURE, errno, "malloc");
  double wall = clock_seconds (CLOCK_MONOTONIC), cpu = cpu_seconds ();
  struct blake3_ctx ctx;
  uint8_t out[BLAKE3_OUT_LEN];
  size_t total = 0;
  ssize_t n;
  blake3_init (&ctx);
  while ((n = read (fd, buf, READ_SIZE)) > 0)
    {
      blake3_update (&ctx, buf, n);
      total += n;
    }
  if (n < 0)
    error (EXIT_FAILURE, errno, "%s", file);
  blake3_final (&ctx, out, sizeof out);
  wall = clock_seconds (CLOCK_MONOTONIC) - wall;
  cpu = cpu_seconds () - cpu;
  for (int i = 0; i < BLAKE3_OUT_LEN; i++)
    printf ("%02x", out[i]);
  printf ("  %s\n", file);
  fprintf (stderr, "%s: wall %.3f s, cpu %.3f s, %.0f MB/s (wall)\n",
           hash_impl_current (HASH_BLAKE3)->name, wall, cpu,
           total / wall / 1e6);
  free (buf);
  close (fd);
}

int
main (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "file", required_argument, NULL, 'f' },
    { "variant", required_argument, NULL, 'v' },
    { "trials", required_argument, NULL, 't' },
    { "seconds", required_argument, NULL, 's' },
    { NULL, 0, NULL, 0 }
  };
  const char *file = NULL, *name = NULL;
  int trials = 5, c;
  double seconds = 0.3;

  set_program_name (argv[0]);
  while ((c = getopt_long (argc, argv, "", long_options, NULL)) != -1)
    switch (c)
      {
      case 'f': file = optarg; break;
      case 'v': name = optarg; break;
      case 't': trials = atoi (optarg); break;
      case 's': seconds = atof (optarg); break;
      default: return EXIT_FAILURE;
      }
  if (trials < 1 || trials > MAX_TRIALS)
    error (EXIT_FAILURE, 0, "--trials: 1 to %d", MAX_TRIALS);
  if (file)
    hash_file (file, name);
  else
    table (trials, seconds);
  return EXIT_SUCCESS;
}
