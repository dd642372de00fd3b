/* sum.c -- the BSD and System V checksums: the portable update
   functions, and the init/update/final glue over hash-impl.  */

#include "sum.h"

#include "hash-impl.h"
#include "md-engine.h"

/* Return the BSD checksum SUM (below 2^16) advanced over the LEN
   bytes at P: each byte rotates the sum right by one bit within 16
   bits, then is added to it, modulo 2^16, as GNU's bsd_sum_stream
   does.  In a 16-bit variable the rotation and the addition are one
   instruction each (rorw, then an add whose carry out of bit 15 is
   dropped): 2 cycles a byte, where GCC's code for the same in 32 bits
   (shifts, an or, an and) took 5.  */
uint32_t
bsd_sum_portable (uint32_t sum, const uint8_t *p, size_t len)
{
  uint16_t s = sum;
  for (size_t i = 0; i < len; i++)
    {
      s = (uint16_t) (s >> 1 | s << 15);
      s += p[i];
    }
  return s;
}

/* Return the System V sum SUM advanced over the LEN bytes at P: their
   sum, modulo 2^32, as GNU's sysv_sum_stream keeps it in an unsigned
   int.  */
uint32_t
sysv_sum_portable (uint32_t sum, const uint8_t *p, size_t len)
{
  for (size_t i = 0; i < len; i++)
    sum += p[i];
  return sum;
}

/* Start CTX on a new input, with the variant that hash-impl chose for
   FAMILY, HASH_BSD or HASH_SYSV.  */
static void
sum_start (struct sum_ctx *ctx, enum hash_family family)
{
  const struct hash_variant *v = hash_impl_current (family);
  ctx->value = 0;
  ctx->sysv = family == HASH_SYSV;
  ctx->update = ctx->sysv ? v->blocks.sysv : v->blocks.bsd;
  ctx->count = 0;
}

/* Start CTX on a new BSD checksum.  */
void
bsd_sum_init (struct sum_ctx *ctx)
{
  sum_start (ctx, HASH_BSD);
}

/* Start CTX on a new System V checksum.  */
void
sysv_sum_init (struct sum_ctx *ctx)
{
  sum_start (ctx, HASH_SYSV);
}

/* Add the LEN bytes at DATA (any alignment; NULL if LEN is 0) to
   CTX.  */
void
sum_update (struct sum_ctx *ctx, const void *data, size_t len)
{
  if (len == 0)
    return;
  ctx->value = ctx->update (ctx->value, data, len);
  ctx->count += len;
}

/* Store at OUT the 16-bit checksum of CTX, big-endian, then the number
   of bytes added, 8 bytes big-endian: SUM_DIGEST_SIZE bytes.  The
   System V sum is folded as GNU's sum folds it: the two halves of the
   32-bit sum added, then the carry of that added back.  */
void
sum_final (struct sum_ctx *ctx, uint8_t *out)
{
  uint32_t v = ctx->value;
  if (ctx->sysv)
    {
      v = (v & 0xffff) + (v >> 16);
      v = (v & 0xffff) + (v >> 16);
    }
  out[0] = (uint8_t) (v >> 8);
  out[1] = (uint8_t) v;
  md_store64_be (out + SUM_CHECKSUM_SIZE, ctx->count);
}
