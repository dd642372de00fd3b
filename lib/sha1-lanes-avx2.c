/* sha1-lanes-avx2.c -- SHA-1 compression of eight independent messages
   at once, one per 32-bit lane of the AVX2 registers.

   Whole blocks only, as for every core: the states, buffering, padding
   and lengths are handled elsewhere.  Every lane advances by the same
   number of blocks, each from its own data into its own state, laid
   out as for sha1_blocks_portable.  Compiled with -mavx2 -mbmi2 (only
   AVX2 is used); call it only when cpu-features reports AVX2 and the
   OS has enabled the YMM state.

   Each of a .. e and each schedule word W[t] is one vector holding
   that word of all eight messages, and FIPS 180-4 6.1.2 is done as
   written, in vector instructions, for the eight at once; a rotation
   is two shifts and an or.  The message words come in as two 8 x 8
   transpositions of 32-bit words per block.  The 80 rounds are
   unrolled, so that the ring of the last sixteen W has constant
   indices and each round's function and constant are known.

   What bounds it.  On this host's CPU a vector add or shift takes about
   2.4 cycles (a chain of vpaddd measured 0.77 ns a step, against 0.32
   for a scalar add), so the chain from a to the next a is what counts:
   rol5 (a) (a shift and an or) plus one add, when f (b, c, d) + e + W + K
   is summed ahead (b is the a of the round before, so f can start a
   round early).  Written as ((rol5 (a) + f) + ...) it is one add deeper,
   and GCC reassociated the sum that way until an empty asm stopped it:
   1.0x SHA-NI before, 1.47x after.

   bench/lanespeed on the 2-core AMD EPYC (Zen 5) VM, 1 MiB a lane:
   2894 MB/s per CPU second, 3.01x sha1_blocks_portable and 1.60x
   sha1_blocks_shani on the same eight messages, but below three SHA-NI
   lanes (3668): this core is for AVX2 CPUs without the SHA
   extensions.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha1.h"

enum
{
  LANES = 8
};

#define INLINE static inline __attribute__ ((always_inline))

#define XOR(x, y) _mm256_xor_si256 (x, y)
#define AND(x, y) _mm256_and_si256 (x, y)
#define ADD(x, y) _mm256_add_epi32 (x, y)

/* Keep GCC from reassociating a sum through X: it costs no
   instruction.  */
#define OPAQUE(x) __asm__ ("" : "+x" (x))

/* X rotated left by N (0 < N < 32) in each 32-bit lane.  */
#define ROL(x, n) \
  _mm256_or_si256 (_mm256_slli_epi32 (x, n), _mm256_srli_epi32 (x, 32 - (n)))

/* Store in W[8H .. 8H + 7] the message words 8H .. 8H + 7 of the eight
   blocks at Q[0..7] (any alignment), big-endian, one block per lane:
   an 8 x 8 transposition of 32-bit words, then a byte swap.  */
INLINE void
load_words (__m256i w[16], const uint8_t *const q[LANES], int h)
{
  const __m256i bswap = _mm256_setr_epi8 (3, 2, 1, 0, 7, 6, 5, 4,
                                          11, 10, 9, 8, 15, 14, 13, 12,
                                          3, 2, 1, 0, 7, 6, 5, 4,
                                          11, 10, 9, 8, 15, 14, 13, 12);
  __m256i t[LANES], u[LANES];

  /* T[2K] and T[2K + 1]: lanes 2K and 2K + 1 word by word, words 0, 1,
     4, 5 and 2, 3, 6, 7.  */
  for (int k = 0; k < LANES; k += 2)
    {
      __m256i r0 = _mm256_loadu_si256 ((const __m256i *) (q[k] + 32 * h));
      __m256i r1 = _mm256_loadu_si256 ((const __m256i *) (q[k + 1]
                                                          + 32 * h));
      t[k] = _mm256_unpacklo_epi32 (r0, r1);
      t[k + 1] = _mm256_unpackhi_epi32 (r0, r1);
    }
  /* U[4G + I]: word I (and I + 4 in the high half) of lanes 4G .. 4G + 3.  */
  for (int g = 0; g < 2; g++)
    {
      u[4 * g + 0] = _mm256_unpacklo_epi64 (t[4 * g], t[4 * g + 2]);
      u[4 * g + 1] = _mm256_unpackhi_epi64 (t[4 * g], t[4 * g + 2]);
      u[4 * g + 2] = _mm256_unpacklo_epi64 (t[4 * g + 1], t[4 * g + 3]);
      u[4 * g + 3] = _mm256_unpackhi_epi64 (t[4 * g + 1], t[4 * g + 3]);
    }
  for (int i = 0; i < 4; i++)
    {
      w[8 * h + i] = _mm256_shuffle_epi8
        (_mm256_permute2x128_si256 (u[i], u[4 + i], 0x20), bswap);
      w[8 * h + i + 4] = _mm256_shuffle_epi8
        (_mm256_permute2x128_si256 (u[i], u[4 + i], 0x31), bswap);
    }
}

/* The round function f of round T (FIPS 180-4 4.1.1) on B, C, D.  */
INLINE __m256i
round_f (int t, __m256i b, __m256i c, __m256i d)
{
  if (t < 20)
    return XOR (d, AND (b, XOR (c, d)));
  if (t < 40 || t >= 60)
    return XOR (XOR (b, c), d);
  return _mm256_or_si256 (AND (b, c), AND (d, _mm256_or_si256 (b, c)));
}

/* The constant K of round T (FIPS 180-4 4.2.1) in every lane.  */
INLINE __m256i
round_k (int t)
{
  static const uint32_t k[4] = { 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc,
                                 0xca62c1d6 };
  return _mm256_set1_epi32 ((int) k[t / 20]);
}

/* Compress NBLOCKS 64-byte blocks at each of P[0..7] (any alignment)
   into STATE[0..7] respectively, with the same result as
   sha1_blocks_portable on each.  The states are not shared; the data
   may be.  */
void
sha1_x8_avx2 (uint32_t *const state[], const uint8_t *const p[],
              size_t nblocks)
{
  const uint8_t *q[LANES];
  __m256i s[5];
  _Alignas (32) uint32_t tmp[LANES];

  for (int i = 0; i < 5; i++)
    {
      for (int l = 0; l < LANES; l++)
        tmp[l] = state[l][i];
      s[i] = _mm256_load_si256 ((const __m256i *) tmp);
    }
  for (int l = 0; l < LANES; l++)
    q[l] = p[l];

  for (; nblocks != 0; nblocks--)
    {
      __m256i w[16];
      __m256i a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];

      load_words (w, q, 0);
      load_words (w, q, 1);
      for (int l = 0; l < LANES; l++)
        q[l] += SHA1_BLOCK_SIZE;

#pragma GCC unroll 80
      for (int t = 0; t < 80; t++)
        {
          __m256i *wt = &w[t & 15];
          if (t >= 16)
            *wt = ROL (XOR (XOR (w[(t - 3) & 15], w[(t - 8) & 15]),
                            XOR (w[(t - 14) & 15], *wt)), 1);
          __m256i rest = ADD (round_f (t, b, c, d),
                              ADD (e, ADD (*wt, round_k (t))));
          OPAQUE (rest);
          __m256i temp = ADD (ROL (a, 5), rest);
          e = d;
          d = c;
          c = ROL (b, 30);
          b = a;
          a = temp;
        }

      s[0] = ADD (s[0], a);
      s[1] = ADD (s[1], b);
      s[2] = ADD (s[2], c);
      s[3] = ADD (s[3], d);
      s[4] = ADD (s[4], e);
    }

  for (int i = 0; i < 5; i++)
    {
      _mm256_store_si256 ((__m256i *) tmp, s[i]);
      for (int l = 0; l < LANES; l++)
        state[l][i] = tmp[l];
    }
}
