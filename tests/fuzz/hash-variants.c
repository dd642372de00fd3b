/* hash-variants.c -- libFuzzer target: every hash variant, single
   stream and multi-lane, against the portable core.

   Input: byte 0 chooses the algorithm (a digest_algos row), bytes 1 to
   8 seed the generator that cuts the message into pieces and chooses
   misalignments and lane lengths, and the rest is the message M.
   - Single stream: for every variant of the family that this CPU can
     run (lib/hash-impl.h), M fed in pieces of random sizes, each at a
     random misalignment, must give the digest that the "portable"
     variant gives for M in one piece.
   - Multi-lane: for every multi-lane variant that this CPU can run
     (lib/hash-lanes.h), each lane hashes its own prefix of M, of a
     random length, through lib/digest-multi.h, in pieces whose sizes
     differ from lane to lane; lanes that end are finished, and started
     again on another prefix while the others go on.  Every digest must
     equal the portable core's for that prefix.
   The choice of variants is restored afterwards, so that inputs do not
   depend on one another.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest-algos.h"
#include "digest-multi.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "fuzz.h"

enum { MAX_OFFSET = 64, ROUNDS_PER_LANE = 3 };

/* splitmix64: the next number from the generator *STATE.  */
static uint64_t
rnd (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A random number from *STATE in 0..N.  */
static size_t
upto (uint64_t *state, size_t n)
{
  return rnd (state) % ((uint64_t) n + 1);
}

/* The digest of the LEN bytes at M with ALGO's variant currently
   chosen, in one update, into OUT.  */
static void
digest_whole (const struct digest_algo *algo, const uint8_t *m, size_t len,
              uint8_t *out)
{
  uint64_t ctx[DIGEST_MAX_CTX / 8];
  digest_init (algo, ctx);
  algo->update (ctx, m, len);
  algo->final (ctx, out);
}

/* The digest of the LEN bytes at M in random pieces at random
   misalignments (from *RS), into OUT.  */
static void
digest_pieces (const struct digest_algo *algo, const uint8_t *m, size_t len,
               uint64_t *rs, uint8_t *out)
{
  uint64_t ctx[DIGEST_MAX_CTX / 8];
  digest_init (algo, ctx);
  for (size_t done = 0; done < len;)
    {
      size_t n = upto (rs, len - done < 300 ? len - done : 300);
      if (upto (rs, 7) == 0)
        n = len - done;
      size_t off = upto (rs, MAX_OFFSET - 1);
      /* Exact size, so that AddressSanitizer sees a read past it.  */
      uint8_t *buf = malloc (off + n + 1);
      CHECK (buf);
      memcpy (buf + off, m + done, n);
      algo->update (ctx, buf + off, n);
      free (buf);
      done += n;
    }
  algo->final (ctx, out);
}

/* Every single-stream variant of FAMILY against REF, the portable
   digest of M.  */
static void
single_variants (const struct digest_algo *algo, enum hash_family family,
                 const uint8_t *m, size_t len, uint64_t *rs,
                 const uint8_t *ref)
{
  size_t count;
  const struct hash_variant *v = hash_impl_list (family, &count);
  for (size_t i = 0; i < count; i++)
    if (v[i].available ())
      {
        uint8_t got[DIGEST_MAX_SIZE];
        CHECK (hash_impl_force (family, v[i].name) == 0);
        digest_pieces (algo, m, len, rs, got);
        if (memcmp (got, ref, algo->digest_size) != 0)
          {
            fprintf (stderr, "hash-variants: %s variant %s, %zu bytes\n",
                     algo->name, v[i].name, len);
            CHECK (!"digest differs from portable");
          }
      }
}

/* One lane's message: the prefix of M of LEN bytes, DONE of them fed.  */
struct lane_msg
{
  size_t len;
  size_t done;
  int rounds;           /* messages still to start after this one */
};

/* Finish lane I of MS if its message is all fed: compare its digest
   with the portable core's (PORTABLE, forced around the reference),
   and start it on another prefix or leave it idle.  */
static void
lane_end (struct digest_multi *ms, unsigned int i, struct lane_msg *l,
          const struct digest_algo *algo, const uint8_t *m, size_t mlen,
          uint64_t *rs)
{
  if (l->done < l->len || l->rounds < 0)
    return;
  uint8_t got[DIGEST_MAX_SIZE], ref[DIGEST_MAX_SIZE];
  digest_multi_finish (ms, i, got);
  enum hash_family family = hash_family_of_algo (algo->name);
  const char *was = hash_impl_current (family)->name;
  hash_impl_force (family, "portable");
  digest_whole (algo, m, l->len, ref);
  hash_impl_force (family, was);
  if (memcmp (got, ref, algo->digest_size) != 0)
    {
      fprintf (stderr, "hash-variants: %s lanes %s, lane %u, %zu bytes\n",
               algo->name, digest_multi_variant (ms)->name, i, l->len);
      CHECK (!"multi-lane digest differs from portable");
    }
  l->rounds--;
  l->len = upto (rs, mlen);
  l->done = 0;
}

/* Hash prefixes of M in every lane of one set of the multi-lane
   variant now forced, as the file comment says.  */
static void
lanes_run (const struct digest_algo *algo, const uint8_t *m, size_t len,
           uint64_t *rs)
{
  struct digest_multi *ms = digest_multi_new (algo);
  CHECK (ms);
  unsigned int lanes = digest_multi_lanes (ms);
  struct lane_msg l[HASH_LANES_MAX];
  for (unsigned int i = 0; i < lanes; i++)
    l[i] = (struct lane_msg) { upto (rs, len), 0,
                               (int) upto (rs, ROUNDS_PER_LANE - 1) };
  for (;;)
    {
      const void *data[HASH_LANES_MAX];
      size_t n[HASH_LANES_MAX];
      bool busy = false;
      for (unsigned int i = 0; i < lanes; i++)
        {
          size_t left = l[i].rounds < 0 ? 0 : l[i].len - l[i].done;
          n[i] = upto (rs, left < 700 ? left : 700);
          data[i] = m + l[i].done;
          l[i].done += n[i];
          busy |= l[i].rounds >= 0;
        }
      if (!busy)
        break;
      digest_multi_update (ms, data, n);
      for (unsigned int i = 0; i < lanes; i++)
        lane_end (ms, i, &l[i], algo, m, len, rs);
    }
  digest_multi_free (ms);
}

/* Every multi-lane variant of FAMILY that this CPU can run.  */
static void
lane_variants (const struct digest_algo *algo, enum hash_family family,
               const uint8_t *m, size_t len, uint64_t *rs)
{
  size_t count;
  const struct hash_lanes_variant *v = hash_lanes_list (family, &count);
  for (size_t i = 0; i < count; i++)
    if (v[i].available ())
      {
        CHECK (hash_lanes_force (family, v[i].name) == 0);
        lanes_run (algo, m, len, rs);
      }
  hash_lanes_force (family, NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 9)
    return 0;
  const struct digest_algo *algo = FUZZ_ALGO (data[0]);
  uint64_t rs;
  memcpy (&rs, data + 1, sizeof rs);
  /* The message in its own exact allocation.  */
  size_t len = size - 9;
  uint8_t *m = malloc (len + 1);
  CHECK (m);
  memcpy (m, data + 9, len);

  enum hash_family family = hash_family_of_algo (algo->name);
  CHECK ((int) family >= 0);
  const char *was = hash_impl_current (family)->name;
  uint8_t ref[DIGEST_MAX_SIZE];
  CHECK (hash_impl_force (family, "portable") == 0);
  digest_whole (algo, m, len, ref);
  single_variants (algo, family, m, len, &rs, ref);
  CHECK (hash_impl_force (family, was) == 0);
  lane_variants (algo, family, m, len, &rs);
  free (m);
  return 0;
}
