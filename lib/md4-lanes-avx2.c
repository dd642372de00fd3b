/* md4-lanes-avx2.c -- MD4 compression of 16 independent messages at
   once, in AVX2 vectors.

   Compiled with -mavx2 -mbmi2; call it only when cpu-features reports
   AVX2 and the OS has enabled the YMM state.

   Whole blocks only: each lane's state, the buffering of partial
   blocks and the padding are handled elsewhere (lib/digest-multi.c,
   lib/md-engine.c).  Each state has the layout of md4_blocks_portable's.

   As in md5-lanes-avx2.c, element J of each vector belongs to lane J,
   and two groups of 8 lanes are interleaved step by step, so that one
   group's steps fill the gaps in the other's dependency chain.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "hash-lanes.h"
#include "lanes-avx2.h"
#include "md4.h"

/* The compiler checks that the variant has the lane cores' type.  */
hash_lanes32_fn md4_x16_avx2;

/* RFC 1320 3.4, on the vectors of group G (state words A##G .. D##G,
   message words W##G): A = (A + f (B, C, D) + X[K] + C) <<< S.  As in
   md4.c, F and G are sums of terms with no bit in common, and only
   the last term added needs B, the word the step before computed.  */
#define ADD(x, y) _mm256_add_epi32 (x, y)
#define XOR(x, y) _mm256_xor_si256 (x, y)
#define AND(x, y) _mm256_and_si256 (x, y)

#define STEP_F(g, a, b, c, d, k, s)                                     \
  (a##g = ADD (a##g, w##g[k]),                                          \
   a##g = ADD (a##g, XOR (d##g, AND (b##g, XOR (c##g, d##g)))),         \
   a##g = LANES_ROL32 (a##g, s))
#define STEP_G(g, a, b, c, d, k, s)                                     \
  (a##g = ADD (a##g, ADD (ADD (w##g[k], kg), AND (c##g, d##g))),        \
   a##g = ADD (a##g, AND (b##g, XOR (c##g, d##g))),                     \
   a##g = LANES_ROL32 (a##g, s))
#define STEP_H(g, a, b, c, d, k, s)                                     \
  (a##g = ADD (a##g, ADD (w##g[k], kh)),                                \
   a##g = ADD (a##g, XOR (b##g, XOR (c##g, d##g))),                     \
   a##g = LANES_ROL32 (a##g, s))

/* One step in both groups, side by side.  */
#define STEP(f, a, b, c, d, k, s)                                       \
  (STEP_##f (0, a, b, c, d, k, s), STEP_##f (1, a, b, c, d, k, s))

/* Four steps of round F, on message words K0..K3 with shifts S0..S3;
   the state words rotate their names.  */
#define STEP4(f, k0, k1, k2, k3, s0, s1, s2, s3)                        \
  (STEP (f, a, b, c, d, k0, s0), STEP (f, d, a, b, c, k1, s1),          \
   STEP (f, c, d, a, b, k2, s2), STEP (f, b, c, d, a, k3, s3))

/* The rounds of RFC 1320 3.4 in 16 lanes, on the state S and the
   message words W0 and W1 (see lanes_x16_rounds4_fn).  */
LANES_INLINE struct lanes_x16_state4
md4_rounds (struct lanes_x16_state4 s, const __m256i w0[16],
            const __m256i w1[16])
{
  const __m256i kg = _mm256_set1_epi32 (0x5a827999);
  const __m256i kh = _mm256_set1_epi32 (0x6ed9eba1);
  __m256i a0 = s.a0, b0 = s.b0, c0 = s.c0, d0 = s.d0;
  __m256i a1 = s.a1, b1 = s.b1, c1 = s.c1, d1 = s.d1;

  STEP4 (F, 0, 1, 2, 3, 3, 7, 11, 19);
  STEP4 (F, 4, 5, 6, 7, 3, 7, 11, 19);
  STEP4 (F, 8, 9, 10, 11, 3, 7, 11, 19);
  STEP4 (F, 12, 13, 14, 15, 3, 7, 11, 19);

  STEP4 (G, 0, 4, 8, 12, 3, 5, 9, 13);
  STEP4 (G, 1, 5, 9, 13, 3, 5, 9, 13);
  STEP4 (G, 2, 6, 10, 14, 3, 5, 9, 13);
  STEP4 (G, 3, 7, 11, 15, 3, 5, 9, 13);

  STEP4 (H, 0, 8, 4, 12, 3, 9, 11, 15);
  STEP4 (H, 2, 10, 6, 14, 3, 9, 11, 15);
  STEP4 (H, 1, 9, 5, 13, 3, 9, 11, 15);
  STEP4 (H, 3, 11, 7, 15, 3, 9, 11, 15);

  return (struct lanes_x16_state4) { a0, b0, c0, d0, a1, b1, c1, d1 };
}

/* Compress NBLOCKS 64-byte blocks of each of 16 messages: lane I's
   blocks start at P[I] (any alignment) and go into the 4-word state at
   STATE[I].  The lanes must not share a state.  */
void
md4_x16_avx2 (uint32_t *const state[], const uint8_t *const p[],
              size_t nblocks)
{
  lanes_x16_run4 (state, p, nblocks, md4_rounds);
}
