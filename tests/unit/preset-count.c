/* preset-count.c -- a digest as if far more blocks had been hashed.

   Usage: preset-count ALGO PREFIX TOTAL TAIL

   Hashes PREFIX whole blocks of data through ALGO's row of
   digest_algos (md4, md5, sha1, sha224, sha256, sha384 or sha512),
   then sets the byte counter of the context's md-engine to TOTAL
   blocks, as if TOTAL blocks had gone through the compression function
   rather than PREFIX, hashes TAIL more bytes, and prints the digest in
   hex.  No real file can reach 2^32 blocks (256 GiB of 64-byte blocks)
   in a test; this reaches any count at once, and
   tests/unit/preset-count.sh compares the result with Perl's
   Digest::SHA and Digest::MD5, whose states can be set in the same
   way.

   Byte I of the prefix is (31 I + 7) mod 256; byte J of the tail is
   (17 J + 3) mod 256.  Exits 2 on a usage error.  */

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "md-engine.h"
#include "md4.h"
#include "md5.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"

/* Where each algorithm's context keeps its md-engine.  */
static const struct
{
  const char *name;
  size_t engine_offset;
} engines[] = {
  { "md4", offsetof (struct md4_ctx, engine) },
  { "md5", offsetof (struct md5_ctx, engine) },
  { "sha1", offsetof (struct sha1_ctx, engine) },
  { "sha224", offsetof (struct sha256_ctx, engine) },
  { "sha256", offsetof (struct sha256_ctx, engine) },
  { "sha384", offsetof (struct sha512_ctx, engine) },
  { "sha512", offsetof (struct sha512_ctx, engine) },
};

/* Print the usage message and exit 2.  */
static _Noreturn void
usage (void)
{
  fputs ("usage: preset-count ALGO PREFIX TOTAL TAIL\n", stderr);
  exit (2);
}

/* Return the decimal number ARG, exiting through usage if it is not
   one.  */
static uint64_t
number (const char *arg)
{
  char *end;
  unsigned long long n = strtoull (arg, &end, 10);
  if (end == arg || *end != '\0' || *arg == '-')
    usage ();
  return n;
}

/* Hash COUNT bytes, byte I being (MUL I + ADD) mod 256, into CTX
   through ALGO, a piece at a time.  */
static void
feed_bytes (const struct digest_algo *algo, void *ctx, uint64_t count,
            unsigned int mul, unsigned int add)
{
  unsigned char piece[4096];
  uint64_t i = 0;

  while (i < count)
    {
      size_t n = count - i < sizeof piece ? count - i : sizeof piece;
      for (size_t j = 0; j < n; j++)
        piece[j] = (unsigned char) ((i + j) * mul + add);
      algo->update (ctx, piece, n);
      i += n;
    }
}

/* Set the byte counter of engine E to TOTAL blocks.  The block size
   is a power of two, so TOTAL times it is TOTAL shifted left; the bits
   shifted out of the low half go to the high half.  */
static void
preset (struct md_engine *e, uint64_t total)
{
  unsigned int shift = 0;
  while ((1u << shift) < e->block_size)
    shift++;
  e->count_lo = total << shift;
  e->count_hi = total >> (64 - shift);
}

int
main (int argc, char **argv)
{
  if (argc != 5)
    usage ();
  const struct digest_algo *algo = digest_algo_find (argv[1]);
  size_t offset = 0;
  size_t i;
  for (i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (algo && strcmp (engines[i].name, algo->name) == 0)
      offset = engines[i].engine_offset;
  if (!algo || offset == 0)
    usage ();
  uint64_t prefix = number (argv[2]);
  uint64_t total = number (argv[3]);
  uint64_t tail = number (argv[4]);
  if (prefix > 1 << 16 || tail > 1 << 16)
    usage ();

  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  uint8_t digest[DIGEST_MAX_SIZE];
  digest_init (algo, ctx);
  feed_bytes (algo, ctx, prefix * algo->block_size, 31, 7);
  struct md_engine *e = (struct md_engine *) (ctx + offset);
  if (e->fill != 0 || e->block_size != algo->block_size)
    abort ();
  preset (e, total);
  feed_bytes (algo, ctx, tail, 17, 3);
  algo->final (ctx, digest);
  for (i = 0; i < algo->digest_size; i++)
    printf ("%02x", digest[i]);
  putchar ('\n');
  return ferror (stdout) || fclose (stdout) != 0;
}
