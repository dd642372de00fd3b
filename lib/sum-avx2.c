/* sum-avx2.c -- the BSD and System V checksums with AVX2.

   Updates over any length; the running value, the byte count and the
   final folding are handled in sum.c.

   System V: the bytes summed 32 at a time with vpsadbw into four
   64-bit lanes; the result is taken modulo 2^32, as GNU's unsigned int
   accumulator wraps.

   BSD: each byte rotates the 16-bit sum right by one bit and adds
   itself modulo 2^16, a chain of two dependent instructions per byte.
   Modulo 65535, though, the rotation is a multiplication by 2^-1, so
   that, as long as no addition carries out of bit 15, 16 bytes
   b_1..b_16 move the sum S to S + D (mod 65535), D = sum of 2^i b_i,
   whatever S was (2^16 = 1 modulo 65535).  A block of 16 chunks of
   16 bytes is done in three steps: the D of every chunk (vpmaddwd),
   and from them, speculatively, the sum at the start of every chunk
   (a prefix sum modulo 65535); then the real 16-bit chain of all 16
   chunks side by side, one chunk per 16-bit lane, each from its
   speculated start; then a check that each chunk ends where the next
   one was assumed to start.  Where chunk C does not (a carry, or a sum
   of 0xffff, which is 0 modulo 65535), the chunks up to C are right
   all the same, and the next block starts after C from C's real end;
   chunk 0 always starts from the real sum, so every block advances.
   On random data a carry comes every 500 bytes or so.

   lib/sum-avx512.c compiles this file again with SUM_AVX512 set: each
   rotation of the chain is then one vpshrdw (AVX-512 VBMI2) instead of
   two shifts and an or, and two blocks go through the chain side by
   side, one in each half of a ZMM register: 32 chunks, 512 bytes, for
   one chain of 16 steps.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sum.h"

#ifndef SUM_AVX512
# define SUM_AVX512 0
# define BSD_SUM_NAME bsd_sum_avx2
#endif

#if SUM_AVX512
/* Rotate the 16-bit lanes of the YMM or ZMM vector X right by one.  */
# define ROR1_256(x) _mm256_shrdi_epi16 (x, x, 1)
# define ROR1_512(x) _mm512_shrdi_epi16 (x, x, 1)
#else
# define ROR1_256(x) \
  _mm256_or_si256 (_mm256_srli_epi16 (x, 1), _mm256_slli_epi16 (x, 15))
#endif

enum
{
  CHUNK = 16,                /* bytes per lane of the BSD chain */
  CHUNKS = 16,               /* lanes: chunks per block */
  BLOCK = CHUNK * CHUNKS,    /* bytes per block */
  M = 65535                  /* the modulus of the speculation */
};

#if !SUM_AVX512
/* Return the sum of the four 64-bit lanes of V.  */
static inline uint64_t
sum_lanes64 (__m256i v)
{
  __m128i x = _mm_add_epi64 (_mm256_castsi256_si128 (v),
                             _mm256_extracti128_si256 (v, 1));
  return (uint64_t) _mm_cvtsi128_si64 (x)
         + (uint64_t) _mm_extract_epi64 (x, 1);
}

/* Return the System V sum SUM advanced over the LEN bytes at P (any
   alignment): 128 bytes per step into four independent accumulators,
   then the tail a byte at a time.  */
uint32_t
sysv_sum_avx2 (uint32_t sum, const uint8_t *p, size_t len)
{
  const __m256i zero = _mm256_setzero_si256 ();
  __m256i a0 = zero, a1 = zero, a2 = zero, a3 = zero;
  const __m256i_u *v = (const __m256i_u *) p;

  /* Each lane gains at most 8 * 255 a step: 64 bits never wrap.  */
  for (; len >= 128; len -= 128, v += 4)
    {
      a0 = _mm256_add_epi64 (a0, _mm256_sad_epu8 (_mm256_loadu_si256 (v),
                                                  zero));
      a1 = _mm256_add_epi64 (a1, _mm256_sad_epu8 (_mm256_loadu_si256 (v + 1),
                                                  zero));
      a2 = _mm256_add_epi64 (a2, _mm256_sad_epu8 (_mm256_loadu_si256 (v + 2),
                                                  zero));
      a3 = _mm256_add_epi64 (a3, _mm256_sad_epu8 (_mm256_loadu_si256 (v + 3),
                                                  zero));
    }
  for (; len >= 32; len -= 32, v++)
    a0 = _mm256_add_epi64 (a0, _mm256_sad_epu8 (_mm256_loadu_si256 (v),
                                                zero));
  a0 = _mm256_add_epi64 (_mm256_add_epi64 (a0, a1),
                         _mm256_add_epi64 (a2, a3));
  sum += (uint32_t) sum_lanes64 (a0);
  return sysv_sum_portable (sum, (const uint8_t *) v, len);
}
#endif

/* Return, as int32 lanes [D_0 .. D_7] in *LO and [D_8 .. D_15] in
   *HI, D_c, the move of chunk C of the block whose eight 32-byte
   loads are X (chunks 2k and 2k + 1 in load k): the sum of 2^i b_i,
   b_1 .. b_16 the chunk's bytes, below 2^25.  vpmaddubsw weighs each
   pair of bytes with 2 and 4, vpmaddwd the eight pairs with 4^k.  */
static inline void
bsd_moves (const __m256i x[8], __m256i *lo, __m256i *hi)
{
  const __m256i w2 = _mm256_set1_epi16 (2 | 4 << 8);
  const __m256i w4 = _mm256_setr_epi16 (1, 4, 16, 64, 256, 1024, 4096,
                                        16384, 1, 4, 16, 64, 256, 1024,
                                        4096, 16384);
  /* The hadd tree leaves chunks 0 2 4 6 | 1 3 5 7 (and 8 ..).  */
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  __m256i m[8];

#pragma GCC unroll 8
  for (int k = 0; k < 8; k++)
    m[k] = _mm256_madd_epi16 (_mm256_maddubs_epi16 (x[k], w2), w4);
#pragma GCC unroll 4
  for (int k = 0; k < 4; k++)
    m[k] = _mm256_hadd_epi32 (m[2 * k], m[2 * k + 1]);
  *lo = _mm256_permutevar8x32_epi32 (_mm256_hadd_epi32 (m[0], m[1]),
                                     order);
  *hi = _mm256_permutevar8x32_epi32 (_mm256_hadd_epi32 (m[2], m[3]),
                                     order);
}

/* Return the inclusive prefix sums of the eight int32 lanes of X.  */
static inline __m256i
prefix8 (__m256i x)
{
  x = _mm256_add_epi32 (x, _mm256_slli_si256 (x, 4));
  x = _mm256_add_epi32 (x, _mm256_slli_si256 (x, 8));
  __m256i t = _mm256_shuffle_epi32 (x, 0xff);
  return _mm256_add_epi32 (x, _mm256_permute2x128_si256 (t, t, 0x08));
}

/* Return the lanes of X, nonnegative int32s below 2^30, modulo
   65535, from 0 to 65534.  */
static inline __m256i
mod65535 (__m256i x)
{
  const __m256i low = _mm256_set1_epi32 (0xffff);
  x = _mm256_add_epi32 (_mm256_and_si256 (x, low), _mm256_srli_epi32 (x, 16));
  x = _mm256_add_epi32 (_mm256_and_si256 (x, low), _mm256_srli_epi32 (x, 16));
  /* X <= 65536 now; X - 65535 wraps to a large number when X < M.  */
  return _mm256_min_epu32 (x, _mm256_sub_epi32 (x, _mm256_set1_epi32 (M)));
}

/* Return, from the moves of bsd_moves, NEXT: as 16 words in chunk
   order, the sums speculated at the end of chunks 0 .. 15 when the
   block starts from SUM; and store in *START the speculated sums at
   their starts, SUM itself for chunk 0.  */
static inline __m256i
bsd_speculate (uint32_t sum, __m256i lo, __m256i hi, __m256i *start)
{
  /* 16 moves below 2^25 and SUM: below 2^30.  */
  __m256i base = _mm256_set1_epi32 ((int) sum);

  lo = prefix8 (lo);
  hi = _mm256_add_epi32 (prefix8 (hi),
                         _mm256_permutevar8x32_epi32 (lo,
                                                      _mm256_set1_epi32 (7)));
  lo = mod65535 (_mm256_add_epi32 (lo, base));
  hi = mod65535 (_mm256_add_epi32 (hi, base));
  /* packus interleaves the halves: [0-3 8-11 | 4-7 12-15].  */
  __m256i next = _mm256_permute4x64_epi64 (_mm256_packus_epi32 (lo, hi),
                                           0xd8);
  /* One word up across the whole vector, SUM into word 0.  */
  __m256i t = _mm256_permute2x128_si256 (next, next, 0x08);
  *start = _mm256_insert_epi16 (_mm256_alignr_epi8 (next, t, 14),
                                (short) sum, 0);
  return next;
}

/* Store in V[0..7] the block transposed for the 16-bit lanes of
   bsd_chain, from its eight 32-byte loads X (chunk 2k in the low half
   and chunk 2k + 1 in the high half of X[k]), so that V[i] holds, in
   each half, byte 2i of its eight chunks, then byte 2i + 1.  */
static inline void
bsd_transpose (const __m256i in[8], __m256i v[8])
{
  __m256i x[8], y[8];

#pragma GCC unroll 16
  for (int i = 0; i < 4; i++)      /* pairs of bytes 0-7, 8-15 */
    {
      y[i] = _mm256_unpacklo_epi8 (in[2 * i], in[2 * i + 1]);
      y[i + 4] = _mm256_unpackhi_epi8 (in[2 * i], in[2 * i + 1]);
    }
#pragma GCC unroll 16
  for (int h = 0; h < 8; h += 4)   /* quads: 0-3, 4-7 (h = 4: 8-15) */
#pragma GCC unroll 16
    for (int i = 0; i < 4; i += 2)
      {
        x[h + i] = _mm256_unpacklo_epi16 (y[h + i], y[h + i + 1]);
        x[h + i + 1] = _mm256_unpackhi_epi16 (y[h + i], y[h + i + 1]);
      }
#pragma GCC unroll 16
  for (int q = 0; q < 4; q++)      /* octets: bytes 4q .. 4q + 3 */
    {
      int a = (q / 2) * 4 + q % 2, b = a + 2;
      v[2 * q] = _mm256_unpacklo_epi32 (x[a], x[b]);
      v[2 * q + 1] = _mm256_unpackhi_epi32 (x[a], x[b]);
    }
}

/* Within each 128-bit half, words 0 2 4 6 1 3 5 7 to 0 1 2 ... 7 and
   back, as bytes for vpshufb.  */
#define EVEN_ODD(a, b, c, d, e, f, g, h)                                \
  _mm256_setr_epi8 (2 * a, 2 * a + 1, 2 * b, 2 * b + 1, 2 * c, 2 * c + 1, \
                    2 * d, 2 * d + 1, 2 * e, 2 * e + 1, 2 * f, 2 * f + 1, \
                    2 * g, 2 * g + 1, 2 * h, 2 * h + 1,                 \
                    2 * a, 2 * a + 1, 2 * b, 2 * b + 1, 2 * c, 2 * c + 1, \
                    2 * d, 2 * d + 1, 2 * e, 2 * e + 1, 2 * f, 2 * f + 1, \
                    2 * g, 2 * g + 1, 2 * h, 2 * h + 1)

/* Return the BSD sums at the end of the 16 chunks of the block that V
   holds (bsd_transpose), in chunk order, each chunk run from its
   sum in START (chunk order): the real chain, 16 lanes at once.  */
static inline __m256i
bsd_chain (__m256i start, const __m256i v[8])
{
  const __m256i zero = _mm256_setzero_si256 ();
  /* The lanes hold chunks 0 2 4 .. 14 | 1 3 5 .. 15.  */
  __m256i s = _mm256_permute4x64_epi64 (
    _mm256_shuffle_epi8 (start, EVEN_ODD (0, 2, 4, 6, 1, 3, 5, 7)), 0xd8);

#pragma GCC unroll 16
  for (int i = 0; i < 8; i++)
    {
      s = _mm256_add_epi16 (ROR1_256 (s), _mm256_unpacklo_epi8 (v[i], zero));
      s = _mm256_add_epi16 (ROR1_256 (s), _mm256_unpackhi_epi8 (v[i], zero));
    }
  return _mm256_shuffle_epi8 (_mm256_permute4x64_epi64 (s, 0xd8),
                              EVEN_ODD (0, 4, 1, 5, 2, 6, 3, 7));
}

/* Advance the BSD sum *SUM over at least one chunk of the block at P
   (BLOCK bytes readable) and return the number of bytes done: all of
   them, or up to and including the first chunk that did not end where
   the speculation said.  */
static inline size_t
bsd_block (uint32_t *sum, const uint8_t *p)
{
  __m256i x[8], lo, hi, start, v[8];
  _Alignas (32) uint16_t end[CHUNKS];

#pragma GCC unroll 8
  for (int k = 0; k < 8; k++)
    x[k] = _mm256_loadu_si256 ((const __m256i_u *) (p + 32 * k));
  bsd_moves (x, &lo, &hi);
  __m256i next = bsd_speculate (*sum, lo, hi, &start);
  bsd_transpose (x, v);
  __m256i ends = bsd_chain (start, v);
  unsigned int same = (unsigned int) _mm256_movemask_epi8 (
    _mm256_cmpeq_epi16 (ends, next));
  _mm256_store_si256 ((__m256i *) end, ends);
  if (same == 0xffffffffu)
    {
      *sum = end[CHUNKS - 1];
      return BLOCK;
    }
  int c = __builtin_ctz (~same) / 2;
  *sum = end[c];
  return CHUNK * (size_t) (c + 1);
}

#if SUM_AVX512
/* In lib/sum-avx512.c, after this file.  */
static inline size_t bsd_block_pair (uint32_t *sum, const uint8_t *p);
#endif

enum
{
  /* After this many blocks in a row that advanced by two chunks or
     less, the guesses are failing: on runs of 0xff, say, which carry
     every few bytes, a block advances by one chunk for the time of a
     whole block, 12-13 cycles a byte against the byte loop's 2 (a Zen
     5).  On random data a block stops within its first two chunks
     once in 16, so three in a row come once in 4,000 blocks or so.  */
  BSD_FAILING = 3,
  /* The bytes then done a byte at a time, before the guesses try
     again.  */
  BSD_BYTEWISE = 4096
};

/* Return the BSD checksum SUM (below 2^16) advanced over the LEN bytes
   at P (any alignment): whole blocks speculatively (pairs of them with
   SUM_AVX512), a byte at a time where the speculation keeps failing,
   and the tail a byte at a time.  */
uint32_t
BSD_SUM_NAME (uint32_t sum, const uint8_t *p, size_t len)
{
  int failing = 0;
  while (len >= BLOCK)
    {
      size_t done;
#if SUM_AVX512
      if (len >= 2 * BLOCK)
        done = bsd_block_pair (&sum, p);
      else
#endif
        done = bsd_block (&sum, p);
      p += done;
      len -= done;
      failing = done <= 2 * CHUNK ? failing + 1 : 0;
      if (failing == BSD_FAILING)
        {
          size_t n = len < BSD_BYTEWISE ? len : BSD_BYTEWISE;
          sum = bsd_sum_portable (sum, p, n);
          p += n;
          len -= n;
          failing = 0;
        }
    }
  return bsd_sum_portable (sum, p, len);
}
