/* sm3.c -- SM3 (GB/T 32905-2016): portable compression, and the
   init/update/final glue over md-engine and hash-impl.  */

#include "sm3.h"

#include <string.h>

#include "hash-impl.h"

/* GB/T 32905 5.2: T_j is 79cc4519 for rounds 0..15 and 7a879d8a for
   rounds 16..63; round j adds T_j rotated left by j mod 32 bits, so
   the table holds it rotated.  */
_Alignas (32) const uint32_t sm3_k[64] = {
  0x79cc4519, 0xf3988a32, 0xe7311465, 0xce6228cb,
  0x9cc45197, 0x3988a32f, 0x7311465e, 0xe6228cbc,
  0xcc451979, 0x988a32f3, 0x311465e7, 0x6228cbce,
  0xc451979c, 0x88a32f39, 0x11465e73, 0x228cbce6,
  0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c,
  0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
  0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec,
  0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5,
  0x7a879d8a, 0xf50f3b14, 0xea1e7629, 0xd43cec53,
  0xa879d8a7, 0x50f3b14f, 0xa1e7629e, 0x43cec53d,
  0x879d8a7a, 0x0f3b14f5, 0x1e7629ea, 0x3cec53d4,
  0x79d8a7a8, 0xf3b14f50, 0xe7629ea1, 0xcec53d43,
  0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c,
  0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
  0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec,
  0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5,
};

/* GB/T 32905 4.3 and 4.4: the Boolean functions of rounds 0..15 (FF0,
   GG0) and 16..63 (FF1, the majority; GG1, the choice), and the
   permutations.  */
#define FF0(x, y, z) ((x) ^ (y) ^ (z))
#define GG0(x, y, z) ((x) ^ (y) ^ (z))
#define FF1(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define GG1(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define P0(x) ((x) ^ md_rol32 (x, 9) ^ md_rol32 (x, 17))
#define P1(x) ((x) ^ md_rol32 (x, 15) ^ md_rol32 (x, 23))

/* The expanded word W[T], T >= 16, of 5.3.2, stored over W[T - 16]:
   W keeps the last sixteen words, W[t] in w[t % 16].  LOAD (T) is the
   word that the block itself gives, for T < 16.  */
#define LOAD(t) (w[(t) & 15])
#define EXPAND(t)                                                       \
  (w[(t) & 15] = (P1 (w[(t) & 15] ^ w[((t) - 9) & 15]                   \
                      ^ md_rol32 (w[((t) - 3) & 15], 15))               \
                  ^ md_rol32 (w[((t) - 13) & 15], 7)                    \
                  ^ w[((t) - 6) & 15]))

/* Round J of 5.3.3 with the Boolean functions FF and GG; W4 yields
   W[J + 4] (LOAD or EXPAND), whose XOR with W[J] is W'[J].  Instead of
   moving the eight words, the round leaves the new A in D and the new
   E in H, and the next round names them in rotated order.  */
#define ROUND(a, b, c, d, e, f, g, h, j, FF, GG, W4)                    \
  do                                                                    \
    {                                                                   \
      uint32_t a12_ = md_rol32 (a, 12);                                 \
      uint32_t ss1_ = md_rol32 (a12_ + (e) + sm3_k[j], 7);              \
      uint32_t wj_ = w[(j) & 15];                                       \
      uint32_t wj4_ = W4 ((j) + 4);                                     \
      (d) += FF (a, b, c) + (ss1_ ^ a12_) + (wj_ ^ wj4_);               \
      (h) += GG (e, f, g) + ss1_ + wj_;                                 \
      (h) = P0 (h);                                                     \
      (b) = md_rol32 (b, 9);                                            \
      (f) = md_rol32 (f, 19);                                           \
    }                                                                   \
  while (0)

/* Four rounds from J, after which the names are back in place.  */
#define ROUNDS4(j, FF, GG, W4)                                          \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, (j) + 0, FF, GG, W4);              \
      ROUND (d, a, b, c, h, e, f, g, (j) + 1, FF, GG, W4);              \
      ROUND (c, d, a, b, g, h, e, f, (j) + 2, FF, GG, W4);              \
      ROUND (b, c, d, a, f, g, h, e, (j) + 3, FF, GG, W4);              \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (GB/T 32905 5.3).  The message expansion runs four words
   ahead of the rounds, so that only sixteen words are ever kept.  */
void
sm3_blocks_portable (uint32_t state[8], const uint8_t *p, size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += SM3_BLOCK_SIZE)
    {
      uint32_t w[16];
      uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
      uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

      for (int i = 0; i < 16; i++)
        w[i] = md_load32_be (p + 4 * i);
      ROUNDS4 (0, FF0, GG0, LOAD);
      ROUNDS4 (4, FF0, GG0, LOAD);
      ROUNDS4 (8, FF0, GG0, LOAD);
      ROUNDS4 (12, FF0, GG0, EXPAND);
      ROUNDS4 (16, FF1, GG1, EXPAND);
      ROUNDS4 (20, FF1, GG1, EXPAND);
      ROUNDS4 (24, FF1, GG1, EXPAND);
      ROUNDS4 (28, FF1, GG1, EXPAND);
      ROUNDS4 (32, FF1, GG1, EXPAND);
      ROUNDS4 (36, FF1, GG1, EXPAND);
      ROUNDS4 (40, FF1, GG1, EXPAND);
      ROUNDS4 (44, FF1, GG1, EXPAND);
      ROUNDS4 (48, FF1, GG1, EXPAND);
      ROUNDS4 (52, FF1, GG1, EXPAND);
      ROUNDS4 (56, FF1, GG1, EXPAND);
      ROUNDS4 (60, FF1, GG1, EXPAND);

      state[0] ^= a;
      state[1] ^= b;
      state[2] ^= c;
      state[3] ^= d;
      state[4] ^= e;
      state[5] ^= f;
      state[6] ^= g;
      state[7] ^= h;
    }
}

/* GB/T 32905 4.1: the initial value.  */
static const uint32_t sm3_iv[8] = {
  0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
  0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
};

/* md-engine's FEED callback: ARG is the struct sm3_ctx.  */
static void
sm3_feed (void *arg, const uint8_t *p, size_t nblocks)
{
  struct sm3_ctx *ctx = arg;
  ctx->blocks (ctx->state, p, nblocks);
}

/* Start CTX on a new message, compressing with the variant that
   hash-impl chose for the SM3 family.  */
void
sm3_init (struct sm3_ctx *ctx)
{
  memcpy (ctx->state, sm3_iv, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_SM3)->blocks.sm3;
  md_engine_init (&ctx->engine, SM3_BLOCK_SIZE);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX,
   which sm3_init started.  */
void
sm3_update (struct sm3_ctx *ctx, const void *data, size_t len)
{
  md_engine_update (&ctx->engine, data, len, sm3_feed, ctx);
}

/* Finish the message in CTX (5.2: the padding of SHA-256, a 64-bit
   big-endian bit count) and store its 32-byte digest at OUT.  CTX must
   be initialised again before reuse.  */
void
sm3_final (struct sm3_ctx *ctx, uint8_t *out)
{
  md_engine_pad (&ctx->engine, 8, true, sm3_feed, ctx);
  for (int i = 0; i < 8; i++)
    md_store32_be (out + 4 * i, ctx->state[i]);
}

/* Store at OUT the 32-byte SM3 digest of the LEN bytes at DATA.  */
void
sm3_buffer (const void *data, size_t len, uint8_t *out)
{
  struct sm3_ctx ctx;
  sm3_init (&ctx);
  sm3_update (&ctx, data, len);
  sm3_final (&ctx, out);
}
