/* md2.h -- MD2 (RFC 1319).  */

#ifndef BRISK_MD2_H
#define BRISK_MD2_H

#include <stddef.h>
#include <stdint.h>

enum
{
  MD2_DIGEST_SIZE = 16,
  MD2_BLOCK_SIZE = 16
};

/* What MD2 carries from block to block: the first third of the
   48-byte buffer X of RFC 1319 3.4 (the other two thirds are rebuilt
   from each block), and the running checksum C of 3.2.  */
struct md2_state
{
  uint8_t x[16];
  uint8_t checksum[16];
};

/* Compress NBLOCKS whole 16-byte blocks at P (any alignment) into
   STATE, updating both X and the checksum.  Every variant in hash-impl
   has this type.  */
typedef void md2_blocks_fn (struct md2_state *state, const uint8_t *p,
                            size_t nblocks);

/* One MD2 computation.  MD2 pads differently from the Merkle-Damgard
   hashes, so it keeps its own 16-byte buffer instead of md-engine.  */
struct md2_ctx
{
  struct md2_state state;
  md2_blocks_fn *blocks;
  uint8_t buf[MD2_BLOCK_SIZE];
  unsigned int fill;   /* bytes in BUF; always < MD2_BLOCK_SIZE */
};

void md2_init (struct md2_ctx *ctx);
void md2_update (struct md2_ctx *ctx, const void *data, size_t len);
void md2_final (struct md2_ctx *ctx, uint8_t *out);
void md2_buffer (const void *data, size_t len, uint8_t *out);

/* The portable compression function.  */
void md2_blocks_portable (struct md2_state *state, const uint8_t *p,
                          size_t nblocks);

#endif
