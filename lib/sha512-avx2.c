/* sha512-avx2.c -- SHA-512 compression with an AVX2 message schedule
   and BMI2 rounds.

   Compiled with -mavx2 -mbmi2 and nothing else; call it only when
   cpu-features reports both, and the OS has enabled the YMM state.
   lib/sha512-avx2-andn.c and lib/sha512-avx512.c include this file
   with other rounds (SHA512_AVX2_ANDN) and sigma functions
   (SHA512_AVX512).

   Whole blocks only: the state, the buffering of partial blocks and
   the padding are handled elsewhere (lib/sha512.c, lib/md-engine.c).
   The state has the same layout as for sha512_blocks_portable.

   How it works.  Blocks are taken two at a time.  One 256-bit vector
   holds schedule words W[t] and W[t+1] of the first block in its low
   128-bit half and the same two words of the second block in its high
   half.  Since W[t] needs W[t-2] but never W[t-1], both words of a pair
   come out of one vector step, and AVX2's per-half byte shifts
   (alignr) never mix the two blocks.  Each step adds the round
   constants and stores W + K to one small aligned array, so a round
   costs the scalar code one memory add.  The vector steps are spread
   through the scalar rounds (see "Putting them together" below), so
   that the vector units work while the integer units run the rounds.

   The rounds are scalar, and bound by the integer units: with -mbmi2
   the compiler turns each rotation into rorx, which leaves its source
   intact.  Ch is written g ^ (e & (f ^ g)).  Its andn form (BMI1) has as
   many operations, and building this file with -mbmi as well made GCC 12
   schedule the rounds worse: 760 MB/s instead of 860 on a Zen 3.

   What bounds the rounds.  A round is 22 integer operations, six of
   them rorx, and only two of the four integer units rotate: 5.5 cycles
   a round at best.  The chain e -> Sigma1 -> T1 -> d + T1 (the next e)
   is 5 cycles deep, and a's chain follows it.  As first written, GCC 12
   added T1's terms in the order Sigma1, Ch, W + K, h, all after Sigma1
   (a 7-cycle chain), and a round took about 7.6 cycles (at the 3.66 GHz
   a loop of dependent adds measures).  ROUND now fixes the order of
   T1's sum and computes Sigma1 of the new e first, ahead of a barrier
   (see there): about 6.8 cycles.  bench/hashspeed --algo sha512 on the
   2-core AMD EPYC VM, MB/s at 16 KiB and 1 MiB, best of several runs,
   the builds taking turns, with OpenSSL 3's 'openssl speed -evp
   sha512' in the same session:

     as first written                      773    784
     T1's order fixed                      827    839
     and Sigma1 carried, no barrier        807    820
     and Sigma1 carried, with the barrier  850    861..872
     openssl                               865..876  870..888

   SHA-384, the same core: 774 and 792 before, 850 and 863 now.  At 1
   KiB: 628 before, 673 now.  At 64 B (one block) hashspeed showed 247
   now against 262 before, but timing sha512_buffer alone in another
   program showed no loss (260 against 255 MB/s, at four code
   alignments), so that looks like a matter of code placement.

   The rounds alone (no message schedule) run at about 6.7 cycles, so
   the schedule costs about 2%.  The old code's speed also depended on
   where the linker put it: 765 to 835 MB/s at 16 KiB for addresses 16
   bytes apart; this code measured 850 to 860 at all of them.

   Tried, and slower or no better (MB/s at 16 KiB, from hashspeed or
   from timing this function alone on the same buffers, which agreed
   with hashspeed within 1%; compare 850 above): d + h + W + K summed
   ahead and T1 apart, so that the next e is 4 cycles deep (2 more adds
   a round): 706..722; a barrier at the start of each round too: 814;
   h + W + K + Ch of the next round also carried: 822; Ch of the next
   round ahead of the barrier: 740; Ch as (e & f) + (~e & g), with or
   without -mbmi: 796 and 845; Sigma1's xors forced into one order:
   712; other orders of the new a's sum: no change; one schedule step
   every four rounds instead of two every eight: 836; the whole round as
   one asm statement in a fixed order: 783 (GCC then moves registers
   between the statements, and cannot spread the vector work among the
   rounds); -fno-schedule-insns2 or -mtune=znver3: no gain.

   A model is no substitute for the CPU here.  LLVM 14's llvm-mca
   -mcpu=znver3, given the loop of rounds alone (rounds_only's), puts
   this code at 5.8 cycles a round and lib/sha512-avx2-andn.c's at 6.4,
   the order the Zen 3 gives them; but it puts the rounds-only loop of
   OpenSSL 3.0's AVX2 code at 6.0, where the Zen 3 runs OpenSSL's 2%
   faster than this.  Measure on a Zen 3.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "md-engine.h"
#include "sha512.h"

enum
{
  BLOCK = 128,          /* bytes in a block */
  PAIRS = 40            /* schedule steps (word pairs) per block */
};

/* ---- The message schedule, in vectors.  ---- */

#ifndef SHA512_AVX512
/* FIPS 180-4 4.1.3 sigma0 of each 64-bit lane of X.  AVX2 has no
   64-bit rotate (AVX-512 brought it), so each rotation is two shifts;
   all five shifts are independent.  */
static inline __m256i
ssig0 (__m256i x)
{
  __m256i r = _mm256_xor_si256 (_mm256_srli_epi64 (x, 1),
                                _mm256_slli_epi64 (x, 63));
  r = _mm256_xor_si256 (r, _mm256_srli_epi64 (x, 8));
  r = _mm256_xor_si256 (r, _mm256_slli_epi64 (x, 56));
  return _mm256_xor_si256 (r, _mm256_srli_epi64 (x, 7));
}

/* FIPS 180-4 4.1.3 sigma1 of each 64-bit lane of X, likewise.  */
static inline __m256i
ssig1 (__m256i x)
{
  __m256i r = _mm256_xor_si256 (_mm256_srli_epi64 (x, 19),
                                _mm256_slli_epi64 (x, 45));
  r = _mm256_xor_si256 (r, _mm256_srli_epi64 (x, 61));
  r = _mm256_xor_si256 (r, _mm256_slli_epi64 (x, 3));
  return _mm256_xor_si256 (r, _mm256_srli_epi64 (x, 6));
}
#else
/* The truth table that vpternlogq takes for x ^ y ^ z: the xor of the
   bytes 0xf0, 0xcc and 0xaa that stand for its three operands.  */
enum { TT_XOR3 = 0xf0 ^ 0xcc ^ 0xaa };

/* FIPS 180-4 4.1.3 sigma0 of each 64-bit lane of X, with AVX-512VL:
   two rotations (vprorq), a shift, and one three-way xor (vpternlogq),
   4 instructions where AVX2 needs 9.  */
static inline __m256i
ssig0 (__m256i x)
{
  return _mm256_ternarylogic_epi64 (_mm256_ror_epi64 (x, 1),
                                    _mm256_ror_epi64 (x, 8),
                                    _mm256_srli_epi64 (x, 7), TT_XOR3);
}

/* FIPS 180-4 4.1.3 sigma1 of each 64-bit lane of X, likewise.  */
static inline __m256i
ssig1 (__m256i x)
{
  return _mm256_ternarylogic_epi64 (_mm256_ror_epi64 (x, 19),
                                    _mm256_ror_epi64 (x, 61),
                                    _mm256_srli_epi64 (x, 6), TT_XOR3);
}
#endif

/* Load message words 2I and 2I + 1 of block A into the low half and of
   block B into the high half, byte-swapped to big-endian order.  A and
   B may have any alignment.  */
static inline __m256i
load_pair (const uint8_t *a, const uint8_t *b, int i)
{
  const __m256i bswap64 = _mm256_setr_epi8 (7, 6, 5, 4, 3, 2, 1, 0,
                                            15, 14, 13, 12, 11, 10, 9, 8,
                                            7, 6, 5, 4, 3, 2, 1, 0,
                                            15, 14, 13, 12, 11, 10, 9, 8);
  __m128i lo = _mm_loadu_si128 ((const __m128i *) (a + 16 * i));
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (b + 16 * i));
  return _mm256_shuffle_epi8 (_mm256_set_m128i (hi, lo), bswap64);
}

/* Store at OUT + 4 * J the sum of vector V, schedule step J (words 2J
   and 2J + 1 of both blocks), and the round constants: the first
   block's two words, then the second block's.  */
#define K_PAIR(j) \
  _mm256_broadcastsi128_si256 (_mm_load_si128 ((const __m128i *) \
                                               (sha512_k + 2 * (j))))
#define STORE_WK(out, j, v) \
  _mm256_store_si256 ((__m256i *) ((out) + 4 * (j)), \
                      _mm256_add_epi64 (v, K_PAIR (j)))

/* Schedule step I < 8: load pair I of blocks PA and PB into ring slot
   I, and store W + K at OUT.  */
#define LOAD_STEP(out, i, pa, pb)                                       \
  do                                                                    \
    {                                                                   \
      x[i] = load_pair (pa, pb, i);                                     \
      STORE_WK (out, i, x[i]);                                          \
    }                                                                   \
  while (0)

/* Schedule step J >= 8, whose ring slot is I = J % 8, storing W + K at
   OUT.  The ring X holds the last eight word pairs; slot I holds pair
   J - 8, which the step replaces by pair J: W[t] = s1 (W[t-2]) + W[t-7]
   + s0 (W[t-15]) + W[t-16] for t = 2J and 2J + 1.  Pairs J - 8 .. J - 7
   and J - 4 .. J - 3 straddle two slots, which alignr joins half by
   half.  */
#define SCHED(out, i, j)                                                \
  do                                                                    \
    {                                                                   \
      __m256i w15_ = _mm256_alignr_epi8 (x[((i) + 1) & 7], x[i], 8);    \
      __m256i w7_ = _mm256_alignr_epi8 (x[((i) + 5) & 7],               \
                                        x[((i) + 4) & 7], 8);           \
      x[i] = _mm256_add_epi64 (_mm256_add_epi64 (x[i], w7_),            \
                               _mm256_add_epi64                         \
                               (ssig0 (w15_), ssig1 (x[((i) + 7) & 7]))); \
      STORE_WK (out, j, x[i]);                                          \
    }                                                                   \
  while (0)

/* ---- The rounds, in scalar code.  ---- */

/* FIPS 180-4 4.1.3 Sigma0 and Sigma1: three rorx and two xor each.  */
#define BSIG0(x) (md_ror64 (x, 28) ^ md_ror64 (x, 34) ^ md_ror64 (x, 39))
#define BSIG1(x) (md_ror64 (x, 14) ^ md_ror64 (x, 18) ^ md_ror64 (x, 41))

/* Keep GCC from reassociating a sum through X: it costs no instruction,
   and makes GCC add the terms of T1 in the order written.  */
#define OPAQUE(x) __asm__ ("" : "+r" (x))

/* A scheduling barrier: GCC's instruction scheduler moves nothing
   across it, so what precedes it comes first in the instruction stream,
   and is the older in the CPU's schedulers, which prefer older ready
   operations.  It costs no instruction.  */
#define BARRIER() __asm__ volatile ("")

/* One round, reading W + K from WK.  The eight state words rotate
   their names instead of moving.  Maj (a, b, c) = b ^ ((a ^ b) & (b ^ c)),
   and this round's a ^ b is the next round's b ^ c: AB receives it and
   BC holds the previous one, so callers swap AB and BC each round.
   Likewise the variable S1 holds Sigma1 (e) on entry, and Sigma1 of the
   new e on exit (see STATE_LOAD).

   The round is bound by the chain e -> Sigma1 (e) -> T1 -> d + T1, the
   next e: five cycles when every link issues as soon as it can.  That
   chain needs a only as d, three rounds later, so a's chain (as deep,
   and fed by T1) may lag behind it: what matters is that the e chain
   never waits.  Hence:

   - T1 is summed as ((h + WK) + Ch) + Sigma1 (e): h + WK is ready a
     round ahead, and Ch (two operations deep) before Sigma1 (three).
     Left alone, GCC 12 summed Sigma1 first and h last, the four adds in
     series after Sigma1: seven cycles.
   - Sigma1 of the new e is computed here, as soon as d += T1 gives it,
     into S1 for the next round, and ahead of the barrier: its three
     rorx come before this round's three Sigma0 rorx in the instruction
     stream.  Only two of the four integer units of AMD's Zen rotate
     (two rorx a cycle, measured), and the schedulers pick the oldest
     ready operation: when Sigma0 (a), ready at about the same time,
     comes first, Sigma1's rorx wait behind it.  Without the barrier
     GCC interleaves the two, and carrying S1 is 2% slower than not
     carrying it (figures in the header comment).

   The new a = (T1 + Maj) + Sigma0 (a) takes Sigma0 last, its deepest
   term.  */
#ifndef SHA512_AVX2_ANDN
#define ROUND(a, b, c, d, e, f, g, h, wk, ab, bc)                       \
  do                                                                    \
    {                                                                   \
      uint64_t t1_ = (h) + (wk);                                        \
      OPAQUE (t1_);                                                     \
      t1_ += (g) ^ ((e) & ((f) ^ (g)));                                 \
      OPAQUE (t1_);                                                     \
      t1_ += s1;                                                        \
      (d) += t1_;                                                       \
      s1 = BSIG1 (d);                                                   \
      BARRIER ();                                                       \
      (ab) = (a) ^ (b);                                                 \
      (h) = (t1_ + ((b) ^ ((ab) & (bc)))) + BSIG0 (a);                  \
    }                                                                   \
  while (0)
#else
/* The round of lib/sha512-avx2-andn.c, left to GCC's scheduler: T1
   gathered in H, Ch as (e & f) + (~e & g), the two terms having no bit
   in common, with BMI1's andn.  S1 is not used.  */
# define ROUND(a, b, c, d, e, f, g, h, wk, ab, bc)                      \
  do                                                                    \
    {                                                                   \
      (h) += (wk);                                                      \
      (h) += ((e) & (f)) + (~(e) & (g));                                \
      (h) += BSIG1 (e);                                                 \
      (d) += (h);                                                       \
      (ab) = (a) ^ (b);                                                 \
      (h) += ((b) ^ ((ab) & (bc))) + BSIG0 (a);                         \
    }                                                                   \
  while (0)
#endif

/* Eight rounds with W + K at R[0], R[1], R[4], R[5], ...: the layout
   STORE_WK leaves, seen from the start of one block's words.  After
   eight rounds the names are back in place, and so are AB and BC.  */
#define ROUNDS8(r)                                                      \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, (r)[0], ab, bc);                   \
      ROUND (h, a, b, c, d, e, f, g, (r)[1], bc, ab);                   \
      ROUND (g, h, a, b, c, d, e, f, (r)[4], ab, bc);                   \
      ROUND (f, g, h, a, b, c, d, e, (r)[5], bc, ab);                   \
      ROUND (e, f, g, h, a, b, c, d, (r)[8], ab, bc);                   \
      ROUND (d, e, f, g, h, a, b, c, (r)[9], bc, ab);                   \
      ROUND (c, d, e, f, g, h, a, b, (r)[12], ab, bc);                  \
      ROUND (b, c, d, e, f, g, h, a, (r)[13], bc, ab);                  \
    }                                                                   \
  while (0)

/* Thirty-two rounds on R, computing meanwhile schedule steps J .. J + 7
   (J % 8 == 0) into OUT, two every eight rounds.  */
#define ROUNDS32_SCHED8(r, out, j)                                      \
  do                                                                    \
    {                                                                   \
      ROUNDS8 (r);                                                      \
      SCHED (out, 0, (j) + 0);                                          \
      SCHED (out, 1, (j) + 1);                                          \
      ROUNDS8 ((r) + 16);                                               \
      SCHED (out, 2, (j) + 2);                                          \
      SCHED (out, 3, (j) + 3);                                          \
      ROUNDS8 ((r) + 32);                                               \
      SCHED (out, 4, (j) + 4);                                          \
      SCHED (out, 5, (j) + 5);                                          \
      ROUNDS8 ((r) + 48);                                               \
      SCHED (out, 6, (j) + 6);                                          \
      SCHED (out, 7, (j) + 7);                                          \
    }                                                                   \
  while (0)

/* Declare the working variables A .. H from STATE, AB and BC for Maj,
   and S1 = Sigma1 (e) for the first round; STATE_ADD adds them back at
   the end of a block.  */
#define STATE_LOAD(state)                                               \
  uint64_t a = (state)[0], b = (state)[1], c = (state)[2], d = (state)[3]; \
  uint64_t e = (state)[4], f = (state)[5], g = (state)[6], h = (state)[7]; \
  uint64_t ab, bc = b ^ c, s1 = BSIG1 (e);                              \
  (void) s1

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

   For a pair of blocks, schedule steps 0 .. 23 are computed before the
   first block's rounds (during the previous pair's second block, or up
   front for the first pair), and steps 24 .. 39 during the first
   block's rounds 0 .. 63: round t needs step t / 2, which is always
   ready at least sixteen rounds ahead.

   The second block's rounds compute steps 0 .. 23 of the next pair
   into the same array, each only after the group of eight rounds that
   reads that step (rounds 8 (S / 4) .. 8 (S / 4) + 7 read step S), so
   one array of 40 steps serves all pairs: one pointer fewer to keep in
   a register than with two arrays, which measured 2% slower.  The ring
   X of vectors lives across all of this, so these helpers are always
   inlined.  */

#define INLINE static inline __attribute__ ((always_inline))

/* Schedule steps 0 .. 23 of blocks PA and PB into OUT, with no rounds
   to overlap: for the first pair only.  */
INLINE void
sched_head (__m256i x[8], uint64_t *out, const uint8_t *pa,
            const uint8_t *pb)
{
  for (int i = 0; i < 8; i++)
    LOAD_STEP (out, i, pa, pb);
  for (int j = 8; j < 24; j += 8)
    {
      SCHED (out, 0, j + 0);
      SCHED (out, 1, j + 1);
      SCHED (out, 2, j + 2);
      SCHED (out, 3, j + 3);
      SCHED (out, 4, j + 4);
      SCHED (out, 5, j + 5);
      SCHED (out, 6, j + 6);
      SCHED (out, 7, j + 7);
    }
}

/* The 80 rounds of the first block of a pair on STATE, reading W + K
   at WK and computing steps 24 .. 39 of the pair into WK meanwhile.  */
INLINE void
rounds_first (uint64_t state[8], uint64_t *wk, __m256i x[8])
{
  STATE_LOAD (state);
  const uint64_t *r = wk;

  for (int j = 24; j < PAIRS; j += 8, r += 64)
    ROUNDS32_SCHED8 (r, wk, j);
  ROUNDS8 (r);
  ROUNDS8 (r + 16);
  STATE_ADD (state);
}

/* The 80 rounds of the second block of a pair on STATE, reading W + K
   at WK + 2, and computing meanwhile steps 0 .. 23 of the next pair,
   blocks PA and PB, into WK behind the rounds' reads.  */
INLINE void
rounds_second (uint64_t state[8], uint64_t *wk, __m256i x[8],
               const uint8_t *pa, const uint8_t *pb)
{
  STATE_LOAD (state);
  const uint64_t *r = wk + 2;

  ROUNDS8 (r);
  LOAD_STEP (wk, 0, pa, pb);
  LOAD_STEP (wk, 1, pa, pb);
  LOAD_STEP (wk, 2, pa, pb);
  LOAD_STEP (wk, 3, pa, pb);
  ROUNDS8 (r + 16);
  LOAD_STEP (wk, 4, pa, pb);
  LOAD_STEP (wk, 5, pa, pb);
  LOAD_STEP (wk, 6, pa, pb);
  LOAD_STEP (wk, 7, pa, pb);
  r += 32;
  for (int j = 8; j < 24; j += 8, r += 64)
    ROUNDS32_SCHED8 (r, wk, j);
  STATE_ADD (state);
}

/* The 80 rounds of a block on STATE with W + K at R, and nothing else:
   the second block of the last pair.  */
static void
rounds_only (uint64_t state[8], const uint64_t *r)
{
  STATE_LOAD (state);

  for (int i = 0; i < 10; i++, r += 16)
    ROUNDS8 (r);
  STATE_ADD (state);
}

/* Compress NBLOCKS 128-byte blocks at P, which may have any alignment,
   into STATE (FIPS 180-4 6.4.2), with the same result as
   sha512_blocks_portable.  Whole blocks only; returns nothing and
   cannot fail.  A lone last block is paired with itself, and its twin's
   rounds are not run.  */
#ifndef SHA512_AVX2_NAME
# define SHA512_AVX2_NAME sha512_blocks_avx2_zen3
#endif
void
SHA512_AVX2_NAME (uint64_t state[8], const uint8_t *p, size_t nblocks)
{
  uint64_t wk[4 * PAIRS] __attribute__ ((aligned (32)));
  __m256i x[8];

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
          rounds_only (state, wk + 2);
          break;
        }
      rounds_second (state, wk, x, p, nblocks >= 2 ? p + BLOCK : p);
    }
}
