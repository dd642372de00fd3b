/* sum-avx512.c -- the BSD checksum with AVX-512 BW and VBMI2.

   lib/sum-avx2.c's speculative BSD chain (read its header first), with
   two changes: each rotation is one vpshrdw, and two blocks of 16
   chunks run through one chain of 16 steps side by side, block A in
   the low half of each ZMM register and block B in the high half.  A
   block's chain is a dependency of 16 x 2 vector instructions from the
   sum at its start to the sum at its end; the moves, prefix sums and
   transposition beside it do not depend on the sum and overlap with
   the chain of the block before, so the chain sets the speed, and one
   chain now covers 512 bytes rather than 256.  The chunks of B are
   speculated from the end of A's last chunk, as A's chunks from one
   another; the first chunk whose real end differs ends the step, as
   in lib/sum-avx2.c.

   Compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi2 -mavx2;
   call it only when cpu-features reports AVX-512 BW, VL and VBMI2 with
   the OS saving the ZMM state.  */

#define SUM_AVX512 1
#define BSD_SUM_NAME bsd_sum_avx512
#include "sum-avx2.c"

/* Return the 32 sums at the ends of the chunks of the pair of blocks
   whose transposed halves are VA and VB (bsd_transpose), in chunk
   order (A's 16 chunks, then B's), each chunk run from its sum in
   START (chunk order): the real chain, 32 lanes at once.  */
static inline __m512i
bsd_chain_pair (__m512i start, const __m256i va[8], const __m256i vb[8])
{
  const __m512i zero = _mm512_setzero_si512 ();
  const __m512i to_lanes
    = _mm512_broadcast_i64x4 (EVEN_ODD (0, 2, 4, 6, 1, 3, 5, 7));
  const __m512i to_chunks
    = _mm512_broadcast_i64x4 (EVEN_ODD (0, 4, 1, 5, 2, 6, 3, 7));
  /* In each half, the lanes hold chunks 0 2 4 .. 14 | 1 3 5 .. 15.  */
  __m512i s = _mm512_permutex_epi64 (_mm512_shuffle_epi8 (start, to_lanes),
                                     0xd8);

#pragma GCC unroll 8
  for (int i = 0; i < 8; i++)
    {
      __m512i v = _mm512_inserti64x4 (_mm512_castsi256_si512 (va[i]),
                                      vb[i], 1);
      s = _mm512_add_epi16 (ROR1_512 (s), _mm512_unpacklo_epi8 (v, zero));
      s = _mm512_add_epi16 (ROR1_512 (s), _mm512_unpackhi_epi8 (v, zero));
    }
  return _mm512_shuffle_epi8 (_mm512_permutex_epi64 (s, 0xd8), to_chunks);
}

/* Return, from the moves of the pair's blocks (bsd_moves: LOA and HIA
   for block A, LOB and HIB for B), the sums speculated at the ends of
   its 32 chunks when A starts from SUM, in chunk order; and store in
   *START the speculated sums at their starts, SUM itself first.  */
static inline __m512i
bsd_speculate_pair (uint32_t sum, __m256i loa, __m256i hia, __m256i lob,
                    __m256i hib, __m512i *start)
{
  const __m256i last = _mm256_set1_epi32 (7);
  /* 32 moves below 2^25 (their sum below 1.07e9) and SUM: below 2^30.  */
  __m256i base = _mm256_set1_epi32 ((int) sum);

  loa = prefix8 (loa);
  hia = _mm256_add_epi32 (prefix8 (hia),
                          _mm256_permutevar8x32_epi32 (loa, last));
  lob = _mm256_add_epi32 (prefix8 (lob),
                          _mm256_permutevar8x32_epi32 (hia, last));
  hib = _mm256_add_epi32 (prefix8 (hib),
                          _mm256_permutevar8x32_epi32 (lob, last));
  loa = mod65535 (_mm256_add_epi32 (loa, base));
  hia = mod65535 (_mm256_add_epi32 (hia, base));
  lob = mod65535 (_mm256_add_epi32 (lob, base));
  hib = mod65535 (_mm256_add_epi32 (hib, base));
  /* packus interleaves the halves: [0-3 8-11 | 4-7 12-15].  */
  __m256i na = _mm256_permute4x64_epi64 (_mm256_packus_epi32 (loa, hia),
                                         0xd8);
  __m256i nb = _mm256_permute4x64_epi64 (_mm256_packus_epi32 (lob, hib),
                                         0xd8);
  /* One word up across A and B, SUM into A's word 0.  */
  __m256i ta = _mm256_permute2x128_si256 (na, na, 0x08);
  __m256i tb = _mm256_permute2x128_si256 (nb, na, 0x03);
  __m256i sa = _mm256_insert_epi16 (_mm256_alignr_epi8 (na, ta, 14),
                                    (short) sum, 0);
  __m256i sb = _mm256_alignr_epi8 (nb, tb, 14);
  *start = _mm512_inserti64x4 (_mm512_castsi256_si512 (sa), sb, 1);
  return _mm512_inserti64x4 (_mm512_castsi256_si512 (na), nb, 1);
}

/* Advance the BSD sum *SUM over at least one chunk of the pair of
   blocks at P (2 * BLOCK bytes readable) and return the number of
   bytes done: all of them, or up to and including the first chunk
   that did not end where the speculation said.  */
static inline size_t
bsd_block_pair (uint32_t *sum, const uint8_t *p)
{
  __m256i xa[8], xb[8], va[8], vb[8], loa, hia, lob, hib;
  __m512i start;
  _Alignas (64) uint16_t end[2 * CHUNKS];

#pragma GCC unroll 8
  for (int k = 0; k < 8; k++)
    {
      xa[k] = _mm256_loadu_si256 ((const __m256i_u *) (p + 32 * k));
      xb[k] = _mm256_loadu_si256 ((const __m256i_u *) (p + BLOCK + 32 * k));
    }
  bsd_moves (xa, &loa, &hia);
  bsd_moves (xb, &lob, &hib);
  __m512i next = bsd_speculate_pair (*sum, loa, hia, lob, hib, &start);
  bsd_transpose (xa, va);
  bsd_transpose (xb, vb);
  __m512i ends = bsd_chain_pair (start, va, vb);
  uint32_t same = _mm512_cmpeq_epi16_mask (ends, next);
  _mm512_store_si512 (end, ends);
  if (same == 0xffffffffu)
    {
      *sum = end[2 * CHUNKS - 1];
      return 2 * BLOCK;
    }
  int c = __builtin_ctz (~same);
  *sum = end[c];
  return CHUNK * (size_t) (c + 1);
}
