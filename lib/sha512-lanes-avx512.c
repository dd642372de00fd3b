/* sha512-lanes-avx512.c -- SHA-512 compression of eight independent
   messages at once, one per 64-bit lane of the AVX-512 ZMM registers.

   Whole blocks only, as for every core: the states, buffering, padding
   and lengths are handled elsewhere.  Every lane advances by the same
   number of blocks, each from its own data into its own state, laid
   out as for sha512_blocks_portable.  Compiled with -mavx512f
   -mavx512bw -mavx512vl; call it only when cpu-features reports
   AVX-512F and AVX-512BW with the OS saving the opmask and ZMM state.

   How it works.  As in lib/sha512-lanes-avx2.c, each of the working
   variables a .. h and each schedule word W[t] is one vector holding
   that variable of every message, and each step of FIPS 180-4 6.4.2 is
   done as written, for eight messages at once.  AVX-512 makes a round
   about half as many operations as AVX2's: a 64-bit rotation is one
   instruction (vprorq), and any function of three vectors, bit by bit,
   is one too (vpternlogq): the xor of three rotations, Ch and Maj.  A
   round is then 18 operations (6 rotations, 4 three-way functions, 8
   additions), and computing a schedule word 11.  The message blocks
   and the states go in and out through 8 x 8 transpositions of 64-bit
   words, 24 shuffles each.

   bench/lanespeed on the 2-core AMD EPYC (Zen 5) VM, shared with other
   work (load average 7 to 9), with the round written T1 first, then
   d + T1: 2790 MB/s per CPU second against 877 for sha512_blocks_avx2
   on the same eight messages (3.18x), at 1 MiB a lane, and 1922
   against 508 at 4 KiB; sha512_x4_avx2 did 1128 (1.26x) in the same
   run.  The round as below did 3150 to 3400 where that one did 2650 to
   2800, timed side by side (load average 11); bench/lanespeed then
   gave 3454 against 876 (3.95x, load average 4).  sha512sum -j 1 on
   500 files of 1 MiB: 0.30 to 0.32 CPU seconds (medians of 5),
   against 0.65 to 0.67 with the x4 core and 0.85 to 0.94 with none.  */

#include "hash-variants.h"

#include <immintrin.h>

#include "sha512.h"
#include "sha512-lanes.h"

enum
{
  LANES = 8,
  BLOCK = SHA512_BLOCK_SIZE
};

/* The truth tables that vpternlogq takes, for bit functions of X, Y
   and Z: each is the function of the bytes 0xf0, 0xcc and 0xaa.  */
enum
{
  TT_XOR3 = 0xf0 ^ 0xcc ^ 0xaa,                   /* x ^ y ^ z */
  TT_CH = (0xf0 & 0xcc) | (~0xf0 & 0xaa),         /* x ? y : z */
  TT_MAJ = (0xf0 & 0xcc) | (0xf0 & 0xaa) | (0xcc & 0xaa)
};

#define ADD(x, y) _mm512_add_epi64 (x, y)
#define ROR(x, n) _mm512_ror_epi64 (x, n)
#define TERN(x, y, z, tt) _mm512_ternarylogic_epi64 (x, y, z, (tt) & 0xff)

/* FIPS 180-4 4.1.3 Sigma0, Sigma1, sigma0 and sigma1, in each lane.  */
#define BSIG0(x) TERN (ROR (x, 28), ROR (x, 34), ROR (x, 39), TT_XOR3)
#define BSIG1(x) TERN (ROR (x, 14), ROR (x, 18), ROR (x, 41), TT_XOR3)
#define SSIG0(x) \
  TERN (ROR (x, 1), ROR (x, 8), _mm512_srli_epi64 (x, 7), TT_XOR3)
#define SSIG1(x) \
  TERN (ROR (x, 19), ROR (x, 61), _mm512_srli_epi64 (x, 6), TT_XOR3)

/* Transpose the 8 x 8 matrix of 64-bit words whose rows are R[0..7]:
   afterwards word J of R[I] is what word I of R[J] was.  Three steps
   of 8 shuffles, each step swapping the off-diagonal quarters of ever
   larger blocks: 1 x 1 words (within 128-bit quarters of the
   vectors), then 2 x 2, then 4 x 4.  The transposition is its own
   inverse.  */
static inline void
transpose8 (__m512i r[8])
{
  __m512i t[8], u[8];
  /* T[2K] = words 0, 2, 4 and 6 of R[2K] and R[2K + 1], interleaved;
     T[2K + 1] the odd words.  */
  for (int k = 0; k < 4; k++)
    {
      t[2 * k] = _mm512_unpacklo_epi64 (r[2 * k], r[2 * k + 1]);
      t[2 * k + 1] = _mm512_unpackhi_epi64 (r[2 * k], r[2 * k + 1]);
    }
  /* 0x88 takes quarters 0 and 2 of each operand, 0xdd quarters 1 and
     3: U[0] = words 0 and 4 of rows 0 .. 3, in pairs; U[1] words 2 and
     6, U[2] words 1 and 5, U[3] words 3 and 7; U[4 .. 7] the same of
     rows 4 .. 7.  */
  for (int k = 0; k < 2; k++)
    {
      u[4 * k + 0] = _mm512_shuffle_i64x2 (t[4 * k], t[4 * k + 2], 0x88);
      u[4 * k + 1] = _mm512_shuffle_i64x2 (t[4 * k], t[4 * k + 2], 0xdd);
      u[4 * k + 2] = _mm512_shuffle_i64x2 (t[4 * k + 1], t[4 * k + 3],
                                           0x88);
      u[4 * k + 3] = _mm512_shuffle_i64x2 (t[4 * k + 1], t[4 * k + 3],
                                           0xdd);
    }
  r[0] = _mm512_shuffle_i64x2 (u[0], u[4], 0x88);
  r[4] = _mm512_shuffle_i64x2 (u[0], u[4], 0xdd);
  r[2] = _mm512_shuffle_i64x2 (u[1], u[5], 0x88);
  r[6] = _mm512_shuffle_i64x2 (u[1], u[5], 0xdd);
  r[1] = _mm512_shuffle_i64x2 (u[2], u[6], 0x88);
  r[5] = _mm512_shuffle_i64x2 (u[2], u[6], 0xdd);
  r[3] = _mm512_shuffle_i64x2 (u[3], u[7], 0x88);
  r[7] = _mm512_shuffle_i64x2 (u[3], u[7], 0xdd);
}

/* Store in W[8J .. 8J + 7] the message words 8J .. 8J + 7 of the eight
   blocks at Q[0..7] (any alignment), big-endian, one block per lane.  */
static inline void
load_words (__m512i w[16], const uint8_t *const q[LANES], int j)
{
  const __m512i bswap = _mm512_set4_epi32 (0x08090a0b, 0x0c0d0e0f,
                                           0x00010203, 0x04050607);
  __m512i r[8];
  for (int l = 0; l < LANES; l++)
    r[l] = _mm512_shuffle_epi8 (_mm512_loadu_si512 (q[l] + 64 * j), bswap);
  transpose8 (r);
  for (int i = 0; i < 8; i++)
    w[8 * j + i] = r[i];
}

/* Round T = BASE + I, BASE a multiple of 16 and I constant, with
   W[T % 16] = W[I] in W: first replace it by W[T] if SCHED (T >= 16;
   W[T - 16] is where W[T] goes).  The eight variables rotate their
   names instead of moving.  The new e is (d + Y) + Sigma1 (e), where
   T1 = Y + Sigma1 (e): one more addition than d + T1, but the chain
   from e to the new e is shorter by one, and on the Zen 5 that made
   the core about 15% faster.  */
#define ROUND(a, b, c, d, e, f, g, h, base, i, sched)                   \
  do                                                                    \
    {                                                                   \
      __m512i *wt_ = &w[(i) & 15];                                      \
      if (sched)                                                        \
        *wt_ = ADD (ADD (*wt_, SSIG0 (w[((i) + 1) & 15])),              \
                    ADD (w[((i) + 9) & 15], SSIG1 (w[((i) + 14) & 15]))); \
      __m512i y_ = ADD (ADD (h, ADD (*wt_, _mm512_set1_epi64            \
                                     ((long long) sha512_k[(base) + (i)]))), \
                        TERN (e, f, g, TT_CH));                         \
      __m512i s1_ = BSIG1 (e);                                          \
      __m512i t1_ = ADD (y_, s1_);                                      \
      d = ADD (ADD (d, y_), s1_);                                       \
      h = ADD (t1_, ADD (BSIG0 (a), TERN (a, b, c, TT_MAJ)));           \
    }                                                                   \
  while (0)

/* Rounds BASE + I .. BASE + I + 7 (BASE a multiple of 16, I 0 or 8);
   after them the names are back in place.  */
#define ROUNDS8(base, i, sched)                                         \
  do                                                                    \
    {                                                                   \
      ROUND (a, b, c, d, e, f, g, h, base, (i) + 0, sched);             \
      ROUND (h, a, b, c, d, e, f, g, base, (i) + 1, sched);             \
      ROUND (g, h, a, b, c, d, e, f, base, (i) + 2, sched);             \
      ROUND (f, g, h, a, b, c, d, e, base, (i) + 3, sched);             \
      ROUND (e, f, g, h, a, b, c, d, base, (i) + 4, sched);             \
      ROUND (d, e, f, g, h, a, b, c, base, (i) + 5, sched);             \
      ROUND (c, d, e, f, g, h, a, b, base, (i) + 6, sched);             \
      ROUND (b, c, d, e, f, g, h, a, base, (i) + 7, sched);             \
    }                                                                   \
  while (0)

/* Compress NBLOCKS 128-byte blocks at each of P[0..7] (any alignment)
   into STATE[0..7] respectively, with the same result as
   sha512_blocks_portable on each.  The states are not shared; the data
   may be.  */
void
sha512_x8_avx512 (uint64_t *const state[], const uint8_t *const p[],
                  size_t nblocks)
{
  const uint8_t *q[LANES];
  __m512i s[8];

  /* Lane L's state is row L; transposed, S[I] is word I of each.  */
  for (int l = 0; l < LANES; l++)
    {
      q[l] = p[l];
      s[l] = _mm512_loadu_si512 (state[l]);
    }
  transpose8 (s);
  __m512i a = s[0], b = s[1], c = s[2], d = s[3];
  __m512i e = s[4], f = s[5], g = s[6], h = s[7];

  for (; nblocks != 0; nblocks--)
    {
      __m512i w[16];

      load_words (w, q, 0);
      load_words (w, q, 1);
      for (int l = 0; l < LANES; l++)
        q[l] += BLOCK;

      SHA512_LANES_ROUNDS80 (ROUNDS8);

      a = s[0] = ADD (a, s[0]);
      b = s[1] = ADD (b, s[1]);
      c = s[2] = ADD (c, s[2]);
      d = s[3] = ADD (d, s[3]);
      e = s[4] = ADD (e, s[4]);
      f = s[5] = ADD (f, s[5]);
      g = s[6] = ADD (g, s[6]);
      h = s[7] = ADD (h, s[7]);
    }

  transpose8 (s);
  for (int l = 0; l < LANES; l++)
    _mm512_storeu_si512 (state[l], s[l]);
}
