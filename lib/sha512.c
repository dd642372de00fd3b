/* sha512.c -- SHA-512 and SHA-384 (FIPS 180-4): portable compression,
   and the init/update/final glue over md-engine and hash-impl.  */

#include "sha512.h"

#include <string.h>

#include "hash-impl.h"

/* FIPS 180-4 4.2.3: the first 64 bits of the fractional parts of the
   cube roots of the first 80 primes.  */
_Alignas (32) const uint64_t sha512_k[80] = {
  UINT64_C (0x428a2f98d728ae22), UINT64_C (0x7137449123ef65cd),
  UINT64_C (0xb5c0fbcfec4d3b2f), UINT64_C (0xe9b5dba58189dbbc),
  UINT64_C (0x3956c25bf348b538), UINT64_C (0x59f111f1b605d019),
  UINT64_C (0x923f82a4af194f9b), UINT64_C (0xab1c5ed5da6d8118),
  UINT64_C (0xd807aa98a3030242), UINT64_C (0x12835b0145706fbe),
  UINT64_C (0x243185be4ee4b28c), UINT64_C (0x550c7dc3d5ffb4e2),
  UINT64_C (0x72be5d74f27b896f), UINT64_C (0x80deb1fe3b1696b1),
  UINT64_C (0x9bdc06a725c71235), UINT64_C (0xc19bf174cf692694),
  UINT64_C (0xe49b69c19ef14ad2), UINT64_C (0xefbe4786384f25e3),
  UINT64_C (0x0fc19dc68b8cd5b5), UINT64_C (0x240ca1cc77ac9c65),
  UINT64_C (0x2de92c6f592b0275), UINT64_C (0x4a7484aa6ea6e483),
  UINT64_C (0x5cb0a9dcbd41fbd4), UINT64_C (0x76f988da831153b5),
  UINT64_C (0x983e5152ee66dfab), UINT64_C (0xa831c66d2db43210),
  UINT64_C (0xb00327c898fb213f), UINT64_C (0xbf597fc7beef0ee4),
  UINT64_C (0xc6e00bf33da88fc2), UINT64_C (0xd5a79147930aa725),
  UINT64_C (0x06ca6351e003826f), UINT64_C (0x142929670a0e6e70),
  UINT64_C (0x27b70a8546d22ffc), UINT64_C (0x2e1b21385c26c926),
  UINT64_C (0x4d2c6dfc5ac42aed), UINT64_C (0x53380d139d95b3df),
  UINT64_C (0x650a73548baf63de), UINT64_C (0x766a0abb3c77b2a8),
  UINT64_C (0x81c2c92e47edaee6), UINT64_C (0x92722c851482353b),
  UINT64_C (0xa2bfe8a14cf10364), UINT64_C (0xa81a664bbc423001),
  UINT64_C (0xc24b8b70d0f89791), UINT64_C (0xc76c51a30654be30),
  UINT64_C (0xd192e819d6ef5218), UINT64_C (0xd69906245565a910),
  UINT64_C (0xf40e35855771202a), UINT64_C (0x106aa07032bbd1b8),
  UINT64_C (0x19a4c116b8d2d0c8), UINT64_C (0x1e376c085141ab53),
  UINT64_C (0x2748774cdf8eeb99), UINT64_C (0x34b0bcb5e19b48a8),
  UINT64_C (0x391c0cb3c5c95a63), UINT64_C (0x4ed8aa4ae3418acb),
  UINT64_C (0x5b9cca4f7763e373), UINT64_C (0x682e6ff3d6b2b8a3),
  UINT64_C (0x748f82ee5defb2fc), UINT64_C (0x78a5636f43172f60),
  UINT64_C (0x84c87814a1f0ab72), UINT64_C (0x8cc702081a6439ec),
  UINT64_C (0x90befffa23631e28), UINT64_C (0xa4506cebde82bde9),
  UINT64_C (0xbef9a3f7b2c67915), UINT64_C (0xc67178f2e372532b),
  UINT64_C (0xca273eceea26619c), UINT64_C (0xd186b8c721c0c207),
  UINT64_C (0xeada7dd6cde0eb1e), UINT64_C (0xf57d4f7fee6ed178),
  UINT64_C (0x06f067aa72176fba), UINT64_C (0x0a637dc5a2c898a6),
  UINT64_C (0x113f9804bef90dae), UINT64_C (0x1b710b35131c471b),
  UINT64_C (0x28db77f523047d84), UINT64_C (0x32caab7b40c72493),
  UINT64_C (0x3c9ebe0a15c9bebc), UINT64_C (0x431d67c49c100d4c),
  UINT64_C (0x4cc5d4becb3e42b6), UINT64_C (0x597f299cfc657e2a),
  UINT64_C (0x5fcb6fab3ad6faec), UINT64_C (0x6c44198c4a475817),
};

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (md_ror64 (x, 28) ^ md_ror64 (x, 34) ^ md_ror64 (x, 39))
#define BSIG1(x) (md_ror64 (x, 14) ^ md_ror64 (x, 18) ^ md_ror64 (x, 41))
#define SSIG0(x) (md_ror64 (x, 1) ^ md_ror64 (x, 8) ^ ((x) >> 7))
#define SSIG1(x) (md_ror64 (x, 19) ^ md_ror64 (x, 61) ^ ((x) >> 6))

/* One round with schedule word WT and constant K.  Instead of moving
   eight variables, each round names them in rotated order.  */
#define ROUND(a, b, c, d, e, f, g, h, wt, k)                           \
  do                                                                    \
    {                                                                   \
      uint64_t t1_ = (h) + BSIG1 (e) + CH (e, f, g) + (k) + (wt);       \
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
      ROUND (a, b, c, d, e, f, g, h, W (0), sha512_k[(j) + 0]);         \
      ROUND (h, a, b, c, d, e, f, g, W (1), sha512_k[(j) + 1]);         \
      ROUND (g, h, a, b, c, d, e, f, W (2), sha512_k[(j) + 2]);         \
      ROUND (f, g, h, a, b, c, d, e, W (3), sha512_k[(j) + 3]);         \
      ROUND (e, f, g, h, a, b, c, d, W (4), sha512_k[(j) + 4]);         \
      ROUND (d, e, f, g, h, a, b, c, W (5), sha512_k[(j) + 5]);         \
      ROUND (c, d, e, f, g, h, a, b, W (6), sha512_k[(j) + 6]);         \
      ROUND (b, c, d, e, f, g, h, a, W (7), sha512_k[(j) + 7]);         \
      ROUND (a, b, c, d, e, f, g, h, W (8), sha512_k[(j) + 8]);         \
      ROUND (h, a, b, c, d, e, f, g, W (9), sha512_k[(j) + 9]);         \
      ROUND (g, h, a, b, c, d, e, f, W (10), sha512_k[(j) + 10]);       \
      ROUND (f, g, h, a, b, c, d, e, W (11), sha512_k[(j) + 11]);       \
      ROUND (e, f, g, h, a, b, c, d, W (12), sha512_k[(j) + 12]);       \
      ROUND (d, e, f, g, h, a, b, c, W (13), sha512_k[(j) + 13]);       \
      ROUND (c, d, e, f, g, h, a, b, W (14), sha512_k[(j) + 14]);       \
      ROUND (b, c, d, e, f, g, h, a, W (15), sha512_k[(j) + 15]);       \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 128-byte blocks at P, which may have any alignment,
   into STATE (FIPS 180-4 6.4.2).  */
void
sha512_blocks_portable (uint64_t state[8], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += SHA512_BLOCK_SIZE)
    {
      uint64_t w[16];
      uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
      uint64_t e = state[4], f = state[5], g = state[6], h = state[7];

      for (int i = 0; i < 16; i++)
        w[i] = md_load64_be (p + 8 * i);
      ROUNDS16 (0, LOAD);
      ROUNDS16 (16, EXPAND);
      ROUNDS16 (32, EXPAND);
      ROUNDS16 (48, EXPAND);
      ROUNDS16 (64, EXPAND);

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

/* FIPS 180-4 5.3.5 and 5.3.4: the initial hash values.  */
static const uint64_t sha512_iv[8] = {
  UINT64_C (0x6a09e667f3bcc908), UINT64_C (0xbb67ae8584caa73b),
  UINT64_C (0x3c6ef372fe94f82b), UINT64_C (0xa54ff53a5f1d36f1),
  UINT64_C (0x510e527fade682d1), UINT64_C (0x9b05688c2b3e6c1f),
  UINT64_C (0x1f83d9abfb41bd6b), UINT64_C (0x5be0cd19137e2179),
};
static const uint64_t sha384_iv[8] = {
  UINT64_C (0xcbbb9d5dc1059ed8), UINT64_C (0x629a292a367cd507),
  UINT64_C (0x9159015a3070dd17), UINT64_C (0x152fecd8f70e5939),
  UINT64_C (0x67332667ffc00b31), UINT64_C (0x8eb44a8768581511),
  UINT64_C (0xdb0c2e0d64f98fa7), UINT64_C (0x47b5481dbefa4fa4),
};

/* md-engine's FEED callback: ARG is the struct sha512_ctx.  */
static void
sha512_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct sha512_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message with initial value IV, compressing with
   the variant that hash-impl chose for the SHA-512 family.  */
static void
sha512_start (struct sha512_ctx *ctx, const uint64_t iv[8])
{
  memcpy (ctx->state, iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_SHA512)->blocks.sha512;
  md_engine_init (&ctx->engine, SHA512_BLOCK_SIZE);
}

/* Start CTX on a new SHA-512 message.  */
void
sha512_init (struct sha512_ctx *ctx)
{
  sha512_start (ctx, sha512_iv);
}

/* Start CTX on a new SHA-384 message.  */
void
sha384_init (struct sha512_ctx *ctx)
{
  sha512_start (ctx, sha384_iv);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX,
   which sha512_init or sha384_init started.  */
void
sha512_update (struct sha512_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, sha512_feed, ctx);
}

/* Pad the message in CTX, with its 128-bit length, and store the first
   NWORDS words of the state, big-endian, at OUT.  */
static void
sha512_finish (struct sha512_ctx *ctx, uint8_t *out, int nwords)
{
  md_engine_pad (&ctx->engine, 16, true, sha512_feed, ctx);
  for (int i = 0; i < nwords; i++)
    md_store64_be (out + 8 * i, ctx->state[i]);
}

/* Finish the SHA-512 message in CTX and store its 64-byte digest at
   OUT.  CTX must be initialised again before reuse.  */
void
sha512_final (struct sha512_ctx *ctx, uint8_t *out)
{
  sha512_finish (ctx, out, SHA512_DIGEST_SIZE / 8);
}

/* Finish the SHA-384 message in CTX and store its 48-byte digest at
   OUT.  CTX must be initialised again before reuse.  */
void
sha384_final (struct sha512_ctx *ctx, uint8_t *out)
{
  sha512_finish (ctx, out, SHA384_DIGEST_SIZE / 8);
}

/* Store at OUT the 64-byte SHA-512 digest of the LEN bytes at DATA.  */
void
sha512_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sha512_ctx ctx;
  sha512_init (&ctx);
  sha512_update (&ctx, data, len);
  sha512_final (&ctx, out);
}

/* Store at OUT the 48-byte SHA-384 digest of the LEN bytes at DATA.  */
void
sha384_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sha512_ctx ctx;
  sha384_init (&ctx);
  sha512_update (&ctx, data, len);
  sha384_final (&ctx, out);
}
