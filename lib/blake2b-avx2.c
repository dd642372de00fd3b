/* blake2b-avx2.c -- BLAKE2b compression (RFC 7693) with AVX2.

   Whole blocks only, as for every core: the chain value, counter,
   buffering and final block are handled by lib/blake2b.c, and the
   contract is blake2b_blocks_fn's (blake2b.h).  Compiled with -mavx2
   -mbmi2; call it only when cpu-features reports AVX2 with the OS
   saving the YMM state.  lib/blake2b-avx512.c compiles this file again
   with BLAKE2B_AVX512 set.

   How it works.  The 16 words of the work vector are four rows of
   four, one YMM vector each: A = v0..v3, B = v4..v7, C = v8..v11,
   D = v12..v15.  The four G of a column step are then one G on
   vectors, lane J doing G_J.  For the diagonal step, B stays where it
   is and A, C and D are rotated across lanes (vpermq) so that lane J
   holds v(J-1), v(4+J), v(8+J+1), v(12+J+2), indices mod 4 within a
   row: lane 1 does G4 (v0, v5, v10, v15), lane 2 G5, lane 3 G6 and
   lane 0 G7.  Rotating A, C and D rather than B keeps the permutes off
   the critical path: B is the last row that a step computes, the
   others are ready a few instructions earlier, and one step is a
   chain of dependent instructions from its first to its last.

   The message words of each step are gathered into vectors in the
   lane order of that step, by constant indices from SIGMA; they do not
   depend on the work vector, so their loads and inserts run beside
   the chain.  Rotations: by 32 one vpshufd, by 24 and 16 one vpshufb,
   by 63 a shift and an addition.  With BLAKE2B_AVX512 every rotation
   is one vprorq, and each message vector comes from the block held in
   four YMM registers by two vpermt2q and a blend (see GATHER).

   Where it loses.  One step is 12 dependent instructions (2 to 4 of
   them for rotations), whatever the width: the four G of a step run
   side by side in the lanes, but a round is two steps in a row and a
   block 24.  On the 2-core AMD EPYC (Zen 5) VM this was written on, a
   vector addition, shuffle or vprorq takes 2 cycles (a chain of 4x10^8
   dependent vpaddq, xmm, ymm or zmm, ran at 2 cycles each; scalar add
   at 1), so a block costs about 24 x 12 x 2 = 576 cycles here, against
   some 290 for the same chain on the general registers, where the
   four G of a step run on four of the six ALUs.  Measured in process,
   1 MiB messages, CPU time: 470 MB/s for this core, 500 with
   BLAKE2B_AVX512, 930 to 1000 for blake2b_blocks_portable, so
   hash-impl passes both vector cores by on a Zen 5 (cpu_is_zen5), for
   the general registers (lib/blake2b-x86-64.S there).
   Zen 4 and Intel's cores add, xor and shuffle vectors in 1 cycle,
   so these cores stay first there.  On a 2-core Intel Xeon VM
   (family 6, model 207; vpaddq, vpxor, vprorq 1 cycle, vpermq 3),
   bench/hashspeed, 1 MiB messages: 1010 MB/s for BLAKE2B_AVX512
   (about 350 cycles a block against the chain's 288), 920 for AVX2,
   740 for the portable core.  */

#include "hash-variants.h"

#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "blake2b.h"

#ifndef BLAKE2B_AVX512
# define BLAKE2B_AVX512 0
# define BLAKE2B_NAME blake2b_blocks_avx2
#endif

#define ADD(x, y) _mm256_add_epi64 (x, y)
#define XOR(x, y) _mm256_xor_si256 (x, y)
/* Rotate the four lanes of X so that lane J gets lane (J + N) % 4.  */
#define LANES(x, n)                                                     \
  _mm256_permute4x64_epi64 (x, _MM_SHUFFLE (((n) + 3) & 3, ((n) + 2) & 3, \
                                            ((n) + 1) & 3, (n) & 3))

#if BLAKE2B_AVX512
# define ROR32(x) _mm256_ror_epi64 (x, 32)
# define ROR24(x) _mm256_ror_epi64 (x, 24)
# define ROR16(x) _mm256_ror_epi64 (x, 16)
# define ROR63(x) _mm256_ror_epi64 (x, 63)
#else
# define ROR32(x) _mm256_shuffle_epi32 (x, _MM_SHUFFLE (2, 3, 0, 1))
# define ROR24(x) _mm256_shuffle_epi8 (x, rot24)
# define ROR16(x) _mm256_shuffle_epi8 (x, rot16)
# define ROR63(x) _mm256_or_si256 (_mm256_srli_epi64 (x, 63), ADD (x, x))
#endif

/* Keep the value of X as it is computed: the compiler may not
   reassociate an addition across it.  */
#define SETTLED(x) __asm__ ("" : "+v" (x))

/* One G on the four lanes of the rows A, B, C and D, with the message
   words MX and MY (RFC 7693 3.1).  The message word is added to A
   first, as it is ready before B, so that one addition after B's is
   on the chain; SETTLED keeps GCC from adding B to the message word
   first, which put two there (0.87 GB/s instead of 1.0 on a Xeon of
   the 2-core VMs).  */
#define G4(a, b, c, d, mx, my)                                          \
  do                                                                    \
    {                                                                   \
      a = ADD (a, mx);                                                  \
      SETTLED (a);                                                      \
      a = ADD (a, b);                                                   \
      d = ROR32 (XOR (d, a));                                           \
      c = ADD (c, d);                                                   \
      b = ROR24 (XOR (b, c));                                           \
      a = ADD (a, my);                                                  \
      SETTLED (a);                                                      \
      a = ADD (a, b);                                                   \
      d = ROR16 (XOR (d, a));                                           \
      c = ADD (c, d);                                                   \
      b = ROR63 (XOR (b, c));                                           \
    }                                                                   \
  while (0)

/* The indices into the block of the message words X (K = 0) and Y
   (K = 1) of each lane in round R: S(R, COL, K) for the column step,
   lane J doing G_J, and S(R, DIAG, K) for the diagonal step, lane J
   doing G_(4 + (J + 3) % 4).  */
#define S(r, g, k) blake2b_sigma[r][2 * (g) + (k)]
#define COL(r, k) S (r, 0, k), S (r, 1, k), S (r, 2, k), S (r, 3, k)
#define DIAG(r, k) S (r, 7, k), S (r, 4, k), S (r, 5, k), S (r, 6, k)

#if BLAKE2B_AVX512
/* Declare the block at P as four YMM vectors, words 0..3, 4..7, 8..11
   and 12..15.  */
# define BLOCK_LOAD(p)                                                  \
  const __m256i q0 = _mm256_loadu_si256 ((const __m256i *) (p));        \
  const __m256i q1 = _mm256_loadu_si256 ((const __m256i *) (p) + 1);    \
  const __m256i q2 = _mm256_loadu_si256 ((const __m256i *) (p) + 2);    \
  const __m256i q3 = _mm256_loadu_si256 ((const __m256i *) (p) + 3)
/* The vector of the block's words I0..I3, lane 0 first: lane J takes
   word IJ % 8 of words 0..7 (vpermt2q) and of words 8..15 (another),
   and a blend keeps the one it needs.  Only YMM registers: on Intel's
   cores, an instruction on ZMM registers in flight shuts port 1's
   vector unit, and a vpermt2q on the ZMM pair of the whole block made
   the core 14% slower there.  */
# define GATHER(i0, i1, i2, i3)                                         \
  _mm256_mask_blend_epi64 (HIGH (i0, 0) | HIGH (i1, 1) | HIGH (i2, 2)   \
                           | HIGH (i3, 3),                              \
                           _mm256_permutex2var_epi64                    \
                             (q0, LOW3 (i0, i1, i2, i3), q1),           \
                           _mm256_permutex2var_epi64                    \
                             (q2, LOW3 (i0, i1, i2, i3), q3))
/* The blend's bit of lane J for the word I: set if I is in 8..15.  */
# define HIGH(i, j) ((i) >> 3 << (j))
# define LOW3(i0, i1, i2, i3)                                           \
  _mm256_set_epi64x ((i3) & 7, (i2) & 7, (i1) & 7, (i0) & 7)
# define GATHER4(args) GATHER (args)
# define COL_WORDS(mx, my, r)                                           \
  (mx = GATHER4 (COL (r, 0)), my = GATHER4 (COL (r, 1)))
# define DIAG_WORDS(mx, my, r)                                          \
  (mx = GATHER4 (DIAG (r, 0)), my = GATHER4 (DIAG (r, 1)))
#else
/* Declare the block at P, read in place; words are little-endian, as
   on x86.  */
# define BLOCK_LOAD(p) const uint8_t *blk = (p)
/* The vector of the block's words I0..I3, lane 0 first.  */
# define GATHER(i0, i1, i2, i3)                                         \
  _mm256_set_epi64x (word (blk, i3), word (blk, i2), word (blk, i1),    \
                     word (blk, i0))
# define GATHER4(args) GATHER (args)
# define COL_WORDS(mx, my, r)                                           \
  (mx = GATHER4 (COL (r, 0)), my = GATHER4 (COL (r, 1)))
# define DIAG_WORDS(mx, my, r)                                          \
  (mx = GATHER4 (DIAG (r, 0)), my = GATHER4 (DIAG (r, 1)))

/* The 64-bit word I of the block at P, any alignment.  */
static inline long long
word (const uint8_t *p, int i)
{
  long long w;
  memcpy (&w, p + 8 * i, sizeof w);
  return w;
}
#endif

/* Round R (RFC 7693 3.2) on the rows A, B, C and D: the column step,
   A, C and D moved onto the diagonals, the diagonal step, and back.  */
#define ROUND(r)                                                        \
  do                                                                    \
    {                                                                   \
      __m256i mx_, my_;                                                 \
      COL_WORDS (mx_, my_, r);                                          \
      G4 (a, b, c, d, mx_, my_);                                        \
      a = LANES (a, 3);                                                 \
      c = LANES (c, 1);                                                 \
      d = LANES (d, 2);                                                 \
      DIAG_WORDS (mx_, my_, r);                                         \
      G4 (a, b, c, d, mx_, my_);                                        \
      a = LANES (a, 1);                                                 \
      c = LANES (c, 3);                                                 \
      d = LANES (d, 2);                                                 \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 128-byte blocks at P into H with the counter T; the
   last of them is the final block, holding LAST message bytes, unless
   LAST is BLAKE2B_NOT_LAST.  See blake2b_blocks_fn in blake2b.h.  */
void
BLAKE2B_NAME (uint64_t h[8], uint64_t t[2], const uint8_t *p,
              size_t nblocks, size_t last)
{
#if !BLAKE2B_AVX512
  const __m256i rot24 = _mm256_setr_epi8 (3, 4, 5, 6, 7, 0, 1, 2,
                                          11, 12, 13, 14, 15, 8, 9, 10,
                                          3, 4, 5, 6, 7, 0, 1, 2,
                                          11, 12, 13, 14, 15, 8, 9, 10);
  const __m256i rot16 = _mm256_setr_epi8 (2, 3, 4, 5, 6, 7, 0, 1,
                                          10, 11, 12, 13, 14, 15, 8, 9,
                                          2, 3, 4, 5, 6, 7, 0, 1,
                                          10, 11, 12, 13, 14, 15, 8, 9);
#endif
  const __m256i iv_lo = _mm256_loadu_si256 ((const __m256i *) blake2b_iv);
  const __m256i iv_hi = _mm256_loadu_si256 ((const __m256i *)
                                            (blake2b_iv + 4));
  __m256i h_lo = _mm256_loadu_si256 ((const __m256i *) h);
  __m256i h_hi = _mm256_loadu_si256 ((const __m256i *) (h + 4));

  for (; nblocks != 0; nblocks--, p += BLAKE2B_BLOCK_SIZE)
    {
      bool final = nblocks == 1 && last != BLAKE2B_NOT_LAST;
      blake2b_count (t, final ? last : BLAKE2B_BLOCK_SIZE);
      __m256i a = h_lo, b = h_hi, c = iv_lo;
      __m256i d = XOR (iv_hi, _mm256_set_epi64x (0, final ? -1 : 0,
                                                 (long long) t[1],
                                                 (long long) t[0]));
      BLOCK_LOAD (p);
      BLAKE2B_ROUNDS (ROUND);
      h_lo = XOR (h_lo, XOR (a, c));
      h_hi = XOR (h_hi, XOR (b, d));
    }
  _mm256_storeu_si256 ((__m256i *) h, h_lo);
  _mm256_storeu_si256 ((__m256i *) (h + 4), h_hi);
}
