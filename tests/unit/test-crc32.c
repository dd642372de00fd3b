/* test-crc32.c -- what test-kat, test-vectors and test-variants cannot
   see of cksum's CRCs.

   1. The folding constants of lib/crc32-clmul.h, recomputed here bit
      by bit from the polynomial (x^n mod P, mu = x^64 div P, and
      crc32b's bit-reversed forms), when the folding cores are built.
   2. The check values of the CRC catalogue on the raw cores of every
      variant this CPU can run: CRC-32/CKSUM 0x765e7680 (the POSIX CRC
      without the byte count) and CRC-32/ISO-HDLC 0xcbf43926, of
      "123456789".
   3. Byte counts past 2^32, without reading that much: the count is
      preset in the context.  Zero bytes leave the POSIX register at 0,
      so a file of N zero bytes sums to what the count alone gives;
      GNU coreutils 9.1's cksum of a sparse file of 2^32 + 5 bytes says
      "2462516806 4294967301", and the other sums come from a bitwise
      Python CRC (as in tests/data/gen-vectors).

   Prints each failure; exits 1 if any, 0 otherwise.  */

#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "hash-impl.h"

#if HAVE_ISA_PCLMUL
# include "crc32-clmul.h"
#endif

static int failures;

/* Return x^N mod P, P = x^32 + 0x04C11DB7, the bit of x^I at bit I.  */
static uint64_t
xn_mod_p (int n)
{
  uint64_t r = 1;
  for (int i = 0; i < n; i++)
    {
      r <<= 1;
      if (r >> 32)
        r ^= UINT64_C (0x104c11db7);
    }
  return r;
}

/* Return the BITS low bits of V in the reverse order.  */
static uint64_t
reverse (uint64_t v, int bits)
{
  uint64_t r = 0;
  for (int i = 0; i < bits; i++)
    r |= ((v >> i) & 1) << (bits - 1 - i);
  return r;
}

/* Return x^64 div P (Barrett's mu), by long division of polynomials.  */
static uint64_t
barrett_mu (void)
{
  /* x^64 is one bit past uint64_t: its first step, x^64 - x^32 P, is
     x^32 times P's low 32 bits.  */
  uint64_t rem = UINT64_C (0x04c11db7) << 32, q = UINT64_C (1) << 32;
  for (int s = 31; s >= 0; s--)
    if (rem >> (32 + s) & 1)
      {
        rem ^= UINT64_C (0x104c11db7) << s;
        q |= UINT64_C (1) << s;
      }
  return q;
}

/* Count a failure if the constant NAME is GOT and not WANT.  */
static void
expect (const char *name, int j, uint64_t got, uint64_t want)
{
  if (got == want)
    return;
  printf ("FAIL %s[%d]: 0x%016" PRIx64 ", should be 0x%016" PRIx64 "\n",
          name, j, got, want);
  failures++;
}

#if HAVE_ISA_PCLMUL
/* Check the folding constants of both CRCs against their definitions
   in crc32-clmul.h.  */
static void
check_constants (void)
{
  const struct crc32_clmul_consts *n = &crc32_clmul_cksum;
  const struct crc32_clmul_consts *r = &crc32_clmul_crc32b;
  uint64_t mu = barrett_mu ();

  for (int j = 0; j < CRC32_CLMUL_FOLDS; j++)
    {
      int d = 128 * (j + 1);
      expect ("cksum fold lo", j, n->fold[j][0], xn_mod_p (d));
      expect ("cksum fold hi", j, n->fold[j][1], xn_mod_p (d + 64));
      expect ("crc32b fold lo", j, r->fold[j][0],
              reverse (xn_mod_p (d + 63), 32) << 32);
      expect ("crc32b fold hi", j, r->fold[j][1],
              reverse (xn_mod_p (d - 1), 32) << 32);
    }
  expect ("cksum final", 0, n->final[0], xn_mod_p (96));
  expect ("cksum final", 1, n->final[1], xn_mod_p (64));
  expect ("cksum barrett", 0, n->barrett[0], mu);
  expect ("cksum barrett", 1, n->barrett[1], UINT64_C (0x104c11db7));
  expect ("crc32b final", 0, r->final[0], reverse (xn_mod_p (95), 32) << 32);
  expect ("crc32b final", 1, r->final[1], reverse (xn_mod_p (63), 32) << 32);
  expect ("crc32b barrett", 0, r->barrett[0], reverse (mu, 33));
  expect ("crc32b barrett", 1, r->barrett[1],
          reverse (UINT64_C (0x104c11db7), 33));
  expect ("reflected", 0, n->reflected, false);
  expect ("reflected", 1, r->reflected, true);
  printf ("folding constants checked\n");
}
#endif

/* Check the raw cores of every available variant of FAMILY on
   "123456789" from the register START: complemented, they must give
   WANT.  */
static void
check_raw (enum hash_family family, uint32_t start, uint32_t want)
{
  size_t count;
  const struct hash_variant *v = hash_impl_list (family, &count);
  for (size_t i = 0; i < count; i++)
    if (v[i].available ())
      {
        uint32_t got = ~v[i].blocks.crc32 (start,
                                           (const uint8_t *) "123456789", 9);
        if (got != want)
          {
            printf ("FAIL %s/%s check value: %08" PRIx32 ", should be %08"
                    PRIx32 "\n", hash_family_name (family), v[i].name, got,
                    want);
            failures++;
          }
      }
}

/* Finish CTX with FINAL and count a failure unless it gives WANT_CRC
   and the count WANT_LEN; NAME names the case.  */
static void
check_final (const char *name, struct crc32_ctx *ctx,
             void (*final) (struct crc32_ctx *, uint8_t *),
             uint32_t want_crc, uint64_t want_len)
{
  uint8_t out[CRC32_DIGEST_SIZE];
  uint32_t crc = 0;
  uint64_t len = 0;

  final (ctx, out);
  for (int i = 0; i < 4; i++)
    crc = crc << 8 | out[i];
  for (int i = 4; i < 12; i++)
    len = len << 8 | out[i];
  if (crc == want_crc && len == want_len)
    return;
  printf ("FAIL %s: %" PRIu32 " %" PRIu64 ", should be %" PRIu32 " %" PRIu64
          "\n", name, crc, len, want_crc, want_len);
  failures++;
}

/* The POSIX sums of N zero bytes, for counts that take 4 to 8 bytes.  */
static const struct
{
  uint64_t n;
  uint32_t crc;
} zero_files[] = {
  { UINT64_C (4294967295), 955982468 },
  { UINT64_C (4294967296), 4215202376 },
  { UINT64_C (4294967301), 2462516806 },        /* GNU cksum */
  { UINT64_C (1099511627779), 3594974656 },
  { UINT64_C (72057594037927936), 4215202376 },
  { UINT64_C (18446744073709551615), 1375705565 },
};

/* Check counts past 2^32: preset on zero data, carried by update past
   2^32, and written by crc32b_final.  */
static void
check_long_counts (void)
{
  struct crc32_ctx ctx;
  char name[64];

  for (size_t i = 0; i < sizeof zero_files / sizeof zero_files[0]; i++)
    {
      crc32_init (&ctx);
      ctx.length = zero_files[i].n;
      snprintf (name, sizeof name, "crc of %" PRIu64 " zero bytes",
                zero_files[i].n);
      check_final (name, &ctx, crc32_final, zero_files[i].crc,
                   zero_files[i].n);
    }
  /* "abcde" after a count of 2^32 - 2.  */
  crc32_init (&ctx);
  ctx.length = UINT64_C (4294967294);
  crc32_update (&ctx, "abcde", 5);
  check_final ("crc of abcde counted from 2^32 - 2", &ctx, crc32_final,
               0x54e40446, UINT64_C (4294967299));
  /* crc32b complements its register and writes the count.  */
  crc32b_init (&ctx);
  ctx.crc = 0x12345678;
  ctx.length = UINT64_C (0x0123456789abcdef);
  check_final ("crc32b with a preset count", &ctx, crc32b_final,
               0xedcba987, UINT64_C (0x0123456789abcdef));
  printf ("long byte counts checked\n");
}

int
main (void)
{
#if HAVE_ISA_PCLMUL
  check_constants ();
#else
  printf ("no folding cores in this build: constants not checked\n");
#endif
  check_raw (HASH_CRC32, 0, 0x765e7680);
  check_raw (HASH_CRC32B, 0xffffffff, 0xcbf43926);
  check_long_counts ();
  printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
