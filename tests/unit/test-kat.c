/* test-kat.c -- known-answer tests for every digest and every variant.

   The RFC 1319, 1320 and 1321 test suites and the FIPS 180-4 and
   FIPS 202 examples (as published by NIST), run through digest_algos
   for every variant of hash-impl that this CPU can run.  Prints each
   failure with the algorithm, the variant, the expected and the
   computed digest; exits 1 if any row fails, 0 otherwise.  Nothing is
   skipped.  */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "hash-impl.h"

#include "kat-table.h"

/* Store the lower-case hex form of the LEN bytes at BYTES in HEX,
   which has room for 2 * LEN + 1 characters.  */
static void
to_hex (const uint8_t *bytes, size_t len, char *hex)
{
  for (size_t i = 0; i < len; i++)
    sprintf (hex + 2 * i, "%02x", bytes[i]);
  hex[2 * len] = '\0';
}

/* Check row K with VARIANT, the variant now forced for its family.
   Return true if it passes; else print the failure and return false.  */
static bool
check_kat (const struct kat *k, const char *variant)
{
  const struct digest_algo *algo = digest_algo_find (k->algo);
  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  uint8_t digest[DIGEST_MAX_SIZE];
  char got[2 * DIGEST_MAX_SIZE + 1];
  size_t len = strlen (k->message);

  if (!algo)
    {
      printf ("FAIL %s: no such algorithm in digest_algos\n", k->algo);
      return false;
    }
  digest_init (algo, ctx);
  for (long r = 0; r < k->repeat; r++)
    algo->update (ctx, k->message, len);
  algo->final (ctx, digest);
  to_hex (digest, algo->digest_size, got);
  if (strcmp (got, k->hex) == 0)
    return true;
  printf ("FAIL %s/%s: \"%.20s%s\" x %ld\n  expected %s\n  got      %s\n",
          k->algo, variant, k->message, len > 20 ? "..." : "", k->repeat,
          k->hex, got);
  return false;
}

/* Run every row served by FAMILY with its variant V forced.  Return
   the number of failures, and add the number of rows run to *RUN.  */
static int
run_variant (enum hash_family family, const struct hash_variant *v,
             int *run)
{
  int failures = 0;

  if (hash_impl_force (family, v->name) != 0)
    {
      printf ("FAIL %s/%s: cannot force it\n", hash_family_name (family),
              v->name);
      return 1;
    }
  for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++)
    if (hash_family_of_algo (kats[i].algo) == (int) family)
      {
        failures += !check_kat (&kats[i], v->name);
        ++*run;
      }
  return failures;
}

/* Run every row with every available variant of its family.  Exit 1
   if any fails, or if some row belongs to no family.  */
int
main (void)
{
  int failures = 0, run = 0;

  for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++)
    if (hash_family_of_algo (kats[i].algo) < 0)
      {
        printf ("FAIL %s: no hash-impl family\n", kats[i].algo);
        failures++;
      }
  for (int f = 0; f < HASH_FAMILY_COUNT; f++)
    {
      size_t count;
      const struct hash_variant *v = hash_impl_list (f, &count);
      for (size_t i = 0; i < count; i++)
        if (v[i].available ())
          failures += run_variant (f, &v[i], &run);
        else
          printf ("note: %s/%s not available on this CPU\n",
                  hash_family_name (f), v[i].name);
      hash_impl_force (f, NULL);
    }
  printf ("%d known answers checked, %d failed\n", run, failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
