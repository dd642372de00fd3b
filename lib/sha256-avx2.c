/* sha256-avx2.c -- SHA-256 compression with an AVX2 message schedule
   and BMI2 rounds, for x86 CPUs without the SHA extensions.

   Compiled with -mavx2 -mbmi2 and nothing else; call it only when
   cpu-features reports both, and the OS has enabled the YMM state.

   Whole blocks only: the state, the buffering of partial blocks and
   the padding are handled elsewhere (lib/sha256.c, lib/md-engine.c).
   The state has the same layout as for sha256_blocks_portable.

   How it works.  Blocks are taken two at a time.  One 256-bit vector
   holds schedule words W[t] .. W[t+3] of the first block in its low
   128-bit half and the same four words of the second block in its
   high half, so one vector step makes four words of each block, and
   AVX2's per-half byte shifts (alignr) and shuffles never mix the two
   blocks.  W[t+2] and W[t+3] need W[t] and W[t+1] of the same step, so
   sigma1 is applied in two passes of two words each.  Each step adds
   the round constants and stores W + K to one small aligned array, so
   a round costs the scalar code one memory add.  The vector steps are
   spread through the scalar rounds (see "Putting them together"
   below), so that the vector units work while the integer units run
   the rounds.

   The rounds are scalar, and bound by the integer units: with -mbmi2
   the compiler turns each rotation into rorx, which leaves its source
   intact.  As in sha512-avx2.c, Ch is g ^ (e & (f ^ g)) and Maj reuses
   the previous round's a ^ b.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "md-engine.h"
#include "sha256.h"

/* The compiler checks that the variant has the family's type.  */
sha256_blocks_fn sha256_blocks_avx2;

enum
{
  BLOCK = 64,           /* bytes in a block */
  STEPS = 16            /* schedule steps (four words each) per block */
};

/* ---- The message schedule, in vectors.  ---- */

/* FIPS 180-4 4.1.2 sigma0 of each 32-bit lane of X.  AVX2 has no
   rotate, so each rotation is two shifts; all five shifts are
   independent.  */
static inline __m256i
ssig0 (__m256i x)
{
  __m256i r = _mm256_xor_si256 (_mm256_srli_epi32 (x, 7),
                                _mm256_slli_epi32 (x, 25));
  r = _mm256_xor_si256 (r, _mm256_srli_epi32 (x, 18));
  r = _mm256_xor_si256 (r, _mm256_slli_epi32 (x, 14));
  return _mm256_xor_si256 (r, _mm256_srli_epi32 (x, 3));
}

/* FIPS 180-4 4.1.2 sigma1 of two words per half.  D holds each word
   twice, in both 32-bit halves of a 64-bit lane; the result holds
   sigma1 of that word in the lane's low 32 bits, and garbage in its
   high 32 bits.  A 64-bit right shift of a doubled word is a 32-bit
   rotation, which saves the left shifts.  */
static inline __m256i
ssig1_doubled (__m256i d)
{
  __m256i r = _mm256_xor_si256 (_mm256_srli_epi64 (d, 17),
                                _mm256_srli_epi64 (d, 19));
  return _mm256_xor_si256 (r, _mm256_srli_epi32 (d, 10));
}

/* Load message words 4I .. 4I + 3 of block A into the low half and of
   block B into the high half, byte-swapped to big-endian order.  A and
   B may have any alignment.  */
static inline __m256i
load_step (const uint8_t *a, const uint8_t *b, int i)
{
  const __m256i bswap32 = _mm256_setr_epi8 (3, 2, 1, 0, 7, 6, 5, 4,
                                            11, 10, 9, 8, 15, 14, 13, 12,
                                            3, 2, 1, 0, 7, 6, 5, 4,
                                            11, 10, 9, 8, 15, 14, 13, 12);
  __m128i lo = _mm_loadu_si128 ((const __m128i *) (a + 16 * i));
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (b + 16 * i));
  return _mm256_shuffle_epi8 (_mm256_set_m128i (hi, lo), bswap32);
}

/* Shuffles that gather the low 32 bits of the two 64-bit lanes of
   each half, as ssig1_doubled leaves them, into 32-bit lanes 0 and 1
   (TO_LOW) or 2 and 3 (TO_HIGH), and zero the other two lanes.  */
#define TO_LOW                                                          \
  _mm256_setr_epi8 (0, 1, 2, 3, 8, 9, 10, 11,                           \
                    -1, -1, -1, -1, -1, -1, -1, -1,                     \
                    0, 1, 2, 3, 8, 9, 10, 11,                           \
                    -1, -1, -1, -1, -1, -1, -1, -1)
#define TO_HIGH                                                         \
  _mm256_setr_epi8 (-1, -1, -1, -1, -1, -1, -1, -1,                     \
                    0, 1, 2, 3, 8, 9, 10, 11,                           \
                    -1, -1, -1, -1, -1, -1, -1, -1,                     \
                    0, 1, 2, 3, 8, 9, 10, 11)

/* Round constants 4J .. 4J + 3, in both halves.  */
#define K4(j)                                                           \
  _mm256_broadcastsi128_si256                                           \
    (_mm_load_si128 ((const __m128i *) (sha256_k + 4 * (j))))

/* Store at OUT + 8 * J the sum of vector V, schedule step J (words 4J
   .. 4J + 3 of both blocks), and the round constants: the first
   block's four words, then the second block's.  */
#define STORE_WK(out, j, v)                                             \
  _mm256_store_si256 ((__m256i *) ((out) + 8 * (j)),                    \
                      _mm256_add_epi32 (v, K4 (j)))

/* Schedule step I < 4: load step I of blocks PA and PB into ring slot
   I, and store W + K at OUT.  */
#define LOAD_STEP(out, i, pa, pb)                                       \
  do                                                                    \
    {                                                                   \
      x[i] = load_step (pa, pb, i);                                     \
      STORE_WK (out, i, x[i]);                                          \
    }                                                                   \
  while (0)

/* Schedule step J >= 4, whose ring slot is I = J % 4, storing W + K at
   OUT.  The ring X holds the last sixteen words, four per slot; slot I
   holds words t - 16 .. t - 13 (t = 4J), which the step replaces by
   words t .. t + 3: W[t] = s1 (W[t-2]) + W[t-7] + s0 (W[t-15])
   + W[t-16].  Words t - 15 .. t - 12 and t - 7 .. t - 4 straddle two
   slots, which alignr joins half by half.  The first pass adds s1 of
   W[t-2] and W[t-1], the top of slot I + 3, into lanes 0 and 1; the
   second adds s1 of the new W[t] and W[t+1] into lanes 2 and 3.  */
#define SCHED(out, i, j)                                                \
  do                                                                    \
    {                                                                   \
      __m256i w15_ = _mm256_alignr_epi8 (x[((i) + 1) & 3], x[i], 4);    \
      __m256i w7_ = _mm256_alignr_epi8 (x[((i) + 3) & 3],               \
                                        x[((i) + 2) & 3], 4);           \
      __m256i s_ = _mm256_add_epi32 (_mm256_add_epi32 (x[i], w7_),      \
                                     ssig0 (w15_));                     \
      __m256i d_ = _mm256_shuffle_epi32 (x[((i) + 3) & 3], 0xfa);       \
      s_ = _mm256_add_epi32 (s_, _mm256_shuffle_epi8                    \
                             (ssig1_doubled (d_), TO_LOW));             \
      d_ = _mm256_shuffle_epi32 (s_, 0x50);                             \
      x[i] = _mm256_add_epi32 (s_, _mm256_shuffle_epi8                  \
                               (ssig1_doubled (d_), TO_HIGH));          \
      STORE_WK (out, j, x[i]);                                          \
    }                                                                   \
  while (0)

/* ---- The rounds, in scalar code.  ---- */

/* FIPS 180-4 4.1.2 Sigma0 and Sigma1: three rorx and two xor each.  */
#define BSIG0(x) (md_ror32 (x, 2) ^ md_ror32 (x, 13) ^ md_ror32 (x, 22))
#define BSIG1(x) (md_ror32 (x, 6) ^ md_ror32 (x, 11) ^ md_ror32 (x, 25))

/* One round, reading W + K from WK.  The eight state words rotate
   their names instead of moving.  Maj (a, b, c) = b ^ ((a ^ b) & (b ^ c)),
   and this round's a ^ b is the next round's b ^ c: AB receives it and
   BC holds the previous one, so callers swap AB and BC each round.  */
#define ROUND(a, b, c, d, e, f, g, h, wk, ab, bc)                       \
  do                                                                    \
    {                                                                   \
      uint32_t t1_ = (h) + (wk) + ((g) ^ ((e) & ((f) ^ (g)))) + BSIG1 (e); \
      (ab) = (a) ^ (b);                                                 \
      (d) += t1_;                                                       \
      (h) = t1_ + BSIG0 (a) + ((b) ^ ((ab) & (bc)));                    \
    }                                                                   \
  while (0)

/* Four rounds with W + K at R[0] .. R[3], the names starting at A:
   afterwards they have moved on by four, and AB and BC are back in
   place.  */
#define ROUNDS4(r, a, b, c, d, e, f, g, h)                              \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, (r)[0], ab, bc);                   \
      ROUND (h, a, b, c, d, e, f, g, (r)[1], bc, ab);                   \
      ROUND (g, h, a, b, c, d, e, f, (r)[2], ab, bc);                   \
      ROUND (f, g, h, a, b, c, d, e, (r)[3], bc, ab);                   \
    }                                                                   \
  while (0)

/* Eight rounds with W + K at R[0] .. R[3] and R[8] .. R[11]: the
   layout STORE_WK leaves, seen from the start of one block's words.
   Between the two halves, run STMT (a schedule step, or nothing).
   After eight rounds the names are back in place.  */
#define ROUNDS8(r, stmt)                                                \
  do                                                                    \
    {                                                                   \
      ROUNDS4 (r, a, b, c, d, e, f, g, h);                              \
      stmt;                                                             \
      ROUNDS4 ((r) + 8, e, f, g, h, a, b, c, d);                        \
    }                                                                   \
  while (0)

/* Declare the working variables A .. H from STATE, and AB and BC for
   Maj; STATE_ADD adds them back at the end of a block.  */
#define STATE_LOAD(state)                                               \
  uint32_t a = (state)[0], b = (state)[1], c = (state)[2], d = (state)[3]; \
  uint32_t e = (state)[4], f = (state)[5], g = (state)[6], h = (state)[7]; \
  uint32_t ab, bc = b ^ c

#define STATE_ADD(state)                                                \
  do                                                                    \
    {                                                                   \
      (state)[0] += a;                                                  \
      (state)[1] += b;                                                  \
      (state)[2] += c;                                                  \
      (state)[3] += d;                                                  \
      (state)[4] += e;                                                  \
      (state)[5] += f;                                                  \
      (state)[6] += g;                                                  \
      (state)[7] += h;                                                  \
    }                                                                   \
  while (0)

/* ---- Putting them together.  ----

   Round t reads step t / 4; eight rounds read two steps.  For a pair
   of blocks, steps 0 .. 7 are computed before the first block's rounds
   (during the previous pair's second block, or up front for the first
   pair), and step 8 + U in the middle of the first block's eight
   rounds U = 0 .. 7: it is ready by round 8U + 4, and first read at
   round 32 + 4U.

   The second block's rounds compute steps 0 .. 7 of the next pair
   into the same array, step S after its eight rounds S, which read
   steps 2S and 2S + 1 >= S, so one array of 16 steps serves all pairs,
   as in sha512-avx2.c.  That makes one step for every eight rounds,
   all through the pair.  The ring X of vectors lives across all of
   this, so these helpers are always inlined.  */

#define INLINE static inline __attribute__ ((always_inline))

/* Schedule steps 0 .. 7 of blocks PA and PB into OUT, with no rounds
   to overlap: for the first pair only.  */
INLINE void
sched_head (__m256i x[4], uint32_t *out, const uint8_t *pa,
            const uint8_t *pb)
{
  LOAD_STEP (out, 0, pa, pb);
  LOAD_STEP (out, 1, pa, pb);
  LOAD_STEP (out, 2, pa, pb);
  LOAD_STEP (out, 3, pa, pb);
  SCHED (out, 0, 4);
  SCHED (out, 1, 5);
  SCHED (out, 2, 6);
  SCHED (out, 3, 7);
}

/* The 64 rounds of the first block of a pair on STATE, reading W + K
   at WK and computing steps 8 .. 15 of the pair into WK meanwhile.  */
INLINE void
rounds_first (uint32_t state[8], uint32_t *wk, __m256i x[4])
{
  STATE_LOAD (state);

  ROUNDS8 (wk, SCHED (wk, 0, 8));
  ROUNDS8 (wk + 16, SCHED (wk, 1, 9));
  ROUNDS8 (wk + 32, SCHED (wk, 2, 10));
  ROUNDS8 (wk + 48, SCHED (wk, 3, 11));
  ROUNDS8 (wk + 64, SCHED (wk, 0, 12));
  ROUNDS8 (wk + 80, SCHED (wk, 1, 13));
  ROUNDS8 (wk + 96, SCHED (wk, 2, 14));
  ROUNDS8 (wk + 112, SCHED (wk, 3, 15));
  STATE_ADD (state);
}

/* The 64 rounds of the second block of a pair on STATE, reading W + K
   at WK + 4, and computing meanwhile steps 0 .. 7 of the next pair,
   blocks PA and PB, into WK behind the rounds' reads.  */
INLINE void
rounds_second (uint32_t state[8], uint32_t *wk, __m256i x[4],
               const uint8_t *pa, const uint8_t *pb)
{
  STATE_LOAD (state);
  const uint32_t *r = wk + 4;

  ROUNDS8 (r, (void) 0);
  LOAD_STEP (wk, 0, pa, pb);
  ROUNDS8 (r + 16, (void) 0);
  LOAD_STEP (wk, 1, pa, pb);
  ROUNDS8 (r + 32, (void) 0);
  LOAD_STEP (wk, 2, pa, pb);
  ROUNDS8 (r + 48, (void) 0);
  LOAD_STEP (wk, 3, pa, pb);
  ROUNDS8 (r + 64, (void) 0);
  SCHED (wk, 0, 4);
  ROUNDS8 (r + 80, (void) 0);
  SCHED (wk, 1, 5);
  ROUNDS8 (r + 96, (void) 0);
  SCHED (wk, 2, 6);
  ROUNDS8 (r + 112, (void) 0);
  SCHED (wk, 3, 7);
  STATE_ADD (state);
}

/* The 64 rounds of a block on STATE with W + K at R, and nothing else:
   the second block of the last pair.  */
static void
rounds_only (uint32_t state[8], const uint32_t *r)
{
  STATE_LOAD (state);

  for (int i = 0; i < 8; i++, r += 16)
    ROUNDS8 (r, (void) 0);
  STATE_ADD (state);
}

/* Compress NBLOCKS 64-byte blocks at P, which may have any alignment,
   into STATE (FIPS 180-4 6.2.2), with the same result as
   sha256_blocks_portable.  Whole blocks only; returns nothing and
   cannot fail.  A lone last block is paired with itself, and its twin's
   rounds are not run.  */
void
sha256_blocks_avx2 (uint32_t state[8], const uint8_t *p, size_t nblocks)
{
  uint32_t wk[8 * STEPS] __attribute__ ((aligned (32)));
  __m256i x[4];

  if (nblocks == 0)
    return;
  sched_head (x, wk, p, nblocks >= 2 ? p + BLOCK : p);
  for (;;)
    {
      rounds_first (state, wk, x);
      if (nblocks == 1)
        break;
      nblocks -= 2;
      p += 2 * BLOCK;
      if (nblocks == 0)
        {
          rounds_only (state, wk + 4);
          break;
        }
      rounds_second (state, wk, x, p, nblocks >= 2 ? p + BLOCK : p);
    }
}
