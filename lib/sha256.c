/* sha256.c -- SHA-256 and SHA-224 (FIPS 180-4): portable compression,
   and the init/update/final glue over md-engine and hash-impl.  */

#include "sha256.h"

#include <string.h>

#include "hash-impl.h"

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the
   cube roots of the first 64 primes.  Shared with the accelerated
   variants, which load it four or eight words at a time.  */
_Alignas (32) const uint32_t sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
  0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (md_ror32 (x, 2) ^ md_ror32 (x, 13) ^ md_ror32 (x, 22))
#define BSIG1(x) (md_ror32 (x, 6) ^ md_ror32 (x, 11) ^ md_ror32 (x, 25))
#define SSIG0(x) (md_ror32 (x, 7) ^ md_ror32 (x, 18) ^ ((x) >> 3))
#define SSIG1(x) (md_ror32 (x, 17) ^ md_ror32 (x, 19) ^ ((x) >> 10))

/* One round with schedule word WT and constant K.  Instead of moving
   eight variables, each round names them in rotated order.  */
#define ROUND(a, b, c, d, e, f, g, h, wt, k)                           \
  do                                                                    \
    {                                                                   \
      uint32_t t1_ = (h) + BSIG1 (e) + CH (e, f, g) + (k) + (wt);       \
      (d) += t1_;                                                       \
      (h) = t1_ + BSIG0 (a) + MAJ (a, b, c);                            \
    }                                                                   \
  while (0)

/* The schedule word of a round t with t % 16 == I.  W keeps the last
   16 words, W[t - 16] in W[I]; from t = 16 on, each round replaces it
   by W[t] as it goes.  */
#define LOAD(i) (w[i])
#define EXPAND(i)                                                       \
  (w[i] += (SSIG1 (w[((i) + 14) & 15]) + w[((i) + 9) & 15]              \
            + SSIG0 (w[((i) + 1) & 15])))

/* Sixteen rounds starting at round J, a multiple of 16, taking their
   schedule words from W (LOAD or EXPAND).  */
#define ROUNDS16(j, W)                                                  \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, W (0), sha256_k[(j) + 0]);         \
      ROUND (h, a, b, c, d, e, f, g, W (1), sha256_k[(j) + 1]);         \
      ROUND (g, h, a, b, c, d, e, f, W (2), sha256_k[(j) + 2]);         \
      ROUND (f, g, h, a, b, c, d, e, W (3), sha256_k[(j) + 3]);         \
      ROUND (e, f, g, h, a, b, c, d, W (4), sha256_k[(j) + 4]);         \
      ROUND (d, e, f, g, h, a, b, c, W (5), sha256_k[(j) + 5]);         \
      ROUND (c, d, e, f, g, h, a, b, W (6), sha256_k[(j) + 6]);         \
      ROUND (b, c, d, e, f, g, h, a, W (7), sha256_k[(j) + 7]);         \
      ROUND (a, b, c, d, e, f, g, h, W (8), sha256_k[(j) + 8]);         \
      ROUND (h, a, b, c, d, e, f, g, W (9), sha256_k[(j) + 9]);         \
      ROUND (g, h, a, b, c, d, e, f, W (10), sha256_k[(j) + 10]);       \
      ROUND (f, g, h, a, b, c, d, e, W (11), sha256_k[(j) + 11]);       \
      ROUND (e, f, g, h, a, b, c, d, W (12), sha256_k[(j) + 12]);       \
      ROUND (d, e, f, g, h, a, b, c, W (13), sha256_k[(j) + 13]);       \
      ROUND (c, d, e, f, g, h, a, b, W (14), sha256_k[(j) + 14]);       \
      ROUND (b, c, d, e, f, g, h, a, W (15), sha256_k[(j) + 15]);       \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (FIPS 180-4 6.2.2).  */
void
sha256_blocks_portable (uint32_t state[8], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += SHA256_BLOCK_SIZE)
    {
      uint32_t w[16];
      uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
      uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

      for (int i = 0; i < 16; i++)
        w[i] = md_load32_be (p + 4 * i);
      ROUNDS16 (0, LOAD);
      ROUNDS16 (16, EXPAND);
      ROUNDS16 (32, EXPAND);
      ROUNDS16 (48, EXPAND);

      state[0] += a;
      state[1] += b;
      state[2] += c;
      state[3] += d;
      state[4] += e;
      state[5] += f;
      state[6] += g;
      state[7] += h;
    }
}

/* FIPS 180-4 5.3.3 and 5.3.2: the initial hash values.  */
static const uint32_t sha256_iv[8] = {
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const uint32_t sha224_iv[8] = {
  0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
  0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* md-engine's FEED callback: ARG is the struct sha256_ctx.  */
static void
sha256_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct sha256_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message with initial value IV, compressing with
   the variant that hash-impl chose for the SHA-256 family.  */
static void
sha256_start (struct sha256_ctx *ctx, const uint32_t iv[8])
{
  memcpy (ctx->state, iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_SHA256)->blocks.sha256;
  md_engine_init (&ctx->engine, SHA256_BLOCK_SIZE);
}

/* Start CTX on a new SHA-256 message.  */
void
sha256_init (struct sha256_ctx *ctx)
{
  sha256_start (ctx, sha256_iv);
}

/* Start CTX on a new SHA-224 message.  */
void
sha224_init (struct sha256_ctx *ctx)
{
  sha256_start (ctx, sha224_iv);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX,
   which sha256_init or sha224_init started.  */
void
sha256_update (struct sha256_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, sha256_feed, ctx);
}

/* Pad the message in CTX and store the first NWORDS words of the
   state, big-endian, at OUT.  */
static void
sha256_finish (struct sha256_ctx *ctx, uint8_t *out, int nwords)
{
  md_engine_pad (&ctx->engine, 8, true, sha256_feed, ctx);
  for (int i = 0; i < nwords; i++)
    md_store32_be (out + 4 * i, ctx->state[i]);
}

/* Finish the SHA-256 message in CTX and store its 32-byte digest at
   OUT.  CTX must be initialised again before reuse.  */
void
sha256_final (struct sha256_ctx *ctx, uint8_t *out)
{
  sha256_finish (ctx, out, SHA256_DIGEST_SIZE / 4);
}

/* Finish the SHA-224 message in CTX and store its 28-byte digest at
   OUT.  CTX must be initialised again before reuse.  */
void
sha224_final (struct sha256_ctx *ctx, uint8_t *out)
{
  sha256_finish (ctx, out, SHA224_DIGEST_SIZE / 4);
}

/* Store at OUT the 32-byte SHA-256 digest of the LEN bytes at DATA.  */
void
sha256_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sha256_ctx ctx;
  sha256_init (&ctx);
  sha256_update (&ctx, data, len);
  sha256_final (&ctx, out);
}

/* Store at OUT the 28-byte SHA-224 digest of the LEN bytes at DATA.  */
void
sha224_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sha256_ctx ctx;
  sha224_init (&ctx);
  sha256_update (&ctx, data, len);
  sha224_final (&ctx, out);
}
