/* md2.c -- MD2 (RFC 1319): portable compression with its checksum,
   and the buffering, padding and final, which MD2 does its own way.  */

#include "md2.h"

#include <string.h>

#include "hash-impl.h"

/* RFC 1319 3.2: a permutation of 0..255 built from the digits of pi.
   Read the digits of pi one, two or three at a time as random numbers
   below N, rejecting values at or above the largest multiple of N, and
   swap S[N - 1] with S[rand (N)] for N = 2..256, starting from the
   identity (a Durstenfeld shuffle).  */
static _Alignas (256) const uint8_t md2_s[256] = {
  0x29, 0x2e, 0x43, 0xc9, 0xa2, 0xd8, 0x7c, 0x01, 0x3d, 0x36, 0x54, 0xa1,
  0xec, 0xf0, 0x06, 0x13, 0x62, 0xa7, 0x05, 0xf3, 0xc0, 0xc7, 0x73, 0x8c,
  0x98, 0x93, 0x2b, 0xd9, 0xbc, 0x4c, 0x82, 0xca, 0x1e, 0x9b, 0x57, 0x3c,
  0xfd, 0xd4, 0xe0, 0x16, 0x67, 0x42, 0x6f, 0x18, 0x8a, 0x17, 0xe5, 0x12,
  0xbe, 0x4e, 0xc4, 0xd6, 0xda, 0x9e, 0xde, 0x49, 0xa0, 0xfb, 0xf5, 0x8e,
  0xbb, 0x2f, 0xee, 0x7a, 0xa9, 0x68, 0x79, 0x91, 0x15, 0xb2, 0x07, 0x3f,
  0x94, 0xc2, 0x10, 0x89, 0x0b, 0x22, 0x5f, 0x21, 0x80, 0x7f, 0x5d, 0x9a,
  0x5a, 0x90, 0x32, 0x27, 0x35, 0x3e, 0xcc, 0xe7, 0xbf, 0xf7, 0x97, 0x03,
  0xff, 0x19, 0x30, 0xb3, 0x48, 0xa5, 0xb5, 0xd1, 0xd7, 0x5e, 0x92, 0x2a,
  0xac, 0x56, 0xaa, 0xc6, 0x4f, 0xb8, 0x38, 0xd2, 0x96, 0xa4, 0x7d, 0xb6,
  0x76, 0xfc, 0x6b, 0xe2, 0x9c, 0x74, 0x04, 0xf1, 0x45, 0x9d, 0x70, 0x59,
  0x64, 0x71, 0x87, 0x20, 0x86, 0x5b, 0xcf, 0x65, 0xe6, 0x2d, 0xa8, 0x02,
  0x1b, 0x60, 0x25, 0xad, 0xae, 0xb0, 0xb9, 0xf6, 0x1c, 0x46, 0x61, 0x69,
  0x34, 0x40, 0x7e, 0x0f, 0x55, 0x47, 0xa3, 0x23, 0xdd, 0x51, 0xaf, 0x3a,
  0xc3, 0x5c, 0xf9, 0xce, 0xba, 0xc5, 0xea, 0x26, 0x2c, 0x53, 0x0d, 0x6e,
  0x85, 0x28, 0x84, 0x09, 0xd3, 0xdf, 0xcd, 0xf4, 0x41, 0x81, 0x4d, 0x52,
  0x6a, 0xdc, 0x37, 0xc8, 0x6c, 0xc1, 0xab, 0xfa, 0x24, 0xe1, 0x7b, 0x08,
  0x0c, 0xbd, 0xb1, 0x4a, 0x78, 0x88, 0x95, 0x8b, 0xe3, 0x63, 0xe8, 0x6d,
  0xe9, 0xcb, 0xd5, 0xfe, 0x3b, 0x00, 0x1d, 0x39, 0xf2, 0xef, 0xb7, 0x0e,
  0x66, 0x58, 0xd0, 0xe4, 0xa6, 0x77, 0x72, 0xf8, 0xeb, 0x75, 0x4b, 0x0a,
  0x31, 0x44, 0x50, 0xb4, 0x8f, 0xed, 0x1f, 0x1a, 0xdb, 0x99, 0x8d, 0x33,
  0x9f, 0x11, 0x83, 0x14,
};

/* Compress the 16-byte block M into STATE: RFC 1319 3.2 (the checksum)
   and 3.4 (18 passes over the 48-byte buffer X).

   The 864 steps t = x[k] ^= S[t] form one dependency chain, so MD2's
   speed is the latency of one step.  Written plainly, a step is a load
   from S + t (base plus index) and an xor.  Here the chain carries the
   address &S[t] itself instead: md2_s is 256-byte aligned, so &S[t] is
   BASE ^ t, and with Z[k] = BASE ^ x[k] kept beside the buffer a step
   is P = Z[k] ^ *P, one load from a plain register and one xor (about
   18% faster here).  Each Z[k] also holds the new x[k] (its low byte).  */
static void
md2_block (struct md2_state *state, const uint8_t *m)
{
  uintptr_t base = (uintptr_t) md2_s;
  uintptr_t z[48];
  uintptr_t p;
  unsigned int t;

  for (int j = 0; j < 16; j++)
    {
      z[j] = base ^ state->x[j];
      z[16 + j] = base ^ m[j];
      z[32 + j] = base ^ (m[j] ^ state->x[j]);
    }
  p = base;                     /* t = 0 */
  for (int j = 0; j < 18; j++)
    {
      for (int k = 0; k < 48; k++)
        {
          p = z[k] ^ *(const uint8_t *) p;
          z[k] = p;
        }
      p = base | ((p + j) & 0xff);   /* t = (t + j) mod 256 */
    }
  for (int j = 0; j < 16; j++)
    state->x[j] = z[j] & 0xff;

  /* The checksum runs on, block after block, from its last byte.  */
  t = state->checksum[15];
  for (int j = 0; j < 16; j++)
    t = state->checksum[j] ^= md2_s[m[j] ^ t];
}

/* Compress NBLOCKS 16-byte blocks at P, which may have any alignment,
   into STATE, updating the checksum as well.  */
void
md2_blocks_portable (struct md2_state *state, const uint8_t *p,
                     size_t nblocks)
{
  for (; nblocks != 0; nblocks--, p += MD2_BLOCK_SIZE)
    md2_block (state, p);
}

/* Start CTX on a new message, compressing with the variant that
   hash-impl chose for MD2.  */
void
md2_init (struct md2_ctx *ctx)
{
  memset (&ctx->state, 0, sizeof ctx->state);
  ctx->blocks = hash_impl_current (HASH_MD2)->blocks.md2;
  memset (ctx->buf, 0, sizeof ctx->buf);
  ctx->fill = 0;
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.
   Whole blocks go to the compression function in place; only a head
   that completes a buffered block and the leftover tail are copied.  */
void
md2_update (struct md2_ctx *ctx, const void *data, size_t len)
{
  const uint8_t *p = data;

  if (len == 0)
    return;
  if (ctx->fill != 0)
    {
      size_t take = MD2_BLOCK_SIZE - ctx->fill;
      if (take > len)
        take = len;
      memcpy (ctx->buf + ctx->fill, p, take);
      ctx->fill += take;
      p += take;
      len -= take;
      if (ctx->fill < MD2_BLOCK_SIZE)
        return;
      ctx->blocks (&ctx->state, ctx->buf, 1);
      ctx->fill = 0;
    }
  if (len >= MD2_BLOCK_SIZE)
    {
      size_t nblocks = len / MD2_BLOCK_SIZE;
      ctx->blocks (&ctx->state, p, nblocks);
      p += nblocks * MD2_BLOCK_SIZE;
      len -= nblocks * MD2_BLOCK_SIZE;
    }
  memcpy (ctx->buf, p, len);
  ctx->fill = len;
}

/* Finish the message in CTX and store its 16-byte digest at OUT: pad
   with I bytes of value I (1 <= I <= 16) to a whole block (RFC 1319
   3.1), then compress the checksum as one more block (3.2).  CTX must
   be initialised again before reuse.  */
void
md2_final (struct md2_ctx *ctx, uint8_t *out)
{
  unsigned int pad = MD2_BLOCK_SIZE - ctx->fill;
  uint8_t checksum[MD2_BLOCK_SIZE];

  memset (ctx->buf + ctx->fill, pad, pad);
  ctx->blocks (&ctx->state, ctx->buf, 1);
  /* Copy the checksum first: compressing it changes it.  */
  memcpy (checksum, ctx->state.checksum, sizeof checksum);
  ctx->blocks (&ctx->state, checksum, 1);
  memcpy (out, ctx->state.x, MD2_DIGEST_SIZE);
  ctx->fill = 0;
}

/* Store at OUT the 16-byte MD2 digest of the LEN bytes at DATA.  */
void
md2_buffer (const void *data, size_t len, uint8_t *out)
{
  struct md2_ctx ctx;
  md2_init (&ctx);
  md2_update (&ctx, data, len);
  md2_final (&ctx, out);
}
