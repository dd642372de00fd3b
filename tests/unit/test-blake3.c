/* test-blake3.c -- the BLAKE3 core against the BLAKE3 team's vectors.

   For every variant of the BLAKE3 family that this CPU can run, and
   each vector (blake3-vectors.h) in each mode (hash, keyed hash,
   derive key): the 131 bytes of extended output, the usual 32 bytes,
   and every tail of the 131 bytes read from its own seek offset; each
   with the message fed in one call, a byte at a time, and in random
   pieces (around the block and chunk sizes, and large).  Then, on
   random messages of lengths around every chunk boundary up to 72
   chunks, the same equalities of update splits with no vector: a
   one-call digest is the reference, and so it is for the same messages
   and those of the other lengths up to MAX_LEN hashed partly through
   subtrees (blake3_subtree_cv, blake3_push_subtree) cut at random,
   and a few of about 1 MiB, through subtrees of up to 512 chunks.
   Also: final leaves the context
   as it was, so that update may go on.  The random data come from a
   fixed seed that BLAKE3_SEED overrides.  Exits 1 on a failure, 99 on
   a bad seed, 0 otherwise.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blake3.h"
#include "blake3-vectors.h"
#include "hash-impl.h"
#include "unit-rnd.h"

enum
{
  MAX_LEN = 102400,           /* the longest vector's message */
  SPLITS = 4,                 /* random splits per message */
  BOUNDARY_CHUNKS = 72,       /* lengths k * 1024 + -1, 0, 1 up to k */
  /* Messages hashed through subtrees wider than BLAKE3_MAX_SUBTREE.  */
  BIG_LEN = (1 << 20) + 4096
};

#define DEFAULT_SEED UINT64_C (20261205)

enum mode { MODE_HASH, MODE_KEYED, MODE_DERIVE };
static const char *const mode_names[] = { "hash", "keyed", "derive" };

static int failures;
static uint64_t rng;

/* Start CTX in MODE with the vectors' key or context.  */
static void
start (struct blake3_ctx *ctx, enum mode mode)
{
  switch (mode)
    {
    case MODE_HASH:
      blake3_init (ctx);
      break;
    case MODE_KEYED:
      blake3_init_keyed (ctx, (const uint8_t *) BLAKE3_TEST_KEY);
      break;
    case MODE_DERIVE:
      blake3_init_derive_key (ctx, BLAKE3_TEST_CONTEXT,
                              strlen (BLAKE3_TEST_CONTEXT));
      break;
    }
}

/* Return a random piece size from RNG: mostly around the block and
   chunk sizes, where the buffering is most likely to go wrong.  */
static size_t
piece_size (void)
{
  static const size_t sizes[] = {
    0, 1, 63, 64, 65, 127, 128, 1023, 1024, 1025, 2047, 2048, 4096, 33792
  };
  size_t n = sizeof sizes / sizeof sizes[0];
  size_t i = rnd_upto (&rng, n + 1);
  return i < n ? sizes[i] : rnd_upto (&rng, 3 * BLAKE3_CHUNK_LEN);
}

/* Hash the LEN bytes at MSG in MODE into CTX: in one call if SPLIT is
   0, a byte at a time if it is 1, else in random pieces.  */
static void
feed (struct blake3_ctx *ctx, enum mode mode, const uint8_t *msg,
      size_t len, int split)
{
  start (ctx, mode);
  if (split == 0)
    blake3_update (ctx, msg, len);
  else if (split == 1)
    for (size_t i = 0; i < len; i++)
      blake3_update (ctx, msg + i, 1);
  else
    for (size_t done = 0; done < len;)
      {
        size_t n = piece_size ();
        if (n > len - done)
          n = len - done;
        blake3_update (ctx, msg + done, n);
        done += n;
      }
}

/* Return the hex digit string of the N bytes at P in HEX.  */
static char *
to_hex (const uint8_t *p, size_t n, char *hex)
{
  for (size_t i = 0; i < n; i++)
    sprintf (hex + 2 * i, "%02x", p[i]);
  return hex;
}

/* Check the output of CTX against the hex string WANT of
   BLAKE3_TEST_XOF_LEN bytes: in full, its first 32 bytes, and every
   tail from its own seek offset.  WHAT names the case.  */
static void
check_output (const struct blake3_ctx *ctx, const char *want,
              const char *what)
{
  uint8_t out[BLAKE3_TEST_XOF_LEN];
  char hex[2 * BLAKE3_TEST_XOF_LEN + 1];

  blake3_final (ctx, out, BLAKE3_TEST_XOF_LEN);
  if (strcmp (to_hex (out, BLAKE3_TEST_XOF_LEN, hex), want) != 0)
    {
      printf ("FAIL %s\n  expected %s\n  got      %s\n", what, want, hex);
      failures++;
      return;
    }
  blake3_final (ctx, out, BLAKE3_OUT_LEN);
  if (strncmp (to_hex (out, BLAKE3_OUT_LEN, hex), want,
               2 * BLAKE3_OUT_LEN) != 0)
    {
      printf ("FAIL %s, 32 bytes\n  got %s\n", what, hex);
      failures++;
    }
  for (size_t seek = 1; seek < BLAKE3_TEST_XOF_LEN; seek++)
    {
      size_t n = BLAKE3_TEST_XOF_LEN - seek;
      blake3_final_seek (ctx, seek, out, n);
      if (strcmp (to_hex (out, n, hex), want + 2 * seek) != 0)
        {
          printf ("FAIL %s, seek %zu\n  got %s\n", what, seek, hex);
          failures++;
          return;
        }
    }
}

/* Check every vector in every mode and split with the variant V.  */
static void
check_vectors (const char *v, const uint8_t *msg)
{
  size_t nvec = sizeof blake3_vectors / sizeof blake3_vectors[0];
  for (size_t i = 0; i < nvec; i++)
    for (int mode = MODE_HASH; mode <= MODE_DERIVE; mode++)
      for (int split = 0; split < 2 + SPLITS; split++)
        {
          const struct blake3_vector *t = &blake3_vectors[i];
          const char *want = (mode == MODE_HASH ? t->hash
                              : mode == MODE_KEYED ? t->keyed : t->derive);
          char what[128];
          struct blake3_ctx ctx;
          snprintf (what, sizeof what, "blake3/%s %s, length %zu, %s", v,
                    mode_names[mode], t->len,
                    split == 0 ? "one call"
                    : split == 1 ? "a byte at a time" : "random pieces");
          feed (&ctx, mode, msg, t->len, split);
          check_output (&ctx, want, what);
        }
}

enum { REF_LEN = 100 };        /* output bytes compared, no vector */

/* Store at REF the first REF_LEN output bytes of the LEN bytes at MSG
   hashed in MODE in one call.  */
static void
one_call_output (const uint8_t *msg, size_t len, enum mode mode,
                 uint8_t ref[REF_LEN])
{
  struct blake3_ctx ctx;
  feed (&ctx, mode, msg, len, 0);
  blake3_final (&ctx, ref, REF_LEN);
}

/* Check that the LEN random bytes at MSG give the same REF_LEN output
   bytes in MODE whatever the split, and when final is called midway,
   with the variant V.  */
static void
check_splits (const char *v, const uint8_t *msg, size_t len,
              enum mode mode)
{
  enum { N = REF_LEN };
  struct blake3_ctx ctx;
  uint8_t ref[N], out[N];

  one_call_output (msg, len, mode, ref);
  for (int split = 1; split < 2 + SPLITS; split++)
    {
      feed (&ctx, mode, msg, len, split);
      blake3_final (&ctx, out, N);
      if (memcmp (out, ref, N) != 0)
        {
          printf ("FAIL blake3/%s %s, random length %zu: split %d differs"
                  "\n", v, mode_names[mode], len, split);
          failures++;
        }
    }
  size_t half = rnd_upto (&rng, len);
  start (&ctx, mode);
  blake3_update (&ctx, msg, half);
  blake3_final (&ctx, out, N);
  blake3_update (&ctx, msg + half, len - half);
  blake3_final (&ctx, out, N);
  if (memcmp (out, ref, N) != 0)
    {
      printf ("FAIL blake3/%s %s, length %zu: final at %zu changed the"
              " context\n", v, mode_names[mode], len, half);
      failures++;
    }
}

/* Check that hashing the LEN bytes at MSG in MODE with the variant V
   through subtrees (blake3_subtree_cv, blake3_push_subtree) of random
   widths, with blake3_update on random whole subtrees between them and
   on the rest after them, gives the output of one blake3_update.  */
static void
check_subtrees (const char *v, const uint8_t *msg, size_t len,
                enum mode mode)
{
  struct blake3_ctx ctx;
  uint8_t ref[REF_LEN], out[REF_LEN];
  /* The chunks before the one that holds the last byte.  */
  uint64_t total = len ? (len - 1) / BLAKE3_CHUNK_LEN : 0, chunk = 0;

  one_call_output (msg, len, mode, ref);
  start (&ctx, mode);
  while (chunk < total)
    {
      uint64_t w = 1;
      while (chunk % (2 * w) == 0 && chunk + 2 * w <= total
             && rnd_upto (&rng, 4) != 0)
        w *= 2;
      const uint8_t *p = msg + chunk * BLAKE3_CHUNK_LEN;
      if (rnd_upto (&rng, 3) == 0)
        blake3_update (&ctx, p, w * BLAKE3_CHUNK_LEN);
      else
        {
          uint8_t cv[BLAKE3_OUT_LEN];
          blake3_subtree_cv (&ctx, p, chunk, w, cv);
          blake3_push_subtree (&ctx, cv, w);
        }
      chunk += w;
    }
  blake3_update (&ctx, msg + chunk * BLAKE3_CHUNK_LEN,
                 len - chunk * BLAKE3_CHUNK_LEN);
  blake3_final (&ctx, out, REF_LEN);
  if (memcmp (out, ref, REF_LEN) != 0)
    {
      printf ("FAIL blake3/%s %s, length %zu: subtrees differ\n", v,
              mode_names[mode], len);
      failures++;
    }
}

/* Run every check with the variant V, now forced.  */
static void
check_variant (const char *v, const uint8_t *vector_msg,
               const uint8_t *random_msg)
{
  int before = failures;
  check_vectors (v, vector_msg);
  for (size_t k = 0; k <= BOUNDARY_CHUNKS; k++)
    for (int d = -1; d <= 1; d++)
      if (k * BLAKE3_CHUNK_LEN + d <= MAX_LEN && (k > 0 || d >= 0))
        {
          size_t len = k * BLAKE3_CHUNK_LEN + d;
          enum mode mode = (enum mode) ((k + d + 1) % 3);
          check_splits (v, random_msg, len, mode);
          check_subtrees (v, random_msg, len, mode);
          check_subtrees (v, random_msg, MAX_LEN - len, mode);
        }
  for (int i = 0; i < 6; i++)
    check_subtrees (v, random_msg, BIG_LEN - rnd_upto (&rng, 8192),
                    (enum mode) (i % 3));
  printf ("blake3/%s: %s\n", v, failures == before ? "ok" : "FAILED");
}

int
main (void)
{
  static uint8_t vector_msg[MAX_LEN], random_msg[BIG_LEN];
  uint64_t seed = test_seed ("BLAKE3_SEED", DEFAULT_SEED);
  size_t count;

  printf ("seed %" PRIu64 " (set BLAKE3_SEED to change it)\n", seed);
  rng = seed;
  for (size_t i = 0; i < MAX_LEN; i++)
    vector_msg[i] = (uint8_t) (i % 251);
  rnd_fill (&rng, random_msg, BIG_LEN);

  const struct hash_variant *v = hash_impl_list (HASH_BLAKE3, &count);
  for (size_t i = 0; i < count; i++)
    if (!v[i].available ())
      printf ("SKIP blake3/%s: not supported by this CPU\n", v[i].name);
    else if (hash_impl_force (HASH_BLAKE3, v[i].name) != 0)
      {
        printf ("FAIL blake3/%s: cannot force it\n", v[i].name);
        failures++;
      }
    else
      check_variant (v[i].name, vector_msg, random_msg);
  hash_impl_force (HASH_BLAKE3, NULL);
  printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
