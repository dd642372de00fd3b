/* crc32-clmul.h -- carry-less-multiply folding for both CRC-32s: the
   constants, and the 128-bit steps that every vector width ends with.

   Included only by the files built with PCLMULQDQ (crc32-pclmul.c,
   crc32-vpclmul256.c, crc32-vpclmul512.c) and by the unit test that
   checks the constants; the helpers are inline and take their
   instruction set from the file that includes them (PCLMULQDQ, SSSE3,
   SSE4.1 at least).

   The idea.  Read the message as a polynomial over GF(2), its first
   bit the highest power.  The POSIX CRC of M from a zero register is
   M * x^32 mod P; crc32b is the same in the other bit order.  Cut M
   into 128-bit chunks A.  Moving a chunk D bits further on means
   multiplying it by x^D, and modulo P

     A * x^D = Ahi * x^(D+64) + Alo * x^D
            == Ahi * (x^(D+64) mod P) + Alo * (x^D mod P),

   two 64 x 32-bit carry-less products whose sum has fewer than 96 bits:
   it can be added to the chunk D bits on, which stands for the same
   thing.  So the message is folded, several chunks in flight, down to
   one 128-bit chunk A with the same remainder; A * x^32 is brought
   below 64 bits by two more such products (x^96 and x^64 mod P) and
   then divided by P with Barrett's method: with mu = x^64 div P, the
   quotient of C (64 bits) is (C div x^32) * mu div x^32, and the
   remainder C + q * P fits in 32 bits.  The register a call starts
   from is added to the first 32 bits of the message, since R * x^(8L)
   is R placed before L bytes.

   For the POSIX CRC the chunks are loaded big-endian (byte-reversed),
   so that bit I of a register is x^I and the products are exact.  For
   crc32b they are loaded as they are, bit I of a 128-bit chunk being
   x^(127 - I); in that order the 127-bit product of two 64-bit
   halves lands in bits 0..126 of its 128, one place short, which is
   to say multiplied by x.  So crc32b's constants are x^(n - 1) mod P,
   bit-reversed, in the high half of their 64 bits.

   The constants, derived with this Python (and recomputed bit by bit
   by tests/unit/test-crc32.c):

     P = 0x104C11DB7
     def xn(n):                     # x^n mod P
         r = 1
         for _ in range(n):
             r <<= 1
             if r >> 32: r ^= P
         return r
     def rev(v, bits): return int(format(v, '0%db' % bits)[::-1], 2)
     def div(a, b):                 # a div b
         q = 0
         while a.bit_length() >= b.bit_length():
             s = a.bit_length() - b.bit_length(); q |= 1 << s; a ^= b << s
         return q
     mu = div(1 << 64, P)
     for j in range(1, 17):         # fold[j - 1]: D = 128 j
         D = 128 * j
         print(xn(D), xn(D + 64))                                # cksum
         print(rev(xn(D + 63), 32) << 32, rev(xn(D - 1), 32) << 32)  # 32b
     print(xn(96), xn(64), mu, P)                                # cksum
     print(rev(xn(95), 32) << 32, rev(xn(63), 32) << 32,
           rev(mu, 33), rev(P, 33))                              # 32b  */

#ifndef BRISK_CRC32_CLMUL_H
#define BRISK_CRC32_CLMUL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <immintrin.h>

#include "crc32.h"

enum { CRC32_CLMUL_FOLDS = 16 };

/* The constants of one CRC.  FOLD[J] moves a 128-bit chunk on by
   128 * (J + 1) bits: its low half multiplies the chunk's low 64 bits,
   its high half the chunk's high 64 bits.  FINAL takes a chunk to
   64 bits, BARRETT holds mu and P.  REFLECTED: crc32b's bit order.  */
struct crc32_clmul_consts
{
  uint64_t fold[CRC32_CLMUL_FOLDS][2];
  uint64_t final[2];
  uint64_t barrett[2];
  bool reflected;
};

static const struct crc32_clmul_consts crc32_clmul_cksum = {
  .fold = {
    { 0x00000000e8a45605, 0x00000000c5b9cd4c },   /* 128 bits */
    { 0x0000000075be46b7, 0x00000000569700e5 },
    { 0x000000008c3828a8, 0x0000000064bf7a9b },
    { 0x00000000e6228b11, 0x000000008833794c },   /* 512 */
    { 0x00000000f91a84e2, 0x00000000e2ca9d03 },
    { 0x000000001d49ada7, 0x000000007606eeeb },
    { 0x000000003a06a4c6, 0x000000002ecc3300 },
    { 0x00000000567fddeb, 0x0000000010bd4d7c },   /* 1024 */
    { 0x0000000032812adb, 0x00000000b24c969c },
    { 0x0000000044e77570, 0x00000000b2cc4e87 },
    { 0x000000006a54b21e, 0x00000000f4740741 },
    { 0x00000000d2536d46, 0x00000000dc53dfcc },   /* 1536 */
    { 0x0000000046257894, 0x00000000a47ee42b },
    { 0x00000000cad4b8d6, 0x000000005a739de2 },
    { 0x000000003cb34bf1, 0x00000000784417c8 },
    { 0x0000000088fe2237, 0x00000000cbcf3bcb },   /* 2048 */
  },
  .final = { 0x00000000f200aa66, 0x00000000490d678d },
  .barrett = { 0x0000000104d101df, 0x0000000104c11db7 },
  .reflected = false
};

static const struct crc32_clmul_consts crc32_clmul_crc32b = {
  .fold = {
    { 0x65673b4600000000, 0x9ba54c6f00000000 },   /* 128 bits */
    { 0x9570d49500000000, 0x01b5fd1d00000000 },
    { 0x69ccfc0d00000000, 0x2a28386200000000 },
    { 0x653d982200000000, 0xcad38e8f00000000 },   /* 512 */
    { 0x5a03a0cf00000000, 0x8e42b13e00000000 },
    { 0x759fc69d00000000, 0x101a233100000000 },
    { 0x019866e800000000, 0xc64ac0b800000000 },
    { 0x7d657a1000000000, 0x7406fa9500000000 },   /* 1024 */
    { 0x72d2649a00000000, 0x6dd804d900000000 },
    { 0x199560db00000000, 0x1d5dce4400000000 },
    { 0xdeb15a1f00000000, 0xf09a54ac00000000 },
    { 0x67f7947600000000, 0xc56d949600000000 },   /* 1536 */
    { 0x733ffa0b00000000, 0x523d48c400000000 },
    { 0x8f739cb400000000, 0xd63a56a600000000 },
    { 0x27d0443c00000000, 0xc4d49c3900000000 },
    { 0x7cc8e1e700000000, 0x03f9f86300000000 },   /* 2048 */
  },
  .final = { 0xccaa009e00000000, 0xb8bc676500000000 },
  .barrett = { 0x00000001f7011641, 0x00000001db710641 },
  .reflected = true
};

/* The constants to move a chunk on by BITS bits, a multiple of 128
   from 128 to 2048, as a vector, from K.  */
static inline __m128i
crc32_clmul_k (const struct crc32_clmul_consts *k, int bits)
{
  return _mm_loadu_si128 ((const __m128i *) k->fold[bits / 128 - 1]);
}

/* Return the 16 bytes at P (any alignment) as a chunk of K's CRC:
   byte-reversed for the POSIX CRC.  */
static inline __m128i
crc32_clmul_load (const struct crc32_clmul_consts *k, const uint8_t *p)
{
  __m128i v = _mm_loadu_si128 ((const __m128i *) p);
  if (k->reflected)
    return v;
  return _mm_shuffle_epi8 (v, _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                            10, 11, 12, 13, 14, 15));
}

/* Return the register CRC as a chunk to add to the first one of the
   message: its first 32 bits.  */
static inline __m128i
crc32_clmul_start (const struct crc32_clmul_consts *k, uint32_t crc)
{
  __m128i v = _mm_cvtsi32_si128 ((int) crc);
  return k->reflected ? v : _mm_slli_si128 (v, 12);
}

/* Return chunk A moved on by the distance whose constants are KV,
   plus the chunk B found there.  */
static inline __m128i
crc32_clmul_fold (__m128i a, __m128i kv, __m128i b)
{
  return _mm_xor_si128 (_mm_xor_si128 (_mm_clmulepi64_si128 (a, kv, 0x00),
                                       _mm_clmulepi64_si128 (a, kv, 0x11)),
                        b);
}

/* Return the POSIX CRC register of the message whose remainder the
   chunk A holds: A * x^32 mod P.  The products are exact here: x^I is
   bit I.  */
static inline uint32_t
crc32_clmul_reduce_msb (const struct crc32_clmul_consts *k, __m128i a)
{
  __m128i fin = _mm_loadu_si128 ((const __m128i *) k->final);
  __m128i bar = _mm_loadu_si128 ((const __m128i *) k->barrett);
  /* A * x^32 = Ahi * x^96 + Alo * x^32: below 96 bits.  */
  __m128i b = _mm_xor_si128 (_mm_clmulepi64_si128 (a, fin, 0x01),
                             _mm_slli_si128 (_mm_move_epi64 (a), 4));
  /* Bits 64..95 times x^64 mod P, plus bits 0..63: below 64 bits.  */
  __m128i c = _mm_xor_si128 (_mm_clmulepi64_si128 (b, fin, 0x11), b);
  /* Barrett: q = (C div x^32) * mu div x^32, and C + q * P.  */
  __m128i t = _mm_clmulepi64_si128 (_mm_srli_epi64 (c, 32), bar, 0x00);
  t = _mm_clmulepi64_si128 (_mm_srli_epi64 (t, 32), bar, 0x10);
  return (uint32_t) _mm_cvtsi128_si32 (_mm_xor_si128 (c, t));
}

/* Return the crc32b register of the message whose remainder the chunk
   A holds, in its bit-reversed order, where bit I of a 64-bit half
   stands for x^(63 - I) and the low half of A is its high part.  */
static inline uint32_t
crc32_clmul_reduce_lsb (const struct crc32_clmul_consts *k, __m128i a)
{
  __m128i fin = _mm_loadu_si128 ((const __m128i *) k->final);
  __m128i bar = _mm_loadu_si128 ((const __m128i *) k->barrett);
  __m128i low32 = _mm_set_epi32 (0, 0, 0, -1);
  /* A * x^32 = Alo * x^96 + Ahi * x^32, in bits 32..127.  */
  __m128i b = _mm_xor_si128 (_mm_clmulepi64_si128 (a, fin, 0x00),
                             _mm_slli_si128 (_mm_srli_si128 (a, 8), 4));
  /* Bits 32..63 (x^95..x^64) times x^64 mod P, plus bits 64..127: the
     high half is the 64-bit C.  */
  __m128i c = _mm_xor_si128 (_mm_clmulepi64_si128 (b, fin, 0x10), b);
  /* Barrett, with mu and P reversed over 33 bits: the low 32 bits of
     the high half of C are C div x^32; the quotient comes out in the
     low 32 bits, and the remainder in bits 32..63.  */
  __m128i hi = _mm_srli_si128 (c, 8);
  __m128i t = _mm_clmulepi64_si128 (_mm_and_si128 (hi, low32), bar, 0x00);
  t = _mm_clmulepi64_si128 (_mm_and_si128 (t, low32), bar, 0x10);
  return (uint32_t) _mm_extract_epi32 (_mm_xor_si128 (hi, t), 1);
}

/* Finish a call of K's CRC: fold into the chunk A, which holds what
   came before P, each whole 16 bytes of the LEN bytes at P, reduce,
   and run the portable core over the last LEN % 16 bytes.  Return the
   register.  */
static inline uint32_t
crc32_clmul_finish (const struct crc32_clmul_consts *k, __m128i a,
                    const uint8_t *p, size_t len)
{
  __m128i k128 = crc32_clmul_k (k, 128);
  for (; len >= 16; p += 16, len -= 16)
    a = crc32_clmul_fold (a, k128, crc32_clmul_load (k, p));
  if (k->reflected)
    return crc32b_update_portable (crc32_clmul_reduce_lsb (k, a), p, len);
  return crc32_update_portable (crc32_clmul_reduce_msb (k, a), p, len);
}

/* Advance the register CRC of K's kind over the LEN bytes at P, 16
   bytes at a time, for inputs too short for a wider loop.  */
static inline uint32_t
crc32_clmul_short (const struct crc32_clmul_consts *k, uint32_t crc,
                   const uint8_t *p, size_t len)
{
  if (len < 16)
    return (k->reflected ? crc32b_update_portable (crc, p, len)
            : crc32_update_portable (crc, p, len));
  __m128i a = _mm_xor_si128 (crc32_clmul_load (k, p),
                             crc32_clmul_start (k, crc));
  return crc32_clmul_finish (k, a, p + 16, len - 16);
}

#endif
