/* test-lanes-sha.c -- the SHA family's multi-lane cores against the
   portable single-stream cores.

   A multi-lane core compresses the same number of blocks of several
   independent messages, each lane from its own data into its own
   state.  For every such core this CPU can run, and many random calls,
   the state of each lane must equal what the family's portable block
   function leaves when run on that lane alone.  The calls vary:

   - the number of blocks: 0, 1, small, up to 64, and now and then a
     long run (up to 1 MiB per lane);
   - the data: each lane its own random bytes at a random misalignment
     0..63, placed at the very end of an exact-size allocation so that
     AddressSanitizer sees a read past it; or the same pointer as an
     earlier lane;
   - the states: the family's initial values, random words, or a mix,
     each in its own exact-size allocation;
   - chains: a run of calls on the same states with new data pointers,
     some lanes restarted from the initial values between calls, as a
     streaming caller that refills finished lanes would make them.

   A core the CPU cannot run is reported as SKIP, or as a failure if
   the comma-separated list in REQUIRE_VARIANTS names its instruction
   set ("shani", "avx2", "avx512").  The random data come from a fixed
   seed, printed at the start, that LANES_SEED overrides.  Exits 1 if
   anything failed, 77 if no core could be run (and none was required),
   99 on a bad LANES_SEED, 0 otherwise.  */

#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attribute.h"
#include "cpu-features.h"
#include "hash-variants.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "unit-rnd.h"

#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

enum
{
  MAX_LANES = 16,
  MAX_OFFSET = 64,          /* misalignments 0..MAX_OFFSET - 1 */
  MAX_SMALL = 64,           /* most calls have 0..MAX_SMALL blocks */
  LONG_BYTES = 1 << 20,     /* a long call: up to this much per lane */
  CALLS = 300,              /* single random calls per core */
  CHAINS = 40,              /* chains of calls per core */
  CHAIN_CALLS = 12          /* calls in a chain */
};

#define DEFAULT_SEED UINT64_C (20250611)

/* A family of compression functions: its state and block sizes, its
   initial values and its portable core, seen through bytes.  */
struct family
{
  const char *name;
  size_t state_size;        /* bytes */
  size_t block_size;
  void (*iv) (void *state);
  void (*blocks) (void *state, const uint8_t *p, size_t nblocks);
};

/* Define NAME_iv, which stores the initial values of the family NAME
   (whose context is struct CTX) into a state, and NAME_ref, its
   portable core, both with the generic types of struct family.  */
#define FAMILY_FNS(name, ctx)                                           \
  static void                                                           \
  name##_iv (void *state)                                               \
  {                                                                     \
    struct ctx c;                                                       \
    name##_init (&c);                                                   \
    memcpy (state, c.state, sizeof c.state);                            \
  }                                                                     \
                                                                        \
  static void                                                           \
  name##_ref (void *state, const uint8_t *p, size_t nblocks)            \
  {                                                                     \
    name##_blocks_portable (state, p, nblocks);                         \
  }

FAMILY_FNS (sha1, sha1_ctx)
FAMILY_FNS (sha256, sha256_ctx)
FAMILY_FNS (sha512, sha512_ctx)

/* The families.  Each is unused in a build without the instruction
   sets of its cores.  */
MAYBE_UNUSED static const struct family sha1_family = {
  "sha1", 5 * sizeof (uint32_t), SHA1_BLOCK_SIZE, sha1_iv, sha1_ref
};
MAYBE_UNUSED static const struct family sha256_family = {
  "sha256", 8 * sizeof (uint32_t), SHA256_BLOCK_SIZE, sha256_iv, sha256_ref
};
MAYBE_UNUSED static const struct family sha512_family = {
  "sha512", 8 * sizeof (uint64_t), SHA512_BLOCK_SIZE, sha512_iv, sha512_ref
};

/* The types of the multi-lane cores.  */
typedef void lanes32_fn (uint32_t *const state[], const uint8_t *const p[],
                         size_t nblocks);
typedef void lanes64_fn (uint64_t *const state[], const uint8_t *const p[],
                         size_t nblocks);

/* A multi-lane core: its name, family, lane count, instruction set
   (for REQUIRE_VARIANTS), whether this CPU can run it, and the
   function, of one of the two types.  */
struct core
{
  const char *name;
  const struct family *family;
  int lanes;
  const char *isa;
  bool (*available) (void);
  lanes32_fn *fn32;
  lanes64_fn *fn64;
};

#if HAVE_ISA_SHANI
/* As hash-impl.c: the SHA-NI cores also use SSSE3 and SSE4.1.  */
static bool
can_shani (void)
{
  return cpu_has_shani () && cpu_has_ssse3 () && cpu_has_sse41 ();
}
#endif

#if HAVE_ISA_AVX2
/* As hash-impl.c: the AVX2 cores may also use BMI2.  */
static bool
can_avx2 (void)
{
  return cpu_has_avx2 () && cpu_has_bmi2 ();
}
#endif

#if HAVE_ISA_AVX512
/* As hash-lanes.c: the AVX-512 cores use F, BW and VL.  */
static bool
can_avx512 (void)
{
  return cpu_has_avx512f () && cpu_has_avx512bw () && cpu_has_avx512vl ();
}
#endif

static const struct core cores[] = {
#if HAVE_ISA_SHANI
  { "sha256_x2_shani", &sha256_family, 2, "shani", can_shani,
    sha256_x2_shani, NULL },
  { "sha256_x3_shani", &sha256_family, 3, "shani", can_shani,
    sha256_x3_shani, NULL },
  { "sha1_x2_shani", &sha1_family, 2, "shani", can_shani,
    sha1_x2_shani, NULL },
  { "sha1_x3_shani", &sha1_family, 3, "shani", can_shani,
    sha1_x3_shani, NULL },
#endif
#if HAVE_ISA_AVX512
  { "sha512_x8_avx512", &sha512_family, 8, "avx512", can_avx512,
    NULL, sha512_x8_avx512 },
#endif
#if HAVE_ISA_AVX2
  { "sha512_x4_avx2", &sha512_family, 4, "avx2", can_avx2,
    NULL, sha512_x4_avx2 },
  { "sha1_x8_avx2", &sha1_family, 8, "avx2", can_avx2,
    sha1_x8_avx2, NULL },
#endif
  { NULL, NULL, 0, NULL, NULL, NULL, NULL }
};

/* Allocate N bytes, or exit with status 99.  malloc (0) may give NULL,
   so at least one byte is asked for.  */
static void *
xalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    {
      perror ("test-lanes-sha");
      exit (99);
    }
  return p;
}

/* The lanes of one call: each lane's data pointer, the allocation it
   lies in (NULL where the lane shares an earlier lane's data), and its
   state and the reference's copy, each in its own allocation.  */
struct call
{
  int lanes;
  size_t nblocks;
  const uint8_t *p[MAX_LANES];
  uint8_t *alloc[MAX_LANES];
  void *state[MAX_LANES];
  void *want[MAX_LANES];
  size_t offset[MAX_LANES];
  int shares[MAX_LANES];    /* the lane whose data it uses: itself or less */
};

/* Return a random number of blocks of BS bytes from *RNG: mostly small,
   0 and 1 one time in eight each, and one time in 32 a long run of up
   to LONG_BYTES (kept rare: the reference is slow under sanitizers).  */
static size_t
rnd_nblocks (uint64_t *rng, size_t bs)
{
  switch (rnd (rng) % 64)
    {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
      return 0;
    case 8: case 9: case 10: case 11: case 12: case 13: case 14: case 15:
      return 1;
    case 16: return LONG_BYTES / bs - rnd_upto (rng, 3);
    case 17: return rnd_upto (rng, LONG_BYTES / bs);
    default: return rnd_upto (rng, MAX_SMALL);
    }
}

/* Give each lane of C new data for C->nblocks blocks of BS bytes from
   *RNG: its own at a random misalignment, at the end of its
   allocation, or an earlier lane's.  Free the previous data.  */
static void
new_data (struct call *c, size_t bs, uint64_t *rng)
{
  size_t n = c->nblocks * bs;
  for (int l = 0; l < c->lanes; l++)
    {
      free (c->alloc[l]);
      c->alloc[l] = NULL;
      if (l > 0 && rnd (rng) % 4 == 0)
        {
          int s = (int) rnd_upto (rng, l - 1);
          c->shares[l] = c->shares[s];
          c->offset[l] = c->offset[s];
          c->p[l] = c->p[s];
          continue;
        }
      c->shares[l] = l;
      c->offset[l] = rnd_upto (rng, MAX_OFFSET - 1);
      c->alloc[l] = xalloc (c->offset[l] + n);
      rnd_fill (rng, c->alloc[l] + c->offset[l], n);
      c->p[l] = c->alloc[l] + c->offset[l];
    }
}

/* Set lane L's state of C, and the reference's copy, to the initial
   values of family F or to random words from *RNG.  */
static void
new_state (struct call *c, int l, const struct family *f, uint64_t *rng)
{
  if (rnd (rng) % 2)
    f->iv (c->state[l]);
  else
    rnd_fill (rng, c->state[l], f->state_size);
  memcpy (c->want[l], c->state[l], f->state_size);
}

/* Start C for core K: states from *RNG, no data yet.  */
static void
call_init (struct call *c, const struct core *k, uint64_t *rng)
{
  memset (c, 0, sizeof *c);
  c->lanes = k->lanes;
  for (int l = 0; l < c->lanes; l++)
    {
      c->state[l] = xalloc (k->family->state_size);
      c->want[l] = xalloc (k->family->state_size);
      new_state (c, l, k->family, rng);
    }
}

/* Free what C holds.  */
static void
call_free (struct call *c)
{
  for (int l = 0; l < c->lanes; l++)
    {
      free (c->alloc[l]);
      free (c->state[l]);
      free (c->want[l]);
    }
}

/* Print the words of the state S of family F in hex.  */
static void
print_state (const struct family *f, const void *s)
{
  const uint8_t *b = s;
  for (size_t i = 0; i < f->state_size; i++)
    printf ("%02x%s", b[i], i + 1 < f->state_size && i % 8 == 7 ? " " : "");
  putchar ('\n');
}

/* Run core K and the reference on C's data and states.  Return true if
   every lane's state is the reference's; else report the first lane
   that differs, with WHAT and the call's shape, and return false.  */
static bool
run_call (const struct core *k, struct call *c, const char *what)
{
  const struct family *f = k->family;
  for (int l = 0; l < c->lanes; l++)
    f->blocks (c->want[l], c->p[l], c->nblocks);
  if (k->fn32)
    k->fn32 ((uint32_t *const *) c->state, c->p, c->nblocks);
  else
    k->fn64 ((uint64_t *const *) c->state, c->p, c->nblocks);

  for (int l = 0; l < c->lanes; l++)
    if (memcmp (c->state[l], c->want[l], f->state_size) != 0)
      {
        printf ("FAIL: %s: %s: lane %d of %d differs, %zu blocks;"
                " lanes' offsets and data:", k->name, what, l, c->lanes,
                c->nblocks);
        for (int m = 0; m < c->lanes; m++)
          printf (" %zu/%d", c->offset[m], c->shares[m]);
        printf ("\n  want ");
        print_state (f, c->want[l]);
        printf ("  got  ");
        print_state (f, c->state[l]);
        return false;
      }
  return true;
}

/* Check core K on CALLS single calls and CHAINS chains of calls with
   data from *RNG.  Return true if all match the reference.  */
static bool
check_core (const struct core *k, uint64_t *rng)
{
  size_t bs = k->family->block_size;
  bool ok = true;

  for (int i = 0; ok && i < CALLS; i++)
    {
      struct call c;
      call_init (&c, k, rng);
      c.nblocks = rnd_nblocks (rng, bs);
      new_data (&c, bs, rng);
      ok = run_call (k, &c, "single call");
      call_free (&c);
    }

  for (int i = 0; ok && i < CHAINS; i++)
    {
      struct call c;
      call_init (&c, k, rng);
      for (int j = 0; ok && j < CHAIN_CALLS; j++)
        {
          for (int l = 0; l < c.lanes; l++)
            if (rnd (rng) % 4 == 0)
              new_state (&c, l, k->family, rng);
          c.nblocks = rnd_upto (rng, 2 * MAX_SMALL / c.lanes);
          new_data (&c, bs, rng);
          ok = run_call (k, &c, "chained call");
        }
      call_free (&c);
    }
  return ok;
}

/* Read the seed from LANES_SEED into *SEED, or leave the default.
   Return false if it is set but not a number.  */
static bool
get_seed (uint64_t *seed)
{
  const char *s = getenv ("LANES_SEED");
  char *end;
  if (!s || !*s)
    return true;
  errno = 0;
  *seed = strtoull (s, &end, 0);
  return errno == 0 && *end == '\0';
}

int
main (void)
{
  uint64_t seed = DEFAULT_SEED;
  const char *required = getenv ("REQUIRE_VARIANTS");
  int failures = 0, run = 0;

  if (!get_seed (&seed))
    {
      printf ("test-lanes-sha: bad LANES_SEED\n");
      return 99;
    }
  printf ("seed %" PRIu64 " (LANES_SEED)\n", seed);

  for (const struct core *k = cores; k->name; k++)
    {
      if (!k->available ())
        {
          bool must = list_has (required, k->isa);
          printf ("%s: %s: this CPU lacks %s\n", must ? "FAIL" : "SKIP",
                  k->name, k->isa);
          failures += must;
          continue;
        }
      uint64_t rng = seed ^ (uint64_t) (k - cores) * UINT64_C (0x9e37);
      bool ok = check_core (k, &rng);
      printf ("%s: %s (%d lanes, %s)\n", ok ? "PASS" : "FAIL", k->name,
              k->lanes, k->family->name);
      failures += !ok;
      run++;
    }

  if (failures)
    return 1;
  if (run == 0)
    {
      printf ("test-lanes-sha: skipped:"
              " no SHA-NI or AVX2 multi-lane core here\n");
      return 77;
    }
  return 0;
}
