/* sm3.h -- SM3 (GB/T 32905-2016), as cksum -a sm3 computes it.  */

#ifndef BRISK_SM3_H
#define BRISK_SM3_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  SM3_DIGEST_SIZE = 32,
  SM3_BLOCK_SIZE = 64
};

/* Compress NBLOCKS whole 64-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void sm3_blocks_fn (uint32_t state[8], const uint8_t *p,
                            size_t nblocks);

/* One SM3 computation.  BLOCKS is the variant chosen by hash-impl when
   the context was initialised.  */
struct sm3_ctx
{
  uint32_t state[8];
  sm3_blocks_fn *blocks;
  struct md_engine engine;
};

void sm3_init (struct sm3_ctx *ctx);
void sm3_update (struct sm3_ctx *ctx, const void *data, size_t len);
void sm3_final (struct sm3_ctx *ctx, uint8_t *out);
void sm3_buffer (const void *data, size_t len, uint8_t *out);

/* The round constants of GB/T 32905 5.2 already rotated: entry J is
   T_J rotated left by J mod 32 bits, as round J adds it.  */
extern const uint32_t sm3_k[64];

/* The portable compression function.  */
void sm3_blocks_portable (uint32_t state[8], const uint8_t *p,
                          size_t nblocks);

#endif
