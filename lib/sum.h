/* sum.h -- the BSD and System V checksums of GNU's sum (and of
   cksum -a bsd and -a sysv).

   BSD (sum -r): a 16-bit checksum; for each byte, rotate it right by
   one bit, then add the byte, modulo 2^16.  System V (sum -s): the sum
   of the bytes modulo 2^32, folded to 16 bits at the end.  Neither has
   blocks: an update function takes any number of bytes.  */

#ifndef BRISK_SUM_H
#define BRISK_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum
{
  SUM_CHECKSUM_SIZE = 2,     /* bytes of checksum in a digest */
  SUM_DIGEST_SIZE = 2 + 8,   /* checksum, then the byte count */
  SUM_BLOCK_SIZE = 1         /* no blocks */
};

/* Advance the running value SUM over the LEN bytes at P (any
   alignment; NULL if LEN is 0) and return it: for BSD the 16-bit
   checksum so far, for System V the 32-bit sum of the bytes so far.
   Every variant in hash-impl has this type.  */
typedef uint32_t sum_update_fn (uint32_t sum, const uint8_t *p,
                                size_t len);

/* One BSD or System V checksum computation.  UPDATE is the variant
   chosen by hash-impl when the context was initialised.  */
struct sum_ctx
{
  uint32_t value;            /* as sum_update_fn's SUM */
  bool sysv;                 /* fold VALUE at the end */
  sum_update_fn *update;
  uint64_t count;            /* bytes so far, modulo 2^64 */
};

void bsd_sum_init (struct sum_ctx *ctx);
void sysv_sum_init (struct sum_ctx *ctx);
void sum_update (struct sum_ctx *ctx, const void *data, size_t len);
void sum_final (struct sum_ctx *ctx, uint8_t *out);

/* The portable update functions, the reference for the others.  */
sum_update_fn bsd_sum_portable;
sum_update_fn sysv_sum_portable;

#endif
