/* md-engine.h -- Merkle-Damgard buffering and padding, written once.

   MD4, MD5, SHA-1 and the SHA-2 family all cut the message into fixed
   blocks, pad the last one with 0x80, zeros and the message length in
   bits, and differ only in block size, in the width and byte order of
   that length, and in the compression function.  This engine does the
   cutting and the padding; the caller supplies the compression function
   as a FEED callback over whole blocks.

   The engine never prints, never allocates and never fails.  */

#ifndef BRISK_MD_ENGINE_H
#define BRISK_MD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest block the engine can buffer (SHA-384/512).  */
enum { MD_ENGINE_MAX_BLOCK = 128 };

/* Compress NBLOCKS whole blocks starting at P, which need not be
   aligned, into the hash state that ARG points to.  */
typedef void md_feed_fn (void *arg, const uint8_t *p, size_t nblocks);

/* The fields are public so that unit tests can set the byte counter
   near 2^32, 2^61 or 2^64 bytes without hashing that much data.  */
struct md_engine
{
  uint8_t buf[MD_ENGINE_MAX_BLOCK];  /* the partial block, FILL bytes */
  uint64_t count_lo;   /* bytes passed to update, low 64 bits ...  */
  uint64_t count_hi;   /* ... and high 64 bits: a 128-bit counter */
  unsigned int fill;   /* bytes in BUF; always < BLOCK_SIZE */
  unsigned int block_size;   /* 64 or 128 */
};

void md_engine_init (struct md_engine *e, unsigned int block_size);
void md_engine_update (struct md_engine *e, const void *data, size_t len,
                       md_feed_fn *feed, void *arg);
void md_engine_pad (struct md_engine *e, unsigned int length_bytes,
                    bool big_endian, md_feed_fn *feed, void *arg);

/* Byte-order helpers for the compression functions.  They go through
   single bytes, so P may have any alignment; GCC and Clang turn each
   into one load or store (plus a byte swap where needed).  */

static inline uint32_t
md_load32_be (const uint8_t *p)
{
  return ((uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
          | (uint32_t) p[2] << 8 | p[3]);
}

static inline uint32_t
md_load32_le (const uint8_t *p)
{
  return ((uint32_t) p[3] << 24 | (uint32_t) p[2] << 16
          | (uint32_t) p[1] << 8 | p[0]);
}

static inline uint64_t
md_load64_be (const uint8_t *p)
{
  return (uint64_t) md_load32_be (p) << 32 | md_load32_be (p + 4);
}

static inline void
md_store32_be (uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t) (v >> 24);
  p[1] = (uint8_t) (v >> 16);
  p[2] = (uint8_t) (v >> 8);
  p[3] = (uint8_t) v;
}

static inline void
md_store32_le (uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

static inline void
md_store64_be (uint8_t *p, uint64_t v)
{
  md_store32_be (p, (uint32_t) (v >> 32));
  md_store32_be (p + 4, (uint32_t) v);
}

/* Rotations by a constant N, 0 < N < width; compilers emit one
   rotate instruction.  */

static inline uint32_t
md_rol32 (uint32_t x, unsigned int n)
{
  return x << n | x >> (32 - n);
}

static inline uint32_t
md_ror32 (uint32_t x, unsigned int n)
{
  return x >> n | x << (32 - n);
}

static inline uint64_t
md_ror64 (uint64_t x, unsigned int n)
{
  return x >> n | x << (64 - n);
}

#endif
