/* crc32.h -- the CRC-32 of POSIX cksum, and the reflected CRC-32 of
   gzip and zlib that GNU's "cksum -a crc32b" prints.

   Both divide by the polynomial 0x04C11DB7 (with x^32).  The POSIX
   CRC reads each byte most significant bit first, starts from 0, and
   after the data reads the byte count, least significant byte first,
   in as few bytes as hold it; the result is complemented.  crc32b
   reads each byte least significant bit first (so its register is
   bit-reversed: 0xEDB88320), starts from 0xFFFFFFFF and complements
   the result; the byte count does not enter it.

   Every variant of either family (see hash-impl.h) is a
   crc32_update_fn over the raw register; the context, the byte count
   and the final are written once here, on top of it.  */

#ifndef BRISK_CRC32_H
#define BRISK_CRC32_H

#include <stddef.h>
#include <stdint.h>

enum
{
  CRC32_SUM_SIZE = 4,        /* bytes of CRC in a digest */
  CRC32_DIGEST_SIZE = 12,    /* the CRC, then the byte count: 4 + 8 */
  CRC32_BLOCK_SIZE = 64      /* a buffering hint only: any length goes */
};

/* Advance the raw register CRC over the LEN bytes at P (any length,
   any alignment) and return it.  For the POSIX CRC the register holds
   x^31 in its top bit; for crc32b it is bit-reversed, x^31 in bit 0.
   No complement and no byte count: the caller adds them.  */
typedef uint32_t crc32_update_fn (uint32_t crc, const uint8_t *p,
                                  size_t len);

/* One CRC computation, of either kind.  UPDATE is the variant chosen
   by hash-impl when the context was initialised.  The fields are
   public so that unit tests can set LENGTH near 2^32 or 2^64 without
   reading that much data.  */
struct crc32_ctx
{
  uint32_t crc;              /* the raw register */
  uint64_t length;           /* bytes passed to update, modulo 2^64 */
  crc32_update_fn *update;
};

void crc32_init (struct crc32_ctx *ctx);
void crc32b_init (struct crc32_ctx *ctx);
void crc32_update (struct crc32_ctx *ctx, const void *data, size_t len);
void crc32_final (struct crc32_ctx *ctx, uint8_t *out);
void crc32b_final (struct crc32_ctx *ctx, uint8_t *out);

/* The portable cores (slice-by-16 tables): the POSIX CRC and
   crc32b.  */
crc32_update_fn crc32_update_portable;
crc32_update_fn crc32b_update_portable;

#endif
