/* fastcopy.c -- fast_memcpy: memcpy below the cutoff, or where AVX2
   cannot run; the non-temporal AVX2 copy above it.  See fastcopy.h.  */

#include <config.h>

#include "fastcopy.h"

#include <assert.h>
#include <string.h>

#include "cpu-features.h"

/* True if fast_memcpy_avx2 exists in this build and the CPU (and the
   OS, for the YMM state) can run it.  */
bool
fast_memcpy_avx2_available (void)
{
#if HAVE_ISA_AVX2
  return cpu_has_avx2 ();
#else
  return false;
#endif
}

#ifndef NDEBUG
/* True if the N bytes at A and the N bytes at B share a byte.  */
static bool
overlaps (void const *a, void const *b, size_t n)
{
  uintptr_t x = (uintptr_t) a, y = (uintptr_t) b;
  return n != 0 && (x < y ? y - x < n : x - y < n);
}
#endif

/* Copy N bytes from SRC to DST, which must not overlap, and return
   DST, as memcpy does.  */
void *
fast_memcpy (void *restrict dst, const void *restrict src, size_t n)
{
  assert (!overlaps (dst, src, n));
#if HAVE_ISA_AVX2
  if (n >= FAST_MEMCPY_CUTOFF && fast_memcpy_avx2_available ())
    {
      fast_memcpy_avx2 (dst, src, n);
      return dst;
    }
#endif
  return memcpy (dst, src, n);
}
