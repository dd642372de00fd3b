/* sha512-lanes-avx2.c -- SHA-512 compression of four independent
   messages at once, one per 64-bit lane of the AVX2 registers.

   Whole blocks only, as for every core: the states, buffering, padding
   and lengths are handled elsewhere.  Every lane advances by the same
   number of blocks, each from its own data into its own state, laid
   out as for sha512_blocks_portable.  Compiled with -mavx2 -mbmi2
   (only AVX2 is used); call it only when cpu-features reports AVX2 and
   the OS has enabled the YMM state.

   How it works.  Each of the working variables a .. h and each schedule
   word W[t] is one vector holding that variable of all four messages,
   and every step of FIPS 180-4 6.4.2 is done as written, in vector
   instructions, for the four at once.  AVX2 has no 64-bit rotation
   (AVX-512 brought it), so a rotation is two shifts; the one rotation
   by a whole number of bytes (by 8, in sigma0) is a byte shuffle.
   The single-stream core (lib/sha512-avx2.c) is bound by the latency
   of a round's scalar chain; here a chain of the same depth does four
   messages' work.  A round is about 35 vector operations, plus 20 of
   schedule in four rounds out of five.  Vector operations take about
   2.4 cycles on this host's CPU, so the depth of the chains matters
   as much as that count: the new e is summed as
   (d + h + W + K + Ch) + Sigma1 (e), five operations deep, and the new
   a as (T1 + Maj) + Sigma0 (a); asm barriers keep GCC to that order.
   (T1 first, then d + T1, as the single-stream core does, was 10%
   slower.)

   bench/lanespeed on the 2-core AMD EPYC (Zen 5) VM, busy with other
   work: 1207 MB/s per CPU second against 663 for sha512_blocks_avx2 on
   the same four messages (1.82x), at 1 MiB and at 4 KiB a lane.
   AVX-512's 64-bit rotations and three-way logic (vprorq, vpternlogq)
   cut a round's operations by about half: lib/sha512-lanes-avx512.c
   uses them, in eight lanes, where the CPU has them.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha512.h"
#include "sha512-lanes.h"

enum
{
  LANES = 4,
  BLOCK = SHA512_BLOCK_SIZE
};

/* X rotated right by N (0 < N < 64) in each 64-bit lane, as two shifts
   whose results go into an xor, so that a sum of rotations is one xor
   tree.  */
#define ROR_TERMS(x, n) \
  _mm256_xor_si256 (_mm256_srli_epi64 (x, n), _mm256_slli_epi64 (x, 64 - (n)))

/* Keep GCC from reassociating a sum through X: it costs no
   instruction, and makes GCC add the terms in the order written.  */
#define OPAQUE(x) __asm__ ("" : "+x" (x))

#define XOR(x, y) _mm256_xor_si256 (x, y)
#define ADD(x, y) _mm256_add_epi64 (x, y)

/* FIPS 180-4 4.1.3 Sigma0, Sigma1, sigma0 and sigma1, in each lane.  */
static inline __m256i
bsig0 (__m256i x)
{
  return XOR (XOR (ROR_TERMS (x, 28), ROR_TERMS (x, 34)), ROR_TERMS (x, 39));
}

static inline __m256i
bsig1 (__m256i x)
{
  return XOR (XOR (ROR_TERMS (x, 14), ROR_TERMS (x, 18)), ROR_TERMS (x, 41));
}

static inline __m256i
ssig0 (__m256i x)
{
  /* Rotating right by 8 takes byte I + 1 to byte I, within each lane.  */
  const __m256i ror8 = _mm256_setr_epi8 (1, 2, 3, 4, 5, 6, 7, 0,
                                         9, 10, 11, 12, 13, 14, 15, 8,
                                         1, 2, 3, 4, 5, 6, 7, 0,
                                         9, 10, 11, 12, 13, 14, 15, 8);
  return XOR (XOR (ROR_TERMS (x, 1), _mm256_shuffle_epi8 (x, ror8)),
              _mm256_srli_epi64 (x, 7));
}

static inline __m256i
ssig1 (__m256i x)
{
  return XOR (XOR (ROR_TERMS (x, 19), ROR_TERMS (x, 61)),
              _mm256_srli_epi64 (x, 6));
}

/* Store in W[4J .. 4J + 3] the message words 4J .. 4J + 3 of the four
   blocks at Q[0..3] (any alignment), big-endian, one block per lane:
   a 4 x 4 transposition of 64-bit words, then a byte swap.  */
static inline void
load_words (__m256i w[16], const uint8_t *const q[LANES], int j)
{
  const __m256i bswap = _mm256_setr_epi8 (7, 6, 5, 4, 3, 2, 1, 0,
                                          15, 14, 13, 12, 11, 10, 9, 8,
                                          7, 6, 5, 4, 3, 2, 1, 0,
                                          15, 14, 13, 12, 11, 10, 9, 8);
  __m256i r0 = _mm256_loadu_si256 ((const __m256i *) (q[0] + 32 * j));
  __m256i r1 = _mm256_loadu_si256 ((const __m256i *) (q[1] + 32 * j));
  __m256i r2 = _mm256_loadu_si256 ((const __m256i *) (q[2] + 32 * j));
  __m256i r3 = _mm256_loadu_si256 ((const __m256i *) (q[3] + 32 * j));
  /* Words 0, 2 (and 1, 3) of lanes 0 and 1, then of lanes 2 and 3.  */
  __m256i t0 = _mm256_unpacklo_epi64 (r0, r1);
  __m256i t1 = _mm256_unpackhi_epi64 (r0, r1);
  __m256i t2 = _mm256_unpacklo_epi64 (r2, r3);
  __m256i t3 = _mm256_unpackhi_epi64 (r2, r3);
  /* Halves SEL of X and Y, byte-swapped: a word of all four lanes.  */
#define PICK(x, y, sel) \
  _mm256_shuffle_epi8 (_mm256_permute2x128_si256 (x, y, sel), bswap)
  w[4 * j + 0] = PICK (t0, t2, 0x20);
  w[4 * j + 1] = PICK (t1, t3, 0x20);
  w[4 * j + 2] = PICK (t0, t2, 0x31);
  w[4 * j + 3] = PICK (t1, t3, 0x31);
#undef PICK
}

/* Round T = BASE + I, BASE a multiple of 16 and I constant, with
   W[T % 16] = W[I] in W: first replace it by W[T] if SCHED (T >= 16;
   W[T - 16] is where W[T] goes).  The eight variables rotate
   their names instead of moving.  Maj (a, b, c) = b ^ ((a ^ b) & (b ^
   c)), and this round's a ^ b is the next round's b ^ c: AB receives
   it and BC holds the previous one, so callers swap them each round.  */
#define ROUND(a, b, c, d, e, f, g, h, base, i, sched, ab, bc)                 \
  do                                                                    \
    {                                                                   \
      __m256i *wt_ = &w[(i) & 15];                                      \
      if (sched)                                                        \
        *wt_ = ADD (ADD (*wt_, ssig0 (w[((i) + 1) & 15])),              \
                    ADD (w[((i) + 9) & 15], ssig1 (w[((i) + 14) & 15]))); \
      __m256i hk_ = ADD (h, ADD (*wt_, _mm256_set1_epi64x               \
                                 ((long long) sha512_k[(base) + (i)]))); \
      __m256i y_ = ADD (hk_, XOR (g, _mm256_and_si256 (e, XOR (f, g))));  \
      __m256i yd_ = ADD (y_, d);                                        \
      __m256i s1_ = bsig1 (e);                                          \
      OPAQUE (y_);                                                      \
      OPAQUE (yd_);                                                     \
      d = ADD (yd_, s1_);                                               \
      __m256i t1_ = ADD (y_, s1_);                                      \
      ab = XOR (a, b);                                                  \
      __m256i tm_ = ADD (t1_, XOR (b, _mm256_and_si256 (ab, bc)));      \
      OPAQUE (tm_);                                                     \
      h = ADD (tm_, bsig0 (a));                                         \
    }                                                                   \
  while (0)

/* Rounds BASE + I .. BASE + I + 7 (BASE a multiple of 16, I 0 or 8);
   after them the names are back in place, and so are AB and BC.  */
#define ROUNDS8(base, i, sched)                                         \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, base, (i) + 0, sched, ab, bc);     \
      ROUND (h, a, b, c, d, e, f, g, base, (i) + 1, sched, bc, ab);     \
      ROUND (g, h, a, b, c, d, e, f, base, (i) + 2, sched, ab, bc);     \
      ROUND (f, g, h, a, b, c, d, e, base, (i) + 3, sched, bc, ab);     \
      ROUND (e, f, g, h, a, b, c, d, base, (i) + 4, sched, ab, bc);     \
      ROUND (d, e, f, g, h, a, b, c, base, (i) + 5, sched, bc, ab);     \
      ROUND (c, d, e, f, g, h, a, b, base, (i) + 6, sched, ab, bc);     \
      ROUND (b, c, d, e, f, g, h, a, base, (i) + 7, sched, bc, ab);     \
    }                                                                   \
  while (0)

/* Word I of the four states at STATE, one per lane.  */
static inline __m256i
gather_word (uint64_t *const state[LANES], int i)
{
  return _mm256_setr_epi64x ((long long) state[0][i],
                             (long long) state[1][i],
                             (long long) state[2][i],
                             (long long) state[3][i]);
}

/* Store the lanes of V as word I of the four states at STATE.  */
static inline void
scatter_word (uint64_t *const state[LANES], int i, __m256i v)
{
  _Alignas (32) uint64_t tmp[LANES];
  _mm256_store_si256 ((__m256i *) tmp, v);
  for (int l = 0; l < LANES; l++)
    state[l][i] = tmp[l];
}

/* Compress NBLOCKS 128-byte blocks at each of P[0..3] (any alignment)
   into STATE[0..3] respectively, with the same result as
   sha512_blocks_portable on each.  The states are not shared; the data
   may be.  */
void
sha512_x4_avx2 (uint64_t *const state[], const uint8_t *const p[],
                size_t nblocks)
{
  const uint8_t *q[LANES] = { p[0], p[1], p[2], p[3] };
  __m256i a = gather_word (state, 0), b = gather_word (state, 1);
  __m256i c = gather_word (state, 2), d = gather_word (state, 3);
  __m256i e = gather_word (state, 4), f = gather_word (state, 5);
  __m256i g = gather_word (state, 6), h = gather_word (state, 7);

  for (; nblocks != 0; nblocks--)
    {
      __m256i w[16];
      __m256i in[8] = { a, b, c, d, e, f, g, h };
      __m256i ab, bc = XOR (b, c);

      for (int j = 0; j < 4; j++)
        load_words (w, q, j);
      for (int l = 0; l < LANES; l++)
        q[l] += BLOCK;

      SHA512_LANES_ROUNDS80 (ROUNDS8);

      a = ADD (a, in[0]);
      b = ADD (b, in[1]);
      c = ADD (c, in[2]);
      d = ADD (d, in[3]);
      e = ADD (e, in[4]);
      f = ADD (f, in[5]);
      g = ADD (g, in[6]);
      h = ADD (h, in[7]);
    }

  scatter_word (state, 0, a);
  scatter_word (state, 1, b);
  scatter_word (state, 2, c);
  scatter_word (state, 3, d);
  scatter_word (state, 4, e);
  scatter_word (state, 5, f);
  scatter_word (state, 6, g);
  scatter_word (state, 7, h);
}
