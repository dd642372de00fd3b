/* blake2b.c -- BLAKE2b (RFC 7693): portable compression, and the
   init/update/final glue over hash-impl.

   BLAKE2b is not a Merkle-Damgard hash: there is no padding with the
   message length, but the compression of the final block is flagged,
   and the counter of bytes hashed so far goes into every compression.
   A block can thus only be compressed once it is known whether more
   bytes follow it, so update always holds back the last 1 to 128
   bytes it was given (a whole block included), and final compresses
   them, padded with zeros, as the final block.  The empty message is
   one final block of zeros with a count of 0.  */

#include "blake2b.h"

#include <stdbool.h>
#include <string.h>

#include "blake-round.h"
#include "hash-impl.h"
#include "md-engine.h"

/* RFC 7693 2.6: the same as SHA-512's (FIPS 180-4 5.3.5).  */
_Alignas (32) const uint64_t blake2b_iv[8] = {
  UINT64_C (0x6a09e667f3bcc908), UINT64_C (0xbb67ae8584caa73b),
  UINT64_C (0x3c6ef372fe94f82b), UINT64_C (0xa54ff53a5f1d36f1),
  UINT64_C (0x510e527fade682d1), UINT64_C (0x9b05688c2b3e6c1f),
  UINT64_C (0x1f83d9abfb41bd6b), UINT64_C (0x5be0cd19137e2179),
};

/* The 64-bit little-endian word at P, any alignment.  */
static inline uint64_t
load64_le (const uint8_t *p)
{
  return (uint64_t) md_load32_le (p + 4) << 32 | md_load32_le (p);
}

/* RFC 7693 3.1: the mixing function G on the words A, B, C and D of
   the work vector, with the message words X and Y.  */
#define G(a, b, c, d, x, y)                                             \
  do                                                                    \
    {                                                                   \
      a = a + (x) + b;                                                     \
      d = md_ror64 (d ^ a, 32);                                         \
      c += d;                                                           \
      b = md_ror64 (b ^ c, 24);                                         \
      a = a + (y) + b;                                                     \
      d = md_ror64 (d ^ a, 16);                                         \
      c += d;                                                           \
      b = md_ror64 (b ^ c, 63);                                         \
    }                                                                   \
  while (0)

/* Round R of RFC 7693 3.2: G on the columns, then on the diagonals,
   of the work vector v0 .. v15, with the message words M permuted by
   SIGMA[R].  R is a constant, so the indices are too.  */
#define ROUND(r) BLAKE_ROUND (G, m, blake2b_sigma[r])

/* Compress the 128-byte block at P into H (RFC 7693 3.2, function F),
   with the byte counter T, already advanced past the block, and the
   final-block flag F0 (0, or all ones for the final block).  */
static void
blake2b_compress (uint64_t h[8], const uint64_t t[2], const uint8_t *p,
                  uint64_t f0)
{
  uint64_t m[16];
  for (int i = 0; i < 16; i++)
    m[i] = load64_le (p + 8 * i);

  uint64_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
  uint64_t v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
  uint64_t v8 = blake2b_iv[0], v9 = blake2b_iv[1];
  uint64_t v10 = blake2b_iv[2], v11 = blake2b_iv[3];
  uint64_t v12 = blake2b_iv[4] ^ t[0], v13 = blake2b_iv[5] ^ t[1];
  uint64_t v14 = blake2b_iv[6] ^ f0, v15 = blake2b_iv[7];

  BLAKE2B_ROUNDS (ROUND);

  h[0] ^= v0 ^ v8;
  h[1] ^= v1 ^ v9;
  h[2] ^= v2 ^ v10;
  h[3] ^= v3 ^ v11;
  h[4] ^= v4 ^ v12;
  h[5] ^= v5 ^ v13;
  h[6] ^= v6 ^ v14;
  h[7] ^= v7 ^ v15;
}

/* Compress NBLOCKS 128-byte blocks at P into H with the counter T; the
   last of them is the final block, holding LAST message bytes, unless
   LAST is BLAKE2B_NOT_LAST.  See blake2b_blocks_fn in blake2b.h.  */
void
blake2b_blocks_portable (uint64_t h[8], uint64_t t[2], const uint8_t *p,
                         size_t nblocks, size_t last)
{
  for (; nblocks != 0; nblocks--, p += BLAKE2B_BLOCK_SIZE)
    {
      bool final = nblocks == 1 && last != BLAKE2B_NOT_LAST;
      blake2b_count (t, final ? last : BLAKE2B_BLOCK_SIZE);
      blake2b_compress (h, t, p, final ? UINT64_MAX : 0);
    }
}

/* Start CTX on a new unkeyed message whose digest is DIGEST_SIZE bytes
   long, 1 .. 64, compressing with the variant that hash-impl chose for
   the BLAKE2b family.  The digest length is part of the parameter
   block (RFC 7693 2.5), so each length gives another hash.  */
void
blake2b_init (struct blake2b_ctx *ctx, size_t digest_size)
{
  memcpy (ctx->h, blake2b_iv, sizeof ctx->h);
  /* Parameter block word 0: digest length, key length 0, fanout 1,
     depth 1.  */
  ctx->h[0] ^= UINT64_C (0x01010000) ^ digest_size;
  ctx->t[0] = ctx->t[1] = 0;
  ctx->fill = 0;
  ctx->digest_size = digest_size;
  ctx->blocks = hash_impl_current (HASH_BLAKE2B)->blocks.blake2b;
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX,
   which blake2b_init started.  The last 1 to 128 bytes seen so far
   always stay in CTX->buf, since they may be the final block.  */
void
blake2b_update (struct blake2b_ctx *ctx, const void *data, size_t len)
{
  const uint8_t *p = data;

  if (len <= BLAKE2B_BLOCK_SIZE - ctx->fill)
    {
      if (len)
        memcpy (ctx->buf + ctx->fill, p, len);
      ctx->fill += len;
      return;
    }
  /* More bytes follow the buffer's: complete it and compress it.  */
  size_t take = BLAKE2B_BLOCK_SIZE - ctx->fill;
  memcpy (ctx->buf + ctx->fill, p, take);
  p += take;
  len -= take;
  ctx->blocks (ctx->h, ctx->t, ctx->buf, 1, BLAKE2B_NOT_LAST);

  /* LEN > 0 here; compress all but the last 1 to 128 bytes in place.  */
  size_t nblocks = (len - 1) / BLAKE2B_BLOCK_SIZE;
  if (nblocks)
    {
      ctx->blocks (ctx->h, ctx->t, p, nblocks, BLAKE2B_NOT_LAST);
      p += nblocks * BLAKE2B_BLOCK_SIZE;
      len -= nblocks * BLAKE2B_BLOCK_SIZE;
    }
  memcpy (ctx->buf, p, len);
  ctx->fill = len;
}

/* Finish the message in CTX: compress the held-back bytes as the final
   block, and store the first CTX->digest_size bytes of the chain
   value, little-endian, at OUT.  CTX must be initialised again before
   reuse.  */
void
blake2b_final (struct blake2b_ctx *ctx, uint8_t *out)
{
  memset (ctx->buf + ctx->fill, 0, BLAKE2B_BLOCK_SIZE - ctx->fill);
  ctx->blocks (ctx->h, ctx->t, ctx->buf, 1, ctx->fill);
  for (size_t i = 0; i < ctx->digest_size; i++)
    out[i] = (uint8_t) (ctx->h[i / 8] >> (8 * (i % 8)));
}

/* Store at OUT the DIGEST_SIZE-byte BLAKE2b digest (1 .. 64) of the
   LEN bytes at DATA.  */
void
blake2b_buffer (const void *data, size_t len, size_t digest_size,
                uint8_t *out)
{
  struct blake2b_ctx ctx;
  blake2b_init (&ctx, digest_size);
  blake2b_update (&ctx, data, len);
  blake2b_final (&ctx, out);
}
