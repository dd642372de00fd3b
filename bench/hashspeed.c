/* hashspeed.c -- in-process throughput of every hash core variant.

   For each row of lib/digest-algos.c and each variant of its family
   that this CPU can run (forced with hash_impl_force), hash the same
   message again and again, each time a whole init, update and final
   as `openssl speed` does, for about 0.2 seconds of CPU time, and keep
   the best of 3 trials.  Message sizes: 64 B, 1 KiB, 16 KiB and 1 MiB.
   With --openssl, `openssl speed -evp ALGO -bytes N -seconds 1` runs
   between our trials, so that load from elsewhere falls on both.

   With --lanes, a second table: for each algorithm whose family has
   multi-lane variants (lib/hash-lanes.c), the single stream the tools
   choose and each multi-lane variant that this CPU can run, hashing
   sets of messages of 4 KiB and of 1 MiB, one per lane, through
   lib/digest-multi.c (every lane fed pieces of at most 128 KiB, as a
   reading loop would), and the ratio of each to the single stream.

   Figures are MB/s, 10^6 bytes per second of CPU time of this process:
   OpenSSL's speed command also counts CPU time unless told -elapsed,
   and on a shared machine CPU time is what stays steady.

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
#include "digest-algos.h"
#include "digest-multi.h"
#include "error.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "progname.h"

#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

/* The message sizes, the columns of the table.  */
static size_t const sizes[] = { 64, 1024, 16 * 1024, 1024 * 1024 };
static char const *const size_names[] = { "64 B", "1 KiB", "16 KiB",
                                          "1 MiB" };
enum
{
  NSIZES = COUNTOF (sizes),
  MAX_MESSAGE = 1024 * 1024,
  MAX_VARIANTS = 8,
  /* Hash about this many bytes between two readings of the clock, so
     that reading it (a system call in some VMs) costs next to nothing
     even for 64-byte messages.  */
  BYTES_PER_READING = 1024 * 1024
};

/* The message, the same pseudo-random bytes every run.  */
static _Alignas (64) uint8_t message[MAX_MESSAGE];

/* Every digest is folded in here, so that no hashing can be left out
   by the compiler.  */
static volatile uint8_t sink;

/* Options.  */
static double trial_seconds = 0.2;
static int trials = 3;
static int openssl_trials = 3;
static bool with_openssl;
static bool with_lanes;
static unsigned long selected;   /* bit I: digest_algos[I]; 0: all */

enum
{
  ALGO_OPTION = CHAR_MAX + 1,
  QUICK_OPTION,
  OPENSSL_OPTION,
  LANES_OPTION,
  HELP_OPTION
};

static struct option const long_options[] = {
  { "algo", required_argument, NULL, ALGO_OPTION },
  { "quick", no_argument, NULL, QUICK_OPTION },
  { "openssl", no_argument, NULL, OPENSSL_OPTION },
  { "lanes", no_argument, NULL, LANES_OPTION },
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
Print the throughput in MB/s (10^6 bytes per CPU second) of every hash\n\
core variant this CPU can run, for messages of 64 B, 1 KiB, 16 KiB and\n\
1 MiB, each hashed whole (init, update, final) again and again.\n\
\n\
      --algo=NAME   only NAME (md2 md4 md5 sha1 sha224 sha256 sha384\n\
                      sha512 sha3-224 sha3-256 sha3-384 sha3-512); may be\n\
                      repeated or a comma-separated list\n\
      --quick       trials of 0.05 s instead of 0.2 s; one OpenSSL run\n\
      --openssl     add the figures of 'openssl speed -evp ALGO', run\n\
                      between our trials; the program is $OPENSSL if set\n\
      --lanes       also the multi-lane variants: one message of 4 KiB or\n\
                      1 MiB per lane, against the single stream\n\
      --help        display this help and exit\n",
            program_name);
  exit (status);
}

/* Hash the first LEN bytes of the message with ALGO, from init to
   final, into DIGEST.  */
static void
hash_message (const struct digest_algo *algo, size_t len, uint8_t *digest)
{
  _Alignas (64) unsigned char ctx[DIGEST_MAX_CTX];
  digest_init (algo, ctx);
  algo->update (ctx, message, len);
  algo->final (ctx, digest);
}

/* Hash the first LEN bytes of the message with ALGO, in the variant
   currently chosen for its family, again and again for SECONDS of CPU
   time.  Return the throughput in MB/s.  */
static double
measure (const struct digest_algo *algo, size_t len, double seconds)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  size_t batch = len < BYTES_PER_READING ? BYTES_PER_READING / len : 1;
  double bytes = 0;
  double start = cpu_seconds ();
  double elapsed;
  do
    {
      for (size_t i = 0; i < batch; i++)
        {
          hash_message (algo, len, digest);
          sink ^= digest[0];
        }
      bytes += (double) batch * len;
      elapsed = cpu_seconds () - start;
    }
  while (elapsed < seconds);
  return bytes / elapsed / 1e6;
}

/* Run `openssl speed` on ALGO_NAME for messages of LEN bytes, for one
   second.  Return its throughput in MB/s, or -1 if OpenSSL does not
   have the algorithm or cannot be run.  */
static double
openssl_measure (const char *algo_name, size_t len)
{
  const char *prog = getenv ("OPENSSL");
  /* OpenSSL 3 keeps MD4 in its legacy provider.  */
  const char *providers = (strcmp (algo_name, "md4") == 0
                           ? "-provider legacy -provider default " : "");
  char command[256];
  char line[256];
  double rate = -1;

  snprintf (command, sizeof command,
            "'%s' speed -mr %s-evp %s -bytes %zu -seconds 1 2>/dev/null",
            prog && *prog ? prog : "openssl", providers, algo_name, len);
  FILE *pipe = popen (command, "r");
  if (!pipe)
    return -1;
  /* With -mr the result is a line "+F:INDEX:NAME:BYTES_PER_SECOND".  */
  while (fgets (line, sizeof line, pipe))
    {
      double bytes_per_second;
      if (sscanf (line, "+F:%*d:%*[^:]:%lf", &bytes_per_second) == 1)
        rate = bytes_per_second / 1e6;
    }
  if (pclose (pipe) != 0)
    rate = -1;
  return rate;
}

/* Store in VARIANTS the variants of FAMILY that this CPU can run, best
   first, and return how many there are.  */
static size_t
runnable_variants (enum hash_family family,
                   const struct hash_variant **variants)
{
  size_t count;
  size_t n = 0;
  const struct hash_variant *list = hash_impl_list (family, &count);
  for (size_t i = 0; i < count && n < MAX_VARIANTS; i++)
    if (list[i].available ())
      variants[n++] = &list[i];
  return n;
}

/* Check that every one of the N VARIANTS of FAMILY gives ALGO's
   digest of a message of an odd length the same as the last one,
   "portable".  Report each one that does not and return false.  */
static bool
variants_agree (const struct digest_algo *algo, enum hash_family family,
                const struct hash_variant **variants, size_t n)
{
  uint8_t want[DIGEST_MAX_SIZE];
  uint8_t got[DIGEST_MAX_SIZE];
  size_t len = MAX_MESSAGE - 1027;
  bool ok = true;

  hash_impl_force (family, variants[n - 1]->name);
  hash_message (algo, len, want);
  for (size_t v = 0; v + 1 < n; v++)
    {
      hash_impl_force (family, variants[v]->name);
      hash_message (algo, len, got);
      if (memcmp (got, want, algo->digest_size) != 0)
        {
          error (0, 0, "%s: the %s variant gives a wrong digest",
                 algo->name, variants[v]->name);
          ok = false;
        }
    }
  return ok;
}

/* Print one row of the table: ALGO_NAME, IMPL, and the figures in
   RATES (MB/s, negative for none).  */
static void
print_row (const char *algo_name, const char *impl, const double *rates)
{
  printf ("%-8s %-10s", algo_name, impl);
  for (int s = 0; s < NSIZES; s++)
    if (rates[s] < 0)
      printf (" %9s", "-");
    else
      printf (" %9.1f", rates[s]);
  putchar ('\n');
  fflush (stdout);
}

/* Measure ALGO in every variant this CPU can run, and with OpenSSL if
   asked, and print its rows.  For each message size the trials of
   every variant and the OpenSSL runs take turns.  Return false if a
   variant gave a wrong digest.  */
static bool
bench_algo (const struct digest_algo *algo)
{
  enum hash_family family = hash_family_of_algo (algo->name);
  const struct hash_variant *variants[MAX_VARIANTS];
  double best[MAX_VARIANTS][NSIZES] = { 0 };
  double best_openssl[NSIZES];
  bool openssl_has_it = with_openssl;
  const char *usual = hash_impl_current (family)->name;
  size_t n = runnable_variants (family, variants);
  bool ok = variants_agree (algo, family, variants, n);

  for (int s = 0; s < NSIZES; s++)
    {
      best_openssl[s] = -1;
      for (int t = 0; t < trials; t++)
        {
          for (size_t v = 0; v < n; v++)
            {
              hash_impl_force (family, variants[v]->name);
              double rate = measure (algo, sizes[s], trial_seconds);
              if (best[v][s] < rate)
                best[v][s] = rate;
            }
          if (openssl_has_it && t < openssl_trials)
            {
              double rate = openssl_measure (algo->name, sizes[s]);
              /* Not having it once means not having it at all.  */
              openssl_has_it = 0 <= rate;
              if (best_openssl[s] < rate)
                best_openssl[s] = rate;
            }
        }
    }
  hash_impl_force (family, NULL);
  if (!openssl_has_it)
    for (int s = 0; s < NSIZES; s++)
      best_openssl[s] = -1;

  for (size_t v = 0; v < n; v++)
    {
      char impl[32];
      snprintf (impl, sizeof impl, "%s%s", variants[v]->name,
                strcmp (variants[v]->name, usual) == 0 ? "*" : "");
      print_row (algo->name, impl, best[v]);
    }
  if (with_openssl)
    print_row (algo->name, "openssl", best_openssl);
  return ok;
}

/* The message sizes of the multi-lane table, and the largest piece a
   lane is fed at a time.  */
static size_t const lane_sizes[] = { 4 * 1024, 1024 * 1024 };
static char const *const lane_size_names[] = { "4 KiB", "1 MiB" };
enum
{
  NLANE_SIZES = COUNTOF (lane_sizes),
  LANE_PIECE = 128 * 1024
};

/* Hash with M one message of LEN bytes per lane, from start to finish,
   each lane's from its own offset in the message buffer (so that the
   lanes differ), fed in pieces of at most LANE_PIECE bytes; fold the
   digests into the sink.  */
static void
hash_lanes_once (struct digest_multi *m, size_t len)
{
  unsigned int lanes = digest_multi_lanes (m);
  const void *data[HASH_LANES_MAX];
  size_t piece[HASH_LANES_MAX];
  uint8_t digest[DIGEST_MAX_SIZE];

  for (size_t done = 0; done < len; done += LANE_PIECE)
    {
      size_t n = len - done < LANE_PIECE ? len - done : LANE_PIECE;
      for (unsigned int i = 0; i < lanes; i++)
        {
          /* LEN is MAX_MESSAGE or much smaller.  */
          size_t off = len < MAX_MESSAGE / 2 ? i * len : 0;
          data[i] = message + off + done;
          piece[i] = n;
        }
      digest_multi_update (m, data, piece);
    }
  for (unsigned int i = 0; i < lanes; i++)
    {
      digest_multi_finish (m, i, digest);
      sink ^= digest[0];
    }
}

/* Hash sets of messages of LEN bytes with M again and again for
   SECONDS of CPU time.  Return the throughput in MB/s, counting the
   bytes of every lane.  */
static double
measure_lanes (struct digest_multi *m, size_t len, double seconds)
{
  size_t set = len * digest_multi_lanes (m);
  size_t batch = set < BYTES_PER_READING ? BYTES_PER_READING / set : 1;
  double bytes = 0;
  double start = cpu_seconds ();
  double elapsed;
  do
    {
      for (size_t i = 0; i < batch; i++)
        hash_lanes_once (m, len);
      bytes += (double) batch * set;
      elapsed = cpu_seconds () - start;
    }
  while (elapsed < seconds);
  return bytes / elapsed / 1e6;
}

/* Check that M gives ALGO's digests, as its single stream computes
   them, of messages of an odd length.  Report it and return false if
   not.  */
static bool
lanes_agree (const struct digest_algo *algo, struct digest_multi *m)
{
  unsigned int lanes = digest_multi_lanes (m);
  size_t len = 4096 + 1027;
  const void *data[HASH_LANES_MAX];
  size_t lens[HASH_LANES_MAX];
  uint8_t want[DIGEST_MAX_SIZE];
  uint8_t got[DIGEST_MAX_SIZE];
  bool ok = true;

  for (unsigned int i = 0; i < lanes; i++)
    {
      data[i] = message + 7 * i;
      lens[i] = len;
    }
  digest_multi_update (m, data, lens);
  for (unsigned int i = 0; i < lanes; i++)
    {
      _Alignas (64) unsigned char ctx[DIGEST_MAX_CTX];
      digest_init (algo, ctx);
      algo->update (ctx, data[i], len);
      algo->final (ctx, want);
      digest_multi_finish (m, i, got);
      ok &= memcmp (got, want, algo->digest_size) == 0;
    }
  if (!ok)
    error (0, 0, "%s: the %s multi-lane variant gives a wrong digest",
           algo->name, digest_multi_variant (m)->name);
  return ok;
}

/* Print one row of the multi-lane table: ALGO_NAME, IMPL, its LANES
   (0 for the single stream), RATES and their ratios to BASE.  */
static void
print_lanes_row (const char *algo_name, const char *impl,
                 unsigned int lanes, const double *rates,
                 const double *base)
{
  printf ("%-8s %-10s %5u", algo_name, impl, lanes);
  for (int s = 0; s < NLANE_SIZES; s++)
    printf (" %9.1f %5.2fx", rates[s], rates[s] / base[s]);
  putchar ('\n');
  fflush (stdout);
}

/* Measure ALGO's single stream and every multi-lane variant of its
   family that this CPU can run, taking turns, and print their rows of
   the multi-lane table.  Return false if a variant gave a wrong
   digest.  */
static bool
bench_algo_lanes (const struct digest_algo *algo)
{
  enum hash_family family = hash_family_of_algo (algo->name);
  size_t count;
  const struct hash_lanes_variant *list = hash_lanes_list (family, &count);
  struct digest_multi *m[MAX_VARIANTS];
  double single[NLANE_SIZES] = { 0 };
  double best[MAX_VARIANTS][NLANE_SIZES] = { 0 };
  size_t n = 0;
  bool ok = true;

  for (size_t v = 0; v < count && n < MAX_VARIANTS; v++)
    if (list[v].available ())
      {
        hash_lanes_force (family, list[v].name);
        m[n] = digest_multi_new (algo);
        if (!m[n])
          error (EXIT_FAILURE, errno, "%s/%s", algo->name, list[v].name);
        ok &= lanes_agree (algo, m[n]);
        n++;
      }
  hash_lanes_force (family, NULL);
  if (n == 0)
    return ok;

  for (int s = 0; s < NLANE_SIZES; s++)
    for (int t = 0; t < trials; t++)
      {
        double rate = measure (algo, lane_sizes[s], trial_seconds);
        if (single[s] < rate)
          single[s] = rate;
        for (size_t v = 0; v < n; v++)
          {
            rate = measure_lanes (m[v], lane_sizes[s], trial_seconds);
            if (best[v][s] < rate)
              best[v][s] = rate;
          }
      }

  print_lanes_row (algo->name, hash_impl_current (family)->name, 1, single,
                   single);
  for (size_t v = 0; v < n; v++)
    {
      const struct hash_lanes_variant *var = digest_multi_variant (m[v]);
      print_lanes_row (algo->name, var->name, var->lanes, best[v], single);
      digest_multi_free (m[v]);
    }
  return ok;
}

/* Print the multi-lane table for every selected algorithm.  Return
   false if a variant gave a wrong digest.  */
static bool
bench_lanes (void)
{
  bool ok = true;
  printf ("\nMulti-lane: MB/s (10^6 bytes per CPU second, all lanes),"
          " best of %d trials\nof %g s, and the ratio to the single"
          " stream; one message per lane\n", trials, trial_seconds);
  printf ("%-8s %-10s %5s", "algo", "impl", "lanes");
  for (int s = 0; s < NLANE_SIZES; s++)
    printf (" %9s %6s", lane_size_names[s], "ratio");
  putchar ('\n');
  for (size_t i = 0; i < digest_algo_count; i++)
    if (!selected || (selected >> i & 1))
      ok &= bench_algo_lanes (&digest_algos[i]);
  return ok;
}

/* Select the algorithms named in LIST, separated by commas.  Exit
   with a diagnostic if one of them has no row.  */
static void
select_algos (char *list)
{
  for (char *name = strtok (list, ","); name; name = strtok (NULL, ","))
    {
      const struct digest_algo *algo = digest_algo_find (name);
      if (!algo)
        error (EXIT_FAILURE, 0, "unknown algorithm: %s", name);
      selected |= 1UL << (algo - digest_algos);
    }
}

/* Fill the message with bytes from a fixed xorshift generator, so
   that every run hashes the same data.  */
static void
fill_message (void)
{
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (size_t i = 0; i < MAX_MESSAGE; i++)
    {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      message[i] = x >> 56;
    }
}

int
main (int argc, char **argv)
{
  int c;
  bool ok = true;

  set_program_name (argv[0]);
  if (digest_algo_count > sizeof selected * CHAR_BIT)
    error (EXIT_FAILURE, 0, "too many algorithms for the selection mask");

  while ((c = getopt_long (argc, argv, "", long_options, NULL)) != -1)
    switch (c)
      {
      case ALGO_OPTION:
        select_algos (optarg);
        break;
      case QUICK_OPTION:
        trial_seconds = 0.05;
        openssl_trials = 1;
        break;
      case OPENSSL_OPTION:
        with_openssl = true;
        break;
      case LANES_OPTION:
        with_lanes = true;
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

  fill_message ();
  printf ("MB/s (10^6 bytes per CPU second), best of %d trials of %g s",
          trials, trial_seconds);
  if (with_openssl)
    printf (openssl_trials > 1 ? "; openssl: best of %d runs of 1 s"
            : "; openssl: %d run of 1 s", openssl_trials);
  printf ("\n* marks the variant the tools choose on this CPU\n");
  printf ("%-8s %-10s", "algo", "impl");
  for (int s = 0; s < NSIZES; s++)
    printf (" %9s", size_names[s]);
  putchar ('\n');

  for (size_t i = 0; i < digest_algo_count; i++)
    if (!selected || (selected >> i & 1))
      ok &= bench_algo (&digest_algos[i]);
  if (with_lanes)
    ok &= bench_lanes ();
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
