/* sha3.c -- SHA-3 and SHAKE (FIPS 202): the portable Keccak-f[1600]
   absorbing function, and the init/update/final glue over hash-impl.  */

#include "sha3.h"

#include <string.h>

#include "hash-impl.h"
#include "sha3-round.h"

/* FIPS 202 3.2.5: the round constants RC[i] of iota, i = 0..23.  */
_Alignas (64) const uint64_t sha3_rc[24] = {
  UINT64_C (0x0000000000000001), UINT64_C (0x0000000000008082),
  UINT64_C (0x800000000000808a), UINT64_C (0x8000000080008000),
  UINT64_C (0x000000000000808b), UINT64_C (0x0000000080000001),
  UINT64_C (0x8000000080008081), UINT64_C (0x8000000000008009),
  UINT64_C (0x000000000000008a), UINT64_C (0x0000000000000088),
  UINT64_C (0x0000000080008009), UINT64_C (0x000000008000000a),
  UINT64_C (0x000000008000808b), UINT64_C (0x800000000000008b),
  UINT64_C (0x8000000000008089), UINT64_C (0x8000000000008003),
  UINT64_C (0x8000000000008002), UINT64_C (0x8000000000000080),
  UINT64_C (0x000000000000800a), UINT64_C (0x800000008000000a),
  UINT64_C (0x8000000080008081), UINT64_C (0x8000000000008080),
  UINT64_C (0x0000000080000001), UINT64_C (0x8000000080008008),
};

/* Absorb NBLOCKS blocks of RATE bytes at P, which may have any
   alignment, into STATE (FIPS 202 4, the sponge's absorbing phase).
   See sha3-round.h for the rounds.  */
void
sha3_blocks_portable (uint64_t state[25], const uint8_t *p, size_t nblocks,
                      size_t rate)
{
  SHA3_BLOCKS_BODY;
}

/* A block of zeros: absorbing it applies the permutation alone, which
   is how the glue permutes a state it has XORed bytes into itself.  */
static const uint8_t sha3_zero_block[SHA3_MAX_BLOCK_SIZE];

/* Start CTX on a new message for a digest of DIGEST_SIZE bytes (28,
   32, 48 or 64), absorbing with the variant that hash-impl chose for
   the SHA-3 family.  */
void
sha3_init (struct sha3_ctx *ctx, size_t digest_size)
{
  memset (ctx->state, 0, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_SHA3)->blocks.sha3;
  ctx->digest_size = digest_size;
  ctx->rate = SHA3_STATE_SIZE - 2 * digest_size;
  ctx->fill = 0;
  ctx->domain = 0x06;
}

/* Start CTX on a new message for SHAKE128 or SHAKE256 (LEVEL 128 or
   256) with an output of DIGEST_SIZE bytes, any number.  */
void
shake_init (struct sha3_ctx *ctx, unsigned int level, size_t digest_size)
{
  sha3_init (ctx, level / 8);
  ctx->digest_size = digest_size;
  ctx->domain = 0x1f;
}

/* XOR the LEN bytes at P into the state of CTX from byte FILL on, and
   advance FILL; the bytes must not reach past the block.  */
static void
sha3_xor_bytes (struct sha3_ctx *ctx, const uint8_t *p, size_t len)
{
  for (size_t i = 0; i < len; i++, ctx->fill++)
    ctx->state[ctx->fill / 8] ^= (uint64_t) p[i] << (8 * (ctx->fill % 8));
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX,
   which sha3_init started.  A block that an earlier call began is
   completed in the state; whole blocks go to the variant straight
   from DATA; what is left is XORed into the state.  */
void
sha3_update (struct sha3_ctx *ctx, const void *data, size_t len)
{
  const uint8_t *p = data;
  size_t rate = ctx->rate;

  if (len == 0)
    return;
  if (ctx->fill != 0)
    {
      size_t n = rate - ctx->fill < len ? rate - ctx->fill : len;
      sha3_xor_bytes (ctx, p, n);
      p += n;
      len -= n;
      if (ctx->fill < rate)
        return;
      ctx->blocks (ctx->state, sha3_zero_block, 1, rate);
      ctx->fill = 0;
    }
  if (len >= rate)
    {
      size_t nblocks = len / rate;
      ctx->blocks (ctx->state, p, nblocks, rate);
      p += nblocks * rate;
      len -= nblocks * rate;
    }
  sha3_xor_bytes (ctx, p, len);
}

/* Pad the message in CTX (FIPS 202 B.2: the domain bits, 01 for
   SHA-3 and 1111 for SHAKE, then pad10*1: the bytes 0x06 or 0x1f, any
   zeros, and 0x80, the first and last merged in one byte when the
   block has room for one byte only), apply the last permutation, and
   store the digest at OUT: digest_size bytes squeezed from the state,
   a rate's worth per permutation (one permutation for every SHA-3
   digest, as all are shorter than the rate).  CTX must be initialised
   again before reuse.  */
void
sha3_final (struct sha3_ctx *ctx, uint8_t *out)
{
  size_t last = ctx->rate - 1;
  uint64_t domain = ctx->domain;

  ctx->state[ctx->fill / 8] ^= domain << (8 * (ctx->fill % 8));
  ctx->state[last / 8] ^= UINT64_C (0x80) << (8 * (last % 8));
  ctx->blocks (ctx->state, sha3_zero_block, 1, ctx->rate);
  for (size_t i = 0, j = 0; i < ctx->digest_size; i++, j++)
    {
      if (j == ctx->rate)
        {
          ctx->blocks (ctx->state, sha3_zero_block, 1, ctx->rate);
          j = 0;
        }
      out[i] = (uint8_t) (ctx->state[j / 8] >> (8 * (j % 8)));
    }
}

/* Store at OUT the DIGEST_SIZE-byte SHA-3 digest (28, 32, 48 or 64)
   of the LEN bytes at DATA.  */
void
sha3_buffer (size_t digest_size, const void *data, size_t len,
             uint8_t *out)
{
  struct sha3_ctx ctx;
  sha3_init (&ctx, digest_size);
  sha3_update (&ctx, data, len);
  sha3_final (&ctx, out);
}
