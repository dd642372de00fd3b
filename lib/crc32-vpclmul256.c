/* crc32-vpclmul256.c -- both CRC-32s by carry-less-multiply folding
   with VPCLMULQDQ on 256-bit registers (AVX2): two 128-bit chunks per
   register, each folded as crc32-pclmul.c folds one.  For CPUs with
   VPCLMULQDQ but not AVX-512 (AMD Zen 3).

   Raw register only: the byte count, the complement and the context
   are handled elsewhere (lib/crc32.c), the same way for every variant;
   lib/crc32-clmul.h explains the folding and holds its constants.
   This file is compiled with -mvpclmulqdq -mpclmul -mavx2 and holds
   nothing else; call it only when cpu_has_vpclmulqdq, cpu_has_pclmul
   and cpu_has_avx2 are true.  */

#include "hash-variants.h"

#include "crc32-clmul.h"

/* The compiler checks that the variants have the families' type.  */
crc32_update_fn crc32_update_vpclmul256;
crc32_update_fn crc32b_update_vpclmul256;

/* Return the 32 bytes at P (any alignment) as two chunks of K's CRC,
   the first in the low lane.  */
static inline __m256i
load256 (const struct crc32_clmul_consts *k, const uint8_t *p)
{
  __m256i v = _mm256_loadu_si256 ((const __m256i *) p);
  if (k->reflected)
    return v;
  __m256i rev = _mm256_broadcastsi128_si256 (_mm_set_epi8 (0, 1, 2, 3, 4,
                                                           5, 6, 7, 8, 9,
                                                           10, 11, 12, 13,
                                                           14, 15));
  return _mm256_shuffle_epi8 (v, rev);
}

/* Return the two chunks of A, each moved on by the distance whose
   constants KV holds in the same lane, plus the chunks of B.  */
static inline __m256i
fold256 (__m256i a, __m256i kv, __m256i b)
{
  return _mm256_xor_si256 (
    _mm256_xor_si256 (_mm256_clmulepi64_epi128 (a, kv, 0x00),
                      _mm256_clmulepi64_epi128 (a, kv, 0x11)), b);
}

/* Return the constants to move each of two chunks on by BITS bits,
   from K.  */
static inline __m256i
k256 (const struct crc32_clmul_consts *k, int bits)
{
  return _mm256_broadcastsi128_si256 (crc32_clmul_k (k, bits));
}

/* Advance the register CRC of K's kind over the LEN bytes at P.  Four
   registers of two chunks in flight, 128 bytes a turn, each chunk
   moved on by 1024 bits; then one register, 32 bytes a turn.  */
static inline uint32_t
crc32_vpclmul256 (const struct crc32_clmul_consts *k, uint32_t crc,
                  const uint8_t *p, size_t len)
{
  if (len < 32)
    return crc32_clmul_short (k, crc, p, len);

  __m256i start = _mm256_set_m128i (_mm_setzero_si128 (),
                                     crc32_clmul_start (k, crc));
  __m256i a = _mm256_xor_si256 (load256 (k, p), start);
  p += 32, len -= 32;
  if (len >= 96)
    {
      __m256i a1 = load256 (k, p);
      __m256i a2 = load256 (k, p + 32);
      __m256i a3 = load256 (k, p + 64);
      __m256i kv = k256 (k, 1024);
      for (p += 96, len -= 96; len >= 128; p += 128, len -= 128)
        {
          a = fold256 (a, kv, load256 (k, p));
          a1 = fold256 (a1, kv, load256 (k, p + 32));
          a2 = fold256 (a2, kv, load256 (k, p + 64));
          a3 = fold256 (a3, kv, load256 (k, p + 96));
        }
      a = fold256 (a, k256 (k, 256), a1);
      a = fold256 (a, k256 (k, 256), a2);
      a = fold256 (a, k256 (k, 256), a3);
    }
  for (; len >= 32; p += 32, len -= 32)
    a = fold256 (a, k256 (k, 256), load256 (k, p));
  /* The low chunk moved on by 128 bits onto the high one.  */
  __m128i last = crc32_clmul_fold (_mm256_castsi256_si128 (a),
                                   crc32_clmul_k (k, 128),
                                   _mm256_extracti128_si256 (a, 1));
  return crc32_clmul_finish (k, last, p, len);
}

/* The POSIX CRC: advance the register CRC over the LEN bytes at P (any
   alignment) and return it.  */
uint32_t
crc32_update_vpclmul256 (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_vpclmul256 (&crc32_clmul_cksum, crc, p, len);
}

/* crc32b: advance the bit-reversed register CRC over the LEN bytes at
   P (any alignment) and return it.  */
uint32_t
crc32b_update_vpclmul256 (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_vpclmul256 (&crc32_clmul_crc32b, crc, p, len);
}
