/* test-vectors.c -- digests of M(n) against independent implementations.

   M(n) is the message of n bytes b[i] = (uint8_t) (i * 31 + 7).  The
   files tests/data/vectors-ALGO.txt, made by tests/data/gen-vectors
   with Python's hashlib and Perl's Digest::MD2/MD4, give its digest for
   n = 0..300 and a few larger n around powers of two; for a row whose
   digest length is a parameter (BLAKE2b), vectors-ALGO-BITS.txt gives
   them for each length of PARAM_BITS as well.  For every
   algorithm and every available variant of its family, hash each M(n)
   in one call from an aligned buffer, and again in random pieces (some
   empty) from a misaligned one into a misaligned digest buffer.

   The data files are looked up as $srcdir/tests/data/... and then as
   $srcdir/data/...; srcdir defaults to ".".  The random pieces come
   from a fixed seed, printed, which VECTORS_SEED can override.  Exits
   1 if a digest differs or a data file is missing or short.  */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "hash-impl.h"

enum
{
  MAX_LEN = 1000000,       /* the longest M(n) in the data files */
  VECTOR_COUNT = 309,      /* lines per data file */
  MAX_REPORTS = 20         /* failures printed in full */
};

/* One line of a data file: the digest of M(N) is HEX.  */
struct vector
{
  size_t n;
  char hex[2 * DIGEST_MAX_SIZE + 1];
};

/* The digest lengths, in bits, that a row whose length is a parameter
   is checked at besides its own (keep in step with gen-vectors).  */
static const size_t param_bits[] = { 8, 128, 160, 224, 256, 384, 504 };

static uint64_t rng_state;
static int failures;

/* Return the next number of a xorshift64* sequence.  */
static uint64_t
rng_next (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * UINT64_C (0x2545f4914f6cdd1d);
}

/* Open the data file of ALGO under the directory SRCDIR.  Return the
   stream, or NULL after printing why.  */
static FILE *
open_vectors (const char *srcdir, const char *algo)
{
  static const char *const formats[] = { "%s/tests/data/vectors-%s.txt",
                                         "%s/data/vectors-%s.txt" };
  char name[4096];

  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    {
      snprintf (name, sizeof name, formats[i], srcdir, algo);
      FILE *f = fopen (name, "r");
      if (f)
        return f;
    }
  printf ("FAIL %s: cannot open %s/{tests/,}data/vectors-%s.txt: %s\n",
          algo, srcdir, algo, strerror (errno));
  return NULL;
}

/* Read the data file of ALGO into V, which has room for VECTOR_COUNT
   entries.  Return true if all VECTOR_COUNT lines were read and well
   formed, else print why and return false.  */
static bool
read_vectors (const char *srcdir, const char *algo, struct vector *v)
{
  FILE *f = open_vectors (srcdir, algo);
  char line[512];
  size_t count = 0;
  bool ok = true;

  if (!f)
    return false;
  while (ok && fgets (line, sizeof line, f))
    {
      if (line[0] == '#' || line[0] == '\n')
        continue;
      ok = (count < VECTOR_COUNT
            && sscanf (line, "%zu %128s", &v[count].n, v[count].hex) == 2
            && v[count].n <= MAX_LEN);
      count++;
    }
  fclose (f);
  if (ok && count == VECTOR_COUNT)
    return true;
  printf ("FAIL %s: data file is short or malformed near entry %zu\n",
          algo, count);
  return false;
}

/* Store the lower-case hex form of the LEN bytes at BYTES in HEX,
   which has room for 2 * LEN + 1 characters.  */
static void
to_hex (const uint8_t *bytes, size_t len, char *hex)
{
  for (size_t i = 0; i < len; i++)
    sprintf (hex + 2 * i, "%02x", bytes[i]);
  hex[2 * len] = '\0';
}

/* Compare the digest DIGEST of M(N) by ALGO, variant VARIANT, computed
   the way HOW says, with EXPECTED; count and report a mismatch.  */
static void
compare (const struct digest_algo *algo, const char *variant,
         const char *how, size_t n, const uint8_t *digest,
         const char *expected)
{
  char got[2 * DIGEST_MAX_SIZE + 1];

  to_hex (digest, algo->digest_size, got);
  if (strcmp (got, expected) == 0)
    return;
  if (++failures <= MAX_REPORTS)
    printf ("FAIL %s/%s %s M(%zu)\n  expected %s\n  got      %s\n",
            algo->name, variant, how, n, expected, got);
}

/* Return the length of the next piece when streaming, at most LEFT
   bytes: sometimes 0, mostly short ones around the block size, now and
   then a long one.  */
static size_t
piece_length (size_t left)
{
  uint64_t r = rng_next ();
  size_t len;

  switch (r % 8)
    {
    case 0:
      len = 0;
      break;
    case 1: case 2: case 3: case 4:
      len = (r >> 8) % 260;
      break;
    case 5: case 6:
      len = (r >> 8) % 8192;
      break;
    default:
      len = (r >> 8) % (left + 1);
      break;
    }
  return len < left ? len : left;
}

/* Hash M(N) with ALGO in one update from MSG, then in random pieces
   from SKEWED (a copy of M at an odd address), and compare both with
   HEX.  VARIANT names the variant in use, for the reports.  */
static void
check_vector (const struct digest_algo *algo, const char *variant,
              const uint8_t *msg, const uint8_t *skewed, size_t n,
              const char *hex)
{
  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  _Alignas (max_align_t) uint8_t out[DIGEST_MAX_SIZE + 1];
  size_t off = 0;

  digest_init (algo, ctx);
  algo->update (ctx, msg, n);
  algo->final (ctx, out);
  compare (algo, variant, "one-shot", n, out, hex);

  digest_init (algo, ctx);
  while (off < n)
    {
      size_t len = piece_length (n - off);
      algo->update (ctx, len ? skewed + off : NULL, len);
      off += len;
    }
  algo->final (ctx, out + 1);
  compare (algo, variant, "streamed", n, out + 1, hex);
}

/* Run the vectors V of ALGO with every available variant of FAMILY,
   its hash-impl family, MSG and SKEWED holding M(MAX_LEN).  */
static void
check_algo (const struct digest_algo *algo, int family,
            const struct vector *v, const uint8_t *msg,
            const uint8_t *skewed)
{
  size_t count;
  const struct hash_variant *variants = hash_impl_list (family, &count);

  if (!variants)
    {
      printf ("FAIL %s: no hash-impl family\n", algo->name);
      failures++;
      return;
    }
  for (size_t i = 0; i < count; i++)
    {
      if (!variants[i].available ())
        continue;
      if (hash_impl_force (family, variants[i].name) != 0)
        {
          printf ("FAIL %s/%s: cannot force it\n", algo->name,
                  variants[i].name);
          failures++;
          continue;
        }
      for (size_t j = 0; j < VECTOR_COUNT; j++)
        check_vector (algo, variants[i].name, msg, skewed, v[j].n,
                      v[j].hex);
      printf ("%s/%s: %d vectors checked\n", algo->name, variants[i].name,
              VECTOR_COUNT);
    }
  hash_impl_force (family, NULL);
}

/* Check ALGO, whose digest length is a parameter, at each length of
   PARAM_BITS against its file vectors-NAME-BITS.txt under SRCDIR, with
   the room V for the vectors and MSG and SKEWED holding M(MAX_LEN).  */
static void
check_lengths (const char *srcdir, const struct digest_algo *algo,
               struct vector *v, const uint8_t *msg, const uint8_t *skewed)
{
  for (size_t i = 0; i < sizeof param_bits / sizeof param_bits[0]; i++)
    {
      struct digest_algo sized;
      char name[64];
      snprintf (name, sizeof name, "%s-%zu", algo->name, param_bits[i]);
      if (digest_algo_resize (algo, param_bits[i] / 8, &sized) != 0)
        {
          printf ("FAIL %s: cannot resize to %zu bits\n", algo->name,
                  param_bits[i]);
          failures++;
        }
      else if (!read_vectors (srcdir, name, v))
        failures++;
      else
        {
          /* The reports name the copy by its file.  */
          sized.name = name;
          check_algo (&sized, hash_family_of_algo (algo->name), v, msg,
                      skewed);
        }
    }
}

/* Check every algorithm of digest_algos against its data file.  */
int
main (void)
{
  const char *srcdir = getenv ("srcdir");
  const char *seed = getenv ("VECTORS_SEED");
  static struct vector v[VECTOR_COUNT];
  uint8_t *msg = malloc (MAX_LEN);
  uint8_t *skew_base = malloc (MAX_LEN + 3);

  if (!msg || !skew_base)
    {
      printf ("FAIL: out of memory\n");
      return EXIT_FAILURE;
    }
  rng_state = seed ? strtoull (seed, NULL, 0) : UINT64_C (20240229);
  if (rng_state == 0)
    rng_state = 1;   /* xorshift would stay at 0 */
  printf ("random update splits: VECTORS_SEED=%" PRIu64 "\n", rng_state);
  for (size_t i = 0; i < MAX_LEN; i++)
    msg[i] = skew_base[3 + i] = (uint8_t) (i * 31 + 7);

  for (size_t a = 0; a < digest_algo_count; a++)
    {
      if (read_vectors (srcdir ? srcdir : ".", digest_algos[a].name, v))
        check_algo (&digest_algos[a],
                    hash_family_of_algo (digest_algos[a].name), v, msg,
                    skew_base + 3);
      else
        failures++;
      if (digest_algos[a].max_size)
        check_lengths (srcdir ? srcdir : ".", &digest_algos[a], v, msg,
                       skew_base + 3);
    }

  free (msg);
  free (skew_base);
  printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
