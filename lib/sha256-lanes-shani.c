/* sha256-lanes-shani.c -- SHA-256 compression of two or three
   independent messages at once with the x86 SHA extensions.

   Whole blocks only, as for every core: the states, buffering, padding
   and lengths are handled elsewhere.  Every lane advances by the same
   number of blocks, each from its own data into its own state, laid
   out as for sha256_blocks_portable.  This file is compiled with -msha
   -msse4.1 and holds nothing else; call it only when cpu_has_shani,
   cpu_has_ssse3 and cpu_has_sse41 are true.

   Why.  One SHA-NI stream is bound by the latency of sha256rnds2: each
   pair of rounds needs the result of the pair before, so the unit that
   could start a new sha256rnds2 every cycle or two waits most of the
   time.  Two or three messages have no dependency on one another, and
   their instructions, interleaved group by group, fill those waits.
   Three lanes come close to the throughput of the SHA unit: four, tried,
   were no faster per byte.

   bench/lanespeed on the 2-core AMD EPYC (Zen 5) VM, busy with other
   work, MB/s per CPU second against sha256_blocks_shani on the same
   messages, best of 5 trials (ratios taken from one run):

                   1 MiB a lane          4 KiB a lane
     x2            1888 / 1304  1.45x    1.34x
     x3            2154 / 1270  1.70x    1.52x

   Tried, no better: the schedule of the next group between the two
   sha256rnds2 of a group (1.39x and 1.51x in a quick run against 1.45x
   and 1.66x); all of a block's W + K first, then its rounds (x3 1.46x).

   The rounds and the message schedule are the ones of
   lib/sha256-shani.c (whose comments say how the instructions are
   used); here each step is done for every lane in turn.  One generic
   function is written over an array of lanes and instantiated for a
   constant lane count, so that the compiler unrolls the loops over
   lanes and keeps every array element in a register.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha256.h"

enum
{
  MAX_LANES = 3
};

#define INLINE static inline __attribute__ ((always_inline))

/* Load the four big-endian words at P (any alignment), W[t] in lane 0.  */
#define LOAD_W(p, bswap)                                                \
  _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p)), bswap)

/* W[t..t+3] from M0 = W[t-16..t-13], M1, M2 and M3 = W[t-4..t-1], as
   in lib/sha256-shani.c.  */
INLINE __m128i
sched (__m128i m0, __m128i m1, __m128i m2, __m128i m3)
{
  return _mm_sha256msg2_epu32 (_mm_add_epi32 (_mm_sha256msg1_epu32 (m0, m1),
                                              _mm_alignr_epi8 (m3, m2, 4)),
                               m3);
}

/* Compress NBLOCKS 64-byte blocks of each of LANES messages: lane L
   reads P[L] (any alignment) and updates STATE[L].  LANES is a
   constant at every call, at most MAX_LANES.  */
INLINE void
sha256_lanes (int lanes, uint32_t *const state[], const uint8_t *const p[],
              size_t nblocks)
{
  const __m128i bswap = _mm_set_epi8 (12, 13, 14, 15, 8, 9, 10, 11,
                                      4, 5, 6, 7, 0, 1, 2, 3);
  __m128i abef[MAX_LANES], cdgh[MAX_LANES];
  const uint8_t *q[MAX_LANES];

  /* To the instructions' layout, as in lib/sha256-shani.c.  */
#pragma GCC unroll 4
  for (int l = 0; l < lanes; l++)
    {
      __m128i s0 = _mm_loadu_si128 ((const __m128i *) &state[l][0]);
      __m128i s1 = _mm_loadu_si128 ((const __m128i *) &state[l][4]);
      __m128i badc = _mm_shuffle_epi32 (s0, 0xb1);
      __m128i hgfe = _mm_shuffle_epi32 (s1, 0x1b);
      abef[l] = _mm_alignr_epi8 (badc, hgfe, 8);
      cdgh[l] = _mm_blend_epi16 (badc, hgfe, 0x0f);
      q[l] = p[l];
    }

  for (; nblocks != 0; nblocks--)
    {
      __m128i abef_in[MAX_LANES], cdgh_in[MAX_LANES];
      __m128i m[MAX_LANES][4], wk[MAX_LANES];

#pragma GCC unroll 4
      for (int l = 0; l < lanes; l++)
        {
          abef_in[l] = abef[l];
          cdgh_in[l] = cdgh[l];
#pragma GCC unroll 4
          for (int j = 0; j < 4; j++)
            m[l][j] = LOAD_W (q[l] + 16 * j, bswap);
          q[l] += SHA256_BLOCK_SIZE;
        }

      /* Rounds 4I .. 4I + 3 of every lane, with W[4I .. 4I + 3] in
         M[L][I % 4], computed first from the four groups before from
         I = 4 on.  The two sha256rnds2 of a group depend on each
         other, so every lane's first comes before any lane's second.  */
#pragma GCC unroll 16
      for (int i = 0; i < 16; i++)
        {
          const __m128i k = _mm_load_si128 ((const __m128i *)
                                            &sha256_k[4 * i]);
          int j = i & 3;
#pragma GCC unroll 4
          for (int l = 0; l < lanes; l++)
            {
              if (i >= 4)
                m[l][j] = sched (m[l][j], m[l][(j + 1) & 3],
                                 m[l][(j + 2) & 3], m[l][(j + 3) & 3]);
              wk[l] = _mm_add_epi32 (m[l][j], k);
              cdgh[l] = _mm_sha256rnds2_epu32 (cdgh[l], abef[l], wk[l]);
            }
#pragma GCC unroll 4
          for (int l = 0; l < lanes; l++)
            abef[l] = _mm_sha256rnds2_epu32 (abef[l], cdgh[l],
                                             _mm_shuffle_epi32 (wk[l],
                                                                0x0e));
        }

#pragma GCC unroll 4
      for (int l = 0; l < lanes; l++)
        {
          abef[l] = _mm_add_epi32 (abef[l], abef_in[l]);
          cdgh[l] = _mm_add_epi32 (cdgh[l], cdgh_in[l]);
        }
    }

  /* Back to the portable layout, as in lib/sha256-shani.c.  */
#pragma GCC unroll 4
  for (int l = 0; l < lanes; l++)
    {
      __m128i abef_r = _mm_shuffle_epi32 (abef[l], 0x1b);
      __m128i ghcd = _mm_shuffle_epi32 (cdgh[l], 0xb1);
      _mm_storeu_si128 ((__m128i *) &state[l][0],
                        _mm_blend_epi16 (abef_r, ghcd, 0xf0));
      _mm_storeu_si128 ((__m128i *) &state[l][4],
                        _mm_alignr_epi8 (ghcd, abef_r, 8));
    }
}

/* Compress NBLOCKS 64-byte blocks at P[0] into STATE[0] and as many at
   P[1] into STATE[1].  The states are not shared; the data may be.  */
void
sha256_x2_shani (uint32_t *const state[], const uint8_t *const p[],
                 size_t nblocks)
{
  sha256_lanes (2, state, p, nblocks);
}

/* The same for three lanes: P[0..2] into STATE[0..2].  */
void
sha256_x3_shani (uint32_t *const state[], const uint8_t *const p[],
                 size_t nblocks)
{
  sha256_lanes (3, state, p, nblocks);
}
