/* crc32-pclmul.c -- both CRC-32s by carry-less-multiply folding with
   PCLMULQDQ on 128-bit registers.

   Raw register only: the byte count, the complement and the context
   are handled elsewhere (lib/crc32.c), the same way for every variant;
   lib/crc32-clmul.h explains the folding and holds its constants.
   This file is compiled with -mpclmul -mssse3 -msse4.1 and holds
   nothing else, so that no other code gets those instructions; call it
   only when cpu_has_pclmul, cpu_has_ssse3 and cpu_has_sse41 are
   true.  */

#include "hash-variants.h"

#include "crc32-clmul.h"

/* The compiler checks that the variants have the families' type.  */
crc32_update_fn crc32_update_pclmul;
crc32_update_fn crc32b_update_pclmul;

/* Advance the register CRC of K's kind over the LEN bytes at P.  Four
   chunks in flight, 64 bytes a turn, each moved on by 512 bits: four
   independent chains of multiplications, to cover their latency.  */
static inline uint32_t
crc32_pclmul (const struct crc32_clmul_consts *k, uint32_t crc,
              const uint8_t *p, size_t len)
{
  if (len < 64)
    return crc32_clmul_short (k, crc, p, len);

  __m128i a0 = _mm_xor_si128 (crc32_clmul_load (k, p),
                              crc32_clmul_start (k, crc));
  __m128i a1 = crc32_clmul_load (k, p + 16);
  __m128i a2 = crc32_clmul_load (k, p + 32);
  __m128i a3 = crc32_clmul_load (k, p + 48);
  __m128i k512 = crc32_clmul_k (k, 512);
  for (p += 64, len -= 64; len >= 64; p += 64, len -= 64)
    {
      a0 = crc32_clmul_fold (a0, k512, crc32_clmul_load (k, p));
      a1 = crc32_clmul_fold (a1, k512, crc32_clmul_load (k, p + 16));
      a2 = crc32_clmul_fold (a2, k512, crc32_clmul_load (k, p + 32));
      a3 = crc32_clmul_fold (a3, k512, crc32_clmul_load (k, p + 48));
    }
  /* Each chunk onto the last one: 384, 256 and 128 bits on.  */
  a3 = crc32_clmul_fold (a2, crc32_clmul_k (k, 128), a3);
  a3 = crc32_clmul_fold (a1, crc32_clmul_k (k, 256), a3);
  a3 = crc32_clmul_fold (a0, crc32_clmul_k (k, 384), a3);
  return crc32_clmul_finish (k, a3, p, len);
}

/* The POSIX CRC: advance the register CRC over the LEN bytes at P (any
   alignment) and return it.  */
uint32_t
crc32_update_pclmul (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_pclmul (&crc32_clmul_cksum, crc, p, len);
}

/* crc32b: advance the bit-reversed register CRC over the LEN bytes at
   P (any alignment) and return it.  */
uint32_t
crc32b_update_pclmul (uint32_t crc, const uint8_t *p, size_t len)
{
  return crc32_pclmul (&crc32_clmul_crc32b, crc, p, len);
}
