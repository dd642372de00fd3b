/* crc32.c -- the POSIX cksum CRC and crc32b: portable slice-by-16
   cores, and the init/update/final glue over hash-impl.  */

#include <config.h>

#include "crc32.h"

#include <pthread.h>
#include <stdbool.h>

#include "hash-impl.h"

/* The divisor without its x^32 term, most significant bit first, and
   the same bit-reversed for crc32b.  */
enum
{
  CRC32_POLY = 0x04c11db7,
  CRC32B_POLY = 0xedb88320
};

/* Slice-by-16 tables.  For the POSIX CRC, crc32_table[K][B] is the
   CRC (from a zero register) of the byte B followed by K zero bytes:
   B * x^(32 + 8K) mod P.  crc32b_table[K][B] is the same in the
   bit-reversed order.  So a byte that K more bytes follow within a
   16-byte slice contributes crc32_table[K][its value], and the 16
   lookups of a slice are independent.  Filled once, by crc32_tables,
   rather than written out here: 32 KiB of numbers that nobody could
   check by reading.  */
static uint32_t crc32_table[16][256];
static uint32_t crc32b_table[16][256];
static pthread_once_t crc32_tables_once = PTHREAD_ONCE_INIT;

/* Fill crc32_table and crc32b_table: row 0 bit by bit from the
   polynomials, each further row from the one before by one more zero
   byte.  */
static void
crc32_tables_fill (void)
{
  for (uint32_t b = 0; b < 256; b++)
    {
      uint32_t n = b << 24, r = b;
      for (int i = 0; i < 8; i++)
        {
          n = n & 0x80000000 ? (n << 1) ^ CRC32_POLY : n << 1;
          r = r & 1 ? (r >> 1) ^ CRC32B_POLY : r >> 1;
        }
      crc32_table[0][b] = n;
      crc32b_table[0][b] = r;
    }
  for (int k = 1; k < 16; k++)
    for (int b = 0; b < 256; b++)
      {
        uint32_t n = crc32_table[k - 1][b], r = crc32b_table[k - 1][b];
        crc32_table[k][b] = (n << 8) ^ crc32_table[0][n >> 24];
        crc32b_table[k][b] = (r >> 8) ^ crc32b_table[0][r & 0xff];
      }
}

/* Make sure the tables are filled, whichever thread asks first.  */
static void
crc32_tables (void)
{
  pthread_once (&crc32_tables_once, crc32_tables_fill);
}

/* Return the 4 bytes at P as a big-endian and as a little-endian
   number.  */
static uint32_t
load_be32 (const uint8_t *p)
{
  return ((uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
          | (uint32_t) p[2] << 8 | p[3]);
}
static uint32_t
load_le32 (const uint8_t *p)
{
  return ((uint32_t) p[3] << 24 | (uint32_t) p[2] << 16
          | (uint32_t) p[1] << 8 | p[0]);
}

/* Return the sum of the entries of bytes 4..15 of the 16-byte slice
   at P, byte I looked up in T[15 - I]: the same in both bit orders.
   It does not depend on the register, so the callers write it first:
   the register then waits on four lookups per slice, not sixteen.
   Written out, since GCC 12 keeps a loop's twelve XORs in one chain
   after the register's (1.8 GB/s rather than 4 here).  */
static inline uint32_t
slice_rest (const uint32_t (*t)[256], const uint8_t *p)
{
  return ((t[11][p[4]] ^ t[10][p[5]] ^ t[9][p[6]] ^ t[8][p[7]])
          ^ (t[7][p[8]] ^ t[6][p[9]] ^ t[5][p[10]] ^ t[4][p[11]])
          ^ (t[3][p[12]] ^ t[2][p[13]] ^ t[1][p[14]] ^ t[0][p[15]]));
}

/* The POSIX CRC: advance the register CRC over the LEN bytes at P and
   return it.  Sixteen bytes at a time: the register, added to the
   first four, and the other twelve each go through the table of the
   number of bytes after them in the slice.  */
uint32_t
crc32_update_portable (uint32_t crc, const uint8_t *p, size_t len)
{
  const uint32_t (*t)[256] = crc32_table;

  crc32_tables ();
  for (; len >= 16; p += 16, len -= 16)
    {
      uint32_t w = crc ^ load_be32 (p);
      crc = slice_rest (t, p) ^ (t[15][w >> 24] ^ t[14][(w >> 16) & 0xff]
                                 ^ t[13][(w >> 8) & 0xff] ^ t[12][w & 0xff]);
    }
  for (; len > 0; p++, len--)
    crc = (crc << 8) ^ t[0][(crc >> 24) ^ *p];
  return crc;
}

/* crc32b: advance the bit-reversed register CRC over the LEN bytes at
   P and return it, as crc32_update_portable does in the other bit
   order: the first byte meets the low byte of the register.  */
uint32_t
crc32b_update_portable (uint32_t crc, const uint8_t *p, size_t len)
{
  const uint32_t (*t)[256] = crc32b_table;

  crc32_tables ();
  for (; len >= 16; p += 16, len -= 16)
    {
      uint32_t w = crc ^ load_le32 (p);
      crc = slice_rest (t, p) ^ (t[15][w & 0xff] ^ t[14][(w >> 8) & 0xff]
                                 ^ t[13][(w >> 16) & 0xff] ^ t[12][w >> 24]);
    }
  for (; len > 0; p++, len--)
    crc = (crc >> 8) ^ t[0][(crc ^ *p) & 0xff];
  return crc;
}

/* Start CTX for the POSIX CRC: a zero register.  */
void
crc32_init (struct crc32_ctx *ctx)
{
  ctx->crc = 0;
  ctx->length = 0;
  ctx->update = hash_impl_current (HASH_CRC32)->blocks.crc32;
}

/* Start CTX for crc32b: a register of all ones.  */
void
crc32b_init (struct crc32_ctx *ctx)
{
  ctx->crc = 0xffffffff;
  ctx->length = 0;
  ctx->update = hash_impl_current (HASH_CRC32B)->blocks.crc32;
}

/* Feed the LEN bytes at DATA to CTX, of either kind.  */
void
crc32_update (struct crc32_ctx *ctx, const void *data, size_t len)
{
  ctx->crc = ctx->update (ctx->crc, data, len);
  ctx->length += len;
}

/* Write to OUT the complement of CRC, big-endian, then LENGTH as 8
   bytes big-endian: CRC32_DIGEST_SIZE bytes.  */
static void
crc32_put (uint32_t crc, uint64_t length, uint8_t *out)
{
  crc = ~crc;
  for (int i = 0; i < CRC32_SUM_SIZE; i++)
    out[i] = crc >> (8 * (CRC32_SUM_SIZE - 1 - i));
  for (int i = 0; i < 8; i++)
    out[CRC32_SUM_SIZE + i] = length >> (8 * (7 - i));
}

/* Finish the POSIX CRC of CTX: feed it the byte count, least
   significant byte first, in as few bytes as hold it (none for an
   empty input), and write the complemented CRC and the count to OUT,
   CRC32_DIGEST_SIZE bytes.  */
void
crc32_final (struct crc32_ctx *ctx, uint8_t *out)
{
  uint8_t count[8] = { 0 };
  size_t n = 0;

  for (uint64_t left = ctx->length; left != 0; left >>= 8)
    count[n++] = left & 0xff;
  uint32_t crc = ctx->update (ctx->crc, count, n);
  crc32_put (crc, ctx->length, out);
}

/* Finish crc32b of CTX: write the complemented CRC and the byte count
   to OUT, CRC32_DIGEST_SIZE bytes.  */
void
crc32b_final (struct crc32_ctx *ctx, uint8_t *out)
{
  crc32_put (ctx->crc, ctx->length, out);
}
