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

/* The portable compression function.  */
void md5_blocks_portable (uint32_t state[4], const uint8_t *p,
                          size_t nblocks);

#endif
