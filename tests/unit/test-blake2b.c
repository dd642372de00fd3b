/* test-blake2b.c -- BLAKE2b's digest length, as b2sum -l sets it.

   GNU coreutils 9.1's b2sum gave the digests below (printf abc |
   b2sum -l BITS, printf '' | b2sum -l BITS); each is checked through
   digest_algo_resize with every variant this CPU can run, fed in one
   call and a byte at a time.  Also: the lengths that digest_algo_resize
   must refuse, and that the rows of fixed length refuse any.  Exits 1
   on a failure, 0 otherwise.  */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "hash-impl.h"

/* b2sum -l BITS of MESSAGE prints HEX.  */
struct gnu_answer
{
  const char *message;
  size_t bits;
  const char *hex;
};

static const struct gnu_answer answers[] = {
  { "abc", 8, "6b" },
  { "abc", 160, "384264f676f39536840523f284921cdc68b6846b" },
  { "abc", 256,
    "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319" },
  { "abc", 384,
    "6f56a82c8e7ef526dfe182eb5212f7db9df1317e57815dbda46083fc30f54ee6"
    "c66ba83be64b302d7cba6ce15bb556f4" },
  { "abc", 512,
    "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923" },
  { "", 8, "2e" },
  { "", 256,
    "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8" },
};

static int failures;

/* Hash MESSAGE with ALGO, in one call if BYTEWISE is false, else a
   byte at a time, and store the lower-case hex digest in HEX.  */
static void
hex_digest (const struct digest_algo *algo, const char *message,
            bool bytewise, char *hex)
{
  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  uint8_t digest[DIGEST_MAX_SIZE];
  size_t len = strlen (message);

  digest_init (algo, ctx);
  if (!bytewise)
    algo->update (ctx, message, len);
  else
    for (size_t i = 0; i < len; i++)
      algo->update (ctx, message + i, 1);
  algo->final (ctx, digest);
  for (size_t i = 0; i < algo->digest_size; i++)
    sprintf (hex + 2 * i, "%02x", digest[i]);
}

/* Check every GNU answer with VARIANT, the variant now forced.  */
static void
check_answers (const struct digest_algo *blake2b, const char *variant)
{
  for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
    for (int bytewise = 0; bytewise < 2; bytewise++)
      {
        const struct gnu_answer *a = &answers[i];
        struct digest_algo sized;
        char got[2 * DIGEST_MAX_SIZE + 1];
        if (digest_algo_resize (blake2b, a->bits / 8, &sized) != 0)
          {
            printf ("FAIL blake2b: cannot resize to %zu bits\n", a->bits);
            failures++;
            continue;
          }
        hex_digest (&sized, a->message, bytewise, got);
        if (strcmp (got, a->hex) != 0)
          {
            printf ("FAIL blake2b/%s -l %zu \"%s\"%s\n  expected %s\n"
                    "  got      %s\n", variant, a->bits, a->message,
                    bytewise ? " a byte at a time" : "", a->hex, got);
            failures++;
          }
      }
}

/* Check that digest_algo_resize refuses SIZE for ALGO with EINVAL.  */
static void
check_refused (const struct digest_algo *algo, size_t size)
{
  struct digest_algo out;
  errno = 0;
  if (digest_algo_resize (algo, size, &out) == 0 || errno != EINVAL)
    {
      printf ("FAIL %s: digest_algo_resize took %zu bytes\n", algo->name,
              size);
      failures++;
    }
}

int
main (void)
{
  const struct digest_algo *blake2b = digest_algo_find ("blake2b");
  int family = hash_family_of_algo ("blake2b");
  size_t count;

  if (!blake2b || family < 0)
    {
      printf ("FAIL: no blake2b row or family\n");
      return EXIT_FAILURE;
    }
  const struct hash_variant *v = hash_impl_list (family, &count);
  for (size_t i = 0; i < count; i++)
    if (v[i].available () && hash_impl_force (family, v[i].name) == 0)
      check_answers (blake2b, v[i].name);
  hash_impl_force (family, NULL);

  check_refused (blake2b, 0);
  check_refused (blake2b, BLAKE2B_DIGEST_SIZE + 1);
  check_refused (digest_algo_find ("sha256"), 32);
  printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
