/* sha256-shani.c -- SHA-256 compression with the x86 SHA extensions.

   Whole blocks only: the state, buffering, padding and length are
   handled elsewhere (lib/sha256.c, lib/md-engine.c), the same way for
   every variant.  This file is compiled with -msha -msse4.1 and holds
   nothing else, so that no other code gets those instructions; call it
   only when cpu_has_shani, cpu_has_ssse3 and cpu_has_sse41 are true.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha256.h"

/* The compiler checks that the variant has the family's type.  */
sha256_blocks_fn sha256_blocks_shani;

/* Load the four big-endian words at P (any alignment), W[t] in lane 0;
   BSWAP reverses the bytes within each 32-bit lane.  */
#define LOAD_W(p, bswap)                                                \
  _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p)), bswap)

/* Rounds 4I .. 4I+3 with schedule words M.  sha256rnds2 takes C,D,G,H
   and A,B,E,F and returns the new A,B,E,F; the old A,B,E,F are then
   the new C,D,G,H, so the two registers swap roles after each call
   and are back in place after two.  It uses the low two lanes of its
   third operand as W+K, hence the shuffle of lanes 2,3 down.  */
#define RNDS4(m, i)                                                     \
  do                                                                    \
    {                                                                   \
      const __m128i *k_ = (const __m128i *) &sha256_k[4 * (i)];        \
      __m128i wk_ = _mm_add_epi32 (m, _mm_load_si128 (k_));             \
      cdgh = _mm_sha256rnds2_epu32 (cdgh, abef, wk_);                   \
      abef = _mm_sha256rnds2_epu32 (abef, cdgh,                         \
                                    _mm_shuffle_epi32 (wk_, 0x0e));     \
    }                                                                   \
  while (0)

/* Replace M0 = W[t-16..t-13] by W[t..t+3], given M1 = W[t-12..t-9],
   M2 = W[t-8..t-5] and M3 = W[t-4..t-1] (FIPS 180-4 6.2.2 step 1).
   sha256msg1 adds sigma0 of the next word, alignr picks W[t-7..t-4],
   and sha256msg2 adds sigma1 of W[t-2], W[t-1] and then of its own
   first two results.  */
#define SCHED(m0, m1, m2, m3)                                           \
  (m0 = _mm_sha256msg2_epu32                                            \
          (_mm_add_epi32 (_mm_sha256msg1_epu32 (m0, m1),                \
                          _mm_alignr_epi8 (m3, m2, 4)), m3))

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE, whose layout is the portable core's: H0..H7 = a..h.  */
void
sha256_blocks_shani (uint32_t state[8], const uint8_t *p, size_t nblocks)
{
  const __m128i bswap = _mm_set_epi8 (12, 13, 14, 15, 8, 9, 10, 11,
                                      4, 5, 6, 7, 0, 1, 2, 3);

  /* From lanes (a,b,c,d) and (e,f,g,h), lane 0 first, to the layout of
     the instructions: (f,e,b,a) and (h,g,d,c).  */
  __m128i s0 = _mm_loadu_si128 ((const __m128i *) &state[0]);
  __m128i s1 = _mm_loadu_si128 ((const __m128i *) &state[4]);
  __m128i badc = _mm_shuffle_epi32 (s0, 0xb1);
  __m128i hgfe = _mm_shuffle_epi32 (s1, 0x1b);
  __m128i abef = _mm_alignr_epi8 (badc, hgfe, 8);
  __m128i cdgh = _mm_blend_epi16 (badc, hgfe, 0x0f);

  for (; nblocks != 0; nblocks--, p += SHA256_BLOCK_SIZE)
    {
      __m128i abef_in = abef, cdgh_in = cdgh;
      __m128i m0 = LOAD_W (p, bswap);
      __m128i m1 = LOAD_W (p + 16, bswap);
      __m128i m2 = LOAD_W (p + 32, bswap);
      __m128i m3 = LOAD_W (p + 48, bswap);

      RNDS4 (m0, 0);
      RNDS4 (m1, 1);
      RNDS4 (m2, 2);
      RNDS4 (m3, 3);
      for (int i = 4; i < 16; i += 4)
        {
          SCHED (m0, m1, m2, m3);
          RNDS4 (m0, i);
          SCHED (m1, m2, m3, m0);
          RNDS4 (m1, i + 1);
          SCHED (m2, m3, m0, m1);
          RNDS4 (m2, i + 2);
          SCHED (m3, m0, m1, m2);
          RNDS4 (m3, i + 3);
        }

      abef = _mm_add_epi32 (abef, abef_in);
      cdgh = _mm_add_epi32 (cdgh, cdgh_in);
    }

  /* Back: (a,b,e,f) and (g,h,c,d) give (a,b,c,d) and (e,f,g,h).  */
  __m128i abef_r = _mm_shuffle_epi32 (abef, 0x1b);
  __m128i ghcd = _mm_shuffle_epi32 (cdgh, 0xb1);
  _mm_storeu_si128 ((__m128i *) &state[0],
                    _mm_blend_epi16 (abef_r, ghcd, 0xf0));
  _mm_storeu_si128 ((__m128i *) &state[4],
                    _mm_alignr_epi8 (ghcd, abef_r, 8));
}
