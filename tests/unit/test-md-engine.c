/* test-md-engine.c -- the Merkle-Damgard buffering and padding.

   A recording FEED callback captures every block the engine hands on.
   Checked here: the length field near 2^32 bytes, past 2^61 bytes
   (where the bit count no longer fits 64 bits) and past 2^64 bytes
   (where the byte counter carries into its high half), against padding
   blocks worked out by hand; the number of padding blocks for message
   lengths around the block boundaries; the exact padded stream; whole
   blocks passed in place rather than copied; and updates of length 0,
   with or without a NULL pointer.  Exits 1 on any failure.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md-engine.h"

enum { MAX_RECORD = 8 * MD_ENGINE_MAX_BLOCK };

/* What a recording FEED saw since the last reset.  */
struct recorder
{
  unsigned int block_size;
  size_t calls;                  /* FEED calls */
  size_t blocks;                 /* blocks in all calls */
  const uint8_t *first_p;        /* P of the first call */
  size_t first_nblocks;          /* NBLOCKS of the first call */
  size_t len;                    /* bytes kept in DATA */
  uint8_t data[MAX_RECORD];      /* the first blocks, in order */
};

static int failures;

/* The FEED callback: append the NBLOCKS blocks at P to the recorder
   ARG, as far as there is room.  */
static void
record (void *arg, const uint8_t *p, size_t nblocks)
{
  struct recorder *r = arg;
  size_t bytes = nblocks * r->block_size;

  if (r->calls++ == 0)
    {
      r->first_p = p;
      r->first_nblocks = nblocks;
    }
  r->blocks += nblocks;
  if (bytes > MAX_RECORD - r->len)
    bytes = MAX_RECORD - r->len;
  memcpy (r->data + r->len, p, bytes);
  r->len += bytes;
}

/* Empty the recorder R for blocks of BLOCK_SIZE bytes.  */
static void
reset (struct recorder *r, unsigned int block_size)
{
  memset (r, 0, sizeof *r);
  r->block_size = block_size;
}

/* Count and report a failure of ASPECT of the test WHAT if OK is
   false.  */
static void
check (bool ok, const char *what, const char *aspect)
{
  if (!ok)
    {
      printf ("FAIL %s: %s\n", what, aspect);
      failures++;
    }
}

/* Print the LEN bytes at P in hex, 32 to a line, after LABEL.  */
static void
dump (const char *label, const uint8_t *p, size_t len)
{
  printf ("  %s:", label);
  for (size_t i = 0; i < len; i++)
    printf ("%s%02x", i % 32 ? "" : "\n    ", p[i]);
  printf ("\n");
}

/* The message bytes of these tests: DATA[i] = i + 1.  */
static uint8_t data[4096];

/* A length-encoding case: preset the counter of a fresh engine to
   PRESET_HI:PRESET_LO bytes (a multiple of the block size, so the
   buffer is rightly empty), hash LEN bytes of DATA, expect the counter
   to read COUNT_HI:COUNT_LO, then pad and expect PAD_BLOCKS blocks equal
   to EXPECT.  EXPECT holds the 0x80 byte and the length field, worked
   out by hand; the test copies the LEN % BLOCK_SIZE leftover bytes of
   DATA to its start.  */
struct length_case
{
  const char *name;
  unsigned int block_size;
  unsigned int length_bytes;
  bool big_endian;
  uint64_t preset_hi, preset_lo;
  size_t len;
  uint64_t count_hi, count_lo;
  size_t pad_blocks;
  uint8_t expect[2 * MD_ENGINE_MAX_BLOCK];
};

#define P32 (UINT64_C (1) << 32)
#define P61 (UINT64_C (1) << 61)

static const struct length_case length_cases[] = {
  /* (2^32 + 3) * 8 = 0x8_0000_0018 bits.  */
  { "2^32+3 bytes, 64-bit big-endian", 64, 8, true,
    0, P32 - 64, 67, 0, P32 + 3, 1,
    { [3] = 0x80, [59] = 0x08, [63] = 0x18 } },
  { "2^32+3 bytes, 64-bit little-endian", 64, 8, false,
    0, P32 - 64, 67, 0, P32 + 3, 1,
    { [3] = 0x80, [56] = 0x18, [60] = 0x08 } },
  /* (2^32 + 60) * 8 = 0x8_0000_01e0 bits; 60 + 1 > 56, so the length
     goes into a second padding block.  */
  { "2^32+60 bytes, 64-bit little-endian, two blocks", 64, 8, false,
    0, P32 - 64, 124, 0, P32 + 60, 2,
    { [60] = 0x80, [64 + 56] = 0xe0, [64 + 57] = 0x01, [64 + 60] = 0x08 } },
  /* (2^61 + 5) * 8 = 2^64 + 40 bits: 40 modulo 2^64 ...  */
  { "2^61+5 bytes, 64-bit field wraps", 64, 8, true,
    0, P61 - 64, 69, 0, P61 + 5, 1,
    { [5] = 0x80, [63] = 0x28 } },
  /* ... but 0x1_0000_0000_0000_0028 in 128 bits.  */
  { "2^61+5 bytes, 128-bit field", 128, 16, true,
    0, P61 - 128, 133, 0, P61 + 5, 1,
    { [5] = 0x80, [119] = 0x01, [127] = 0x28 } },
  /* 2^64 - 128 + 130 bytes: the low half of the counter wraps to 2 and
     carries 1; (2^64 + 2) * 8 = 0x8_0000_0000_0000_0010 bits.  */
  { "2^64+2 bytes, counter carries", 128, 16, true,
    0, UINT64_MAX - 127, 130, 1, 2, 1,
    { [2] = 0x80, [119] = 0x08, [127] = 0x10 } },
  /* 0x0123456789abcdef_f000000000000003 bytes
     = 0x091a2b3c4d5e6f7f_8000000000000018 bits (mod 2^128).  */
  { "high half in use", 128, 16, true,
    UINT64_C (0x0123456789abcdef), UINT64_C (0xf000000000000000), 3,
    UINT64_C (0x0123456789abcdef), UINT64_C (0xf000000000000003), 1,
    { [3] = 0x80, [112] = 0x09, [113] = 0x1a, [114] = 0x2b, [115] = 0x3c,
      [116] = 0x4d, [117] = 0x5e, [118] = 0x6f, [119] = 0x7f,
      [120] = 0x80, [127] = 0x18 } },
  /* (2^32 + 120) * 8 = 0x8_0000_03c0 bits, in a second block.  */
  { "2^32+120 bytes, 128-bit field, two blocks", 128, 16, true,
    0, P32 - 128, 248, 0, P32 + 120, 2,
    { [120] = 0x80, [128 + 123] = 0x08, [128 + 126] = 0x03,
      [128 + 127] = 0xc0 } },
};

/* Run the length-encoding case C.  */
static void
check_length_case (const struct length_case *c)
{
  struct md_engine e;
  struct recorder r;
  uint8_t expect[2 * MD_ENGINE_MAX_BLOCK];
  size_t leftover = c->len % c->block_size;
  size_t bytes = c->pad_blocks * c->block_size;

  md_engine_init (&e, c->block_size);
  e.count_hi = c->preset_hi;
  e.count_lo = c->preset_lo;
  reset (&r, c->block_size);
  md_engine_update (&e, data, c->len, record, &r);
  if (e.count_hi != c->count_hi || e.count_lo != c->count_lo)
    printf ("  counter %016" PRIx64 ":%016" PRIx64 "\n",
            e.count_hi, e.count_lo);
  check (e.count_hi == c->count_hi && e.count_lo == c->count_lo, c->name,
         "byte counter after update");

  reset (&r, c->block_size);
  md_engine_pad (&e, c->length_bytes, c->big_endian, record, &r);
  memcpy (expect, c->expect, sizeof expect);
  memcpy (expect, data + c->len - leftover, leftover);
  check (r.blocks == c->pad_blocks, c->name, "number of padding blocks");
  if (r.blocks == c->pad_blocks && memcmp (r.data, expect, bytes) != 0)
    {
      check (false, c->name, "padding blocks");
      dump ("expected", expect, bytes);
      dump ("got", r.data, bytes);
    }
}

/* For each message length N around the block boundaries, the number
   of blocks that md_engine_pad adds: with 64-byte blocks and an 8-byte
   length (MD5, SHA-256), and with 128-byte blocks and a 16-byte length
   (SHA-512).  The 0x80 byte and the length fit after N % B bytes iff
   N % B + 1 + L <= B.  */
static const struct
{
  size_t n;
  size_t pad64, pad128;
} pad_counts[] = {
  { 55, 1, 1 }, { 56, 2, 1 }, { 63, 2, 1 }, { 64, 1, 1 },
  { 111, 1, 1 }, { 112, 1, 2 }, { 119, 1, 2 }, { 120, 2, 2 },
  { 127, 2, 2 }, { 128, 1, 1 },
};

/* Hash the first N bytes of DATA in a fresh engine of BLOCK_SIZE-byte
   blocks, in pieces of STEP bytes (0: all at once), then pad with a
   LENGTH_BYTES-byte length, BIG_ENDIAN or not, recording every block
   in *R.  Return the number of blocks that the padding added.  */
static size_t
hash_recorded (unsigned int block_size, unsigned int length_bytes,
               bool big_endian, size_t n, size_t step, struct recorder *r)
{
  struct md_engine e;
  size_t before;

  md_engine_init (&e, block_size);
  reset (r, block_size);
  for (size_t off = 0; off < n;)
    {
      size_t len = step && step < n - off ? step : n - off;
      md_engine_update (&e, data + off, len, record, r);
      off += len;
    }
  before = r->blocks;
  md_engine_pad (&e, length_bytes, big_endian, record, r);
  return r->blocks - before;
}

/* Store in OUT the padded form of the first N bytes of DATA, N < 2^13,
   for BLOCK_SIZE-byte blocks and a LENGTH_BYTES-byte length, written
   from the definition: the message, 0x80, zeros, and N * 8 in the last
   two bytes (big-endian) or the first two of the length (little-endian).
   Return its length.  */
static size_t
padded_message (unsigned int block_size, unsigned int length_bytes,
                bool big_endian, size_t n, uint8_t *out)
{
  size_t total = n + 1 + length_bytes;
  unsigned int bits = n * 8;

  total += (block_size - total % block_size) % block_size;
  memset (out, 0, total);
  memcpy (out, data, n);
  out[n] = 0x80;
  if (big_endian)
    {
      out[total - 2] = bits >> 8;
      out[total - 1] = bits & 0xff;
    }
  else
    {
      out[total - length_bytes] = bits & 0xff;
      out[total - length_bytes + 1] = bits >> 8;
    }
  return total;
}

/* Hash and pad the first N bytes of DATA with BS-byte blocks and an
   LB-byte length, BIG_ENDIAN or not, in pieces of STEP bytes (0: all
   at once); check that the padding adds WANT blocks and that the whole
   stream fed is the padded message.  */
static void
check_boundary (size_t n, size_t want, unsigned int bs, unsigned int lb,
                bool big_endian, size_t step)
{
  uint8_t expect[MAX_RECORD];
  struct recorder r;
  char what[100];
  size_t pads = hash_recorded (bs, lb, big_endian, n, step, &r);
  size_t len = padded_message (bs, lb, big_endian, n, expect);

  snprintf (what, sizeof what, "%zu bytes, %u-byte blocks, %s, pieces of %zu",
            n, bs, big_endian ? "big-endian" : "little-endian", step);
  check (pads == want, what, "number of padding blocks");
  check (r.len == len && memcmp (r.data, expect, len) == 0, what,
         "padded stream");
}

/* Run check_boundary for every length in pad_counts, both block
   layouts, both byte orders and three ways of cutting the message.  */
static void
check_boundaries (void)
{
  static const size_t steps[] = { 0, 1, 13 };

  for (size_t i = 0; i < sizeof pad_counts / sizeof pad_counts[0]; i++)
    for (int big = 0; big < 2; big++)
      for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++)
        {
          check_boundary (pad_counts[i].n, pad_counts[i].pad64, 64, 8, big,
                          steps[s]);
          check_boundary (pad_counts[i].n, pad_counts[i].pad128, 128, 16, big,
                          steps[s]);
        }
}

/* Whole blocks of the caller's data must reach FEED in place, at any
   alignment, and only partial blocks go through the buffer.  */
static void
check_in_place (void)
{
  struct md_engine e;
  struct recorder r;
  const char *what = "in-place blocks";

  md_engine_init (&e, 64);
  reset (&r, 64);
  md_engine_update (&e, data + 1, 200, record, &r);
  check (r.calls == 1 && r.first_p == data + 1 && r.first_nblocks == 3,
         what, "200 bytes at an odd address: one call on 3 blocks in place");
  check (e.fill == 8, what, "8 bytes left in the buffer");

  reset (&r, 64);
  md_engine_update (&e, data + 201, 56 + 128 + 5, record, &r);
  check (r.calls == 2 && r.first_p == e.buf && r.first_nblocks == 1
         && r.blocks == 3, what,
         "the buffered block completed, then 2 blocks in place");
  check (e.fill == 5 && e.count_lo == 200 + 56 + 128 + 5, what,
         "fill and count afterwards");
}

/* Updates of length 0, with DATA or with NULL, change nothing and call
   nothing, whether the buffer is empty or not.  */
static void
check_empty_updates (void)
{
  struct md_engine e, before;
  struct recorder r;
  const char *what = "empty updates";

  for (size_t fill = 0; fill < 10; fill += 5)
    {
      md_engine_init (&e, 64);
      reset (&r, 64);
      md_engine_update (&e, data, fill, record, &r);
      before = e;
      md_engine_update (&e, NULL, 0, record, &r);
      md_engine_update (&e, data, 0, record, &r);
      check (memcmp (&e, &before, sizeof e) == 0 && r.calls == 0, what,
             "state and FEED untouched");
    }
}

/* Run every check; exit 1 if any failed.  */
int
main (void)
{
  for (size_t i = 0; i < sizeof data; i++)
    data[i] = (uint8_t) (i + 1);
  for (size_t i = 0; i < sizeof length_cases / sizeof length_cases[0]; i++)
    check_length_case (&length_cases[i]);
  check_boundaries ();
  check_in_place ();
  check_empty_updates ();
  printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
