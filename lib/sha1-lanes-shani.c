/* sha1-lanes-shani.c -- SHA-1 compression of two or three independent
   messages at once with the x86 SHA extensions.

   Whole blocks only, as for every core: the states, buffering, padding
   and lengths are handled elsewhere.  Every lane advances by the same
   number of blocks, each from its own data into its own state, laid
   out as for sha1_blocks_portable.  This file is compiled with -msha
   -msse4.1 and holds nothing else; call it only when cpu_has_shani,
   cpu_has_ssse3 and cpu_has_sse41 are true.

   One SHA-NI stream waits on the latency of sha1rnds4, each group of
   four rounds needing the one before; the groups of other messages fill
   those waits.  The rounds and the schedule are those of
   lib/sha1-shani.c (whose comments say how the instructions are used),
   done for each lane in turn, in a generic function over an array of
   lanes that is instantiated for constant lane counts, so that the
   compiler unrolls the loops and keeps the arrays in registers, as in
   lib/sha256-lanes-shani.c.

   bench/lanespeed on the 2-core AMD EPYC (Zen 5) VM, MB/s per CPU
   second against sha1_blocks_shani on the same messages: x2 2599 /
   1569 (1.66x), x3 3668 / 1734 (2.12x) at 1 MiB a lane; 1.49x and 1.78x
   at 4 KiB.  Three lanes are also faster than eight lanes of AVX2
   (lib/sha1-lanes-avx2.c) on this CPU.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha1.h"

enum
{
  MAX_LANES = 3
};

#define INLINE static inline __attribute__ ((always_inline))

/* Load the four big-endian words at P (any alignment) in the order of
   the SHA-1 instructions: W[t] in lane 3.  */
#define LOAD_W(p, rev)                                                  \
  _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p)), rev)

/* Four rounds of group I (0..19) on ABCD with W + E in WE.  sha1rnds4
   wants its function and constant as an immediate, which the switch
   gives once I is a constant.  */
INLINE __m128i
rnds4 (__m128i abcd, __m128i we, int i)
{
  switch (i / 5)
    {
    case 0: return _mm_sha1rnds4_epu32 (abcd, we, 0);
    case 1: return _mm_sha1rnds4_epu32 (abcd, we, 1);
    case 2: return _mm_sha1rnds4_epu32 (abcd, we, 2);
    default: return _mm_sha1rnds4_epu32 (abcd, we, 3);
    }
}

/* W[t..t+3] from M0 = W[t-16..t-13], M1, M2 and M3 = W[t-4..t-1], as
   in lib/sha1-shani.c.  */
INLINE __m128i
sched (__m128i m0, __m128i m1, __m128i m2, __m128i m3)
{
  return _mm_sha1msg2_epu32 (_mm_xor_si128 (_mm_sha1msg1_epu32 (m0, m1), m2),
                             m3);
}

/* Compress NBLOCKS 64-byte blocks of each of LANES messages: lane L
   reads P[L] (any alignment) and updates STATE[L].  LANES is a
   constant at every call, at most MAX_LANES.  */
INLINE void
sha1_lanes (int lanes, uint32_t *const state[], const uint8_t *const p[],
            size_t nblocks)
{
  const __m128i rev = _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  __m128i abcd[MAX_LANES], e[MAX_LANES];
  const uint8_t *q[MAX_LANES];

#pragma GCC unroll 4
  for (int l = 0; l < lanes; l++)
    {
      abcd[l] = _mm_shuffle_epi32 (_mm_loadu_si128 ((const __m128i *)
                                                    state[l]), 0x1b);
      e[l] = _mm_set_epi32 ((int) state[l][4], 0, 0, 0);
      q[l] = p[l];
    }

  for (; nblocks != 0; nblocks--)
    {
      __m128i abcd_in[MAX_LANES], m[MAX_LANES][4];
      /* EE[L][I % 2] is the E of group I of lane L, taken from a four
         rounds before; the group leaves its own a in the other.  */
      __m128i ee[MAX_LANES][2];

#pragma GCC unroll 4
      for (int l = 0; l < lanes; l++)
        {
          abcd_in[l] = abcd[l];
#pragma GCC unroll 4
          for (int j = 0; j < 4; j++)
            m[l][j] = LOAD_W (q[l] + 16 * j, rev);
          q[l] += SHA1_BLOCK_SIZE;
        }

#pragma GCC unroll 20
      for (int i = 0; i < 20; i++)
        {
          int j = i & 3;
#pragma GCC unroll 4
          for (int l = 0; l < lanes; l++)
            {
              __m128i *cur = &ee[l][i & 1], *next = &ee[l][(i + 1) & 1];
              if (i >= 4)
                m[l][j] = sched (m[l][j], m[l][(j + 1) & 3],
                                 m[l][(j + 2) & 3], m[l][(j + 3) & 3]);
              /* The first group has E itself, not a rotated a.  */
              *cur = (i == 0 ? _mm_add_epi32 (e[l], m[l][j])
                      : _mm_sha1nexte_epu32 (*cur, m[l][j]));
              *next = abcd[l];
              abcd[l] = rnds4 (abcd[l], *cur, i);
            }
        }

      /* E after round 79 is a after round 75 rotated by 30.  */
#pragma GCC unroll 4
      for (int l = 0; l < lanes; l++)
        {
          e[l] = _mm_sha1nexte_epu32 (ee[l][0], e[l]);
          abcd[l] = _mm_add_epi32 (abcd[l], abcd_in[l]);
        }
    }

#pragma GCC unroll 4
  for (int l = 0; l < lanes; l++)
    {
      _mm_storeu_si128 ((__m128i *) state[l],
                        _mm_shuffle_epi32 (abcd[l], 0x1b));
      state[l][4] = (uint32_t) _mm_extract_epi32 (e[l], 3);
    }
}

/* Compress NBLOCKS 64-byte blocks at P[0] into STATE[0] and as many at
   P[1] into STATE[1].  The states are not shared; the data may be.  */
void
sha1_x2_shani (uint32_t *const state[], const uint8_t *const p[],
               size_t nblocks)
{
  sha1_lanes (2, state, p, nblocks);
}

/* The same for three lanes: P[0..2] into STATE[0..2].  */
void
sha1_x3_shani (uint32_t *const state[], const uint8_t *const p[],
               size_t nblocks)
{
  sha1_lanes (3, state, p, nblocks);
}
