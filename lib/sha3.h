/* sha3.h -- SHA3-224, SHA3-256, SHA3-384 and SHA3-512, and the
   extendable-output functions SHAKE128 and SHAKE256 (FIPS 202).  */

#ifndef BRISK_SHA3_H
#define BRISK_SHA3_H

#include <stddef.h>
#include <stdint.h>

enum
{
  SHA3_224_DIGEST_SIZE = 28,
  SHA3_256_DIGEST_SIZE = 32,
  SHA3_384_DIGEST_SIZE = 48,
  SHA3_512_DIGEST_SIZE = 64,
  SHA3_STATE_SIZE = 200,         /* bytes of Keccak-f[1600]'s state */
  /* The rate (bytes absorbed per permutation) of each digest size is
     SHA3_STATE_SIZE - 2 * digest size: 144, 136, 104, 72.  */
  SHA3_224_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * SHA3_224_DIGEST_SIZE,
  SHA3_256_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * SHA3_256_DIGEST_SIZE,
  SHA3_384_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * SHA3_384_DIGEST_SIZE,
  SHA3_512_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * SHA3_512_DIGEST_SIZE,
  /* SHAKE128 and SHAKE256 absorb at the rates of security levels 128
     and 256 bits: 168 and 136 bytes.  */
  SHAKE128_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * 16,
  SHAKE256_BLOCK_SIZE = SHA3_STATE_SIZE - 2 * 32,
  SHA3_MAX_BLOCK_SIZE = SHAKE128_BLOCK_SIZE
};

/* Absorb NBLOCKS whole blocks of RATE bytes at P (any alignment) into
   STATE: for each block, XOR it into the first RATE / 8 lanes and
   apply Keccak-f[1600].  RATE is one of the four SHA-3 rates above.
   Lane I of STATE holds bytes 8 I .. 8 I + 7 of the state as a
   little-endian number, whatever the host's byte order.  RATE may
   also be SHAKE128's, 168.  Every
   variant in hash-impl has this type.  */
typedef void sha3_blocks_fn (uint64_t state[25], const uint8_t *p,
                             size_t nblocks, size_t rate);

/* One SHA-3 computation.  BLOCKS is the variant chosen by hash-impl
   when the context was initialised.  The message bytes of a partial
   block are XORed straight into STATE, so there is no buffer.  */
struct sha3_ctx
{
  uint64_t state[25];
  sha3_blocks_fn *blocks;
  unsigned int rate;          /* bytes per block */
  unsigned int fill;          /* bytes of this block absorbed; < RATE */
  unsigned int digest_size;   /* 28, 32, 48 or 64; SHAKE's: any */
  uint8_t domain;             /* 0x06 for SHA-3, 0x1f for SHAKE */
};

void sha3_init (struct sha3_ctx *ctx, size_t digest_size);
void shake_init (struct sha3_ctx *ctx, unsigned int level,
                 size_t digest_size);
void sha3_update (struct sha3_ctx *ctx, const void *data, size_t len);
void sha3_final (struct sha3_ctx *ctx, uint8_t *out);
void sha3_buffer (size_t digest_size, const void *data, size_t len,
                  uint8_t *out);

/* The 24 round constants of FIPS 202 3.2.5, 64-byte aligned; shared
   with the accelerated variants.  */
extern const uint64_t sha3_rc[24];

/* The portable absorbing function.  */
void sha3_blocks_portable (uint64_t state[25], const uint8_t *p,
                           size_t nblocks, size_t rate);

/* The lane at P (any alignment), little-endian.  */
static inline uint64_t
sha3_load64_le (const uint8_t *p)
{
  return ((uint64_t) p[0] | (uint64_t) p[1] << 8 | (uint64_t) p[2] << 16
          | (uint64_t) p[3] << 24 | (uint64_t) p[4] << 32
          | (uint64_t) p[5] << 40 | (uint64_t) p[6] << 48
          | (uint64_t) p[7] << 56);
}

#endif
