/* digest-multi.c -- many messages hashed side by side, each streamed.

   Each lane's single-stream context is driven by the digest_algos
   row's own update and final; its compression function pointer is
   swapped, during updates, for a recorder that notes where the whole
   blocks are instead of hashing them.  md-engine hands the recorder
   at most a block completed in the context's buffer, which the next
   bytes will overwrite and so is copied, then the whole blocks of the
   data in place.  Once every lane's update has returned, the noted
   blocks are hashed in rounds (see digest-multi.h).  The blocks of a
   lane are hashed in the order md-engine gave them, before any later
   byte of that lane, so the state is what the single stream would
   have; the buffered tail stays in the context.

   BLAKE3 is hashed otherwise: its chunks are independent, and its
   single-stream core already compresses an update's whole chunks side
   by side, but a small file has few (4 KiB, 4 chunks: a quarter of
   AVX-512's 16).  Its set asks each lane's context which whole chunks
   its update will compress (blake3_update_chunks), compresses those of
   every lane in one call of hash-impl's core, each chunk with its own
   index, and then runs each lane's update with those chaining values
   (blake3_update_cvs); the parents stay each lane's.  */

#include <config.h>

#include "digest-multi.h"

#include <assert.h>
#include <errno.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "blake3.h"
#include "md-engine.h"

/* The recorder finds a lane from the state pointer that a context
   hands its compression function: the state must come first in every
   context, and the context first in a lane.  */
static_assert (offsetof (struct md4_ctx, state) == 0
               && offsetof (struct md5_ctx, state) == 0
               && offsetof (struct sha1_ctx, state) == 0
               && offsetof (struct sha256_ctx, state) == 0
               && offsetof (struct sha512_ctx, state) == 0,
               "a context does not begin with its state");

/* The blocks of a lane still to hash in this update: a run of whole
   blocks, in place or in HEAD.  At most two runs: a block completed in
   the context's buffer, then the data's own whole blocks.  */
enum { MAX_RUNS = 2 };

struct lane
{
  /* The single-stream context of the algorithm.  First, see above.  */
  alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  struct digest_multi *m;
  union hash_blocks single;        /* the context's own core */
  uint8_t head[MD_ENGINE_MAX_BLOCK];   /* a block from the buffer */
  const uint8_t *run_p[MAX_RUNS];  /* where each run's blocks are */
  size_t run_n[MAX_RUNS];          /* how many blocks each has left */
  unsigned int runs;               /* runs noted */
  unsigned int cur;                /* the first run with blocks left */
  struct blake3_ctx *b3;           /* BLAKE3's set: the context's core */
};

/* The most chunks of one lane's update that BLAKE3's set compresses
   with the other lanes'; a lane with more compresses its own, in
   subtrees wide enough to fill the vectors.  64: digest-pool's pieces
   of 64 KiB.  */
enum { B3_LANE_CHUNKS = 64 };

/* BLAKE3's set: the chunks of one update of every lane, and their
   chaining values.  */
struct b3_gather
{
  const uint8_t *inputs[HASH_LANES_MAX * B3_LANE_CHUNKS];
  uint64_t counters[HASH_LANES_MAX * B3_LANE_CHUNKS];
  uint8_t cvs[HASH_LANES_MAX * B3_LANE_CHUNKS * BLAKE3_OUT_LEN];
};

/* The states that lanes with no blocks in a round hash into.  */
union scratch_state
{
  uint32_t w32[16];
  uint64_t w64[8];
};

struct digest_multi
{
  const struct digest_algo *algo;
  enum hash_family family;
  const struct hash_lanes_variant *variant;
  size_t block_size;
  struct lane lane[HASH_LANES_MAX];
  union scratch_state scratch[HASH_LANES_MAX];
  struct b3_gather *b3;            /* BLAKE3's set, else null */
};

/* Set the compression function of CTX, a context of FAMILY's single
   stream, to B, and return the one it had.  */
static union hash_blocks
swap_blocks (enum hash_family family, void *ctx, union hash_blocks b)
{
  union hash_blocks old = b;
  switch (family)
    {
    case HASH_MD4:
      old.md4 = ((struct md4_ctx *) ctx)->blocks;
      ((struct md4_ctx *) ctx)->blocks = b.md4;
      break;
    case HASH_MD5:
      old.md5 = ((struct md5_ctx *) ctx)->blocks;
      ((struct md5_ctx *) ctx)->blocks = b.md5;
      break;
    case HASH_SHA1:
      old.sha1 = ((struct sha1_ctx *) ctx)->blocks;
      ((struct sha1_ctx *) ctx)->blocks = b.sha1;
      break;
    case HASH_SHA256:
      old.sha256 = ((struct sha256_ctx *) ctx)->blocks;
      ((struct sha256_ctx *) ctx)->blocks = b.sha256;
      break;
    case HASH_SHA512:
      old.sha512 = ((struct sha512_ctx *) ctx)->blocks;
      ((struct sha512_ctx *) ctx)->blocks = b.sha512;
      break;
    default:
      /* digest_multi_new admits no other family.  */
      break;
    }
  return old;
}

/* Hash the N whole blocks at P into the state of lane L with its
   single-stream core.  */
static void
lane_single (struct lane *l, const uint8_t *p, size_t n)
{
  switch (l->m->family)
    {
    case HASH_MD4: l->single.md4 ((uint32_t *) l->ctx, p, n); break;
    case HASH_MD5: l->single.md5 ((uint32_t *) l->ctx, p, n); break;
    case HASH_SHA1: l->single.sha1 ((uint32_t *) l->ctx, p, n); break;
    case HASH_SHA256: l->single.sha256 ((uint32_t *) l->ctx, p, n); break;
    case HASH_SHA512: l->single.sha512 ((uint64_t *) l->ctx, p, n); break;
    default: break;   /* digest_multi_new admits no other family.  */
    }
}

/* Hash the blocks of lane L still to hash with its single-stream core,
   and forget them.  */
static void
lane_drain (struct lane *l)
{
  for (; l->cur < l->runs; l->cur++)
    lane_single (l, l->run_p[l->cur], l->run_n[l->cur]);
  l->runs = l->cur = 0;
}

/* Note that lane L has N whole blocks at P to hash next.  If P is in
   L's context (its buffer, which the next bytes overwrite), copy the
   block to L->head first.  */
static void
lane_record (struct lane *l, const uint8_t *p, size_t n)
{
  size_t bs = l->m->block_size;
  bool in_ctx = (uintptr_t) p - (uintptr_t) l->ctx < sizeof l->ctx;

  /* md-engine gives at most a buffered block, then blocks in place;
     should it ever give more, hash what is noted first, in order.  */
  if (l->runs == MAX_RUNS || (in_ctx && l->runs != 0))
    lane_drain (l);
  if (in_ctx)
    {
      memcpy (l->head, p, n * bs);   /* N is 1: the buffer's block */
      p = l->head;
    }
  l->run_p[l->runs] = p;
  l->run_n[l->runs] = n;
  l->runs++;
}

/* The recorders, in the type of each word size's compression
   functions: STATE is the start of a lane (see struct lane).  */
static void
record32 (uint32_t *state, const uint8_t *p, size_t n)
{
  lane_record ((struct lane *) (void *) state, p, n);
}

static void
record64 (uint64_t *state, const uint8_t *p, size_t n)
{
  lane_record ((struct lane *) (void *) state, p, n);
}

/* Return the recorder for the contexts of FAMILY.  */
static union hash_blocks
recorder (enum hash_family family)
{
  union hash_blocks r;
  if (hash_lanes_wide (family))
    r.sha512 = record64;
  else
    r.md5 = record32;
  return r;
}

/* Return the number of lanes of M with blocks to hash, skipping the
   runs they have used up; store in *MIN the fewest blocks any of them
   has in its current run, and in *ANY one such run's blocks.  */
static unsigned int
busy_lanes (struct digest_multi *m, size_t *min, const uint8_t **any)
{
  unsigned int busy = 0;
  *min = SIZE_MAX;
  for (unsigned int i = 0; i < m->variant->lanes; i++)
    {
      struct lane *l = &m->lane[i];
      while (l->cur < l->runs && l->run_n[l->cur] == 0)
        l->cur++;
      if (l->cur < l->runs)
        {
          busy++;
          if (l->run_n[l->cur] < *min)
            *min = l->run_n[l->cur];
          *any = l->run_p[l->cur];
        }
    }
  return busy;
}

/* Hash N blocks of every lane of M that has blocks in its current run
   (at least N) with the multi-lane core; the other lanes hash the N
   blocks at ANY into their scratch states.  */
static void
lanes_round (struct digest_multi *m, size_t n, const uint8_t *any)
{
  const uint8_t *p[HASH_LANES_MAX];
  uint32_t *s32[HASH_LANES_MAX];
  uint64_t *s64[HASH_LANES_MAX];
  bool wide = hash_lanes_wide (m->family);

  for (unsigned int i = 0; i < m->variant->lanes; i++)
    {
      struct lane *l = &m->lane[i];
      bool busy = l->cur < l->runs;
      p[i] = busy ? l->run_p[l->cur] : any;
      s32[i] = busy ? (uint32_t *) l->ctx : m->scratch[i].w32;
      s64[i] = busy ? (uint64_t *) l->ctx : m->scratch[i].w64;
      if (busy)
        {
          l->run_p[l->cur] += n * m->block_size;
          l->run_n[l->cur] -= n;
        }
    }
  if (wide)
    m->variant->blocks.w64 (s64, p, n);
  else
    m->variant->blocks.w32 (s32, p, n);
}

/* Hash every block that the lanes of M have noted, in rounds of the
   multi-lane core while enough lanes have blocks, then one lane after
   the other.  */
static void
hash_noted (struct digest_multi *m)
{
  size_t n;
  const uint8_t *any = NULL;
  unsigned int busy;

  while ((busy = busy_lanes (m, &n, &any)) != 0)
    {
      if (busy < m->variant->min_busy)
        break;
      lanes_round (m, n, any);
    }
  for (unsigned int i = 0; i < m->variant->lanes; i++)
    lane_drain (&m->lane[i]);
}

/* Append to the message of each lane I of M, a BLAKE3 set, the LEN[I]
   bytes at DATA[I]: the whole chunks that the lanes' updates would
   compress, in one call of the core of lane 0's context (every lane's
   context has the same key, mode and core, those of M's algorithm),
   then each lane's update with their chaining values.  */
static void
b3_update (struct digest_multi *m, const void *const data[],
           const size_t len[])
{
  struct b3_gather *g = m->b3;
  size_t first[HASH_LANES_MAX] = { 0 }, count[HASH_LANES_MAX] = { 0 };
  size_t total = 0;

  for (unsigned int i = 0; i < m->variant->lanes; i++)
    {
      size_t off;
      uint64_t counter;
      first[i] = total;
      count[i] = (len[i] == 0 ? 0
                  : blake3_update_chunks (m->lane[i].b3, len[i], &off,
                                          &counter));
      if (count[i] > B3_LANE_CHUNKS)
        count[i] = 0;
      for (size_t k = 0; k < count[i]; k++, total++)
        {
          g->inputs[total] = ((const uint8_t *) data[i] + off
                              + k * BLAKE3_CHUNK_LEN);
          g->counters[total] = counter + k;
        }
    }
  if (total)
    {
      const struct blake3_ctx *c = m->lane[0].b3;
      c->many (g->inputs, total, BLAKE3_CHUNK_BLOCKS, c->key, g->counters,
               c->flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, g->cvs);
    }
  for (unsigned int i = 0; i < m->variant->lanes; i++)
    if (count[i])
      blake3_update_cvs (m->lane[i].b3, data[i], len[i],
                         g->cvs + first[i] * BLAKE3_OUT_LEN);
    else if (len[i])
      blake3_update (m->lane[i].b3, data[i], len[i]);
}

/* The serial sets' pseudo-variant (see digest-multi.h): any CPU runs
   it.  */
static bool
serial_available (void)
{
  return true;
}

const struct hash_lanes_variant digest_multi_serial
  = { "serial", serial_available, 1, 1, { NULL } };

/* Whether M is a serial set: each lane hashed by the row's update.  */
static bool
is_serial (struct digest_multi const *m)
{
  return m->variant == &digest_multi_serial;
}

/* Whether the lanes of M hand their blocks to the recorder: neither a
   serial set nor BLAKE3's.  */
static bool
records (struct digest_multi const *m)
{
  return !is_serial (m) && !m->b3;
}

/* Return the multi-lane variant that hash-lanes chose for ALGO's
   family, if digest_multi_new can drive it for ALGO; else NULL.  */
static const struct hash_lanes_variant *
lanes_for (const struct digest_algo *algo)
{
  int family = hash_family_of_algo (algo->name);
  const struct hash_lanes_variant *v
    = family < 0 ? NULL : hash_lanes_current (family);

  if (!v || algo->block_size > MD_ENGINE_MAX_BLOCK
      || algo->ctx_size > DIGEST_MAX_CTX || v->lanes > HASH_LANES_MAX)
    return NULL;
  return v;
}

/* Return a new set of messages of ALGO hashed by V, every lane
   started on an empty message; or NULL with errno set to ENOMEM.  The
   single-stream core of each lane is the one hash-impl gives when the
   lane starts.  */
static struct digest_multi *
multi_alloc (const struct digest_algo *algo,
             const struct hash_lanes_variant *v)
{
  struct digest_multi *m = malloc (sizeof *m);
  if (!m)
    return NULL;
  m->algo = algo;
  m->family = hash_family_of_algo (algo->name);
  m->variant = v;
  m->block_size = algo->block_size;
  m->b3 = NULL;
  if (m->family == HASH_BLAKE3 && v != &digest_multi_serial
      && !(m->b3 = malloc (sizeof *m->b3)))
    {
      free (m);
      return NULL;
    }
  for (unsigned int i = 0; i < v->lanes; i++)
    {
      m->lane[i].m = m;
      digest_multi_start (m, i);
    }
  return m;
}

/* Return a new set of messages of ALGO, one per lane of the multi-lane
   variant that hash-lanes chose for ALGO's family, every lane started
   on an empty message.  Return NULL with errno set to ENOTSUP if
   ALGO's family has no multi-lane variant that this CPU can run (or
   "none" was forced), or ENOMEM.  */
struct digest_multi *
digest_multi_new (const struct digest_algo *algo)
{
  const struct hash_lanes_variant *v = lanes_for (algo);
  if (!v)
    {
      errno = ENOTSUP;
      return NULL;
    }
  return multi_alloc (algo, v);
}

/* Return the variant that digest_multi_new_any gives ALGO: the
   multi-lane one of digest_multi_new, else digest_multi_serial.  */
const struct hash_lanes_variant *
digest_multi_choice (const struct digest_algo *algo)
{
  const struct hash_lanes_variant *v = lanes_for (algo);
  return v ? v : &digest_multi_serial;
}

/* Return a new set of messages of ALGO, any digest_algos row or a copy
   of one: as digest_multi_new, or where that has no variant, a serial
   set.  Return NULL with errno set to ENOMEM.  */
struct digest_multi *
digest_multi_new_any (const struct digest_algo *algo)
{
  return multi_alloc (algo, digest_multi_choice (algo));
}

/* Return the number of lanes of M: messages 0 .. that - 1.  */
unsigned int
digest_multi_lanes (struct digest_multi const *m)
{
  return m->variant->lanes;
}

/* Return the multi-lane variant that M uses (for --debug).  */
const struct hash_lanes_variant *
digest_multi_variant (struct digest_multi const *m)
{
  return m->variant;
}

/* Start lane LANE of M on a new, empty message, dropping what it had
   of another.  */
void
digest_multi_start (struct digest_multi *m, unsigned int lane)
{
  struct lane *l = &m->lane[lane];
  if (m->b3)
    {
      uint64_t seek;
      l->b3 = digest_blake3_start (m->algo, l->ctx, &seek);
    }
  else
    digest_init (m->algo, l->ctx);
  if (records (m))
    l->single = swap_blocks (m->family, l->ctx, recorder (m->family));
  l->runs = l->cur = 0;
}

/* Append to the message of each lane I of M the LEN[I] bytes at
   DATA[I] (any alignment; nothing if LEN[I] is 0, and then DATA[I] may
   be NULL).  DATA and LEN have one element per lane.  The bytes may
   be reused as soon as this returns.  */
void
digest_multi_update (struct digest_multi *m, const void *const data[],
                     const size_t len[])
{
  if (m->b3)
    {
      b3_update (m, data, len);
      return;
    }
  for (unsigned int i = 0; i < m->variant->lanes; i++)
    if (len[i] != 0)
      m->algo->update (m->lane[i].ctx, data[i], len[i]);
  if (!is_serial (m))
    hash_noted (m);
}

/* Finish the message of lane LANE of M: store its digest, of the
   algorithm's digest_size, at DIGEST; then start the lane on a new,
   empty message.  */
void
digest_multi_finish (struct digest_multi *m, unsigned int lane,
                     uint8_t *digest)
{
  struct lane *l = &m->lane[lane];
  if (records (m))
    swap_blocks (m->family, l->ctx, l->single);
  m->algo->final (l->ctx, digest);
  digest_multi_start (m, lane);
}

/* Free M and everything it holds.  M may be NULL.  */
void
digest_multi_free (struct digest_multi *m)
{
  if (m)
    free (m->b3);
  free (m);
}
