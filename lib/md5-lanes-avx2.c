/* md5-lanes-avx2.c -- MD5 compression of 16 independent messages at
   once, in AVX2 vectors.

   Compiled with -mavx2 -mbmi2; call it only when cpu-features reports
   AVX2 and the OS has enabled the YMM state.

   Whole blocks only: each lane's state, the buffering of partial
   blocks and the padding are handled elsewhere (lib/digest-multi.c,
   lib/md-engine.c).  Each state has the layout of md5_blocks_portable's.

   How it works.  MD5 is a chain of 64 dependent steps per block, so
   one message keeps a CPU's vector units mostly idle; independent
   messages do not.  Element J of each 256-bit vector holds the MD5
   state word of lane J, so one vector step advances 8 messages.  Each
   step's dependency chain is about six instructions long, longer than
   the 8-lane step takes to issue, so two groups of 8 lanes are
   interleaved, step by step, to keep the units busy.  The message
   words are loaded with plain loads and transposed with unpack
   instructions (lanes-avx2.h).  Measured on this project's AMD EPYC
   (Zen 4) host, calling the core on 16 lanes of 128 KiB: 16 lanes
   3,980 MB/s; 8 lanes (one group) 2,120; 16 lanes with the words
   loaded by gathers (vpgatherqd, as the lanes' data may lie more than
   2 GiB apart) 3,050.  The single stream does 770 there.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "hash-lanes.h"
#include "lanes-avx2.h"
#include "md5.h"

/* The compiler checks that the variant has the lane cores' type.  */
hash_lanes32_fn md5_x16_avx2;

/* Rotate each element of X left by S; rotations by 16 are one byte
   shuffle instead of three instructions.  */
static inline __m256i
rol (__m256i x, int s)
{
  if (s == 16)
    return _mm256_shuffle_epi8 (x, _mm256_setr_epi8 (2, 3, 0, 1, 6, 7, 4, 5,
                                                     10, 11, 8, 9, 14, 15,
                                                     12, 13, 2, 3, 0, 1,
                                                     6, 7, 4, 5, 10, 11,
                                                     8, 9, 14, 15, 12, 13));
  return LANES_ROL32 (x, s);
}

/* The word sums of each step, as RFC 1321 3.4 has them, on the
   vectors of group G (state words A##G .. D##G, message words W##G):
   A = B + ((A + f (B, C, D) + X[K] + T[I]) <<< S).  The terms that do
   not depend on B, the word the step before computed, are added first.
   In G the two terms have no bit in common, so they are added instead
   of or-ed; in I, ~D is D ^ ONES.  */
#define ADD(x, y) _mm256_add_epi32 (x, y)
#define XOR(x, y) _mm256_xor_si256 (x, y)
#define AND(x, y) _mm256_and_si256 (x, y)
#define OR(x, y) _mm256_or_si256 (x, y)
#define WT(g, k, i) ADD (w##g[k], _mm256_set1_epi32 ((int) md5_t[i]))

#define STEP_F(g, a, b, c, d, k, s, i)                                  \
  (a##g = ADD (a##g, WT (g, k, i)),                                     \
   a##g = ADD (a##g, XOR (d##g, AND (b##g, XOR (c##g, d##g)))),         \
   a##g = ADD (rol (a##g, s), b##g))
#define STEP_G(g, a, b, c, d, k, s, i)                                  \
  (a##g = ADD (a##g, ADD (WT (g, k, i), _mm256_andnot_si256 (d##g, c##g))), \
   a##g = ADD (a##g, AND (b##g, d##g)),                                 \
   a##g = ADD (rol (a##g, s), b##g))
#define STEP_H(g, a, b, c, d, k, s, i)                                  \
  (a##g = ADD (a##g, WT (g, k, i)),                                     \
   a##g = ADD (a##g, XOR (b##g, XOR (c##g, d##g))),                     \
   a##g = ADD (rol (a##g, s), b##g))
#define STEP_I(g, a, b, c, d, k, s, i)                                  \
  (a##g = ADD (a##g, WT (g, k, i)),                                     \
   a##g = ADD (a##g, XOR (c##g, OR (b##g, XOR (d##g, ones)))),          \
   a##g = ADD (rol (a##g, s), b##g))

/* One step in both groups, side by side.  */
#define STEP(f, a, b, c, d, k, s, i)                                    \
  (STEP_##f (0, a, b, c, d, k, s, i), STEP_##f (1, a, b, c, d, k, s, i))

/* Steps I to I + 3 of round F, on message words K0..K3 with shifts
   S0..S3; the four state words are named in rotated order.  */
#define STEP4(f, i, k0, k1, k2, k3, s0, s1, s2, s3)                     \
  (STEP (f, a, b, c, d, k0, s0, (i) + 0),                               \
   STEP (f, d, a, b, c, k1, s1, (i) + 1),                               \
   STEP (f, c, d, a, b, k2, s2, (i) + 2),                               \
   STEP (f, b, c, d, a, k3, s3, (i) + 3))

/* The rounds of RFC 1321 3.4 in 16 lanes, on the state S and the
   message words W0 and W1 (see lanes_x16_rounds4_fn).  */
LANES_INLINE struct lanes_x16_state4
md5_rounds (struct lanes_x16_state4 s, const __m256i w0[16],
            const __m256i w1[16])
{
  const __m256i ones = _mm256_set1_epi32 (-1);
  __m256i a0 = s.a0, b0 = s.b0, c0 = s.c0, d0 = s.d0;
  __m256i a1 = s.a1, b1 = s.b1, c1 = s.c1, d1 = s.d1;

  MD5_STEPS (STEP4);

  return (struct lanes_x16_state4) { a0, b0, c0, d0, a1, b1, c1, d1 };
}

/* Compress NBLOCKS 64-byte blocks of each of 16 messages: lane I's
   blocks start at P[I] (any alignment) and go into the 4-word state at
   STATE[I].  The lanes must not share a state.  */
void
md5_x16_avx2 (uint32_t *const state[], const uint8_t *const p[],
              size_t nblocks)
{
  lanes_x16_run4 (state, p, nblocks, md5_rounds);
}
