/* sha1.h -- SHA-1 (FIPS 180-4).  */

#ifndef BRISK_SHA1_H
#define BRISK_SHA1_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  SHA1_DIGEST_SIZE = 20,
  SHA1_BLOCK_SIZE = 64
};

/* Compress NBLOCKS whole 64-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void sha1_blocks_fn (uint32_t state[5], const uint8_t *p,
                          size_t nblocks);

/* One SHA-1 computation.  BLOCKS is the variant chosen by hash-impl
   when the context was initialised.  */
struct sha1_ctx
{
  uint32_t state[5];
  sha1_blocks_fn *blocks;
  struct md_engine engine;
};

void sha1_init (struct sha1_ctx *ctx);
void sha1_update (struct sha1_ctx *ctx, const void *data, size_t len);
void sha1_final (struct sha1_ctx *ctx, uint8_t *out);
void sha1_buffer (const void *data, size_t len, uint8_t *out);

/* The portable compression function.  */
void sha1_blocks_portable (uint32_t state[5], const uint8_t *p,
                          size_t nblocks);

#endif
