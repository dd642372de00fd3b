/* sha1-shani.c -- SHA-1 compression with the x86 SHA extensions.

   Whole blocks only: the state, buffering, padding and length are
   handled elsewhere (lib/sha1.c, lib/md-engine.c), the same way for
   every variant.  This file is compiled with -msha -msse4.1 and holds
   nothing else, so that no other code gets those instructions; call it
   only when cpu_has_shani, cpu_has_ssse3 and cpu_has_sse41 are true.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha1.h"

/* The compiler checks that the variant has the family's type.  */
sha1_blocks_fn sha1_blocks_shani;

/* Load the four big-endian words at P (any alignment) in the order of
   the SHA-1 instructions: W[t] in lane 3, W[t+3] in lane 0.  REV
   reverses all sixteen bytes.  */
#define LOAD_W(p, rev)                                                  \
  _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p)), rev)

/* Rounds 4I .. 4I+3 with schedule words M.  ABCD holds a,b,c,d in
   lanes 3..0.  E_CUR is the E for these rounds: lane 3 of the vector
   added to the words is E, taken by sha1nexte from a (rotated left by
   30) as it was four rounds before; E_NEXT saves this a for the next
   group.  sha1rnds4's immediate picks f and K (FIPS 180-4 4.1.1,
   4.2.1): one per twenty rounds.  */
#define RNDS4(m, i, e_cur, e_next)                                      \
  do                                                                    \
    {                                                                   \
      e_cur = _mm_sha1nexte_epu32 (e_cur, m);                           \
      e_next = abcd;                                                    \
      abcd = _mm_sha1rnds4_epu32 (abcd, e_cur, (i) / 5);                \
    }                                                                   \
  while (0)

/* Replace M0 = W[t-16..t-13] by W[t..t+3], given M1 = W[t-12..t-9],
   M2 = W[t-8..t-5] and M3 = W[t-4..t-1] (FIPS 180-4 6.1.2 step 1).
   sha1msg1 xors in W[t-14..t-11], the xor adds W[t-8..t-5], and
   sha1msg2 xors in W[t-3] (the last for W[t+3] being its own first
   result) and rotates left by one.  */
#define SCHED(m0, m1, m2, m3)                                           \
  (m0 = _mm_sha1msg2_epu32                                              \
          (_mm_xor_si128 (_mm_sha1msg1_epu32 (m0, m1), m2), m3))

/* Rounds 4I .. 4I+15, I a multiple of 4, scheduling each group's words
   first.  A group takes E from the register the group before left.  */
#define SCHED_RNDS16(i)                                                 \
  do                                                                    \
    {                                                                   \
      SCHED (m0, m1, m2, m3);                                           \
      RNDS4 (m0, (i), e0, e1);                                          \
      SCHED (m1, m2, m3, m0);                                           \
      RNDS4 (m1, (i) + 1, e1, e0);                                      \
      SCHED (m2, m3, m0, m1);                                           \
      RNDS4 (m2, (i) + 2, e0, e1);                                      \
      SCHED (m3, m0, m1, m2);                                           \
      RNDS4 (m3, (i) + 3, e1, e0);                                      \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE, whose layout is the portable core's: H0..H4 = a..e.  */
void
sha1_blocks_shani (uint32_t state[5], const uint8_t *p, size_t nblocks)
{
  const __m128i rev = _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  __m128i abcd = _mm_shuffle_epi32 (_mm_loadu_si128 ((const __m128i *)
                                                     state), 0x1b);
  /* E lives in lane 3, where the instructions add it to W[t].  */
  __m128i e = _mm_set_epi32 ((int) state[4], 0, 0, 0);

  for (; nblocks != 0; nblocks--, p += SHA1_BLOCK_SIZE)
    {
      __m128i abcd_in = abcd, e_in = e;
      __m128i m0 = LOAD_W (p, rev);
      __m128i m1 = LOAD_W (p + 16, rev);
      __m128i m2 = LOAD_W (p + 32, rev);
      __m128i m3 = LOAD_W (p + 48, rev);
      __m128i e0, e1;

      /* The first group has E itself, not a rotated a.  */
      e0 = _mm_add_epi32 (e, m0);
      e1 = abcd;
      abcd = _mm_sha1rnds4_epu32 (abcd, e0, 0);
      RNDS4 (m1, 1, e1, e0);
      RNDS4 (m2, 2, e0, e1);
      RNDS4 (m3, 3, e1, e0);
      SCHED_RNDS16 (4);
      SCHED_RNDS16 (8);
      SCHED_RNDS16 (12);
      SCHED_RNDS16 (16);

      /* E after round 79 is a after round 75 rotated by 30: the
         sha1nexte that would start a 21st group.  */
      e = _mm_sha1nexte_epu32 (e0, e_in);
      abcd = _mm_add_epi32 (abcd, abcd_in);
    }

  _mm_storeu_si128 ((__m128i *) state, _mm_shuffle_epi32 (abcd, 0x1b));
  state[4] = (uint32_t) _mm_extract_epi32 (e, 3);
}
