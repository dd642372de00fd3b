/* fastcopy-avx2.c -- copy with 32-byte loads and non-temporal stores.

   Compiled with -mavx2 and nothing else; call it only when
   fast_memcpy_avx2_available () is true.  The cutoff and the fallback
   are in lib/fastcopy.c; this file copies, for any size.

   How it works.  The first and the last 32 bytes are copied with
   unaligned loads and stores.  Between them, the destination is
   walked from its first 32-byte boundary with unaligned loads and
   aligned non-temporal stores (_mm256_stream_si256), which bypass
   the caches, 128 bytes per turn, then 32.  Those stores may write
   bytes again that the head or tail store already wrote; they write
   the same values, so their order does not matter.  An sfence at the
   end orders the weakly ordered streaming stores before any later
   store, as memcpy's callers expect.  */

#include <config.h>

#include "fastcopy.h"

#include <immintrin.h>
#include <string.h>

enum
{
  VEC = 32      /* bytes in a vector, and the store alignment */
};

/* Copy N bytes from SRC to DST, which do not overlap.  */
void
fast_memcpy_avx2 (void *restrict dst, const void *restrict src, size_t n)
{
  unsigned char *d = dst;
  unsigned char const *s = src;

  if (n <= 2 * VEC)
    {
      if (n < VEC)
        {
          memcpy (d, s, n);
          return;
        }
      /* VEC..2*VEC bytes: two stores that may overlap each other.  */
      __m256i head = _mm256_loadu_si256 ((__m256i const *) s);
      __m256i tail = _mm256_loadu_si256 ((__m256i const *) (s + n - VEC));
      _mm256_storeu_si256 ((__m256i *) d, head);
      _mm256_storeu_si256 ((__m256i *) (d + n - VEC), tail);
      return;
    }

  __m256i head = _mm256_loadu_si256 ((__m256i const *) s);
  __m256i tail = _mm256_loadu_si256 ((__m256i const *) (s + n - VEC));
  _mm256_storeu_si256 ((__m256i *) d, head);

  /* Skip to D's next 32-byte boundary (by 1..VEC bytes; the head
     store covered them).  Since n > 2*VEC, at least VEC bytes stay.  */
  size_t skip = VEC - ((uintptr_t) d & (VEC - 1));
  unsigned char *end = d + n;
  d += skip;
  s += skip;

  for (; end - d >= 4 * VEC; d += 4 * VEC, s += 4 * VEC)
    {
      __m256i a = _mm256_loadu_si256 ((__m256i const *) s);
      __m256i b = _mm256_loadu_si256 ((__m256i const *) (s + VEC));
      __m256i c = _mm256_loadu_si256 ((__m256i const *) (s + 2 * VEC));
      __m256i e = _mm256_loadu_si256 ((__m256i const *) (s + 3 * VEC));
      _mm256_stream_si256 ((__m256i *) d, a);
      _mm256_stream_si256 ((__m256i *) (d + VEC), b);
      _mm256_stream_si256 ((__m256i *) (d + 2 * VEC), c);
      _mm256_stream_si256 ((__m256i *) (d + 3 * VEC), e);
    }
  for (; end - d >= VEC; d += VEC, s += VEC)
    _mm256_stream_si256 ((__m256i *) d,
                         _mm256_loadu_si256 ((__m256i const *) s));

  /* The last 0..VEC-1 bytes: the tail store covers them.  */
  _mm256_storeu_si256 ((__m256i *) (end - VEC), tail);
  _mm_sfence ();
}
