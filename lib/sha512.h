/* sha512.h -- SHA-512 and SHA-384 (FIPS 180-4).  */

#ifndef BRISK_SHA512_H
#define BRISK_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include "md-engine.h"

enum
{
  SHA512_DIGEST_SIZE = 64,
  SHA384_DIGEST_SIZE = 48,
  SHA512_BLOCK_SIZE = 128
};

/* Compress NBLOCKS whole 128-byte blocks at P (any alignment) into
   STATE.  Every variant in hash-impl has this type.  */
typedef void sha512_blocks_fn (uint64_t state[8], const uint8_t *p,
                               size_t nblocks);

/* One SHA-512 or SHA-384 computation.  BLOCKS is the variant chosen by
   hash-impl when the context was initialised.  */
struct sha512_ctx
{
  uint64_t state[8];
  sha512_blocks_fn *blocks;
  struct md_engine engine;
};

void sha512_init (struct sha512_ctx *ctx);
void sha384_init (struct sha512_ctx *ctx);
void sha512_update (struct sha512_ctx *ctx, const void *data, size_t len);
void sha512_final (struct sha512_ctx *ctx, uint8_t *out);
void sha384_final (struct sha512_ctx *ctx, uint8_t *out);
void sha512_buffer (const void *data, size_t len, uint8_t *out);
void sha384_buffer (const void *data, size_t len, uint8_t *out);

/* The 80 round constants K of FIPS 180-4 4.2.3, 32-byte aligned;
   shared with the accelerated variants.  */
extern const uint64_t sha512_k[80];

/* The portable compression function.  */
void sha512_blocks_portable (uint64_t state[8], const uint8_t *p,
                             size_t nblocks);

#endif
