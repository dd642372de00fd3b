/* test-memchr-nth.c -- memchr_nth against a byte-by-byte model.

   Buffers of every length 0..300 and random lengths up to 64 KiB, at
   every offset 0..63 from a 64-byte boundary (short ones) or a random
   one, filled with random bytes among which the byte sought is rare,
   common, or every byte; sought bytes: newline, NUL, 0x80 and 0xFF
   (signed chars must not matter).  The bytes just before and after the
   range are the byte sought, so that a count that strays out of the
   range shows.  For each buffer, K runs over 1..4, every count near
   the number present (the last one, and one past it), and random
   values in between.  Prints the first mismatches; exits 1 if any.  */

#include <config.h>

#include <stdint.h>
#include <stdio.h>

#include "memchr-nth.h"
#include "unit-rnd.h"

enum
{
  MAX_LEN = 64 * 1024,
  SMALL = 300,
  ALIGN = 64
};

static unsigned char area[MAX_LEN + 2 * ALIGN + 2];
static long failures;
static uint64_t state = 20261201;

/* The model: the index of the Kth byte C among the N at P, or -1 with
   the count in *FOUND.  */
static long
model (unsigned char const *p, size_t n, unsigned char c, size_t k,
       size_t *found)
{
  size_t seen = 0;
  for (size_t i = 0; i < n; i++)
    if (p[i] == c && ++seen == k)
      return i;
  *found = seen;
  return -1;
}

/* Check memchr_nth on the N bytes at P for byte C and the Kth.  */
static void
check (unsigned char const *p, size_t n, unsigned char c, size_t k)
{
  size_t want_found = SIZE_MAX, got_found = SIZE_MAX;
  long want = model (p, n, c, k, &want_found);
  unsigned char const *r = memchr_nth (p, n, c, k, &got_found);
  long got = r ? r - p : -1;
  if (got != want || (!r && got_found != want_found))
    {
      if (failures++ < 10)
        printf ("FAIL: length %zu, offset %zu, byte 0x%02x, k %zu: "
                "expected %ld (found %zu), got %ld (found %zu)\n",
                n, (size_t) ((uintptr_t) p % ALIGN), c, k, want,
                want_found, got, got_found);
    }
}

/* Fill the N bytes at P with random bytes, about one in EVERY of them
   C (EVERY 1: all), none C otherwise; put C just outside.  Return the
   count of C inside.  */
static size_t
fill (unsigned char *p, size_t n, unsigned char c, unsigned every)
{
  size_t count = 0;
  p[-1] = c;
  p[n] = c;
  for (size_t i = 0; i < n; i++)
    {
      unsigned char x = rnd (&state) & 0xFF;
      if (rnd (&state) % every == 0)
        x = c;
      else if (x == c)
        x ^= 1;
      p[i] = x;
      count += x == c;
    }
  return count;
}

/* Check the buffer of N bytes at offset OFF, byte C, density EVERY,
   for several K.  */
static void
check_buffer (size_t off, size_t n, unsigned char c, unsigned every)
{
  unsigned char *p = area + ALIGN + off;
  size_t count = fill (p, n, c, every);
  for (size_t k = 1; k <= 4; k++)
    check (p, n, c, k);
  for (size_t k = count < 2 ? 1 : count - 1; k <= count + 1; k++)
    check (p, n, c, k);
  for (int i = 0; i < 4 && count; i++)
    check (p, n, c, 1 + rnd (&state) % count);
}

int
main (void)
{
  static unsigned char const bytes[] = { '\n', 0, 0x80, 0xFF };
  static unsigned const every[] = { 1000000, 50, 3, 1 };
  long cases = 0;
  for (size_t b = 0; b < sizeof bytes; b++)
    for (size_t e = 0; e < sizeof every / sizeof every[0]; e++)
      {
        for (size_t n = 0; n <= SMALL; n++)
          for (size_t off = 0; off < ALIGN; off += n < 130 ? 1 : 7)
            check_buffer (off, n, bytes[b], every[e]), cases++;
        for (int i = 0; i < 200; i++)
          check_buffer (rnd (&state) % ALIGN, rnd (&state) % (MAX_LEN + 1),
                        bytes[b], every[e]), cases++;
      }
  printf ("%s: %ld buffers, %ld failures\n", failures ? "FAIL" : "PASS",
          cases, failures);
  return failures != 0;
}
