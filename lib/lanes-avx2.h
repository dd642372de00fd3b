/* lanes-avx2.h -- loading the message words of 8 lanes into AVX2
   vectors, for the multi-lane cores of 32-bit little-endian hashes
   (lib/md4-lanes-avx2.c, lib/md5-lanes-avx2.c).

   Include only from files compiled with -mavx2.  A lane core keeps
   8 lanes in one group of vectors: 32-bit element J of every vector
   belongs to lane J.  A 64-byte block of each lane must then be
   transposed, so that vector I holds word I of the 8 blocks.  */

#ifndef BRISK_LANES_AVX2_H
#define BRISK_LANES_AVX2_H

#include <immintrin.h>
#include <stdint.h>

/* Load bytes 16 * Q .. 16 * Q + 15 of the blocks at LO (into the low
   128 bits) and at HI (into the high 128 bits).  */
static inline __m256i
lanes_load_pair (const uint8_t *lo, const uint8_t *hi, int q)
{
  __m128i l = _mm_loadu_si128 ((const __m128i *) (lo + 16 * q));
  __m128i h = _mm_loadu_si128 ((const __m128i *) (hi + 16 * q));
  return _mm256_inserti128_si256 (_mm256_castsi128_si256 (l), h, 1);
}

/* Store in W[4 * Q] .. W[4 * Q + 3] the little-endian words 4 * Q ..
   4 * Q + 3 of the 8 blocks at P[0] .. P[7], one lane each, as
   vectors.  Each load puts four words of lane J in the low half and
   four words of lane J + 4 in the high half, so that 4x4 transposes
   within each half, which AVX2's unpack instructions do, finish the
   job without crossing halves.  */
static inline void
lanes_load_quarter (__m256i *w, const uint8_t *const p[8], int q)
{
  __m256i r0 = lanes_load_pair (p[0], p[4], q);
  __m256i r1 = lanes_load_pair (p[1], p[5], q);
  __m256i r2 = lanes_load_pair (p[2], p[6], q);
  __m256i r3 = lanes_load_pair (p[3], p[7], q);
  /* T0 = r0[0] r1[0] r0[1] r1[1] in each half, and so on.  */
  __m256i t0 = _mm256_unpacklo_epi32 (r0, r1);
  __m256i t1 = _mm256_unpackhi_epi32 (r0, r1);
  __m256i t2 = _mm256_unpacklo_epi32 (r2, r3);
  __m256i t3 = _mm256_unpackhi_epi32 (r2, r3);
  w[4 * q + 0] = _mm256_unpacklo_epi64 (t0, t2);
  w[4 * q + 1] = _mm256_unpackhi_epi64 (t0, t2);
  w[4 * q + 2] = _mm256_unpacklo_epi64 (t1, t3);
  w[4 * q + 3] = _mm256_unpackhi_epi64 (t1, t3);
}

/* Store in W[0] .. W[15] the 16 words of the 64-byte blocks at P[0]
   .. P[7] (any alignment), transposed: element J of W[I] is word I of
   lane J's block.  */
static inline void
lanes_load_block (__m256i w[16], const uint8_t *const p[8])
{
  for (int q = 0; q < 4; q++)
    lanes_load_quarter (w, p, q);
}

/* Load the 4-word states of lanes 0..7, STATE[0] .. STATE[7], into A,
   B, C and D, one lane per element.  */
static inline void
lanes_load_state4 (uint32_t *const state[8], __m256i *a, __m256i *b,
                   __m256i *c, __m256i *d)
{
  __m256i w[4];
  const uint8_t *p[8];
  for (int j = 0; j < 8; j++)
    p[j] = (const uint8_t *) state[j];
  lanes_load_quarter (w, p, 0);
  *a = w[0];
  *b = w[1];
  *c = w[2];
  *d = w[3];
}

/* Store A, B, C and D, one lane per element, back into the 4-word
   states STATE[0] .. STATE[7]: the inverse of lanes_load_state4.  */
static inline void
lanes_store_state4 (uint32_t *const state[8], __m256i a, __m256i b,
                    __m256i c, __m256i d)
{
  /* A 4x4 transpose in each half gives lane J's state in the low half
     of one vector and lane J + 4's in its high half.  */
  __m256i t0 = _mm256_unpacklo_epi32 (a, b);
  __m256i t1 = _mm256_unpackhi_epi32 (a, b);
  __m256i t2 = _mm256_unpacklo_epi32 (c, d);
  __m256i t3 = _mm256_unpackhi_epi32 (c, d);
  __m256i r[4] = {
    _mm256_unpacklo_epi64 (t0, t2), _mm256_unpackhi_epi64 (t0, t2),
    _mm256_unpacklo_epi64 (t1, t3), _mm256_unpackhi_epi64 (t1, t3)
  };
  for (int j = 0; j < 4; j++)
    {
      _mm_storeu_si128 ((__m128i *) state[j], _mm256_castsi256_si128 (r[j]));
      _mm_storeu_si128 ((__m128i *) state[j + 4],
                        _mm256_extracti128_si256 (r[j], 1));
    }
}

/* For the functions that must be inlined so that the vectors they
   share stay in registers.  */
#define LANES_INLINE static inline __attribute__ ((always_inline))

/* The states of 16 lanes of a hash of 4 32-bit words, as two groups
   of 8 lanes: element J of A0 .. D0 belongs to lane J, of A1 .. D1 to
   lane J + 8.  */
struct lanes_x16_state4
{
  __m256i a0, b0, c0, d0, a1, b1, c1, d1;
};

/* The rounds of a 4-word hash on one block of each of 16 lanes: return
   what they make of the state S and the message words W0 (lanes
   0..7) and W1 (lanes 8..15), before S is added back.  */
typedef struct lanes_x16_state4
lanes_x16_rounds4_fn (struct lanes_x16_state4 s, const __m256i w0[16],
                      const __m256i w1[16]);

/* Compress NBLOCKS 64-byte blocks of each of 16 lanes, lane I's from
   P[I] (any alignment) into the 4-word state at STATE[I], with ROUNDS
   and the Davies-Meyer feed-forward that MD4 and MD5 share.  Called
   with a constant ROUNDS from a function of its own, it is inlined
   with ROUNDS into that function.  */
LANES_INLINE void
lanes_x16_run4 (uint32_t *const state[], const uint8_t *const p[],
                size_t nblocks, lanes_x16_rounds4_fn *rounds)
{
  const uint8_t *q[16];
  struct lanes_x16_state4 s;

  if (nblocks == 0)
    return;
  for (int j = 0; j < 16; j++)
    q[j] = p[j];
  lanes_load_state4 (state, &s.a0, &s.b0, &s.c0, &s.d0);
  lanes_load_state4 (state + 8, &s.a1, &s.b1, &s.c1, &s.d1);
  for (; nblocks != 0; nblocks--)
    {
      __m256i w0[16], w1[16];
      lanes_load_block (w0, q);
      lanes_load_block (w1, q + 8);
      for (int j = 0; j < 16; j++)
        q[j] += 64;
      struct lanes_x16_state4 t = rounds (s, w0, w1);
      s.a0 = _mm256_add_epi32 (s.a0, t.a0);
      s.b0 = _mm256_add_epi32 (s.b0, t.b0);
      s.c0 = _mm256_add_epi32 (s.c0, t.c0);
      s.d0 = _mm256_add_epi32 (s.d0, t.d0);
      s.a1 = _mm256_add_epi32 (s.a1, t.a1);
      s.b1 = _mm256_add_epi32 (s.b1, t.b1);
      s.c1 = _mm256_add_epi32 (s.c1, t.c1);
      s.d1 = _mm256_add_epi32 (s.d1, t.d1);
    }
  lanes_store_state4 (state, s.a0, s.b0, s.c0, s.d0);
  lanes_store_state4 (state + 8, s.a1, s.b1, s.c1, s.d1);
}

/* Rotate each 32-bit element of X left by the constant N.  AVX2 has
   no rotation: two shifts and an or.  */
#define LANES_ROL32(x, n)                                               \
  _mm256_or_si256 (_mm256_slli_epi32 (x, n), _mm256_srli_epi32 (x, 32 - (n)))

#endif
