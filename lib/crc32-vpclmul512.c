/* crc32-vpclmul512.c -- both CRC-32s by carry-less-multiply folding
   with VPCLMULQDQ on 512-bit registers: four 128-bit chunks per
   register, each folded as crc32-pclmul.c folds one.

   Raw register only: the byte count, the complement and the context
   are handled elsewhere (lib/crc32.c), the same way for every variant;
   lib/crc32-clmul.h explains the folding and holds its constants.
   This file is compiled with -mvpclmulqdq -mpclmul -mavx512f
   -mavx512bw -mavx512vl and holds nothing else; call it only when
   cpu_has_vpclmulqdq, cpu_has_pclmul, cpu_has_avx512f,
   cpu_has_avx512bw and cpu_has_avx512vl are true.  */

#include "hash-variants.h"

#include "crc32-clmul.h"

/* The compiler checks that the variants have the families' type.  */
crc32_update_fn crc32_update_vpclmul512;
crc32_update_fn crc32b_update_vpclmul512;

/* Return the 64 bytes at P (any alignment) as four chunks of K's CRC,
   the first in the low lane.  */
static inline __m512i
load512 (const struct crc32_clmul_consts *k, const uint8_t *p)
{
  __m512i v = _mm512_loadu_si512 (p);
  if (k->reflected)
    return v;
  __m512i rev = _mm512_broadcast_i32x4 (_mm_set_epi8 (0, 1, 2, 3, 4, 5, 6,
                                                      7, 8, 9, 10, 11, 12,
                                                      13, 14, 15));
  return _mm512_shuffle_epi8 (v, rev);
}

/* Return the four chunks of A, each moved on by the distance whose
   constants KV holds in the same lane, plus the chunks of B.  */
static inline __m512i
fold512 (__m512i a, __m512i kv, __m512i b)
{
  return _mm512_ternarylogic_epi64 (_mm512_clmulepi64_epi128 (a, kv, 0x00),
                                    _mm512_clmulepi64_epi128 (a, kv, 0x11),
                                    b, 0x96);
}

/* Return the constants to move each of four chunks on by BITS bits,
   from K.  */
static inline __m512i
k512 (const struct crc32_clmul_consts *k, int bits)
{
  return _mm512_broadcast_i32x4 (crc32_clmul_k (k, bits));
}

/* Return the one chunk that four in A stand for: lanes 0, 1 and 2
   moved on by 384, 256 and 128 bits onto lane 3.  */
static inline __m128i
fold_lanes (const struct crc32_clmul_consts *k, __m512i a)
{
  __m512i kv = _mm512_inserti32x4 (_mm512_setzero_si512 (),
                                   crc32_clmul_k (k, 384), 0);
  kv = _mm512_inserti32x4 (kv, crc32_clmul_k (k, 256), 1);
  kv = _mm512_inserti32x4 (kv, crc32_clmul_k (k, 128), 2);
  /* Lane 3 of KV is zero, so lane 3 of T is lane 3 of A.  */
  __m512i t = fold512 (a, kv, _mm512_maskz_mov_epi64 (0xc0, a));
  __m256i h = _mm256_xor_si256 (_mm512_castsi512_si256 (t),
                                _mm512_extracti64x4_epi64 (t, 1));
  return _mm_xor_si128 (_mm256_castsi256_si128 (h),
                        _mm256_extracti128_si256 (h, 1));
}

/* Advance the register CRC of K's kind over the LEN bytes at P.  Four
   registers of four chunks in flight, 256 bytes a turn, each chunk
   moved on by 2048 bits; then one register, 64 bytes a turn.  */
static inline uint32_t
crc32_vpclmul512 (const struct crc32_clmul_consts *k, uint32_t crc,
                  const uint8_t *p, size_t len)
{
  if (len < 64)
    return crc32_clmul_short (k, crc, p, len);

  __m512i start = _mm512_inserti32x4 (_mm512_setzero_si512 (),
                                      crc32_clmul_start (k, crc), 0);
  __m512i a = _mm512_xor_si512 (load512 (k, p), start);
  p += 64, len -= 64;
  if (len >= 192)
    {
      __m512i a1 = load512 (k, p);
      __m512i a2 = load512 (k, p + 64);
      __m512i a3 = load512 (k, p + 128);
      __m512i kv = k512 (k, 2048);
      for (p += 192, len -= 192; len >= 256; p += 256, len -= 256)
        {
          a = fold512 (a, kv, load512 (k, p));
          a1 = fold512 (a1, kv, load512 (k, p + 64));
          a2 = fold512 (a2, kv, load512 (k, p + 128));
          a3 = fold512 (a3, kv, load512 (k, p + 192));
        }
      a = fold512 (a, k512 (k, 512), a1);
      a = fold512 (a, k512 (k, 512), a2);
      a = fold512 (a, k512 (k, 512), a3);
    }
  for (; len >= 64; p += 64, len -= 64)
    a = fold512 (a, k512 (k, 512), load512 (k, p));
  return crc32_clmul_finish (k, fold_lanes (k, a), p, len);
}

/* The POSIX CRC: advance the register CRC over the LEN bytes at P (any
   alignment) and return it.  */
uint32_t
crc32_update_vpclmul512 (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_vpclmul512 (&crc32_clmul_cksum, crc, p, len);
}

/* crc32b: advance the bit-reversed register CRC over the LEN bytes at
   P (any alignment) and return it.  */
uint32_t
crc32b_update_vpclmul512 (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_vpclmul512 (&crc32_clmul_crc32b, crc, p, len);
}
