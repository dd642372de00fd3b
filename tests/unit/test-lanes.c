/* test-lanes.c -- every multi-lane variant against the portable core.

   For every family with multi-lane variants (lib/hash-lanes.c) and
   every variant of it that this CPU can run:
   - the raw core, called directly on random states and random blocks
     at random misalignments, some lanes sharing their data, against
     the family's portable core lane by lane;
   - for every digest_algos row of the family, through digest-multi:
     sets of random messages of 0 to 1 MiB at random misalignments,
     fed in pieces of random sizes (the same for every lane, or each
     its own, or whole), lanes finishing at different times, staying
     idle for a while, abandoned, and refilled mid-run: every digest
     must equal the portable single stream's (hash_impl_force
     "portable"), and nothing may be written around it;
   - the known answers of kat-table.h (RFC 1320, RFC 1321, FIPS 180-4)
     through digest-multi, whole and in small pieces.
   Each message sits at the end of its own exact-size allocation, so
   that AddressSanitizer sees any read past it.  Also the errors of
   hash_lanes_force, and that forcing "none" leaves digest_multi_new
   with nothing.  BLAKE3's set, which has no raw core of its own
   (hash-impl's compresses the chunks of every lane), is checked so
   with every hash-impl variant of BLAKE3 that this CPU can run, on
   lengths mostly of 0 to 20 KiB and pieces mostly whole chunks, and
   for its keyed, derive-key and seek modes too.  Then the serial sets
   of digest_multi_new_any, for every digest_algos row (its family's
   lanes forced "none") and for BLAKE3's keyed, derive-key and
   long-output modes: random messages as above, but fewer, and the
   known answers, against the row's own single stream.

   The random data come from a fixed seed, printed at the start, that
   LANES_SEED overrides.  Prints the first mismatch of each (algorithm,
   variant) pair with what is needed to repeat it, and a summary line
   per pair.  Exits 1 if anything failed; 77 with a reason if there was
   nothing to run (no multi-lane variant in this build, or none that
   this CPU can run); 99 on a bad LANES_SEED; 0 otherwise.  */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "digest-multi.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "kat-table.h"
#include "unit-rnd.h"

enum
{
  MAX_LEN = 1 << 20,        /* the longest message */
  POOL_LEN = 2 * MAX_LEN,   /* random bytes that messages are cut from */
  MAX_OFFSET = 64,          /* misalignments 0..MAX_OFFSET - 1 */
  MESSAGES = 240,           /* messages per (algorithm, variant) pair */
  RAW_CALLS = 200,          /* direct calls of each raw core */
  RAW_MAX_BLOCKS = 40,      /* blocks per direct call, at most */
  GUARD = 16                /* canary bytes around a digest */
};

#define DEFAULT_SEED UINT64_C (20250611)
#define CANARY 0xa5

static int failures;
static uint8_t *pool;

/* Print the hex form of the N bytes at P, with no newline.  */
static void
print_hex (const void *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    printf ("%02x", ((const uint8_t *) p)[i]);
}

/* Return a copy of the N bytes at SRC at a random misalignment from
   *RNG, at the end of an allocation of its own, and store the start
   of that allocation (to free) in *BASE.  Exit 99 if out of memory.  */
static uint8_t *
place (uint64_t *rng, const void *src, size_t n, uint8_t **base)
{
  size_t off = rnd_upto (rng, MAX_OFFSET - 1);
  *base = malloc (off + n ? off + n : 1);
  if (!*base)
    {
      perror ("malloc");
      exit (99);
    }
  memcpy (*base + off, src, n);
  return *base + off;
}

/* ---- The raw cores.  ---- */

/* The state of one lane of any word size.  */
union lane_state
{
  uint32_t w32[8];
  uint64_t w64[8];
};

/* Compress N blocks at P into S with the portable core of FAMILY.  */
static void
portable_blocks (enum hash_family family, union lane_state *s,
                 const uint8_t *p, size_t n)
{
  size_t count;
  const struct hash_variant *v = hash_impl_list (family, &count);
  union hash_blocks b = v[count - 1].blocks;   /* "portable" */
  switch (family)
    {
    case HASH_MD4: b.md4 (s->w32, p, n); break;
    case HASH_MD5: b.md5 (s->w32, p, n); break;
    case HASH_SHA1: b.sha1 (s->w32, p, n); break;
    case HASH_SHA256: b.sha256 (s->w32, p, n); break;
    case HASH_SHA512: b.sha512 (s->w64, p, n); break;
    default: abort ();
    }
}

/* Call V, a multi-lane core of FAMILY whose blocks are BS bytes, once
   on random states and N random blocks per lane at random
   misalignments (lane I sharing lane I - 1's data now and then), and
   compare each lane with the portable core.  Return true if all
   agree; else report the call and return false.  */
static bool
check_raw_call (enum hash_family family, const struct hash_lanes_variant *v,
                size_t bs, size_t n, uint64_t *rng)
{
  union lane_state got[HASH_LANES_MAX], want[HASH_LANES_MAX];
  uint32_t *s32[HASH_LANES_MAX];
  uint64_t *s64[HASH_LANES_MAX];
  const uint8_t *p[HASH_LANES_MAX];
  uint8_t *base[HASH_LANES_MAX];
  bool ok = true;

  for (unsigned int i = 0; i < v->lanes; i++)
    {
      base[i] = NULL;
      if (i > 0 && rnd (rng) % 4 == 0)
        p[i] = p[i - 1];
      else
        p[i] = place (rng, pool + rnd_upto (rng, POOL_LEN - n * bs),
                      n * bs, &base[i]);
      rnd_fill (rng, &got[i], sizeof got[i]);
      want[i] = got[i];
      s32[i] = got[i].w32;
      s64[i] = got[i].w64;
      portable_blocks (family, &want[i], p[i], n);
    }
  if (hash_lanes_wide (family))
    v->blocks.w64 (s64, p, n);
  else
    v->blocks.w32 (s32, p, n);
  for (unsigned int i = 0; i < v->lanes; i++)
    {
      if (ok && memcmp (&got[i], &want[i], sizeof got[i]) != 0)
        {
          printf ("FAIL %s/%s raw: %zu blocks, lane %u\n  expected ",
                  hash_family_name (family), v->name, n, i);
          print_hex (&want[i], sizeof want[i]);
          printf ("\n  got      ");
          print_hex (&got[i], sizeof got[i]);
          printf ("\n");
          ok = false;
        }
      free (base[i]);
    }
  return ok;
}

/* Check the raw core V of FAMILY in RAW_CALLS calls of 0 to
   RAW_MAX_BLOCKS blocks.  Count a failure if one call fails.  */
static void
check_raw (enum hash_family family, const struct hash_lanes_variant *v,
           size_t bs, uint64_t *rng)
{
  for (int c = 0; c < RAW_CALLS; c++)
    if (!check_raw_call (family, v, bs, rnd_upto (rng, RAW_MAX_BLOCKS),
                         rng))
      {
        failures++;
        return;
      }
  printf ("%s/%s raw: ok, %d calls\n", hash_family_name (family), v->name,
          RAW_CALLS);
}

/* ---- Random messages through digest-multi.  ---- */

/* The message of one lane.  */
struct job
{
  bool active;               /* the lane has a message */
  int id;                    /* its number, for reports */
  uint8_t *base;             /* its allocation */
  const uint8_t *msg;
  size_t len;
  size_t fed;                /* bytes given to update so far */
  int pieces;                /* updates that gave it bytes */
  uint8_t want[DIGEST_MAX_SIZE];
};

/* One (algorithm, variant) pair under test.  */
struct pair
{
  const struct digest_algo *algo;
  const char *variant;
  const char *impl;          /* the hash-impl variant forced, or null */
  size_t unit;               /* the block size, or BLAKE3's chunk */
  struct digest_multi *m;
  unsigned int lanes;
  uint64_t rng;
  int started;               /* messages started so far */
  int checked;               /* digests compared so far */
  struct job job[HASH_LANES_MAX];
};

/* Return a random message length for blocks of BS bytes from *RNG:
   short ones, whole blocks, and long ones up to MAX_LEN.  */
static size_t
rnd_len (uint64_t *rng, size_t bs)
{
  switch (rnd (rng) % 5)
    {
    case 0: return rnd_upto (rng, 3 * bs);
    case 1: return bs * rnd_upto (rng, 64);
    case 2: return rnd_upto (rng, 8 << 10);
    case 3: return rnd_upto (rng, 128 << 10);
    default: return rnd_upto (rng, MAX_LEN);
    }
}

/* Return a random length of a BLAKE3 message from *RNG: mostly 0 to
   20 KiB, half of those whole chunks, now and then as rnd_len.  */
static size_t
rnd_len_b3 (uint64_t *rng)
{
  switch (rnd (rng) % 8)
    {
    case 0: case 1: case 2: return 1024 * rnd_upto (rng, 20);
    case 3: return 1024 * (1 + rnd_upto (rng, 19)) + rnd_upto (rng, 2) - 1;
    case 4: case 5: case 6: return rnd_upto (rng, 20 << 10);
    default: return rnd_len (rng, 64);
    }
}

/* Return a random piece size for blocks of BS bytes from *RNG.  */
static size_t
rnd_piece (uint64_t *rng, size_t bs)
{
  switch (rnd (rng) % 8)
    {
    case 0: return rnd_upto (rng, 2);
    case 1: return bs - 1 + rnd_upto (rng, 2);
    case 2: return rnd_upto (rng, bs);
    case 3: return rnd_upto (rng, 4 * bs);
    case 4: return bs * rnd_upto (rng, 32);
    case 5: return bs * rnd_upto (rng, 2048);
    case 6: return rnd_upto (rng, 64 << 10);
    default: return MAX_LEN;     /* the rest */
    }
}

/* Compute with P's algorithm, in the portable core, in one call, the
   digest of the N bytes at MSG into OUT.  If P forces a hash-impl
   variant, force "portable" meanwhile.  */
static void
reference (const struct pair *p, const uint8_t *msg, size_t n, uint8_t *out)
{
  _Alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  int family = hash_family_of_algo (p->algo->name);
  if (p->impl)
    hash_impl_force (family, "portable");
  digest_init (p->algo, ctx);
  p->algo->update (ctx, msg, n);
  p->algo->final (ctx, out);
  if (p->impl)
    hash_impl_force (family, p->impl);
}

/* Give lane I of P a new random message, if P has messages left to
   start; else make it idle.  */
static void
job_start (struct pair *p, unsigned int i)
{
  struct job *j = &p->job[i];
  j->active = p->started < MESSAGES;
  if (!j->active)
    return;
  j->id = p->started++;
  j->len = (p->unit == 1024 ? rnd_len_b3 (&p->rng)
            : rnd_len (&p->rng, p->algo->block_size));
  j->msg = place (&p->rng, pool + rnd_upto (&p->rng, POOL_LEN - j->len),
                  j->len, &j->base);
  j->fed = 0;
  j->pieces = 0;
  reference (p, j->msg, j->len, j->want);
}

/* Finish lane I of P, whose message has been fed whole, and compare
   its digest with the reference.  Return true if they agree and
   nothing was written around the digest; else report and return
   false.  */
static bool
job_finish (struct pair *p, unsigned int i)
{
  struct job *j = &p->job[i];
  size_t size = p->algo->digest_size;
  uint8_t out[GUARD + DIGEST_MAX_SIZE + GUARD];
  bool spilled = false;

  memset (out, CANARY, sizeof out);
  digest_multi_finish (p->m, i, out + GUARD);
  for (size_t k = 0; k < sizeof out; k++)
    if ((k < GUARD || k >= GUARD + size) && out[k] != CANARY)
      spilled = true;
  p->checked++;
  free (j->base);
  j->active = false;
  if (!spilled && memcmp (out + GUARD, j->want, size) == 0)
    return true;
  printf ("FAIL %s/%s: message %d, lane %u, length %zu, offset %zu,"
          " %d pieces%s\n  expected ", p->algo->name, p->variant, j->id, i,
          j->len, (size_t) ((uintptr_t) j->msg % MAX_OFFSET), j->pieces,
          spilled ? ", wrote around the digest" : "");
  print_hex (j->want, size);
  printf ("\n  got      ");
  print_hex (out + GUARD, size);
  printf ("\n");
  return false;
}

/* Feed every active lane of P one piece of its message: all lanes the
   same size, or each its own, or each the rest.  */
static void
feed_round (struct pair *p)
{
  const void *data[HASH_LANES_MAX];
  size_t len[HASH_LANES_MAX];
  size_t bs = p->unit;
  unsigned int mode = rnd (&p->rng) % 3;
  size_t same = rnd_piece (&p->rng, bs);

  for (unsigned int i = 0; i < p->lanes; i++)
    {
      struct job *j = &p->job[i];
      size_t want = (mode == 0 ? same : mode == 1 ? rnd_piece (&p->rng, bs)
                     : MAX_LEN);
      size_t left = j->active ? j->len - j->fed : 0;
      len[i] = want < left ? want : left;
      /* DATA may be NULL for an empty piece.  */
      data[i] = (j->active && (len[i] || rnd (&p->rng) % 2)
                 ? j->msg + j->fed : NULL);
      j->fed += len[i];
      j->pieces += len[i] != 0;
    }
  digest_multi_update (p->m, data, len);
}

/* After a round, finish (most of the time; the others wait) the lanes
   of P whose messages are whole, and refill them; abandon now and then
   a lane in the middle of its message and start it on another.
   Return false on the first wrong digest.  */
static bool
settle_round (struct pair *p)
{
  for (unsigned int i = 0; i < p->lanes; i++)
    {
      struct job *j = &p->job[i];
      if (!j->active)
        continue;
      if (j->fed == j->len && rnd (&p->rng) % 4 != 0)
        {
          if (!job_finish (p, i))
            return false;
          job_start (p, i);
        }
      else if (j->fed < j->len && rnd (&p->rng) % 64 == 0)
        {
          digest_multi_start (p->m, i);
          free (j->base);
          job_start (p, i);
        }
    }
  return true;
}

/* Run MESSAGES random messages of pair P through its set of lanes.
   Return true if every digest was right.  */
static bool
check_pair (struct pair *p)
{
  bool any = true;
  for (unsigned int i = 0; i < p->lanes; i++)
    job_start (p, i);
  while (any)
    {
      feed_round (p);
      if (!settle_round (p))
        return false;
      any = false;
      for (unsigned int i = 0; i < p->lanes; i++)
        any |= p->job[i].active;
    }
  return true;
}

/* ---- Known answers through digest-multi.  ---- */

/* Run the known answers of ALGO through M, as many at a time as M has
   lanes, fed whole if WHOLE, else in random pieces of at most 97 bytes
   from *RNG.  Return the number of failures, reported, and add the
   number of rows checked to *RUN.  */
static int
check_kats (const struct digest_algo *algo, struct digest_multi *m,
            bool whole, uint64_t *rng, int *run)
{
  unsigned int lanes = digest_multi_lanes (m);
  size_t rows[HASH_LANES_MAX];
  int bad = 0;
  size_t k = 0, nkats = sizeof kats / sizeof kats[0];

  while (k < nkats)
    {
      unsigned int used = 0;
      uint8_t *msg[HASH_LANES_MAX] = { NULL };
      size_t len[HASH_LANES_MAX] = { 0 }, fed[HASH_LANES_MAX] = { 0 };
      for (; k < nkats && used < lanes; k++)
        if (strcmp (kats[k].algo, algo->name) == 0)
          {
            size_t n = strlen (kats[k].message);
            rows[used] = k;
            len[used] = n * kats[k].repeat;
            msg[used] = malloc (len[used] ? len[used] : 1);
            if (!msg[used])
              exit (99);
            for (long r = 0; r < kats[k].repeat; r++)
              memcpy (msg[used] + r * n, kats[k].message, n);
            used++;
          }
      for (bool more = true; more;)
        {
          const void *data[HASH_LANES_MAX];
          size_t piece[HASH_LANES_MAX];
          more = false;
          for (unsigned int i = 0; i < lanes; i++)
            {
              size_t left = len[i] - fed[i];
              size_t want = whole ? left : rnd_upto (rng, 97);
              piece[i] = want < left ? want : left;
              data[i] = msg[i] ? msg[i] + fed[i] : NULL;
              fed[i] += piece[i];
              more |= fed[i] < len[i];
            }
          digest_multi_update (m, data, piece);
        }
      for (unsigned int i = 0; i < used; i++)
        {
          uint8_t digest[DIGEST_MAX_SIZE];
          char hex[2 * DIGEST_MAX_SIZE + 1];
          digest_multi_finish (m, i, digest);
          for (size_t b = 0; b < algo->digest_size; b++)
            sprintf (hex + 2 * b, "%02x", digest[b]);
          ++*run;
          if (strcmp (hex, kats[rows[i]].hex) != 0)
            {
              printf ("FAIL %s/%s known answer \"%.20s\" x %ld (%s):\n"
                      "  expected %s\n  got      %s\n", algo->name,
                      digest_multi_variant (m)->name, kats[rows[i]].message,
                      kats[rows[i]].repeat, whole ? "whole" : "in pieces",
                      kats[rows[i]].hex, hex);
              bad++;
            }
          free (msg[i]);
        }
      for (unsigned int i = used; i < lanes; i++)
        free (msg[i]);
    }
  return bad;
}

/* ---- Driving it all.  ---- */

/* Check variant V on ALGO, a digest_algos row or a copy, with the
   hash-impl variant IMPL forced (or null), labelled LABEL (which also
   seeds the messages): random messages, and the row's known answers.
   Count the failures.  */
static void
check_algo (const struct digest_algo *algo, const char *label,
            const struct hash_lanes_variant *v, const char *impl,
            uint64_t seed)
{
  struct pair p = { 0 };
  p.algo = algo;
  p.variant = v->name;
  p.impl = impl;
  p.unit = (hash_family_of_algo (algo->name) == HASH_BLAKE3 ? 1024
            : algo->block_size);
  p.rng = seed;
  for (const char *c = label; *c; c++)
    p.rng = (p.rng ^ (unsigned char) *c) * UINT64_C (0x100000001b3);
  p.m = digest_multi_new (algo);
  if (!p.m || digest_multi_variant (p.m) != v
      || digest_multi_lanes (p.m) != v->lanes)
    {
      printf ("FAIL %s/%s: digest_multi_new does not give it\n",
              label, v->name);
      failures++;
      digest_multi_free (p.m);
      return;
    }
  p.lanes = v->lanes;
  if (check_pair (&p))
    printf ("%s/%s: ok, %d digests compared\n", label, v->name,
            p.checked);
  else
    {
      printf ("%s/%s: FAILED at digest %d\n", label, v->name,
              p.checked);
      failures++;
      /* Start the known answers on empty lanes.  */
      for (unsigned int i = 0; i < p.lanes; i++)
        {
          if (p.job[i].active)
            free (p.job[i].base);
          digest_multi_start (p.m, i);
        }
    }
  int run = 0, bad = 0;
  if (algo == digest_algo_find (algo->name))
    {
      bad += check_kats (algo, p.m, true, &p.rng, &run);
      bad += check_kats (algo, p.m, false, &p.rng, &run);
    }
  if (run)
    printf ("%s/%s: %d known answers checked, %d failed\n", label, v->name,
            run, bad);
  failures += bad;
  digest_multi_free (p.m);
}

/* Check variant V of FAMILY on every digest_algos row it serves.  */
static void
check_algos (enum hash_family family, const struct hash_lanes_variant *v,
             uint64_t seed)
{
  for (size_t a = 0; a < digest_algo_count; a++)
    if (hash_family_of_algo (digest_algos[a].name) == (int) family)
      check_algo (&digest_algos[a], digest_algos[a].name, v, NULL, seed);
}

/* Check BLAKE3's set V with every hash-impl variant of BLAKE3 that
   this CPU can run, on the row and on its keyed, derive-key and seek
   modes (100 bytes of output).  */
static void
check_blake3 (const struct hash_lanes_variant *v, uint64_t seed)
{
  static const uint8_t key[32] = "whats the Elvish word for friend";
  const struct digest_algo *b3 = digest_algo_find ("blake3");
  struct digest_blake3_mode keyed = { key, NULL, 0 };
  struct digest_blake3_mode derive = { NULL, "brisk test-lanes context", 0 };
  struct digest_blake3_mode seek = { NULL, NULL, 1000 };
  struct { const char *label; const struct digest_blake3_mode *mode; }
    modes[] = { { "blake3 --keyed -l 800", &keyed },
                { "blake3 --derive-key -l 800", &derive },
                { "blake3 --seek 1000 -l 800", &seek } };
  struct digest_algo copy;
  size_t count;
  const struct hash_variant *impl = hash_impl_list (HASH_BLAKE3, &count);

  if (digest_algo_resize (b3, 100, &copy) != 0)
    {
      printf ("FAIL blake3: cannot resize\n");
      failures++;
      return;
    }
  for (size_t k = 0; k < count; k++)
    {
      char label[80];
      if (!impl[k].available ())
        continue;
      if (hash_impl_force (HASH_BLAKE3, impl[k].name) != 0)
        {
          printf ("FAIL blake3/%s: cannot force %s\n", v->name,
                  impl[k].name);
          failures++;
          continue;
        }
      snprintf (label, sizeof label, "blake3 (%s)", impl[k].name);
      check_algo (b3, label, v, impl[k].name, seed);
      for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        {
          copy.blake3_mode = modes[i].mode;
          snprintf (label, sizeof label, "%s (%s)", modes[i].label,
                    impl[k].name);
          check_algo (&copy, label, v, impl[k].name, seed);
        }
    }
}

/* Check hash_lanes_force's errors and its "none" on FAMILY, whose
   variant V this CPU can run.  Count the failures.  */
static void
check_force (enum hash_family family, const struct hash_lanes_variant *v)
{
  const struct digest_algo *algo = NULL;
  for (size_t a = 0; a < digest_algo_count && !algo; a++)
    if (hash_family_of_algo (digest_algos[a].name) == (int) family)
      algo = &digest_algos[a];

  const char *name = hash_family_name (family);
  const char *wrong = NULL;

  errno = 0;
  if (hash_lanes_force (family, "no-such-variant") != -1 || errno != ENOENT)
    wrong = "forcing an unknown variant is not ENOENT";
  errno = 0;
  if (hash_lanes_force (HASH_FAMILY_COUNT, v->name) != -1
      || errno != EINVAL)
    wrong = "forcing a bad family is not EINVAL";
  hash_lanes_force (family, "none");
  errno = 0;
  struct digest_multi *m = digest_multi_new (algo);
  if (m || errno != ENOTSUP || hash_lanes_current (family))
    wrong = "\"none\" still gives a multi-lane variant";
  digest_multi_free (m);
  hash_lanes_force (family, NULL);
  if (!hash_lanes_current (family))
    wrong = "the automatic choice gives no variant";
  if (wrong)
    {
      printf ("FAIL %s: %s\n", name, wrong);
      failures++;
    }
}

/* Check every multi-lane variant of FAMILY that this CPU can run, with
   the family's single stream forced to "portable".  Add the number of
   variants in the table to *LISTED and of those run to *RUN.  */
static void
check_family (enum hash_family family, uint64_t seed, int *listed, int *run)
{
  size_t count;
  const struct hash_lanes_variant *v = hash_lanes_list (family, &count);
  size_t bs = family == HASH_SHA512 ? 128 : 64;

  for (size_t i = 0; i < count; i++, ++*listed)
    if (!v[i].available ())
      printf ("SKIP %s/%s: not supported by this CPU\n",
              hash_family_name (family), v[i].name);
    else if (hash_impl_force (family, "portable") != 0
             || hash_lanes_force (family, v[i].name) != 0
             || hash_lanes_current (family) != &v[i])
      {
        printf ("FAIL %s/%s: cannot force it\n", hash_family_name (family),
                v[i].name);
        failures++;
      }
    else
      {
        uint64_t rng = seed ^ (uint64_t) (family * 131 + i);
        ++*run;
        if (family == HASH_BLAKE3)
          check_blake3 (&v[i], seed);
        else
          {
            check_raw (family, &v[i], bs, &rng);
            check_algos (family, &v[i], seed);
          }
        check_force (family, &v[i]);
      }
  hash_impl_force (family, NULL);
  hash_lanes_force (family, NULL);
}

/* Check a serial set of ALGO (digest_multi_new_any, its family's
   lanes forced "none") against ALGO's single stream, as check_algos
   does a variant, but on SERIAL_MESSAGES messages.  Count the
   failures.  */
enum { SERIAL_MESSAGES = 12 };
static void
check_serial_algo (const struct digest_algo *algo, const char *label,
                   uint64_t seed)
{
  int family = hash_family_of_algo (algo->name);
  if (family >= 0)
    hash_lanes_force (family, "none");
  struct pair p = { 0 };
  p.algo = algo;
  p.variant = "serial";
  p.unit = algo->block_size;
  p.rng = seed ^ (uint64_t) strlen (label) * UINT64_C (0x9e3779b97f4a7c15);
  p.m = digest_multi_new_any (algo);
  if (!p.m || digest_multi_variant (p.m) != &digest_multi_serial
      || digest_multi_lanes (p.m) != 1)
    {
      printf ("FAIL %s/serial: digest_multi_new_any does not give it\n",
              label);
      failures++;
    }
  else
    {
      p.lanes = 1;
      /* The first messages count as started: SERIAL_MESSAGES are left.  */
      p.started = MESSAGES - SERIAL_MESSAGES;
      if (check_pair (&p))
        printf ("%s/serial: ok, %d digests compared\n", label, p.checked);
      else
        {
          printf ("%s/serial: FAILED at digest %d\n", label, p.checked);
          failures++;
          if (p.job[0].active)
            free (p.job[0].base);
          digest_multi_start (p.m, 0);
        }
      /* The known answers are the rows', not their copies'.  */
      int run = 0;
      if (algo == digest_algo_find (algo->name))
        {
          failures += check_kats (algo, p.m, true, &p.rng, &run);
          failures += check_kats (algo, p.m, false, &p.rng, &run);
        }
    }
  digest_multi_free (p.m);
  if (family >= 0)
    hash_lanes_force (family, NULL);
}

/* Check the serial sets of every digest_algos row, and of BLAKE3's
   modes.  */
static void
check_serial (uint64_t seed)
{
  for (size_t a = 0; a < digest_algo_count; a++)
    check_serial_algo (&digest_algos[a], digest_algos[a].name, seed);

  static const uint8_t key[32] = "whats the Elvish word for friend";
  const struct digest_algo *b3 = digest_algo_find ("blake3");
  struct digest_blake3_mode keyed = { key, NULL, 0 };
  struct digest_blake3_mode derive = { NULL, "brisk test-lanes context", 0 };
  struct digest_blake3_mode seek = { NULL, NULL, 1000 };
  struct digest_algo copy;
  if (digest_algo_resize (b3, 100, &copy) != 0)
    {
      printf ("FAIL blake3: cannot resize\n");
      failures++;
      return;
    }
  copy.blake3_mode = &keyed;
  check_serial_algo (&copy, "blake3 --keyed -l 800", seed);
  copy.blake3_mode = &derive;
  check_serial_algo (&copy, "blake3 --derive-key -l 800", seed);
  copy.blake3_mode = &seek;
  check_serial_algo (&copy, "blake3 --seek 1000 -l 800", seed);
}

int
main (void)
{
  uint64_t seed = test_seed ("LANES_SEED", DEFAULT_SEED);
  uint64_t rng = seed;
  int listed = 0, run = 0;

  printf ("seed %" PRIu64 " (set LANES_SEED to change it)\n", seed);
  pool = malloc (POOL_LEN);
  if (!pool)
    {
      perror ("malloc");
      return 99;
    }
  rnd_fill (&rng, pool, POOL_LEN);
  for (int f = 0; f < HASH_FAMILY_COUNT; f++)
    check_family (f, seed, &listed, &run);
  check_serial (seed);
  free (pool);

  if (failures)
    {
      printf ("%d failure(s)\n", failures);
      return EXIT_FAILURE;
    }
  if (run == 0)
    {
      printf ("tests/unit/test-lanes: skipped: %s\n",
              listed ? "this CPU cannot run any multi-lane variant"
              : "no multi-lane variant in this build");
      return 77;
    }
  return EXIT_SUCCESS;
}
