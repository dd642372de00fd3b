/* test-variants.c -- every accelerated variant against "portable".

   For every digest_algos row and every variant of its hash-impl family
   other than the last one, "portable", which is the reference: the
   digests, computed through the row's init, update and final with the
   variant forced, of every message length 0..4096, of 200 random
   lengths up to 1 MiB (25 in a build with the sanitizers, where
   BRISK_SANITIZED is set: they are nine tenths of the bytes
   hashed, and the instrumented portable cores are slow), of random
   update splits (chunks of 0, 1, block - 1, block, block + 1 bytes,
   and small and large random ones),
   of input at every misalignment 0..63, written to misaligned output;
   and, per family, the raw compression function called directly on
   random states, 0..64 blocks, at every misalignment 0..63 (for the
   CRCs, whose blocks are bytes, also every length up to 4096 and
   random ones up to 1 MiB; for the BSD and System V sums, which have
   no blocks, 0..64 times 67 bytes; for both, runs of 0x00 and 0xff
   bytes from edge states).  BLAKE3, which has no digest_algos row
   yet, through its own API (blake3.h) in its three modes: the same
   lengths, and random ones up to 4 MiB, misalignments and splits,
   with output of random length (the XOF) from a random offset; and
   its compression function called directly on 0..40 inputs of 1, 16
   or a random number of blocks, each at its own misalignment, with
   and without the counter step, from counters at and around 2^32 and
   2^64.  Each
   message sits at the end of its own exact-size allocation, so that
   AddressSanitizer sees any read past it.  The variants come from the
   hash-impl tables: nothing here names one.

   A variant this CPU cannot run is reported as SKIP, or as a failure
   if the comma-separated list in the environment variable
   REQUIRE_VARIANTS ("shani,avx2") names it; a name in that list that
   no family has at all is a failure too.  The random data come from a
   fixed seed, printed at the start, that VARIANTS_SEED overrides.

   Prints the first mismatch of each (algorithm, variant) pair with
   everything needed to repeat it, and a summary line per pair.  Exits
   1 if anything failed, 77 if no accelerated variant could be run (and
   none was required), 99 on a bad VARIANTS_SEED, 0 otherwise.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "hash-impl.h"
#include "unit-rnd.h"

enum
{
  MAX_LEN = 1 << 20,        /* the longest message */
  EVERY_LEN = 4096,         /* every length 0..EVERY_LEN is checked */
  RANDOM_LENS = 200,        /* random lengths up to MAX_LEN */
  RANDOM_LENS_SANITIZED = 25,
  MAX_OFFSET = 64,          /* misalignments 0..MAX_OFFSET - 1 */
  LENS_PER_OFFSET = 4,      /* lengths checked at each misalignment */
  MAX_NBLOCKS = 64,         /* raw calls with 0..MAX_NBLOCKS blocks */
  MAX_CHUNKS = 1024,        /* update calls in one split */
  SHOWN_CHUNKS = 24,        /* chunk sizes printed in a report */
  GUARD = 16                /* canary bytes after the digest */
};

#define DEFAULT_SEED UINT64_C (20250101)

/* The canary byte around a digest.  */
#define CANARY 0xa5

/* What the run found.  */
static int failures;

/* How many random lengths up to MAX_LEN each check takes.  */
static int random_lens = RANDOM_LENS;
static int pairs_run;

/* The message bytes, B3_MAX_LEN random bytes (MAX_LEN but for
   BLAKE3's messages); a message of length LEN is their first LEN
   bytes.  */
static uint8_t *message;

/* Return a generator state for the pair called A/B, derived from
   SEED, so that each pair sees the same data whatever ran before.  */
static uint64_t
pair_seed (uint64_t seed, const char *a, const char *b)
{
  uint64_t h = UINT64_C (0xcbf29ce484222325);   /* FNV-1a */
  for (const char *s = a; *s; s++)
    h = (h ^ (unsigned char) *s) * UINT64_C (0x100000001b3);
  h = (h ^ '/') * UINT64_C (0x100000001b3);
  for (const char *s = b; *s; s++)
    h = (h ^ (unsigned char) *s) * UINT64_C (0x100000001b3);
  uint64_t state = seed ^ h;
  return rnd (&state);
}

/* Print the hex form of the N bytes at P, with no newline.  */
static void
print_hex (const void *p, size_t n)
{
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++)
    printf ("%02x", b[i]);
}

/* How a message is fed to update: the sizes of the successive calls,
   or in one call if N is 0.  */
struct split
{
  size_t n;
  size_t chunk[MAX_CHUNKS];
};

/* One digest to check: LEN message bytes at IN_OFF bytes past an
   allocation, hashed in chunks as SPLIT says, the digest written at
   OUT_OFF bytes into its buffer.  */
struct test_case
{
  size_t len;
  size_t in_off;
  size_t out_off;
  struct split split;
};

/* Return a random chunk size from *STATE for blocks of BS bytes:
   mostly the sizes at and around the block boundaries, where a
   buffered update is most likely to go wrong.  */
static size_t
rnd_chunk (uint64_t *state, size_t bs)
{
  switch (rnd (state) % 9)
    {
    case 0: return 0;
    case 1: return 1;
    case 2: return bs - 1;
    case 3: return bs;
    case 4: return bs + 1;
    case 5: return rnd_upto (state, bs);
    case 6: return rnd_upto (state, 4 * bs);
    case 7: return rnd_upto (state, 64 * bs);
    default: return rnd_upto (state, MAX_LEN);      /* large */
    }
}

/* Store in S a random split of LEN bytes for blocks of BS bytes, with
   chunk sizes from *STATE; the last chunk takes what is left.  */
static void
rnd_split (uint64_t *state, size_t len, size_t bs, struct split *s)
{
  size_t left = len;
  s->n = 0;
  while (s->n + 1 < MAX_CHUNKS && (left > 0 || rnd (state) % 4 == 0))
    {
      size_t c = rnd_chunk (state, bs);
      c = c < left ? c : left;
      s->chunk[s->n++] = c;
      left -= c;
    }
  s->chunk[s->n++] = left;
}

/* Print the split S, or "one call" if there is none.  */
static void
print_split (const struct split *s)
{
  if (s->n == 0)
    {
      printf ("one call");
      return;
    }
  for (size_t i = 0; i < s->n && i < SHOWN_CHUNKS; i++)
    printf ("%s%zu", i ? "+" : "", s->chunk[i]);
  if (s->n > SHOWN_CHUNKS)
    printf ("+... (%zu calls)", s->n);
  else
    printf (" (%zu calls)", s->n);
}

/* One (algorithm, variant) pair under test.  */
struct pair
{
  const struct digest_algo *algo;
  enum hash_family family;
  const char *variant;       /* the variant under test */
  const char *reference;     /* the family's "portable" */
  uint64_t rng;
  int cases;                 /* digests compared so far */
};

/* Hash the LEN bytes at MSG with P's algorithm and the variant NAME,
   fed as SPLIT says, and write the digest to OUT.  */
static void
digest (const struct pair *p, const char *name, const uint8_t *msg,
        size_t len, const struct split *split, uint8_t *out)
{
  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];

  /* A context keeps the variant forced when it is initialised.  */
  hash_impl_force (p->family, name);
  digest_init (p->algo, ctx);
  if (split->n == 0)
    p->algo->update (ctx, msg, len);
  else
    for (size_t i = 0, pos = 0; i < split->n; pos += split->chunk[i++])
      p->algo->update (ctx, msg + pos, split->chunk[i]);
  p->algo->final (ctx, out);
}

/* Compute the reference digest of the first LEN message bytes, in one
   call from aligned memory, into EXPECTED.  */
static void
reference (const struct pair *p, size_t len, uint8_t *expected)
{
  static const struct split one_call;
  digest (p, p->reference, message, len, &one_call, expected);
}

/* Print the mismatch of P on case C: EXPECTED was wanted, OUT was
   written at C->out_off in a buffer otherwise full of CANARY, and
   SPILLED says whether some of the canary was overwritten.  */
static void
report (const struct pair *p, const struct test_case *c,
        const uint8_t *expected, const uint8_t *out, bool spilled)
{
  size_t size = p->algo->digest_size;

  printf ("FAIL %s/%s: length %zu, offset %zu, output offset %zu,"
          " split ", p->algo->name, p->variant, c->len, c->in_off,
          c->out_off);
  print_split (&c->split);
  printf ("\n  expected ");
  print_hex (expected, size);
  printf ("\n  got      ");
  print_hex (out + c->out_off, size);
  printf ("\n");
  if (spilled)
    {
      printf ("  wrote outside the digest; buffer ");
      print_hex (out, c->out_off + size + GUARD);
      printf ("\n");
    }
}

/* Check case C of pair P against EXPECTED, the reference digest.
   Return true if the variant gives the same digest and writes nothing
   around it; else report the case and return false.  */
static bool
check_case (struct pair *p, const struct test_case *c,
            const uint8_t *expected)
{
  uint8_t out[MAX_OFFSET + DIGEST_MAX_SIZE + GUARD];
  size_t size = p->algo->digest_size;
  size_t alloc = c->in_off + c->len;
  /* The message ends where the allocation does, so that a read past
     it is caught by AddressSanitizer.  */
  uint8_t *base = malloc (alloc ? alloc : 1);
  bool spilled = false;

  if (!base)
    {
      perror ("malloc");
      exit (99);
    }
  memcpy (base + c->in_off, message, c->len);
  memset (out, CANARY, sizeof out);
  digest (p, p->variant, base + c->in_off, c->len, &c->split,
          out + c->out_off);
  free (base);
  p->cases++;

  for (size_t i = 0; i < c->out_off + size + GUARD; i++)
    if ((i < c->out_off || i >= c->out_off + size) && out[i] != CANARY)
      spilled = true;
  if (!spilled && memcmp (out + c->out_off, expected, size) == 0)
    return true;
  report (p, c, expected, out, spilled);
  return false;
}

/* Check message length LEN of pair P in one call, aligned, and with a
   random split, misalignment and output offset.  Return true if both
   pass.  */
static bool
check_len (struct pair *p, size_t len)
{
  uint8_t expected[DIGEST_MAX_SIZE];
  struct test_case c = { .len = len };

  reference (p, len, expected);
  if (!check_case (p, &c, expected))
    return false;
  c.in_off = rnd_upto (&p->rng, MAX_OFFSET - 1);
  c.out_off = rnd_upto (&p->rng, MAX_OFFSET - 1);
  rnd_split (&p->rng, len, p->algo->block_size, &c.split);
  return check_case (p, &c, expected);
}

/* Check at misalignment OFF, of both input and output, a few lengths
   of pair P: random ones up to two blocks, a random whole number of
   blocks, and random ones up to 8 KiB and 64 KiB; each in one call
   and split.  Return true if all pass.  */
static bool
check_offset (struct pair *p, size_t off)
{
  size_t bs = p->algo->block_size;
  size_t lens[LENS_PER_OFFSET] = {
    rnd_upto (&p->rng, 2 * bs),
    bs * (1 + rnd_upto (&p->rng, 15)),
    rnd_upto (&p->rng, 8 << 10),
    rnd_upto (&p->rng, 64 << 10),
  };

  for (int i = 0; i < LENS_PER_OFFSET; i++)
    {
      uint8_t expected[DIGEST_MAX_SIZE];
      struct test_case c = { .len = lens[i], .in_off = off,
                             .out_off = off };
      reference (p, c.len, expected);
      if (!check_case (p, &c, expected))
        return false;
      rnd_split (&p->rng, c.len, bs, &c.split);
      if (!check_case (p, &c, expected))
        return false;
    }
  return true;
}

/* Compare the variant of pair P with the reference on every message
   length, random long lengths and every misalignment, stopping at the
   first mismatch.  Return true if all match.  */
static bool
check_pair (struct pair *p)
{
  for (size_t len = 0; len <= EVERY_LEN; len++)
    if (!check_len (p, len))
      return false;
  for (int i = 0; i < random_lens; i++)
    if (!check_len (p, rnd_upto (&p->rng, MAX_LEN)))
      return false;
  for (size_t off = 0; off < MAX_OFFSET; off++)
    if (!check_offset (p, off))
      return false;
  return true;
}

/* The state of any family's compression function.  */
union hash_state
{
  struct md2_state md2;
  uint32_t w32[8];
  uint64_t w64[8];
  struct
  {
    uint64_t h[8];
    uint64_t t[2];   /* random, so carries into t[1] come up */
  } blake2b;
  uint64_t sha3[25];
};

/* Return the block size of FAMILY's compression function for a call
   with NBLOCKS blocks: SHA-3's takes its rate as a parameter, and
   goes through its four rates in turn as NBLOCKS grows.  */
static size_t
family_block_size (enum hash_family family, size_t nblocks)
{
  static const size_t sha3_rates[] = {
    SHA3_224_BLOCK_SIZE, SHA3_256_BLOCK_SIZE, SHA3_384_BLOCK_SIZE,
    SHA3_512_BLOCK_SIZE
  };
  switch (family)
    {
    case HASH_MD2: return MD2_BLOCK_SIZE;
    case HASH_MD4: return MD4_BLOCK_SIZE;
    case HASH_MD5: return MD5_BLOCK_SIZE;
    case HASH_SHA1: return SHA1_BLOCK_SIZE;
    case HASH_SHA256: return SHA256_BLOCK_SIZE;
    case HASH_SHA512: return SHA512_BLOCK_SIZE;
    /* A CRC core takes any length: its "blocks" are bytes.  */
    case HASH_CRC32: case HASH_CRC32B: return 1;
    case HASH_SM3: return SM3_BLOCK_SIZE;
    /* The sums take any length: "blocks" of an odd size, so that the
       calls end anywhere in the vector cores' blocks.  */
    case HASH_BSD: return 67;
    case HASH_SYSV: return 67;
    case HASH_BLAKE2B: return BLAKE2B_BLOCK_SIZE;
    case HASH_SHA3: return sha3_rates[nblocks % 4];
    default: abort ();
    }
}

/* Compress NBLOCKS blocks of BS bytes at DATA into STATE with B, the
   compression function of FAMILY.  For BLAKE2b, LAST is the message
   bytes of the final block among them, or BLAKE2B_NOT_LAST (see
   blake2b.h).  */
static void
call_blocks (enum hash_family family, union hash_blocks b,
             union hash_state *state, const uint8_t *data, size_t nblocks,
             size_t bs, size_t last)
{
  switch (family)
    {
    case HASH_MD2: b.md2 (&state->md2, data, nblocks); break;
    case HASH_MD4: b.md4 (state->w32, data, nblocks); break;
    case HASH_MD5: b.md5 (state->w32, data, nblocks); break;
    case HASH_SHA1: b.sha1 (state->w32, data, nblocks); break;
    case HASH_SHA256: b.sha256 (state->w32, data, nblocks); break;
    case HASH_SHA512: b.sha512 (state->w64, data, nblocks); break;
    case HASH_CRC32: case HASH_CRC32B:
      state->w32[0] = b.crc32 (state->w32[0], data, nblocks);
      break;
    case HASH_SM3: b.sm3 (state->w32, data, nblocks); break;
    /* The BSD sum is below 2^16; the System V one any 32 bits.  */
    case HASH_BSD:
      state->w32[0] = b.bsd (state->w32[0] & 0xffff, data, nblocks * bs);
      break;
    case HASH_SYSV:
      state->w32[0] = b.sysv (state->w32[0], data, nblocks * bs);
      break;
    case HASH_BLAKE2B:
      b.blake2b (state->blake2b.h, state->blake2b.t, data, nblocks, last);
      break;
    case HASH_SHA3: b.sha3 (state->sha3, data, nblocks, bs); break;
    default: abort ();
    }
}

/* Call the compression functions of V and REF, of FAMILY, on the same
   random state and NBLOCKS random blocks at misalignment OFF, with
   data from *RNG.  Return true if they leave the same state (the whole
   union, so a write past the family's state shows); else report the
   call and return false.  */
static bool
check_blocks_call (enum hash_family family, const struct hash_variant *v,
                   const struct hash_variant *ref, size_t nblocks,
                   size_t off, uint64_t *rng)
{
  size_t bs = family_block_size (family, nblocks);
  size_t len = nblocks * bs;
  union hash_state in, expected, got;
  /* As in check_case, the blocks end where the allocation does.  */
  uint8_t *base = malloc (off + len ? off + len : 1);

  if (!base)
    {
      perror ("malloc");
      exit (99);
    }
  uint8_t *data = base + off;
  memcpy (data, message + rnd_upto (rng, MAX_LEN - len), len);
  rnd_fill (rng, &in, sizeof in);
  /* A final block in one call of two, of 0 .. 128 bytes.  */
  size_t last = (nblocks == 0 || rnd (rng) % 2 ? BLAKE2B_NOT_LAST
                 : rnd_upto (rng, BLAKE2B_BLOCK_SIZE));
  expected = got = in;
  call_blocks (family, ref->blocks, &expected, data, nblocks, bs, last);
  call_blocks (family, v->blocks, &got, data, nblocks, bs, last);
  free (base);
  if (memcmp (&expected, &got, sizeof got) == 0)
    return true;
  printf ("FAIL %s/%s blocks: nblocks %zu of %zu bytes, offset %zu, "
          "last %zu\n  state    ", hash_family_name (family), v->name,
          nblocks, bs, off, last);
  print_hex (&in, sizeof in);
  printf ("\n  expected ");
  print_hex (&expected, sizeof expected);
  printf ("\n  got      ");
  print_hex (&got, sizeof got);
  printf ("\n");
  return false;
}

/* Compare the compression function of variant V of FAMILY with REF's
   for 0..MAX_NBLOCKS blocks at every misalignment, stopping at the
   first mismatch; print a summary line.  Count a failure if any.  */
static void
check_blocks (enum hash_family family, const struct hash_variant *v,
              const struct hash_variant *ref, uint64_t seed)
{
  const char *name = hash_family_name (family);
  uint64_t rng = pair_seed (seed, name, v->name);
  int calls = 0;

  for (size_t n = 0; n <= MAX_NBLOCKS; n++)
    for (size_t off = 0; off < MAX_OFFSET; off++, calls++)
      if (!check_blocks_call (family, v, ref, n, off, &rng))
        {
          printf ("%s/%s blocks: FAILED at call %d\n", name, v->name,
                  calls + 1);
          failures++;
          return;
        }
  printf ("%s/%s blocks: ok, %d calls compared\n", name, v->name, calls);
}

/* For a family whose blocks are bytes (the CRCs and the sums): compare
   the raw calls of V and REF on data that random bytes seldom give,
   runs of 0x00 and of 0xff between random bytes, from the states 0,
   0xffff, 0xffffffff and random ones, over lengths up to 4096 at every
   misalignment below 8.  The speculative BSD cores guess the sum at
   each chunk modulo 65535, and a real sum of 0xffff (0 modulo 65535)
   or a carry at any byte of a chunk breaks a guess: these data make
   both happen at every chunk position.  Print a summary line; count a
   failure if any call differs.  */
static void
check_raw_patterns (enum hash_family family, const struct hash_variant *v,
                    const struct hash_variant *ref, uint64_t seed)
{
  static const uint32_t starts[] = { 0, 0xffff, 0xffffffff };
  const char *name = hash_family_name (family);
  uint64_t rng = pair_seed (seed, name, "raw patterns");
  enum { LEN = 4096, OFFS = 8, CALLS = 400 };
  uint8_t *base = malloc (LEN + OFFS);
  int calls;

  if (!base)
    {
      perror ("malloc");
      exit (99);
    }
  for (calls = 0; calls < CALLS; calls++)
    {
      size_t off = calls % OFFS, len = rnd_upto (&rng, LEN + 1);
      uint8_t *data = base + off;
      for (size_t i = 0; i < len; )
        {
          size_t run = 1 + rnd_upto (&rng, 600);
          int kind = (int) (rnd (&rng) % 3);
          for (; run != 0 && i < len; run--, i++)
            data[i] = kind == 0 ? 0 : kind == 1 ? 0xff : (uint8_t) rnd (&rng);
        }
      union hash_state expected, got;
      memset (&expected, 0, sizeof expected);
      expected.w32[0] = (calls < 3 * 4 ? starts[calls % 3]
                         : (uint32_t) rnd (&rng));
      got = expected;
      call_blocks (family, ref->blocks, &expected, data, len, 1, 0);
      call_blocks (family, v->blocks, &got, data, len, 1, 0);
      if (memcmp (&expected, &got, sizeof got) != 0)
        {
          printf ("%s/%s raw patterns: FAILED at call %d (length %zu, "
                  "offset %zu)\n", name, v->name, calls + 1, len, off);
          failures++;
          free (base);
          return;
        }
    }
  free (base);
  printf ("%s/%s raw patterns: ok, %d calls compared\n", name, v->name,
          calls);
}

/* For a family whose blocks are bytes (the CRCs), whose raw calls
   check_blocks covers only up to MAX_NBLOCKS bytes: compare the raw
   calls of V and REF on random registers for every length up to
   EVERY_LEN and random_lens random lengths up to MAX_LEN, each at a
   random misalignment; print a summary line.  Count a failure if
   any.  */
static void
check_raw_lengths (enum hash_family family, const struct hash_variant *v,
                   const struct hash_variant *ref, uint64_t seed)
{
  const char *name = hash_family_name (family);
  uint64_t rng = pair_seed (seed, name, "raw lengths");
  int calls = 0;

  for (size_t i = 0; i <= EVERY_LEN + random_lens; i++, calls++)
    {
      size_t len = i <= EVERY_LEN ? i : rnd_upto (&rng, MAX_LEN);
      size_t off = rnd_upto (&rng, MAX_OFFSET - 1);
      if (!check_blocks_call (family, v, ref, len, off, &rng))
        {
          printf ("%s/%s raw lengths: FAILED at call %d\n", name, v->name,
                  calls + 1);
          failures++;
          return;
        }
    }
  printf ("%s/%s raw lengths: ok, %d calls compared\n", name, v->name,
          calls);
}

/* Compare variant V of FAMILY with REF on every digest_algos row that
   FAMILY serves; print a summary line per row.  Count a failure for
   each row that fails.  */
static void
check_algos (enum hash_family family, const struct hash_variant *v,
             const struct hash_variant *ref, uint64_t seed)
{
  for (size_t i = 0; i < digest_algo_count; i++)
    {
      const struct digest_algo *algo = &digest_algos[i];
      if (hash_family_of_algo (algo->name) != (int) family)
        continue;
      struct pair p = { algo, family, v->name, ref->name,
                        pair_seed (seed, algo->name, v->name), 0 };
      if (check_pair (&p))
        printf ("%s/%s: ok, %d digests compared\n", algo->name, v->name,
                p.cases);
      else
        {
          printf ("%s/%s: FAILED at digest %d\n", algo->name, v->name,
                  p.cases);
          failures++;
        }
    }
}

/* BLAKE3: no digest_algos row, so its own checks.  */
enum
{
  B3_MAX_LEN = 4 << 20,       /* the longest message */
  B3_RANDOM_LENS = 24,        /* random lengths up to B3_MAX_LEN */
  B3_RANDOM_LENS_SANITIZED = 4,
  B3_MAX_XOF = 200,           /* output bytes, at most */
  B3_MAX_INPUTS = 40,         /* inputs of a raw call, at most */
  B3_RAW_CALLS = 3000
};

static const char *const b3_mode_names[] = { "hash", "keyed", "derive" };

/* One BLAKE3 case: LEN message bytes at IN_OFF bytes past an
   allocation, hashed in MODE (0 .. 2, b3_mode_names) as SPLIT says;
   OUT_LEN output bytes from byte SEEK of the output, written at OUT_OFF
   bytes into their buffer.  */
struct b3_case
{
  size_t len, in_off, out_off, out_len;
  uint64_t seek;
  int mode;
  struct split split;
};

/* Compute case C of BLAKE3 with the variant NAME from the message at
   MSG, into OUT.  */
static void
b3_digest (const char *name, const struct b3_case *c, const uint8_t *msg,
           uint8_t *out)
{
  uint8_t key[BLAKE3_KEY_LEN];
  struct blake3_ctx ctx;

  for (int i = 0; i < BLAKE3_KEY_LEN; i++)
    key[i] = (uint8_t) (7 * i + 1);
  hash_impl_force (HASH_BLAKE3, name);
  if (c->mode == 0)
    blake3_init (&ctx);
  else if (c->mode == 1)
    blake3_init_keyed (&ctx, key);
  else
    blake3_init_derive_key (&ctx, "brisk test-variants", 19);
  if (c->split.n == 0)
    blake3_update (&ctx, msg, c->len);
  else
    for (size_t i = 0, pos = 0; i < c->split.n; pos += c->split.chunk[i++])
      blake3_update (&ctx, msg + pos, c->split.chunk[i]);
  blake3_final_seek (&ctx, c->seek, out, c->out_len);
}

/* Check case C of BLAKE3 with the variant V against REF (in one call,
   from aligned memory).  Return true if V gives the same output and
   writes nothing around it; else report the case and return false.  */
static bool
b3_check_case (const char *v, const char *ref, const struct b3_case *c)
{
  static const struct split one_call;
  struct b3_case r = *c;
  uint8_t expected[B3_MAX_XOF];
  uint8_t out[MAX_OFFSET + B3_MAX_XOF + GUARD];
  uint8_t *base = malloc (c->in_off + c->len ? c->in_off + c->len : 1);
  bool spilled = false;

  if (!base)
    {
      perror ("malloc");
      exit (99);
    }
  r.split = one_call;
  b3_digest (ref, &r, message, expected);
  memcpy (base + c->in_off, message, c->len);
  memset (out, CANARY, sizeof out);
  b3_digest (v, c, base + c->in_off, out + c->out_off);
  free (base);
  for (size_t i = 0; i < c->out_off + c->out_len + GUARD; i++)
    if ((i < c->out_off || i >= c->out_off + c->out_len) && out[i] != CANARY)
      spilled = true;
  if (!spilled && memcmp (out + c->out_off, expected, c->out_len) == 0)
    return true;
  printf ("FAIL blake3/%s: %s, length %zu, offset %zu, output %zu bytes"
          " from %" PRIu64 " at offset %zu, split ", v,
          b3_mode_names[c->mode], c->len, c->in_off, c->out_len, c->seek,
          c->out_off);
  print_split (&c->split);
  printf ("\n  expected ");
  print_hex (expected, c->out_len);
  printf ("\n  got      ");
  print_hex (out + c->out_off, c->out_len);
  printf ("%s\n", spilled ? "\n  and wrote outside the output" : "");
  return false;
}

/* Check BLAKE3 message length LEN with the variant V against REF: in
   one call, aligned, 32 bytes of output; then split (at the block or
   the chunk size), misaligned, with random output.  Return true if
   both pass.  */
static bool
b3_check_len (const char *v, const char *ref, size_t len, uint64_t *rng)
{
  struct b3_case c = { .len = len, .out_len = BLAKE3_OUT_LEN,
                       .mode = (int) (len % 3) };
  if (!b3_check_case (v, ref, &c))
    return false;
  c.in_off = rnd_upto (rng, MAX_OFFSET - 1);
  c.out_off = rnd_upto (rng, MAX_OFFSET - 1);
  c.out_len = 1 + rnd_upto (rng, B3_MAX_XOF - 1);
  c.seek = (rnd (rng) % 4 == 0 ? rnd (rng) >> rnd_upto (rng, 63)
            : rnd_upto (rng, 300));
  c.mode = (int) rnd_upto (rng, 2);
  rnd_split (rng, len, rnd (rng) % 2 ? BLAKE3_BLOCK_LEN : BLAKE3_CHUNK_LEN,
             &c.split);
  return b3_check_case (v, ref, &c);
}

/* Call the BLAKE3 compression functions of V and REF once on the
   same random inputs and parameters from *RNG.  Return true if they
   store the same chaining values and nothing past them; else report
   the call and return false.  */
static bool
b3_check_raw_call (const struct hash_variant *v,
                   const struct hash_variant *ref, uint64_t *rng)
{
  size_t n = rnd_upto (rng, B3_MAX_INPUTS);
  size_t nblocks = (rnd (rng) % 4 == 0 ? 1 + rnd_upto (rng, 31)
                    : rnd (rng) % 2 ? 1 : BLAKE3_CHUNK_BLOCKS);
  bool step = rnd (rng) % 2;
  uint64_t counter;
  switch (rnd (rng) % 4)
    {
    case 0: counter = rnd_upto (rng, 100); break;
    case 1: counter = UINT64_C (0xffffffff) - rnd_upto (rng, 40); break;
    case 2: counter = UINT64_MAX - rnd_upto (rng, 40); break;
    default: counter = rnd (rng); break;
    }
  uint8_t flags = rnd (rng) & 0x7f, start = rnd (rng) & 0x7f;
  uint8_t end = rnd (rng) & 0x7f;
  uint32_t key[8];
  rnd_fill (rng, key, sizeof key);

  const uint8_t *in[B3_MAX_INPUTS + 1];
  uint8_t *base[B3_MAX_INPUTS + 1];
  size_t len = nblocks * BLAKE3_BLOCK_LEN;
  for (size_t i = 0; i < n; i++)
    {
      /* As in check_case, each input ends where its allocation does.  */
      size_t off = rnd_upto (rng, MAX_OFFSET - 1);
      base[i] = malloc (off + len);
      if (!base[i])
        {
          perror ("malloc");
          exit (99);
        }
      memcpy (base[i] + off, message + rnd_upto (rng, MAX_LEN - len), len);
      in[i] = base[i] + off;
    }
  uint8_t expected[(B3_MAX_INPUTS + 1) * BLAKE3_OUT_LEN];
  uint8_t got[sizeof expected];
  memset (expected, CANARY, sizeof expected);
  memset (got, CANARY, sizeof got);
  /* Stepped: each input its own counter, COUNTER + I, or now and then
     one at random, as the chunks of different messages have; else
     none, all 0.  */
  uint64_t counters[B3_MAX_INPUTS + 1];
  bool scattered = step && rnd (rng) % 4 == 0;
  for (size_t i = 0; i < n; i++)
    counters[i] = scattered ? rnd (rng) >> rnd_upto (rng, 63) : counter + i;
  const uint64_t *c = step ? counters : NULL;
  ref->blocks.blake3 (in, n, nblocks, key, c, flags, start, end, expected);
  v->blocks.blake3 (in, n, nblocks, key, c, flags, start, end, got);
  for (size_t i = 0; i < n; i++)
    free (base[i]);
  if (memcmp (expected, got, sizeof got) == 0)
    return true;
  printf ("FAIL blake3/%s raw: %zu inputs of %zu blocks, counter %"
          PRIu64 "%s, flags %u, start %u, end %u\n  expected ", v->name,
          n, nblocks, counter,
          scattered ? " scattered" : step ? " stepped" : "", flags, start,
          end);
  print_hex (expected, (n + 1) * BLAKE3_OUT_LEN);
  printf ("\n  got      ");
  print_hex (got, (n + 1) * BLAKE3_OUT_LEN);
  printf ("\n");
  return false;
}

/* Compare the BLAKE3 variant V with REF: B3_RAW_CALLS raw calls, then
   every message length 0..EVERY_LEN and random ones up to B3_MAX_LEN,
   each message length stopping at the first mismatch.  Print a summary
   line; count a failure if any.  */
static void
check_blake3 (const struct hash_variant *v, const struct hash_variant *ref,
              uint64_t seed)
{
  uint64_t rng = pair_seed (seed, "blake3", v->name);
  int lens = getenv ("BRISK_SANITIZED") ? B3_RANDOM_LENS_SANITIZED
                                        : B3_RANDOM_LENS;
  int calls = 0, cases = 0;

  for (; calls < B3_RAW_CALLS; calls++)
    if (!b3_check_raw_call (v, ref, &rng))
      {
        printf ("blake3/%s raw: FAILED at call %d\n", v->name, calls + 1);
        failures++;
        return;
      }
  for (size_t i = 0; i <= EVERY_LEN + lens; i++, cases++)
    {
      size_t len = i <= EVERY_LEN ? i : rnd_upto (&rng, B3_MAX_LEN);
      if (!b3_check_len (v->name, ref->name, len, &rng))
        {
          printf ("blake3/%s: FAILED at length %zu\n", v->name, len);
          failures++;
          return;
        }
    }
  printf ("blake3/%s: ok, %d raw calls and %d lengths compared\n", v->name,
          calls, cases);
}

/* Check every accelerated variant of FAMILY that this CPU can run;
   report the others as SKIP, or as failures if REQUIRED lists them.  */
static void
check_family (enum hash_family family, const char *required,
              uint64_t seed)
{
  size_t count;
  const struct hash_variant *v = hash_impl_list (family, &count);
  const struct hash_variant *ref = &v[count - 1];
  const char *name = hash_family_name (family);

  if (strcmp (ref->name, "portable") != 0)
    {
      printf ("FAIL %s: the last variant is %s, not portable\n", name,
              ref->name);
      failures++;
      return;
    }
  for (size_t i = 0; i + 1 < count; i++)
    if (!v[i].available ())
      {
        bool req = list_has (required, v[i].name);
        printf ("%s: %s/%s: not supported by this CPU%s\n",
                req ? "FAIL" : "SKIP", name, v[i].name,
                req ? ", but REQUIRE_VARIANTS lists it" : "");
        failures += req;
      }
    else if (hash_impl_force (family, v[i].name) != 0
             || hash_impl_current (family) != &v[i])
      {
        printf ("FAIL %s/%s: cannot force it\n", name, v[i].name);
        failures++;
      }
    else
      {
        pairs_run++;
        if (family == HASH_BLAKE3)
          {
            check_blake3 (&v[i], ref, seed);
            continue;
          }
        check_blocks (family, &v[i], ref, seed);
        if (family_block_size (family, 0) == 1)
          check_raw_lengths (family, &v[i], ref, seed);
        if (family_block_size (family, 0) == 1
            || family == HASH_BSD || family == HASH_SYSV)
          check_raw_patterns (family, &v[i], ref, seed);
        check_algos (family, &v[i], ref, seed);
      }
  hash_impl_force (family, NULL);
}

/* Count a failure for each name in the comma-separated list REQUIRED
   that no family has a variant of: a build without it cannot pass.  */
static void
check_required_exist (const char *required)
{
  while (required && *required)
    {
      size_t n = strcspn (required, ",");
      bool found = n == 0;
      for (int f = 0; f < HASH_FAMILY_COUNT && !found; f++)
        {
          size_t count;
          const struct hash_variant *v = hash_impl_list (f, &count);
          for (size_t i = 0; i < count && !found; i++)
            found = (strlen (v[i].name) == n
                     && strncmp (v[i].name, required, n) == 0);
        }
      if (!found)
        {
          printf ("FAIL: REQUIRE_VARIANTS lists %.*s,"
                  " which no family has in this build\n", (int) n,
                  required);
          failures++;
        }
      required += n + (required[n] == ',');
    }
}

int
main (void)
{
  const char *required = getenv ("REQUIRE_VARIANTS");
  uint64_t seed = test_seed ("VARIANTS_SEED", DEFAULT_SEED);
  uint64_t rng = seed;

  printf ("seed %" PRIu64 " (set VARIANTS_SEED to change it)\n", seed);
  if (getenv ("BRISK_SANITIZED"))
    random_lens = RANDOM_LENS_SANITIZED;
  message = malloc (B3_MAX_LEN);
  if (!message)
    {
      perror ("malloc");
      return 99;
    }
  rnd_fill (&rng, message, B3_MAX_LEN);

  for (size_t i = 0; i < digest_algo_count; i++)
    if (hash_family_of_algo (digest_algos[i].name) < 0)
      {
        printf ("FAIL %s: no hash-impl family\n", digest_algos[i].name);
        failures++;
      }
  check_required_exist (required);
  for (int f = 0; f < HASH_FAMILY_COUNT; f++)
    check_family (f, required, seed);
  free (message);

  if (failures)
    {
      printf ("%d failure(s)\n", failures);
      return EXIT_FAILURE;
    }
  if (pairs_run == 0)
    {
      printf ("SKIP: no accelerated variant could be run\n");
      return 77;
    }
  return EXIT_SUCCESS;
}
