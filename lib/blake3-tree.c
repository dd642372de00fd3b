/* blake3-tree.c -- pieces of one BLAKE3 tree hashed apart and joined
   (see blake3-tree.h).  The compression is the variant behind
   hash-impl (whole chunks and parents, side by side) and the portable
   compression for a chunk's last, partial block and the root.  */

#include "blake3-tree.h"

#include <string.h>

/* The 32-bit little-endian word at P.  */
static uint32_t
load32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

/* Store the N words W at P, little-endian.  */
static void
store_words (uint8_t *p, const uint32_t *w, size_t n)
{
  for (size_t i = 0; i < n; i++)
    for (int b = 0; b < 4; b++)
      p[4 * i + b] = (uint8_t) (w[i] >> (8 * b));
}

/* See blake3-tree.h.  */
void
blake3_tree_start (struct blake3_tree *t, const struct blake3_ctx *ctx)
{
  memcpy (t->key, ctx->key, sizeof t->key);
  t->flags = ctx->flags;
  t->many = ctx->many;
}

/* See blake3-tree.h.  */
uint64_t
blake3_tree_left_len (uint64_t len)
{
  uint64_t chunks = (len - 1) / BLAKE3_CHUNK_LEN;
  uint64_t p = 1;
  while (p <= chunks / 2)
    p *= 2;
  return p * BLAKE3_CHUNK_LEN;
}

/* The chaining value of the chunk of index COUNTER, its LEN bytes
   (1 to 1024) at P, into CV: the blocks before its last through the
   variant, the last (whole or partial) through the portable
   compression, with CHUNK_END.  */
static void
chunk_cv (const struct blake3_tree *t, const uint8_t *p, size_t len,
          uint64_t counter, uint8_t cv[BLAKE3_OUT_LEN])
{
  size_t before = (len - 1) / BLAKE3_BLOCK_LEN;
  uint32_t words[8], out16[16];
  uint8_t block[BLAKE3_BLOCK_LEN] = { 0 };
  memcpy (words, t->key, sizeof t->key);
  if (before)
    {
      uint8_t out[BLAKE3_OUT_LEN];
      t->many (&p, 1, before, t->key, counter, false, t->flags,
               BLAKE3_CHUNK_START, 0, out);
      for (int i = 0; i < 8; i++)
        words[i] = load32 (out + 4 * i);
    }
  size_t last = len - before * BLAKE3_BLOCK_LEN;
  memcpy (block, p + before * BLAKE3_BLOCK_LEN, last);
  blake3_compress_portable (words, block, (uint8_t) last, counter,
                            (t->flags | BLAKE3_CHUNK_END
                             | (before ? 0 : BLAKE3_CHUNK_START)), out16);
  store_words (cv, out16, 8);
}

/* The chaining value of N whole chunks at P (N a power of two, at
   most BLAKE3_MAX_SUBTREE), the first of index COUNTER: the chunks
   side by side, then their parents level by level.  */
static void
batch_cv (const struct blake3_tree *t, const uint8_t *p, size_t n,
          uint64_t counter, uint8_t cv[BLAKE3_OUT_LEN])
{
  const uint8_t *inputs[BLAKE3_MAX_SUBTREE] = { NULL };
  uint8_t cvs[2][BLAKE3_MAX_SUBTREE * BLAKE3_OUT_LEN];
  int cur = 0;
  for (size_t i = 0; i < n; i++)
    inputs[i] = p + i * BLAKE3_CHUNK_LEN;
  t->many (inputs, n, BLAKE3_CHUNK_BLOCKS, t->key, counter, true, t->flags,
           BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, cvs[cur]);
  for (; n > 1; n /= 2, cur ^= 1)
    {
      for (size_t i = 0; i < n / 2; i++)
        inputs[i] = cvs[cur] + i * 2 * BLAKE3_OUT_LEN;
      t->many (inputs, n / 2, 1, t->key, 0, false,
               t->flags | BLAKE3_PARENT, 0, 0, cvs[cur ^ 1]);
    }
  memcpy (cv, cvs[cur], BLAKE3_OUT_LEN);
}

/* See blake3-tree.h.  */
void
blake3_tree_parent (const struct blake3_tree *t,
                    const uint8_t left[BLAKE3_OUT_LEN],
                    const uint8_t right[BLAKE3_OUT_LEN],
                    uint8_t cv[BLAKE3_OUT_LEN])
{
  uint8_t block[BLAKE3_BLOCK_LEN];
  const uint8_t *input = block;
  memcpy (block, left, BLAKE3_OUT_LEN);
  memcpy (block + BLAKE3_OUT_LEN, right, BLAKE3_OUT_LEN);
  t->many (&input, 1, 1, t->key, 0, false, t->flags | BLAKE3_PARENT, 0, 0,
           cv);
}

/* See blake3-tree.h.  The recursion halves LEN at each level: at most
   54 deep.  */
void
blake3_tree_cv (const struct blake3_tree *t, const uint8_t *p, uint64_t len,
                uint64_t counter, uint8_t cv[BLAKE3_OUT_LEN])
{
  uint64_t chunks = len / BLAKE3_CHUNK_LEN;
  if (len <= BLAKE3_CHUNK_LEN)
    {
      chunk_cv (t, p, len, counter, cv);
      return;
    }
  if (len % BLAKE3_CHUNK_LEN == 0 && chunks <= BLAKE3_MAX_SUBTREE
      && (chunks & (chunks - 1)) == 0)
    {
      batch_cv (t, p, chunks, counter, cv);
      return;
    }
  uint8_t left[BLAKE3_OUT_LEN], right[BLAKE3_OUT_LEN];
  uint64_t l = blake3_tree_left_len (len);
  blake3_tree_cv (t, p, l, counter, left);
  blake3_tree_cv (t, p + l, len - l, counter + l / BLAKE3_CHUNK_LEN, right);
  blake3_tree_parent (t, left, right, cv);
}

/* See blake3-tree.h.  */
void
blake3_tree_root (const struct blake3_tree *t,
                  const uint8_t left[BLAKE3_OUT_LEN],
                  const uint8_t right[BLAKE3_OUT_LEN], uint64_t seek,
                  uint8_t *out, size_t len)
{
  blake3_parent_root (t->key, t->flags, left, right, seek, out, len);
}
