/* memchr-nth.c -- find the Kth occurrence of a byte in a buffer (see
   memchr-nth.h).

   With SSE2 (every x86-64 CPU), 64 bytes at a time: four compares
   give the bytes equal to C, summed across the chunk with psadbw (a
   popcount of a mask would be a library call on CPUs before x86-64-v2);
   only the chunk that holds the Kth is looked into, through the mask
   of its matches.  Elsewhere, and for the last bytes, memchr from one
   occurrence to the next.  */

#include <config.h>

#include "memchr-nth.h"

#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
# include <emmintrin.h>

/* A mask of the bytes equal to each byte of V among the 64 at S: bit
   I set if S[I] is.  */
static uint64_t
chunk_mask (unsigned char const *s, __m128i v)
{
  uint64_t m = 0;
  for (int i = 0; i < 4; i++)
    {
      __m128i x = _mm_loadu_si128 ((__m128i const *) (s + 16 * i));
      uint64_t bits = (unsigned) _mm_movemask_epi8 (_mm_cmpeq_epi8 (x, v));
      m |= bits << (16 * i);
    }
  return m;
}

/* How many of the 64 bytes at S equal each byte of V.  */
static size_t
chunk_count (unsigned char const *s, __m128i v)
{
  __m128i const *q = (__m128i const *) s;
  /* Each match is -1: subtracted, +1.  */
  __m128i sum = _mm_add_epi8 (_mm_cmpeq_epi8 (_mm_loadu_si128 (q), v),
                              _mm_cmpeq_epi8 (_mm_loadu_si128 (q + 1), v));
  sum = _mm_add_epi8 (sum,
                      _mm_add_epi8 (_mm_cmpeq_epi8 (_mm_loadu_si128 (q + 2),
                                                    v),
                                    _mm_cmpeq_epi8 (_mm_loadu_si128 (q + 3),
                                                    v)));
  sum = _mm_sub_epi8 (_mm_setzero_si128 (), sum);
  __m128i halves = _mm_sad_epu8 (sum, _mm_setzero_si128 ());
  return ((size_t) _mm_cvtsi128_si32 (halves)
          + (size_t) _mm_extract_epi16 (halves, 4));
}

/* The index of the Kth set bit of MASK, counting from 1; MASK has at
   least K bits set.  */
static unsigned
nth_bit (uint64_t mask, size_t k)
{
  while (--k)
    mask &= mask - 1;           /* drop the lowest */
  return __builtin_ctzll (mask);
}
#endif

void *
memchr_nth (void const *p, size_t n, int c, size_t k, size_t *found)
{
  unsigned char const *s = p;
  unsigned char b = c;
  size_t seen = 0;              /* always below K */
#ifdef __SSE2__
  __m128i v = _mm_set1_epi8 ((char) b);
  for (; 64 <= n; s += 64, n -= 64)
    {
      size_t count = chunk_count (s, v);
      if (k - seen <= count)
        return (void *) (s + nth_bit (chunk_mask (s, v), k - seen));
      seen += count;
    }
#endif
  for (unsigned char const *q; n && (q = memchr (s, b, n)); s = q + 1)
    {
      if (++seen == k)
        return (void *) q;
      n -= q + 1 - s;
    }
  *found = seen;
  return NULL;
}
