/* sha256.h -- SHA-256 and SHA-224 (FIPS 180-4).  */

#ifndef BRISK_SHA256_H
#define BRISK_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  SHA256_DIGEST_SIZE = 32,
  SHA224_DIGEST_SIZE = 28,
  SHA256_BLOCK_SIZE = 64
};

/* Compress NBLOCKS whole 64-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void sha256_blocks_fn (uint32_t state[8], const uint8_t *p,
                               size_t nblocks);

/* One SHA-256 or SHA-224 computation.  BLOCKS is the variant chosen by
   hash-impl when the context was initialised.  */
struct sha256_ctx
{
  uint32_t state[8];
  sha256_blocks_fn *blocks;
  struct md_engine engine;
};

void sha256_init (struct sha256_ctx *ctx);
void sha224_init (struct sha256_ctx *ctx);
void sha256_update (struct sha256_ctx *ctx, const void *data, size_t len);
void sha256_final (struct sha256_ctx *ctx, uint8_t *out);
void sha224_final (struct sha256_ctx *ctx, uint8_t *out);
void sha256_buffer (const void *data, size_t len, uint8_t *out);
void sha224_buffer (const void *data, size_t len, uint8_t *out);

/* The 64 round constants K of FIPS 180-4 4.2.2, 32-byte aligned.  */
extern const uint32_t sha256_k[64];

/* The portable compression function.  */
void sha256_blocks_portable (uint32_t state[8], const uint8_t *p,
                             size_t nblocks);

#endif
