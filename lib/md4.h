/* md4.h -- MD4 (RFC 1320).  */

#ifndef BRISK_MD4_H
#define BRISK_MD4_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  MD4_DIGEST_SIZE = 16,
  MD4_BLOCK_SIZE = 64
};

/* Compress NBLOCKS whole 64-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void md4_blocks_fn (uint32_t state[4], const uint8_t *p,
                          size_t nblocks);

/* One MD4 computation.  BLOCKS is the variant chosen by hash-impl
   when the context was initialised.  */
struct md4_ctx
{
  uint32_t state[4];
  md4_blocks_fn *blocks;
  struct md_engine engine;
};

void md4_init (struct md4_ctx *ctx);
void md4_update (struct md4_ctx *ctx, const void *data, size_t len);
void md4_final (struct md4_ctx *ctx, uint8_t *out);
void md4_buffer (const void *data, size_t len, uint8_t *out);

/* The portable compression function.  */
void md4_blocks_portable (uint32_t state[4], const uint8_t *p,
                          size_t nblocks);

#endif
