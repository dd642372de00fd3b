/* blake2b.h -- BLAKE2b (RFC 7693), unkeyed, with a digest of 1 to 64
   bytes, as GNU's b2sum uses it.  */

#ifndef BRISK_BLAKE2B_H
#define BRISK_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

enum
{
  BLAKE2B_DIGEST_SIZE = 64,    /* the longest digest, and b2sum's default */
  BLAKE2B_BLOCK_SIZE = 128
};

/* The LAST argument of a blake2b_blocks_fn when none of the blocks is
   the message's final block.  */
#define BLAKE2B_NOT_LAST SIZE_MAX

/* Compress NBLOCKS whole 128-byte blocks at P (any alignment) into the
   chain value H, with the 128-bit byte counter T (T[0] its low word,
   T[1] its high word).

   Before each block is compressed, T advances by the number of message
   bytes that the block holds, and the new T goes into the compression
   (RFC 7693 3.2): 128 for every block, except for the message's final
   block.  If LAST is BLAKE2B_NOT_LAST, no block is final.  Otherwise
   NBLOCKS >= 1 and the NBLOCKS-th block is the final one: it holds
   LAST message bytes (0 <= LAST <= 128; 0 only for the empty message)
   followed by zeros, T advances by LAST, and the final-block flag is
   set.  The caller must therefore hold back the last block of the
   message until it knows that no byte follows.

   Every variant in hash-impl has this type.  */
typedef void blake2b_blocks_fn (uint64_t h[8], uint64_t t[2],
                                const uint8_t *p, size_t nblocks,
                                size_t last);

/* Advance the 128-bit byte counter T by N bytes.  */
static inline void
blake2b_count (uint64_t t[2], uint64_t n)
{
  t[0] += n;
  t[1] += t[0] < n;
}

/* One BLAKE2b computation.  BLOCKS is the variant chosen by hash-impl
   when the context was initialised.  */
struct blake2b_ctx
{
  uint64_t h[8];
  uint64_t t[2];
  uint8_t buf[BLAKE2B_BLOCK_SIZE];   /* the held-back bytes, FILL of them */
  size_t fill;                       /* 0 .. 128, 128 included */
  size_t digest_size;                /* 1 .. 64 */
  blake2b_blocks_fn *blocks;
};

void blake2b_init (struct blake2b_ctx *ctx, size_t digest_size);
void blake2b_update (struct blake2b_ctx *ctx, const void *data, size_t len);
void blake2b_final (struct blake2b_ctx *ctx, uint8_t *out);
void blake2b_buffer (const void *data, size_t len, size_t digest_size,
                     uint8_t *out);

/* RFC 7693 2.6: the initial value, SHA-512's.  */
extern const uint64_t blake2b_iv[8];

/* RFC 7693 2.7: the message word permutations SIGMA of the 12 rounds
   (rounds 10 and 11 repeat 0 and 1).  Static, and in the header, so
   that each core's compiler sees the values and turns its indexing by
   constant rounds into constants.  */
static const uint8_t blake2b_sigma[12][16] = {
  { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
  { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
  { 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
  { 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
  { 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
  { 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
  { 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
  { 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
  { 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
  { 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
  { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
  { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
};

/* R (0); ... R (11);: the 12 rounds of a compression, unrolled, each
   with its round number a constant.  */
#define BLAKE2B_ROUNDS(R)                                               \
  R (0); R (1); R (2); R (3); R (4); R (5); R (6); R (7); R (8); R (9); \
  R (10); R (11)

/* The portable compression function.  */
void blake2b_blocks_portable (uint64_t h[8], uint64_t t[2],
                              const uint8_t *p, size_t nblocks,
                              size_t last);

#endif
