/* md5.c -- MD5 (RFC 1321): portable compression, and the
   init/update/final glue over md-engine and hash-impl.  */

#include "md5.h"

#include <string.h>

#include "hash-impl.h"

/* RFC 1321 3.4: T[i] = floor (2^32 * abs (sin (i + 1))).  */
const uint32_t md5_t[64] = {
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
  0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
  0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
  0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
  0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
  0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
  0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
  0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* One step of each round: A = B + ((A + f (B, C, D) + X + T) <<< S).
   The terms that do not depend on B, the newest word, are added first
   so that they overlap with the computation of B.  G's two terms have
   no bit in common, so they can be added instead of or-ed.  */
#define STEP_F(a, b, c, d, x, s, t)                                     \
  ((a) += (t) + (x) + ((d) ^ ((b) & ((c) ^ (d)))),                      \
   (a) = md_rol32 (a, s) + (b))
#define STEP_G(a, b, c, d, x, s, t)                                     \
  ((a) += (t) + (x) + ((c) & ~(d)), (a) += (b) & (d),                   \
   (a) = md_rol32 (a, s) + (b))
#define STEP_H(a, b, c, d, x, s, t)                                     \
  ((a) += (t) + (x) + ((b) ^ (c) ^ (d)), (a) = md_rol32 (a, s) + (b))
#define STEP_I(a, b, c, d, x, s, t)                                     \
  ((a) += (t) + (x) + ((c) ^ ((b) | ~(d))), (a) = md_rol32 (a, s) + (b))

/* Steps I to I + 3 of round F, on message words K0..K3 with shifts
   S0..S3; the four state words are named in rotated order.  */
#define STEP4(f, i, k0, k1, k2, k3, s0, s1, s2, s3)                     \
  (STEP_##f (a, b, c, d, x[k0], s0, md5_t[(i) + 0]),                    \
   STEP_##f (d, a, b, c, x[k1], s1, md5_t[(i) + 1]),                    \
   STEP_##f (c, d, a, b, x[k2], s2, md5_t[(i) + 2]),                    \
   STEP_##f (b, c, d, a, x[k3], s3, md5_t[(i) + 3]))

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (RFC 1321 3.4).  */
void
md5_blocks_portable (uint32_t state[4], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += MD5_BLOCK_SIZE)
    {
      uint32_t x[16];
      uint32_t a = state[0], b = state[1], c = state[2], d = state[3];

      for (int i = 0; i < 16; i++)
        x[i] = md_load32_le (p + 4 * i);

      MD5_STEPS (STEP4);

      state[0] += a;
      state[1] += b;
      state[2] += c;
      state[3] += d;
    }
}

/* RFC 1321 3.3: the initial state.  */
static const uint32_t md5_iv[4] = {
  0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476
};

/* md-engine's FEED callback: ARG is the struct md5_ctx.  */
static void
md5_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct md5_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message, compressing with the variant that
   hash-impl chose for MD5.  */
void
md5_init (struct md5_ctx *ctx)
{
  memcpy (ctx->state, md5_iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_MD5)->blocks.md5;
  md_engine_init (&ctx->engine, MD5_BLOCK_SIZE);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.  */
void
md5_update (struct md5_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, md5_feed, ctx);
}

/* Finish the message in CTX and store its 16-byte digest at OUT.  CTX
   must be initialised again before reuse.  */
void
md5_final (struct md5_ctx *ctx, uint8_t *out)
{
  md_engine_pad (&ctx->engine, 8, false, md5_feed, ctx);
  for (int i = 0; i < 4; i++)
    md_store32_le (out + 4 * i, ctx->state[i]);
}

/* Store at OUT the 16-byte MD5 digest of the LEN bytes at DATA.  */
void
md5_buffer (const void *data, size_t len, uint8_t *out)
{
  struct md5_ctx ctx;
  md5_init (&ctx);
  md5_update (&ctx, data, len);
  md5_final (&ctx, out);
}
