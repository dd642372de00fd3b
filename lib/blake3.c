/* blake3.c -- BLAKE3: portable compression, and the chunk, tree and
   output glue over hash-impl.

   Written from the BLAKE3 paper (Aumasson, Neves, O'Connor,
   Wilcox-O'Hearn, 2020) and checked against the BLAKE3 team's test
   vectors (tests/unit/test-blake3.c).

   Update cuts the message into chunks.  The chunk that may be the
   last one stays in CTX->chunk, where its blocks are compressed one at
   a time, each held back until it is known not to be the chunk's last.
   Whole chunks that are known not to be the last are handed to the
   compression function (a variant from hash-impl) in subtrees of up
   to BLAKE3_MAX_SUBTREE chunks, whose chaining values are reduced
   level by level, each level's parents in one call, and pushed on the
   stack.  Final folds the stack into the chunk's output from the
   right: the root is the last node compressed, with the ROOT flag.  */

#include <config.h>

#include "blake3.h"

#include <string.h>

#include "blake-round.h"
#include "hash-impl.h"
#include "md-engine.h"

/* The BLAKE3 paper, 2.2: the same words as SHA-256's initial value.  */
const uint32_t blake3_iv[8] = {
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* The quarter-round G on the state words A, B, C and D with the
   message words X and Y (the BLAKE3 paper, 2.2): ChaCha's rotations,
   16, 12, 8 and 7.  */
#define G(a, b, c, d, x, y)                                             \
  do                                                                    \
    {                                                                   \
      a = a + b + (x);                                                  \
      d = md_ror32 (d ^ a, 16);                                         \
      c = c + d;                                                        \
      b = md_ror32 (b ^ c, 12);                                         \
      a = a + b + (y);                                                  \
      d = md_ror32 (d ^ a, 8);                                          \
      c = c + d;                                                        \
      b = md_ror32 (b ^ c, 7);                                          \
    }                                                                   \
  while (0)

/* Round R: G on the columns of the state v0 .. v15, then on its
   diagonals, with the message words M in round R's order.  R is a
   constant, so the indices are too.  */
#define ROUND(r) BLAKE_ROUND (G, m, blake3_schedule[r])

/* The BLAKE3 compression function; see blake3.h.  */
void
blake3_compress_portable (const uint32_t cv[8], const uint8_t *block,
                          uint8_t block_len, uint64_t counter,
                          uint8_t flags, uint32_t out[16])
{
  uint32_t m[16];
  for (int i = 0; i < 16; i++)
    m[i] = md_load32_le (block + 4 * i);

  uint32_t v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3];
  uint32_t v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
  uint32_t v8 = blake3_iv[0], v9 = blake3_iv[1];
  uint32_t v10 = blake3_iv[2], v11 = blake3_iv[3];
  uint32_t v12 = (uint32_t) counter, v13 = (uint32_t) (counter >> 32);
  uint32_t v14 = block_len, v15 = flags;

  ROUND (0); ROUND (1); ROUND (2); ROUND (3); ROUND (4); ROUND (5);
  ROUND (6);

  out[0] = v0 ^ v8;
  out[1] = v1 ^ v9;
  out[2] = v2 ^ v10;
  out[3] = v3 ^ v11;
  out[4] = v4 ^ v12;
  out[5] = v5 ^ v13;
  out[6] = v6 ^ v14;
  out[7] = v7 ^ v15;
  out[8] = v8 ^ cv[0];
  out[9] = v9 ^ cv[1];
  out[10] = v10 ^ cv[2];
  out[11] = v11 ^ cv[3];
  out[12] = v12 ^ cv[4];
  out[13] = v13 ^ cv[5];
  out[14] = v14 ^ cv[6];
  out[15] = v15 ^ cv[7];
}

/* Store the 8 words of CV at OUT, 32 bytes little-endian.  */
static void
store_cv (uint8_t *out, const uint32_t cv[8])
{
  for (int i = 0; i < 8; i++)
    md_store32_le (out + 4 * i, cv[i]);
}

/* Load the 8 words of a chaining value from the 32 bytes at P.  */
static void
load_cv (uint32_t cv[8], const uint8_t *p)
{
  for (int i = 0; i < 8; i++)
    cv[i] = md_load32_le (p + 4 * i);
}

/* Compress the NBLOCKS whole blocks at P into the chaining value CV,
   with COUNTER and FLAGS, FLAG_START added on the first block and
   FLAG_END on the last.  */
static void
compress_blocks (uint32_t cv[8], const uint8_t *p, size_t nblocks,
                 uint64_t counter, uint8_t flags, uint8_t flag_start,
                 uint8_t flag_end)
{
  uint32_t out[16];
  for (size_t b = 0; b < nblocks; b++, p += BLAKE3_BLOCK_LEN)
    {
      uint8_t f = flags;
      if (b == 0)
        f |= flag_start;
      if (b + 1 == nblocks)
        f |= flag_end;
      blake3_compress_portable (cv, p, BLAKE3_BLOCK_LEN, counter, f, out);
      memcpy (cv, out, 8 * sizeof *cv);
    }
}

/* The portable blake3_many_fn: one input after the other.  See
   blake3.h.  */
void
blake3_many_portable (const uint8_t *const inputs[], size_t n,
                      size_t nblocks, const uint32_t key[8],
                      const uint64_t *counters, uint8_t flags,
                      uint8_t flag_start, uint8_t flag_end, uint8_t *out)
{
  for (size_t i = 0; i < n; i++)
    {
      uint32_t cv[8];
      memcpy (cv, key, sizeof cv);
      compress_blocks (cv, inputs[i], nblocks, counters ? counters[i] : 0,
                       flags, flag_start, flag_end);
      store_cv (out + BLAKE3_OUT_LEN * i, cv);
    }
}

/* A node not yet compressed for the last time: its final block and
   what goes with it.  Compressed once, it gives a chaining value; as
   the root, with the ROOT flag and the output block's index for
   counter, any number of output bytes.  */
struct blake3_output
{
  uint32_t cv[8];
  uint8_t block[BLAKE3_BLOCK_LEN];
  uint8_t block_len;
  uint8_t flags;
  uint64_t counter;
};

/* Store at OUT the chaining value of the node O, not the root.  */
static void
output_cv (const struct blake3_output *o, uint8_t out[BLAKE3_OUT_LEN])
{
  uint32_t words[16];
  blake3_compress_portable (o->cv, o->block, o->block_len, o->counter,
                            o->flags, words);
  store_cv (out, words);
}

/* Store at OUT the LEN bytes of the root O's output that start at
   byte SEEK: the 64-byte output blocks SEEK / 64 and on.  */
static void
output_root (const struct blake3_output *o, uint64_t seek, uint8_t *out,
             size_t len)
{
  uint64_t counter = seek / BLAKE3_BLOCK_LEN;
  size_t skip = seek % BLAKE3_BLOCK_LEN;

  while (len)
    {
      uint32_t words[16];
      uint8_t bytes[BLAKE3_BLOCK_LEN];
      blake3_compress_portable (o->cv, o->block, o->block_len, counter++,
                                o->flags | BLAKE3_ROOT, words);
      for (int i = 0; i < 16; i++)
        md_store32_le (bytes + 4 * i, words[i]);
      size_t n = BLAKE3_BLOCK_LEN - skip < len ? BLAKE3_BLOCK_LEN - skip
                                               : len;
      memcpy (out, bytes + skip, n);
      out += n;
      len -= n;
      skip = 0;
    }
}

/* Start the chunk C, of index COUNTER, chained from KEY.  */
static void
chunk_reset (struct blake3_chunk *c, const uint32_t key[8],
             uint64_t counter)
{
  memcpy (c->cv, key, sizeof c->cv);
  c->counter = counter;
  c->fill = 0;
  c->blocks_done = 0;
}

/* Return how many bytes of its chunk C holds, 0 .. 1024.  */
static size_t
chunk_len (const struct blake3_chunk *c)
{
  return (size_t) c->blocks_done * BLAKE3_BLOCK_LEN + c->fill;
}

/* Return the CHUNK_START flag if C's next block is its first, else 0.  */
static uint8_t
chunk_start (const struct blake3_chunk *c)
{
  return c->blocks_done == 0 ? BLAKE3_CHUNK_START : 0;
}

/* Add the LEN bytes at P to the chunk C of a hash with the mode flags
   FLAGS; LEN is at most the room left in the chunk.  The last 1 to 64
   bytes stay in C->buf.  */
static void
chunk_update (struct blake3_chunk *c, uint8_t flags, const uint8_t *p,
              size_t len)
{
  while (len)
    {
      if (c->fill == BLAKE3_BLOCK_LEN)
        {
          compress_blocks (c->cv, c->buf, 1, c->counter, flags,
                           chunk_start (c), 0);
          c->blocks_done++;
          c->fill = 0;
        }
      if (c->fill == 0 && len > BLAKE3_BLOCK_LEN)
        {
          /* Compress in place all but the last 1 to 64 bytes.  */
          size_t nblocks = (len - 1) / BLAKE3_BLOCK_LEN;
          compress_blocks (c->cv, p, nblocks, c->counter, flags,
                           chunk_start (c), 0);
          c->blocks_done += nblocks;
          p += nblocks * BLAKE3_BLOCK_LEN;
          len -= nblocks * BLAKE3_BLOCK_LEN;
        }
      size_t take = BLAKE3_BLOCK_LEN - c->fill;
      if (take > len)
        take = len;
      memcpy (c->buf + c->fill, p, take);
      c->fill += take;
      p += take;
      len -= take;
    }
}

/* Store in O the last node of the chunk C of a hash with the mode
   flags FLAGS: its held-back block, padded with zeros.  */
static void
chunk_output (const struct blake3_chunk *c, uint8_t flags,
              struct blake3_output *o)
{
  memcpy (o->cv, c->cv, sizeof o->cv);
  memset (o->block, 0, sizeof o->block);
  memcpy (o->block, c->buf, c->fill);
  o->block_len = c->fill;
  o->flags = flags | chunk_start (c) | BLAKE3_CHUNK_END;
  o->counter = c->counter;
}

/* Store in O the parent node of the two chaining values at PAIR (64
   bytes: left, then right) in the hash CTX.  */
static void
parent_output (const struct blake3_ctx *ctx, const uint8_t *pair,
               struct blake3_output *o)
{
  memcpy (o->cv, ctx->key, sizeof o->cv);
  memcpy (o->block, pair, BLAKE3_BLOCK_LEN);
  o->block_len = BLAKE3_BLOCK_LEN;
  o->flags = ctx->flags | BLAKE3_PARENT;
  o->counter = 0;
}

/* Return the number of bits set in X.  */
static int
count_ones (uint64_t x)
{
  int n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

/* Merge the *LEN chaining values at STACK, of the hash CTX, down to
   KEEP values, pair by pair from the top.  None of the parents that
   it compresses may be the root.  */
static void
merge_values (const struct blake3_ctx *ctx, uint8_t *stack, size_t *len,
              size_t keep)
{
  while (*len > keep)
    {
      uint8_t *pair = stack + (*len - 2) * BLAKE3_OUT_LEN;
      uint8_t cv[BLAKE3_OUT_LEN];
      const uint8_t *inputs[1] = { pair };
      ctx->many (inputs, 1, 1, ctx->key, NULL, ctx->flags | BLAKE3_PARENT,
                 0, 0, cv);
      memcpy (pair, cv, BLAKE3_OUT_LEN);
      (*len)--;
    }
}

/* Merge the stack of CTX down to the subtrees that CHUNKS complete
   chunks make, one per bit set in CHUNKS, largest first.  Call it only
   when more input is known to follow those chunks: none of the
   parents it compresses can then be the root.  */
static void
merge_stack (struct blake3_ctx *ctx, uint64_t chunks)
{
  size_t len = ctx->stack_len;
  merge_values (ctx, ctx->stack, &len, count_ones (chunks));
  ctx->stack_len = len;
}

/* Push on the stack of CTX the chaining value CV of a subtree whose
   first chunk has the index COUNTER: the input goes on after it.  The
   stack then holds one value per bit set in COUNTER, plus CV.  The
   subtree ends before the message's last chunk, itself below 2^54, so
   COUNTER plus the subtree's width, a power of two that divides
   COUNTER, is below 2^54: COUNTER has at most 53 bits set, and the
   stack at most BLAKE3_MAX_DEPTH values.  */
static void
push_cv (struct blake3_ctx *ctx, const uint8_t cv[BLAKE3_OUT_LEN],
         uint64_t counter)
{
  merge_stack (ctx, counter);
  memcpy (ctx->stack + ctx->stack_len * BLAKE3_OUT_LEN, cv,
          BLAKE3_OUT_LEN);
  ctx->stack_len++;
}

/* Store at OUT the KEEP chaining values (1, or 2 if N > 1) of the
   top of the subtree of the N whole chunks at P (N a power of two,
   1 .. BLAKE3_MAX_SUBTREE), whose first chunk has the index COUNTER,
   in the hash CTX: with KEEP 1, the subtree's own value, with KEEP 2
   its halves'.  The chunks go in one call of the compression
   function, then each level of parents in one; but if CHUNK_CVS is
   not null, it holds the chunks' N chaining values already, computed
   by the caller.  */
static void
subtree_top (const struct blake3_ctx *ctx, const uint8_t *p, size_t n,
             uint64_t counter, size_t keep, const uint8_t *chunk_cvs,
             uint8_t *out)
{
  const uint8_t *inputs[BLAKE3_MAX_SUBTREE];
  uint8_t cvs[2][BLAKE3_MAX_SUBTREE * BLAKE3_OUT_LEN];
  int cur = 0;

  if (chunk_cvs)
    memcpy (cvs[cur], chunk_cvs, n * BLAKE3_OUT_LEN);
  else
    {
      uint64_t counters[BLAKE3_MAX_SUBTREE];
      /* N >= 1: the first input is set apart, for GCC's sake.  */
      inputs[0] = p;
      counters[0] = counter;
      for (size_t i = 1; i < n; i++)
        {
          inputs[i] = p + i * BLAKE3_CHUNK_LEN;
          counters[i] = counter + i;
        }
      ctx->many (inputs, n, BLAKE3_CHUNK_BLOCKS, ctx->key, counters,
                 ctx->flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, cvs[cur]);
    }
  for (; n > keep; n /= 2, cur ^= 1)
    {
      for (size_t i = 0; i < n / 2; i++)
        inputs[i] = cvs[cur] + i * 2 * BLAKE3_OUT_LEN;
      ctx->many (inputs, n / 2, 1, ctx->key, NULL,
                 ctx->flags | BLAKE3_PARENT, 0, 0, cvs[cur ^ 1]);
    }
  memcpy (out, cvs[cur], keep * BLAKE3_OUT_LEN);
}

/* Return the width, in chunks, of the subtree that update hashes next
   at chunk index COUNTER, with LEN bytes to go: the widest power of
   two up to BLAKE3_MAX_SUBTREE that divides COUNTER (a subtree of the
   tree) and whose chunks LEN covers.  LEN must be more than one
   chunk.  */
static size_t
subtree_width (uint64_t counter, size_t len)
{
  size_t n = BLAKE3_MAX_SUBTREE;
  while (n > 1 && (counter % n != 0 || n * BLAKE3_CHUNK_LEN > len))
    n /= 2;
  return n;
}

/* Start CTX on a message with the key words KEY and the mode FLAGS,
   compressing with the variant that hash-impl chose for BLAKE3.  */
static void
init_mode (struct blake3_ctx *ctx, const uint32_t key[8], uint8_t flags)
{
  memcpy (ctx->key, key, sizeof ctx->key);
  chunk_reset (&ctx->chunk, key, 0);
  ctx->flags = flags;
  ctx->stack_len = 0;
  ctx->many = hash_impl_current (HASH_BLAKE3)->blocks.blake3;
}

/* Start CTX on a new message, for the plain hash.  */
void
blake3_init (struct blake3_ctx *ctx)
{
  init_mode (ctx, blake3_iv, 0);
}

/* Start CTX on a new message, for the keyed hash (a MAC) with the
   32-byte KEY.  */
void
blake3_init_keyed (struct blake3_ctx *ctx, const uint8_t key[BLAKE3_KEY_LEN])
{
  uint32_t words[8];
  load_cv (words, key);
  init_mode (ctx, words, BLAKE3_KEYED_HASH);
}

/* Start CTX on new key material, for the key derived in the
   CONTEXT_LEN bytes at CONTEXT, the context string (which should be
   hard-coded, globally unique and application-specific).  */
void
blake3_init_derive_key (struct blake3_ctx *ctx, const void *context,
                        size_t context_len)
{
  uint8_t context_key[BLAKE3_KEY_LEN];
  uint32_t words[8];

  init_mode (ctx, blake3_iv, BLAKE3_DERIVE_KEY_CONTEXT);
  blake3_update (ctx, context, context_len);
  blake3_final (ctx, context_key, sizeof context_key);
  load_cv (words, context_key);
  init_mode (ctx, words, BLAKE3_DERIVE_KEY_MATERIAL);
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.
   The chunk that may be the last stays in CTX->chunk, with at least
   one byte, unless the input so far ends with a whole subtree of 2
   chunks or more hashed in one go: CTX->chunk is then empty, and the
   stack ends with that subtree's halves.  If CHUNK_CVS is not null,
   it holds the chaining values of the whole chunks that go in
   subtrees, in order (see blake3_update_chunks).  */
static void
update (struct blake3_ctx *ctx, const uint8_t *p, size_t len,
        const uint8_t *chunk_cvs)
{
  struct blake3_chunk *c = &ctx->chunk;

  while (len)
    {
      if (chunk_len (c) == BLAKE3_CHUNK_LEN)
        {
          /* More input follows this full chunk.  */
          struct blake3_output o;
          uint8_t cv[BLAKE3_OUT_LEN];
          chunk_output (c, ctx->flags, &o);
          output_cv (&o, cv);
          push_cv (ctx, cv, c->counter);
          chunk_reset (c, ctx->key, c->counter + 1);
        }
      if (chunk_len (c) == 0 && len > BLAKE3_CHUNK_LEN)
        {
          size_t n = subtree_width (c->counter, len);
          uint8_t cv[2 * BLAKE3_OUT_LEN];
          if (n * BLAKE3_CHUNK_LEN < len)
            {
              subtree_top (ctx, p, n, c->counter, 1, chunk_cvs, cv);
              push_cv (ctx, cv, c->counter);
            }
          else
            {
              /* The input ends with this subtree, of 2 chunks or more,
                 which may be the root: its halves go on the stack,
                 as two subtrees, and final makes their parent.  */
              subtree_top (ctx, p, n, c->counter, 2, chunk_cvs, cv);
              push_cv (ctx, cv, c->counter);
              push_cv (ctx, cv + BLAKE3_OUT_LEN, c->counter + n / 2);
            }
          chunk_reset (c, ctx->key, c->counter + n);
          p += n * BLAKE3_CHUNK_LEN;
          len -= n * BLAKE3_CHUNK_LEN;
          if (chunk_cvs)
            chunk_cvs += n * BLAKE3_OUT_LEN;
          continue;
        }
      /* The chunk's bytes follow the stack's subtrees: merge them.  */
      merge_stack (ctx, c->counter);
      size_t take = BLAKE3_CHUNK_LEN - chunk_len (c);
      if (take > len)
        take = len;
      chunk_update (c, ctx->flags, p, take);
      p += take;
      len -= take;
    }
}

/* Hash LEN bytes at DATA (any alignment; NULL if LEN is 0) into CTX.  */
void
blake3_update (struct blake3_ctx *ctx, const void *data, size_t len)
{
  update (ctx, data, len, NULL);
}

/* Return how many whole chunks blake3_update (CTX, DATA, LEN) would
   hand to the compression function in subtrees (0 if none): those at
   DATA + *OFFSET + 1024 K, K = 0 .. that - 1, whose indices are
   *COUNTER + K.  Its loop, without the hashing: the bytes that
   complete the chunk that CTX holds, if it has some but not all, then
   subtrees while more than a chunk is left.  */
size_t
blake3_update_chunks (const struct blake3_ctx *ctx, size_t len,
                      size_t *offset, uint64_t *counter)
{
  const struct blake3_chunk *c = &ctx->chunk;
  size_t have = chunk_len (c);
  size_t off = have == 0 || have == BLAKE3_CHUNK_LEN ? 0
               : BLAKE3_CHUNK_LEN - have;
  uint64_t first = c->counter + (have != 0);
  size_t n = 0;

  *offset = off;
  *counter = first;
  if (len <= off)
    return 0;
  for (size_t rest = len - off; rest > BLAKE3_CHUNK_LEN;)
    {
      size_t w = subtree_width (first + n, rest);
      n += w;
      rest -= w * BLAKE3_CHUNK_LEN;
    }
  return n;
}

/* Hash LEN bytes at DATA into CTX, as blake3_update, but with the
   chaining values of the N chunks that blake3_update_chunks (CTX, LEN)
   gives taken from the N * 32 bytes at CHUNK_CVS, in order, instead of
   compressed: the caller compressed them (blake3_many_fn, with CTX's
   key and mode flags, the chunk flags and their indices), maybe in one
   call with the chunks of other messages.  */
void
blake3_update_cvs (struct blake3_ctx *ctx, const void *data, size_t len,
                   const uint8_t *chunk_cvs)
{
  update (ctx, data, len, chunk_cvs);
}

/* Store at OUT the chaining value of the subtree of the N whole chunks
   at DATA (any alignment; N a power of two) whose first chunk has the
   index CHUNK_INDEX (a multiple of N), in a hash with the key and mode
   of CTX (see blake3.h): subtrees of up to BLAKE3_MAX_SUBTREE chunks,
   merged by a stack of their values as update's is, by the bits of
   their count.  CTX is not changed: threads may share it.  */
void
blake3_subtree_cv (const struct blake3_ctx *ctx, const void *data,
                   uint64_t chunk_index, uint64_t n,
                   uint8_t out[BLAKE3_OUT_LEN])
{
  const uint8_t *p = data;
  size_t w = n < BLAKE3_MAX_SUBTREE ? n : BLAKE3_MAX_SUBTREE;
  uint8_t stack[BLAKE3_MAX_DEPTH * BLAKE3_OUT_LEN];
  size_t depth = 0;

  /* N is at least 1: the first piece is always hashed, and STACK's
     first value set before it is read.  */
  uint64_t done = 0;
  do
    {
      subtree_top (ctx, p, w, chunk_index + done, 1, NULL,
                   stack + depth * BLAKE3_OUT_LEN);
      depth++;
      done += w;
      p += w * BLAKE3_CHUNK_LEN;
      /* One value per bit set in the count of pieces pushed.  */
      merge_values (ctx, stack, &depth, count_ones (done / w));
    }
  while (done < n);
  memcpy (out, stack, BLAKE3_OUT_LEN);
}

/* Add to CTX the subtree of N chunks (a power of two) whose chaining
   value CV blake3_subtree_cv gave, as if its chunks had been hashed
   by blake3_update: CTX must be at a chunk boundary whose chunk index
   is a multiple of N, and more input must follow.  */
void
blake3_push_subtree (struct blake3_ctx *ctx,
                     const uint8_t cv[BLAKE3_OUT_LEN], uint64_t n)
{
  struct blake3_chunk *c = &ctx->chunk;
  uint64_t counter = c->counter;

  if (chunk_len (c) == BLAKE3_CHUNK_LEN)
    {
      /* A full chunk held back: more input follows it.  */
      struct blake3_output o;
      uint8_t chunk_cv[BLAKE3_OUT_LEN];
      chunk_output (c, ctx->flags, &o);
      output_cv (&o, chunk_cv);
      push_cv (ctx, chunk_cv, counter);
      counter++;
    }
  push_cv (ctx, cv, counter);
  chunk_reset (c, ctx->key, counter + n);
}

/* Store at OUT the LEN output bytes of the message hashed so far in
   CTX that start at byte SEEK of its output (any LEN, any SEEK).  CTX
   is not changed: update may go on after it.  */
void
blake3_final_seek (const struct blake3_ctx *ctx, uint64_t seek,
                   uint8_t *out, size_t len)
{
  struct blake3_output o;
  uint8_t stack[BLAKE3_MAX_DEPTH * BLAKE3_OUT_LEN];
  size_t depth = ctx->stack_len;

  memcpy (stack, ctx->stack, depth * BLAKE3_OUT_LEN);
  if (chunk_len (&ctx->chunk) > 0 || depth == 0)
    chunk_output (&ctx->chunk, ctx->flags, &o);
  else
    {
      /* The input ends with the halves of a subtree (see
         blake3_update): merged down to one value per subtree of the
         message, but at least 2, the last two make the last node.  */
      size_t keep = count_ones (ctx->chunk.counter);
      merge_values (ctx, stack, &depth, keep < 2 ? 2 : keep);
      depth -= 2;
      parent_output (ctx, stack + depth * BLAKE3_OUT_LEN, &o);
    }
  /* The stack's values are those of the subtrees before the node O,
     largest first: the root's right child is the parent of all the
     others' right, and so on down.  */
  for (size_t i = depth; i > 0; i--)
    {
      uint8_t pair[2 * BLAKE3_OUT_LEN];
      memcpy (pair, stack + (i - 1) * BLAKE3_OUT_LEN, BLAKE3_OUT_LEN);
      output_cv (&o, pair + BLAKE3_OUT_LEN);
      parent_output (ctx, pair, &o);
    }
  output_root (&o, seek, out, len);
}

/* Store at OUT the first LEN output bytes of the message hashed so
   far in CTX; BLAKE3_OUT_LEN is the usual length.  */
void
blake3_final (const struct blake3_ctx *ctx, uint8_t *out, size_t len)
{
  blake3_final_seek (ctx, 0, out, len);
}
