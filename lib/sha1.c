/* sha1.c -- SHA-1 (FIPS 180-4): portable compression, and the
   init/update/final glue over md-engine and hash-impl.  */

#include "sha1.h"

#include <string.h>

#include "hash-impl.h"

/* FIPS 180-4 4.1.1 and 4.2.1: the round functions and constants.  */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define K0 0x5a827999
#define K1 0x6ed9eba1
#define K2 0x8f1bbcdc
#define K3 0xca62c1d6

/* Schedule word T.  W keeps the last 16 words, W[t - 16] in W[T % 16],
   and from T = 16 on each round replaces it by W[t].  T is a constant,
   so the test folds away.  */
#define SCHED(t)                                                        \
  ((t) < 16 ? w[(t) & 15]                                               \
   : (w[(t) & 15] = md_rol32 (w[((t) + 13) & 15] ^ w[((t) + 8) & 15]     \
                              ^ w[((t) + 2) & 15] ^ w[(t) & 15], 1)))

/* Round T: instead of shifting the five words, each round names them
   in rotated order, so E receives the new word and B is rotated.  */
#define STEP(f, k, a, b, c, d, e, t)                                    \
  ((e) += md_rol32 (a, 5) + f (b, c, d) + (k) + SCHED (t),              \
   (b) = md_rol32 (b, 30))

/* Rounds T to T + 4, after which the names are back in order.  */
#define STEP5(f, k, t)                                                  \
  (STEP (f, k, a, b, c, d, e, (t) + 0), STEP (f, k, e, a, b, c, d, (t) + 1), \
   STEP (f, k, d, e, a, b, c, (t) + 2), STEP (f, k, c, d, e, a, b, (t) + 3), \
   STEP (f, k, b, c, d, e, a, (t) + 4))

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (FIPS 180-4 6.1.2).  */
void
sha1_blocks_portable (uint32_t state[5], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += SHA1_BLOCK_SIZE)
    {
      uint32_t w[16];
      uint32_t a = state[0], b = state[1], c = state[2];
      uint32_t d = state[3], e = state[4];

      for (int i = 0; i < 16; i++)
        w[i] = md_load32_be (p + 4 * i);

      STEP5 (CH, K0, 0);
      STEP5 (CH, K0, 5);
      STEP5 (CH, K0, 10);
      STEP5 (CH, K0, 15);
      STEP5 (PARITY, K1, 20);
      STEP5 (PARITY, K1, 25);
      STEP5 (PARITY, K1, 30);
      STEP5 (PARITY, K1, 35);
      STEP5 (MAJ, K2, 40);
      STEP5 (MAJ, K2, 45);
      STEP5 (MAJ, K2, 50);
      STEP5 (MAJ, K2, 55);
      STEP5 (PARITY, K3, 60);
      STEP5 (PARITY, K3, 65);
      STEP5 (PARITY, K3, 70);
      STEP5 (PARITY, K3, 75);

      state[0] += a;
      state[1] += b;
      state[2] += c;
      state[3] += d;
      state[4] += e;
    }
}

/* FIPS 180-4 5.3.1: the initial hash value.  */
static const uint32_t sha1_iv[5] = {
  0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
};

/* md-engine's FEED callback: ARG is the struct sha1_ctx.  */
static void
sha1_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct sha1_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message, compressing with the variant that
   hash-impl chose for SHA-1.  */
void
sha1_init (struct sha1_ctx *ctx)
{
  memcpy (ctx->state, sha1_iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_SHA1)->blocks.sha1;
  md_engine_init (&ctx->engine, SHA1_BLOCK_SIZE);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.  */
void
sha1_update (struct sha1_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, sha1_feed, ctx);
}

/* Finish the message in CTX and store its 20-byte digest at OUT.  CTX
   must be initialised again before reuse.  */
void
sha1_final (struct sha1_ctx *ctx, uint8_t *out)
{
  md_engine_pad (&ctx->engine, 8, true, sha1_feed, ctx);
  for (int i = 0; i < 5; i++)
    md_store32_be (out + 4 * i, ctx->state[i]);
}

/* Store at OUT the 20-byte SHA-1 digest of the LEN bytes at DATA.  */
void
sha1_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sha1_ctx ctx;
  sha1_init (&ctx);
  sha1_update (&ctx, data, len);
  sha1_final (&ctx, out);
}
