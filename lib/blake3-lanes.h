/* blake3-lanes.h -- the body of BLAKE3's vector cores: B3_W inputs
   compressed side by side, one 32-bit word of each input per element
   of a vector of B3_W elements (4, 8 or 16).

   Included by lib/blake3-sse41.c, blake3-avx2.c and blake3-avx512.c,
   once per vector width they use, narrowest first; each inclusion
   defines b3_many_<B3_W>, a blake3_many_fn (blake3.h) that compresses
   the inputs by groups of B3_W and hands what is left to B3_NEXT, the
   narrower width's function included before it.  The narrowest one,
   4, compresses a remainder of 2 or 3 inputs as a group padded with
   copies of the last input, and a single input with the portable
   code.  The includer defines B3_W, and B3_VPROR to 1 when AVX-512VL
   rotates (vprord), else 0 (the rotations by 16 and 8 are then byte
   shuffles, SSSE3's pshufb, and those by 12 and 7 two shifts and an
   or).  Whole blocks only; the chunk, tree and output glue is
   lib/blake3.c's.

   How it works.  Element J of every vector belongs to input J of the
   group: the 16 state words are 16 vectors, and G on vectors is G on
   the state of every input at once, with the same constant message
   indices.  The message words come in transposed: 4 loads of 16 bytes
   per 128-bit lane (one from each of 4 inputs), then a 4x4 transpose
   of 32-bit words within each 128-bit lane (two rounds of unpacks),
   so that 128-bit lane K holds inputs 4K .. 4K + 3 and no instruction
   crosses lanes.  The chaining values go out the same way back.  The
   counter words of each input are split in scalar once per group, from
   its own 64-bit counter (or 0, for parents).  */

#include <immintrin.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "blake-round.h"
#include "blake3.h"

#define B3_CAT2(a, b) a##b
#define B3_CAT(a, b) B3_CAT2 (a, b)
#define B3_NAME(f) B3_CAT (f, B3_W)

#if B3_W == 4
# define B3_V __m128i
# define B3_P(f) _mm_##f
# define B3_XOR(x, y) _mm_xor_si128 (x, y)
# define B3_OR(x, y) _mm_or_si128 (x, y)
# define B3_LOADU(p) _mm_loadu_si128 ((const __m128i *) (p))
#elif B3_W == 8
# define B3_V __m256i
# define B3_P(f) _mm256_##f
# define B3_XOR(x, y) _mm256_xor_si256 (x, y)
# define B3_OR(x, y) _mm256_or_si256 (x, y)
# define B3_LOADU(p) _mm256_loadu_si256 ((const __m256i *) (p))
#elif B3_W == 16
# define B3_V __m512i
# define B3_P(f) _mm512_##f
# define B3_XOR(x, y) _mm512_xor_si512 (x, y)
# define B3_OR(x, y) _mm512_or_si512 (x, y)
# define B3_LOADU(p) _mm512_loadu_si512 (p)
#else
# error "B3_W must be 4, 8 or 16"
#endif

#define B3_ADD(x, y) B3_P (add_epi32) (x, y)
#define B3_SET1(w) B3_P (set1_epi32) ((int) (w))

#if B3_VPROR
# define B3_ROR(x, n) B3_P (ror_epi32) (x, n)
# define B3_ROR16(x) B3_ROR (x, 16)
# define B3_ROR8(x) B3_ROR (x, 8)
#else
# define B3_ROR(x, n)                                                   \
  B3_OR (B3_P (srli_epi32) (x, n), B3_P (slli_epi32) (x, 32 - (n)))
/* Byte I of each word of the result is byte (I + 2) % 4, or (I + 1)
   % 4, of the word: a rotation by 16, or by 8.  Only 4 and 8: the
   16-element vectors rotate with vprord.  */
# if B3_W == 4
#  define B3_BYTES(a, b, c, d)                                          \
  _mm_setr_epi8 (a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8,  \
                 c + 8, d + 8, a + 12, b + 12, c + 12, d + 12)
# else
#  define B3_BYTES(a, b, c, d)                                          \
  _mm256_setr_epi8 (a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8,      \
                    b + 8, c + 8, d + 8, a + 12, b + 12, c + 12, d + 12, \
                    a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8,      \
                    b + 8, c + 8, d + 8, a + 12, b + 12, c + 12, d + 12)
# endif
# define B3_ROR16(x) B3_P (shuffle_epi8) (x, B3_BYTES (2, 3, 0, 1))
# define B3_ROR8(x) B3_P (shuffle_epi8) (x, B3_BYTES (1, 2, 3, 0))
#endif

#ifndef B3_G
/* G on vectors: the BLAKE3 paper, 2.2, for every element at once.
   The message word is added to A before B, which is the last word of
   the step before, so that the addition waits on one input less.  */
# define B3_G(a, b, c, d, x, y)                                         \
  do                                                                    \
    {                                                                   \
      a = B3_ADD (B3_ADD (a, x), b);                                    \
      d = B3_ROR16 (B3_XOR (d, a));                                     \
      c = B3_ADD (c, d);                                                \
      b = B3_ROR (B3_XOR (b, c), 12);                                   \
      a = B3_ADD (B3_ADD (a, y), b);                                    \
      d = B3_ROR8 (B3_XOR (d, a));                                      \
      c = B3_ADD (c, d);                                                \
      b = B3_ROR (B3_XOR (b, c), 7);                                    \
    }                                                                   \
  while (0)
# define B3_ROUND(r) BLAKE_ROUND (B3_G, m, blake3_schedule[r])
#endif

/* Load the 16 bytes at OFF in each of the inputs IN[4K + R], K = 0 ..
   B3_W / 4 - 1, into 128-bit lane K.  */
static inline B3_V
B3_NAME (b3_load_row) (const uint8_t *const in[], int r, size_t off)
{
#if B3_W == 4
  return B3_LOADU (in[r] + off);
#elif B3_W == 8
  __m128i lo = _mm_loadu_si128 ((const __m128i *) (in[r] + off));
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (in[4 + r] + off));
  return _mm256_inserti128_si256 (_mm256_castsi128_si256 (lo), hi, 1);
#else
# define B3_LOAD128(k)                                                  \
  _mm_loadu_si128 ((const __m128i *) (in[4 * (k) + r] + off))
  __m512i x = _mm512_castsi128_si512 (B3_LOAD128 (0));
  x = _mm512_inserti32x4 (x, B3_LOAD128 (1), 1);
  x = _mm512_inserti32x4 (x, B3_LOAD128 (2), 2);
  return _mm512_inserti32x4 (x, B3_LOAD128 (3), 3);
# undef B3_LOAD128
#endif
}

/* Store 128-bit lane K of X at OUT + 32 * (4K + R) + OFF: the inverse
   of b3_load_row, for the chaining values.  */
static inline void
B3_NAME (b3_store_row) (uint8_t *out, int r, size_t off, B3_V x)
{
#if B3_W == 4
  _mm_storeu_si128 ((__m128i *) (out + 32 * r + off), x);
#elif B3_W == 8
  _mm_storeu_si128 ((__m128i *) (out + 32 * r + off),
                    _mm256_castsi256_si128 (x));
  _mm_storeu_si128 ((__m128i *) (out + 32 * (4 + r) + off),
                    _mm256_extracti128_si256 (x, 1));
#else
  _mm_storeu_si128 ((__m128i *) (out + 32 * r + off),
                    _mm512_castsi512_si128 (x));
  _mm_storeu_si128 ((__m128i *) (out + 32 * (4 + r) + off),
                    _mm512_extracti32x4_epi32 (x, 1));
  _mm_storeu_si128 ((__m128i *) (out + 32 * (8 + r) + off),
                    _mm512_extracti32x4_epi32 (x, 2));
  _mm_storeu_si128 ((__m128i *) (out + 32 * (12 + r) + off),
                    _mm512_extracti32x4_epi32 (x, 3));
#endif
}

/* Transpose, within each 128-bit lane, the 4x4 matrix of 32-bit words
   whose rows are X[0] .. X[3].  */
static inline void
B3_NAME (b3_transpose) (B3_V x[4])
{
  B3_V t0 = B3_P (unpacklo_epi32) (x[0], x[1]);
  B3_V t1 = B3_P (unpackhi_epi32) (x[0], x[1]);
  B3_V t2 = B3_P (unpacklo_epi32) (x[2], x[3]);
  B3_V t3 = B3_P (unpackhi_epi32) (x[2], x[3]);
  x[0] = B3_P (unpacklo_epi64) (t0, t2);
  x[1] = B3_P (unpackhi_epi64) (t0, t2);
  x[2] = B3_P (unpacklo_epi64) (t1, t3);
  x[3] = B3_P (unpackhi_epi64) (t1, t3);
}

/* Store in M the message words of the blocks at byte OFF of the B3_W
   inputs IN: element J of M[I] is word I of input J's block.  */
static inline void
B3_NAME (b3_load_msg) (B3_V m[16], const uint8_t *const in[], size_t off)
{
  for (int q = 0; q < 4; q++)
    {
      for (int r = 0; r < 4; r++)
        m[4 * q + r] = B3_NAME (b3_load_row) (in, r, off + 16 * q);
      B3_NAME (b3_transpose) (m + 4 * q);
    }
}

/* Compress one group: the B3_W inputs IN, of NBLOCKS blocks each,
   input J with the counter words LO[J] and HI[J]; the other
   parameters are blake3_many_fn's.  Store the B3_W chaining values at
   OUT, 32 bytes each.  */
static void
B3_NAME (b3_group) (const uint8_t *const in[], size_t nblocks,
                    const uint32_t key[8], const uint32_t lo[B3_W],
                    const uint32_t hi[B3_W], uint8_t flags,
                    uint8_t flag_start, uint8_t flag_end, uint8_t *out)
{
  B3_V h[8];
  for (int i = 0; i < 8; i++)
    h[i] = B3_SET1 (key[i]);
  B3_V counter_lo = B3_LOADU (lo), counter_hi = B3_LOADU (hi);

  for (size_t b = 0; b < nblocks; b++)
    {
      B3_V m[16];
      B3_NAME (b3_load_msg) (m, in, b * BLAKE3_BLOCK_LEN);
      uint32_t f = (flags | (b == 0 ? flag_start : 0)
                    | (b + 1 == nblocks ? flag_end : 0));
      B3_V v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
      B3_V v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
      B3_V v8 = B3_SET1 (blake3_iv[0]), v9 = B3_SET1 (blake3_iv[1]);
      B3_V v10 = B3_SET1 (blake3_iv[2]), v11 = B3_SET1 (blake3_iv[3]);
      B3_V v12 = counter_lo, v13 = counter_hi;
      B3_V v14 = B3_SET1 (BLAKE3_BLOCK_LEN), v15 = B3_SET1 (f);

      B3_ROUND (0); B3_ROUND (1); B3_ROUND (2); B3_ROUND (3);
      B3_ROUND (4); B3_ROUND (5); B3_ROUND (6);

      h[0] = B3_XOR (v0, v8);
      h[1] = B3_XOR (v1, v9);
      h[2] = B3_XOR (v2, v10);
      h[3] = B3_XOR (v3, v11);
      h[4] = B3_XOR (v4, v12);
      h[5] = B3_XOR (v5, v13);
      h[6] = B3_XOR (v6, v14);
      h[7] = B3_XOR (v7, v15);
    }

  B3_NAME (b3_transpose) (h);
  B3_NAME (b3_transpose) (h + 4);
  for (int r = 0; r < 4; r++)
    {
      B3_NAME (b3_store_row) (out, r, 0, h[r]);
      B3_NAME (b3_store_row) (out, r, 16, h[4 + r]);
    }
}

/* The blake3_many_fn of this width; see the head of this file.  */
static void
B3_NAME (b3_many) (const uint8_t *const inputs[], size_t n,
                   size_t nblocks, const uint32_t key[8],
                   const uint64_t *counters, uint8_t flags,
                   uint8_t flag_start, uint8_t flag_end, uint8_t *out)
{
  for (; n >= B3_W; n -= B3_W, inputs += B3_W, out += B3_W * BLAKE3_OUT_LEN)
    {
      uint32_t lo[B3_W], hi[B3_W];
      for (int j = 0; j < B3_W; j++)
        {
          uint64_t c = counters ? counters[j] : 0;
          lo[j] = (uint32_t) c;
          hi[j] = (uint32_t) (c >> 32);
        }
      B3_NAME (b3_group) (inputs, nblocks, key, lo, hi, flags, flag_start,
                          flag_end, out);
      if (counters)
        counters += B3_W;
    }
  if (n == 0)
    return;
#ifdef B3_NEXT
  B3_NEXT (inputs, n, nblocks, key, counters, flags, flag_start, flag_end,
           out);
#else
  if (n == 1)
    {
      blake3_many_portable (inputs, n, nblocks, key, counters, flags,
                            flag_start, flag_end, out);
      return;
    }
  /* 2 or 3 inputs: a group padded with the last one.  */
  const uint8_t *in[B3_W];
  uint64_t c[B3_W];
  uint8_t cvs[B3_W * BLAKE3_OUT_LEN];
  for (int j = 0; j < B3_W; j++)
    {
      size_t k = (size_t) j < n ? (size_t) j : n - 1;
      in[j] = inputs[k];
      c[j] = counters ? counters[k] : 0;
    }
  B3_NAME (b3_many) (in, B3_W, nblocks, key, c, flags, flag_start, flag_end,
                     cvs);
  memcpy (out, cvs, n * BLAKE3_OUT_LEN);
#endif
}

#undef B3_V
#undef B3_P
#undef B3_XOR
#undef B3_OR
#undef B3_LOADU
#undef B3_ROR
#undef B3_ROR16
#undef B3_ROR8
#undef B3_BYTES
#undef B3_W
#undef B3_NEXT
