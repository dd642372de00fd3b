/* md5.h -- MD5 (RFC 1321).  */

#ifndef BRISK_MD5_H
#define BRISK_MD5_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  MD5_DIGEST_SIZE = 16,
  MD5_BLOCK_SIZE = 64
};

/* Compress NBLOCKS whole 64-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void md5_blocks_fn (uint32_t state[4], const uint8_t *p,
                          size_t nblocks);

/* One MD5 computation.  BLOCKS is the variant chosen by hash-impl
   when the context was initialised.  */
struct md5_ctx
{
  uint32_t state[4];
  md5_blocks_fn *blocks;
  struct md_engine engine;
};

void md5_init (struct md5_ctx *ctx);
void md5_update (struct md5_ctx *ctx, const void *data, size_t len);
void md5_final (struct md5_ctx *ctx, uint8_t *out);
void md5_buffer (const void *data, size_t len, uint8_t *out);

/* The 64 additive constants T of RFC 1321 3.4; shared with the
   accelerated variants.  */
extern const uint32_t md5_t[64];

/* RFC 1321 3.4's 64 steps, four at a time: for each four,
   X (ROUND, I, K0, K1, K2, K3, S0, S1, S2, S3), where ROUND is F, G, H
   or I, I the number of the first step (which picks T[I] .. T[I + 3]),
   K0 .. K3 the message words and S0 .. S3 the rotations; the state
   words rotate their names from one step to the next.  For every
   variant's rounds.  */
#define MD5_STEPS(X)                                                    \
  X (F,  0,  0,  1,  2,  3, 7, 12, 17, 22);                             \
  X (F,  4,  4,  5,  6,  7, 7, 12, 17, 22);                             \
  X (F,  8,  8,  9, 10, 11, 7, 12, 17, 22);                             \
  X (F, 12, 12, 13, 14, 15, 7, 12, 17, 22);                             \
  X (G, 16,  1,  6, 11,  0, 5, 9, 14, 20);                              \
  X (G, 20,  5, 10, 15,  4, 5, 9, 14, 20);                              \
  X (G, 24,  9, 14,  3,  8, 5, 9, 14, 20);                              \
  X (G, 28, 13,  2,  7, 12, 5, 9, 14, 20);                              \
  X (H, 32,  5,  8, 11, 14, 4, 11, 16, 23);                             \
  X (H, 36,  1,  4,  7, 10, 4, 11, 16, 23);                             \
  X (H, 40, 13,  0,  3,  6, 4, 11, 16, 23);                             \
  X (H, 44,  9, 12, 15,  2, 4, 11, 16, 23);                             \
  X (I, 48,  0,  7, 14,  5, 6, 10, 15, 21);                             \
  X (I, 52, 12,  3, 10,  1, 6, 10, 15, 21);                             \
  X (I, 56,  8, 15,  6, 13, 6, 10, 15, 21);                             \
  X (I, 60,  4, 11,  2,  9, 6, 10, 15, 21)

/* The portable compression function.  */
void md5_blocks_portable (uint32_t state[4], const uint8_t *p,
                          size_t nblocks);

#endif
