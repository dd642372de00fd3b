/* md-engine.c -- Merkle-Damgard buffering and padding, written once.  */

#include "md-engine.h"

#include <string.h>

/* Reset E for a new message of BLOCK_SIZE-byte blocks.  BLOCK_SIZE must
   be a power of two, at least 16 and at most MD_ENGINE_MAX_BLOCK.  */
void
md_engine_init (struct md_engine *e, unsigned int block_size)
{
  memset (e->buf, 0, sizeof e->buf);
  e->count_lo = 0;
  e->count_hi = 0;
  e->fill = 0;
  e->block_size = block_size;
}

/* Add LEN to the 128-bit byte counter of E, carrying into the high
   half when the low half wraps.  */
static void
md_engine_count (struct md_engine *e, size_t len)
{
  uint64_t before = e->count_lo;
  e->count_lo += len;
  if (e->count_lo < before)
    e->count_hi++;
}

/* Hash LEN bytes at DATA into E, calling FEED (ARG, P, N) on whole
   blocks.  DATA may have any alignment, and may be NULL when LEN is 0.
   Whole blocks of DATA go to FEED in place, without being copied; only
   a head that completes a buffered partial block and the tail that is
   left over pass through E->buf.  */
void
md_engine_update (struct md_engine *e, const void *data, size_t len,
                  md_feed_fn *feed, void *arg)
{
  const uint8_t *p = data;
  size_t bs = e->block_size;

  if (len == 0)
    return;
  md_engine_count (e, len);

  if (e->fill != 0)
    {
      size_t take = bs - e->fill;
      if (take > len)
        take = len;
      memcpy (e->buf + e->fill, p, take);
      e->fill += take;
      p += take;
      len -= take;
      if (e->fill < bs)
        return;   /* LEN is used up and the block is still partial.  */
      feed (arg, e->buf, 1);
      e->fill = 0;
    }

  if (len >= bs)
    {
      size_t nblocks = len / bs;
      feed (arg, p, nblocks);
      p += nblocks * bs;
      len -= nblocks * bs;
    }

  /* The buffer is empty here and LEN < BS, so the tail fits.  */
  memcpy (e->buf, p, len);
  e->fill = len;
}

/* Store the LENGTH_BYTES-byte encoding of the bit count HI:LO at OUT,
   most significant byte first if BIG_ENDIAN.  LENGTH_BYTES is 8 or 16;
   with 8, only LO is stored.  */
static void
md_engine_put_length (uint8_t *out, unsigned int length_bytes,
                      bool big_endian, uint64_t hi, uint64_t lo)
{
  for (unsigned int i = 0; i < length_bytes; i++)
    {
      /* Byte I counting from the least significant end.  */
      uint64_t word = i < 8 ? lo : hi;
      uint8_t byte = (uint8_t) (word >> (8 * (i % 8)));
      out[big_endian ? length_bytes - 1 - i : i] = byte;
    }
}

/* Finish the message in E: append the byte 0x80, then zeros up to
   LENGTH_BYTES short of a block boundary, then the message length in
   bits as a LENGTH_BYTES-byte integer (8 for MD4, MD5, SHA-1 and
   SHA-224/256; 16 for SHA-384/512), big-endian if BIG_ENDIAN.  This
   feeds one or two final blocks to FEED (ARG, P, N).  The bit count is
   taken modulo 2^(8 * LENGTH_BYTES), as RFC 1321 specifies; FIPS 180-4
   does not define messages that long.  Afterwards E is empty but its
   counter still holds the message length; reinitialise E before
   reusing it.  */
void
md_engine_pad (struct md_engine *e, unsigned int length_bytes,
               bool big_endian, md_feed_fn *feed, void *arg)
{
  size_t bs = e->block_size;
  size_t room = bs - length_bytes;   /* where the length field starts */
  uint64_t bits_lo = e->count_lo << 3;
  uint64_t bits_hi = (e->count_hi << 3) | (e->count_lo >> 61);

  /* FILL < BS, so there is always room for the 0x80 byte.  */
  e->buf[e->fill++] = 0x80;
  if (e->fill > room)
    {
      /* No room left for the length: it goes into one more block.  */
      memset (e->buf + e->fill, 0, bs - e->fill);
      feed (arg, e->buf, 1);
      e->fill = 0;
    }
  memset (e->buf + e->fill, 0, room - e->fill);
  md_engine_put_length (e->buf + room, length_bytes, big_endian,
                        bits_hi, bits_lo);
  feed (arg, e->buf, 1);
  e->fill = 0;
}
