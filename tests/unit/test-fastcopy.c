/* test-fastcopy.c -- fast_memcpy, and its AVX2 path called directly,
   against memcpy.

   Sizes: every size 0..4096; from there to twice FAST_MEMCPY_CUTOFF
   (or to 2 MiB if the cutoff is far larger), a stride that grows with
   the size, sizes within 65 bytes of a power of two and of 1.5 times
   one (near multiples of 32 and 64 of every scale: all of 25 offsets
   up to 64 KiB, those within 1 of a multiple of 32 above), and every
   size within 65 bytes of the cutoff.  Misalignments: the whole 64 x 64 grid
   of source and destination offsets up to 256 bytes, 64 pairs up to
   4096, then fewer and fewer sampled pairs as sizes grow.  The
   destination sits between guard bytes, which must stay untouched;
   no source byte equals the guard byte, so a byte left uncopied shows.

   The AVX2 path is SKIP when not built or not supported, and a
   failure if the environment variable REQUIRE_VARIANTS names "avx2".
   Prints the first mismatch of each variant and a summary line per
   variant.  Exits 1 if anything failed, 0 otherwise.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastcopy.h"

enum
{
  GUARD = 0xA5,         /* the byte around and under the destination */
  ALIGN = 64,           /* misalignments 0..ALIGN-1 */
  SMALL = 4096          /* every size up to here */
};

#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

typedef void *copy_fn (void *restrict, void const *restrict, size_t);

static unsigned char *src_buf;  /* max_size + ALIGN bytes, no GUARD */
static unsigned char *dst_buf;  /* ALIGN + ALIGN + max_size + ALIGN */
static size_t max_size;

/* The variant under test: its name, function, and failure count.  */
static char const *variant;
static copy_fn *copy;
static unsigned long failures, checks;

#if HAVE_ISA_AVX2
/* fast_memcpy_avx2 with fast_memcpy's type.  */
static void *
avx2_copy (void *restrict dst, void const *restrict src, size_t n)
{
  fast_memcpy_avx2 (dst, src, n);
  return dst;
}
#endif

/* Return the index of the first byte of the N at P that is not GUARD,
   or N.  */
static size_t
first_non_guard (unsigned char const *p, size_t n)
{
  size_t i = 0;
  while (i < n && p[i] == GUARD)
    i++;
  return i;
}

/* Copy N bytes from source offset SA to destination offset DA with the
   variant under test, check the result and the guards, and put the
   guard bytes back.  */
static void
check (size_t n, size_t sa, size_t da)
{
  unsigned char const *s = src_buf + sa;
  unsigned char *d = dst_buf + ALIGN + da;
  void *ret = copy (d, s, n);
  checks++;
  char const *what = NULL;
  size_t at = 0;
  if (ret != d)
    what = "wrong return value";
  else if (memcmp (d, s, n) != 0)
    {
      while (d[at] == s[at])
        at++;
      what = "copy differs";
    }
  else if ((at = first_non_guard (dst_buf, ALIGN + da)) != ALIGN + da)
    what = "guard before clobbered";
  else if ((at = first_non_guard (d + n, ALIGN)) != ALIGN)
    what = "guard after clobbered";
  if (what && failures++ == 0)
    fprintf (stderr, "FAIL %s: size %zu, src offset %zu, dst offset %zu:"
             " %s (at byte %zu)\n", variant, n, sa, da, what, at);
  memset (dst_buf, GUARD, 2 * ALIGN + n + ALIGN);
}

/* Check size N at K pairs of misalignments drawn from N, the first
   of them (0, 0) if K > 1.  */
static void
check_sampled (size_t n, int k)
{
  if (k > 1)
    check (n, 0, 0);
  uint32_t x = n * 2654435761u;
  for (int i = k > 1; i < k; i++)
    {
      x = x * 1103515245u + 12345;
      check (n, (x >> 8) % ALIGN, (x >> 20) % ALIGN);
    }
}

/* How many misalignment pairs a large size N gets.  */
static int
pairs_for (size_t n)
{
  return n <= (64 << 10) ? 16 : n <= (1 << 20) ? 4 : 2;
}

/* Run every check on the variant NAME, FN.  */
static void
run (char const *name, copy_fn *fn)
{
  variant = name;
  copy = fn;
  failures = checks = 0;

  for (size_t n = 0; n <= SMALL; n++)
    if (n <= 256)
      for (size_t sa = 0; sa < ALIGN; sa++)
        for (size_t da = 0; da < ALIGN; da++)
          check (n, sa, da);
    else
      for (size_t i = 0; i < ALIGN; i++)
        check (n, i, (i * 37 + n) % ALIGN);

  /* A stride of about 1/16 of the size, odd so that every residue
     mod 64 comes up.  */
  for (size_t n = SMALL + 1; n <= max_size; n += (n / 16) | 1)
    check_sampled (n, pairs_for (n));

  /* Near powers of two, and 1.5 times them: near multiples of 32 and
     64 at every scale.  */
  static int const near[] = { -65, -64, -63, -33, -32, -31, -30, -17, -16,
                              -15, -2, -1, 0, 1, 2, 15, 16, 17, 30, 31,
                              32, 33, 63, 64, 65 };
  for (size_t p = SMALL; p <= max_size; p *= 2)
    for (int half = 0; half < 2; half++)
      {
        size_t m = p + half * (p / 2);
        for (size_t i = 0; i < COUNTOF (near); i++)
          if (m + near[i] <= max_size
              && (m <= (64 << 10) || (near[i] + 64) % 32 <= 1
                  || (near[i] + 64) % 32 >= 31))
            check_sampled (m + near[i], pairs_for (m));
      }

  /* Every size near the cutoff, if it is in range.  */
  if (FAST_MEMCPY_CUTOFF <= max_size - 65)
    for (size_t n = FAST_MEMCPY_CUTOFF - 65; n <= FAST_MEMCPY_CUTOFF + 65;
         n++)
      check_sampled (n, 1);

  printf ("%s: %s (%lu checks, %lu failed)\n", name,
          failures ? "FAIL" : "PASS", checks, failures);
}

int
main (void)
{
  size_t cutoff = FAST_MEMCPY_CUTOFF;
  max_size = cutoff <= ((size_t) 64 << 20) ? 2 * cutoff : (size_t) 2 << 20;
  if (max_size < 2 * SMALL)
    max_size = 2 * SMALL;
  src_buf = malloc (max_size + ALIGN);
  dst_buf = malloc (3 * ALIGN + max_size);
  if (!src_buf || !dst_buf)
    {
      perror ("malloc");
      return 99;
    }
  uint32_t x = 12345;
  for (size_t i = 0; i < max_size + ALIGN; i++)
    {
      x = x * 1103515245u + 12345;
      src_buf[i] = x >> 24;
      if (src_buf[i] == GUARD)
        src_buf[i] = (unsigned char) ~GUARD;
    }
  memset (dst_buf, GUARD, 3 * ALIGN + max_size);

  bool failed = false;
  run ("fast_memcpy", fast_memcpy);
  failed |= failures != 0;
#if HAVE_ISA_AVX2
  if (fast_memcpy_avx2_available ())
    {
      run ("avx2", avx2_copy);
      failed |= failures != 0;
    }
  else
#endif
    {
      char const *req = getenv ("REQUIRE_VARIANTS");
      bool required = req && strstr (req, "avx2");
      printf ("avx2: %s (not built or not supported)\n",
              required ? "FAIL" : "SKIP");
      failed |= required;
    }
  free (src_buf);
  free (dst_buf);
  return failed;
}
