/* blake3.h -- BLAKE3: hash, keyed hash and key derivation, with an
   output of any length read from any offset.

   BLAKE3 cuts the message into chunks of 1024 bytes, each of 16 blocks
   of 64 bytes, hashes each chunk on its own (its index goes into every
   compression) and combines the chunks' chaining values pairwise in a
   binary tree, left subtrees always full and a power of two chunks
   wide.  The root node is compressed once more, with its counter
   running over the 64-byte blocks of the output (the XOF).

   The chunks are independent: the compression function behind
   hash-impl, blake3_many_fn, takes N inputs side by side, so that a
   vector core can compress 4, 8 or 16 chunks (or parents) at once.  */

#ifndef BRISK_BLAKE3_H
#define BRISK_BLAKE3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum
{
  BLAKE3_OUT_LEN = 32,       /* the default output, and a chaining value */
  BLAKE3_KEY_LEN = 32,
  BLAKE3_BLOCK_LEN = 64,
  BLAKE3_CHUNK_LEN = 1024,
  BLAKE3_CHUNK_BLOCKS = BLAKE3_CHUNK_LEN / BLAKE3_BLOCK_LEN,
  /* A message is below 2^64 bytes, so below 2^54 chunks, and the tree
     below the root at most 54 levels deep: see push_cv in blake3.c.  */
  BLAKE3_MAX_DEPTH = 54,
  /* The most chunks that update hands to the compression function in
     one call, and the widest subtree that it reduces in one go; a
     power of two, at least the widest vector core's lanes (16).  The
     last levels of parents, 8 and fewer, cannot fill the vectors and
     cost about as much per subtree whatever its width: 128 rather
     than 32 made 1 MiB messages some 7% faster with AVX-512 on a
     Zen 5 (bench/b3speed, medians of 6 interleaved runs).  */
  BLAKE3_MAX_SUBTREE = 128
};

/* The domain flags of a compression (the last word of its state).  */
enum
{
  BLAKE3_CHUNK_START = 1 << 0,
  BLAKE3_CHUNK_END = 1 << 1,
  BLAKE3_PARENT = 1 << 2,
  BLAKE3_ROOT = 1 << 3,
  BLAKE3_KEYED_HASH = 1 << 4,
  BLAKE3_DERIVE_KEY_CONTEXT = 1 << 5,
  BLAKE3_DERIVE_KEY_MATERIAL = 1 << 6
};

/* Compress N independent inputs side by side.  Input I is NBLOCKS
   whole 64-byte blocks at INPUTS[I] (any alignment), chained from the
   key words KEY; its blocks are compressed with the counter
   COUNTERS[I] (chunks: the chunk's index; the inputs may be chunks of
   different messages of one key and mode, each with its own index),
   or 0 if COUNTERS is null, with the flags FLAGS, FLAG_START added on
   its first block and FLAG_END on its last.  The resulting chaining
   value of input I is stored, 32 bytes little-endian, at OUT + 32 * I;
   OUT must not overlap the inputs.  No block is a root.

   Whole chunks: NBLOCKS = 16, COUNTERS, FLAG_START and FLAG_END the
   chunk flags.  Parents: NBLOCKS = 1, each input two chaining values,
   no COUNTERS, FLAGS with BLAKE3_PARENT.  Every variant in hash-impl
   has this type.  */
typedef void blake3_many_fn (const uint8_t *const inputs[], size_t n,
                             size_t nblocks, const uint32_t key[8],
                             const uint64_t *counters, uint8_t flags,
                             uint8_t flag_start, uint8_t flag_end,
                             uint8_t *out);

/* The chunk being hashed: its chaining value, and the last 1 to 64
   bytes seen, held back since they may be its last block.  */
struct blake3_chunk
{
  uint32_t cv[8];
  uint64_t counter;                 /* the chunk's index */
  uint8_t buf[BLAKE3_BLOCK_LEN];
  uint8_t fill;                     /* bytes in BUF, 0 .. 64 */
  uint8_t blocks_done;              /* blocks compressed, 0 .. 15 */
};

/* One BLAKE3 computation.  MANY is the variant chosen by hash-impl
   when the context was initialised.  */
struct blake3_ctx
{
  uint32_t key[8];
  struct blake3_chunk chunk;
  uint8_t flags;                    /* the mode's: keyed, derive, or 0 */
  uint8_t stack_len;
  /* The chaining values of complete subtrees, left to right, each 32
     bytes; merged lazily, only once more input is known to follow.  */
  uint8_t stack[BLAKE3_MAX_DEPTH * BLAKE3_OUT_LEN];
  blake3_many_fn *many;
};

void blake3_init (struct blake3_ctx *ctx);
void blake3_init_keyed (struct blake3_ctx *ctx,
                        const uint8_t key[BLAKE3_KEY_LEN]);
void blake3_init_derive_key (struct blake3_ctx *ctx, const void *context,
                             size_t context_len);
void blake3_update (struct blake3_ctx *ctx, const void *data, size_t len);
void blake3_final (const struct blake3_ctx *ctx, uint8_t *out, size_t len);

/* Hashing the chunks of several messages side by side (digest-multi):
   blake3_update_chunks says which chunks of the next update go to the
   compression function, the caller compresses those of every message
   in one call, and blake3_update_cvs is that update, with their
   chaining values.  */
size_t blake3_update_chunks (const struct blake3_ctx *ctx, size_t len,
                             size_t *offset, uint64_t *counter);
void blake3_update_cvs (struct blake3_ctx *ctx, const void *data, size_t len,
                        const uint8_t *chunk_cvs);
void blake3_final_seek (const struct blake3_ctx *ctx, uint64_t seek,
                        uint8_t *out, size_t len);

/* Hashing one message in several threads.  The message's chunks
   split into subtrees, each a power of two chunks wide (N) and
   starting at a chunk index that N divides; blake3_subtree_cv gives
   the chaining value of one, from the whole chunks in memory (each
   thread its own subtrees, all sharing one initialised CTX, which it
   does not change), and blake3_push_subtree adds those values to the
   context, left to right, in place of the chunks, as blake3_update
   would have hashed them.  At least one byte must be hashed by
   blake3_update after the last subtree pushed (a subtree cannot be
   the root): keep the message's last chunk, or its last 1 to 1024
   bytes, for blake3_update, then blake3_final.  For example, 16 MiB
   (16384 chunks) in 2 threads: the first the subtree of 8192 chunks
   at 0, the second those of 4096, 2048, ..., 1 chunks at 8192, 12288,
   ..., 16382, then the last chunk through blake3_update.  The tree
   does not depend on how the chunks were cut: the output is that of
   blake3_update on the whole message.  */
void blake3_subtree_cv (const struct blake3_ctx *ctx, const void *data,
                        uint64_t chunk_index, uint64_t n,
                        uint8_t out[BLAKE3_OUT_LEN]);
void blake3_push_subtree (struct blake3_ctx *ctx,
                          const uint8_t cv[BLAKE3_OUT_LEN], uint64_t n);

/* The initial value, SHA-256's (FIPS 180-4 5.3.3), the key words of
   the unkeyed hash.  */
extern const uint32_t blake3_iv[8];

/* The message word schedule of the 7 rounds: round R reads word
   BLAKE3_SCHEDULE[R][I] where round 0 reads word I.  Each row is the
   one before it permuted by row 1 (the BLAKE3 paper, 2.2).  Static,
   and in the header, so that each core's compiler sees the values.  */
static const uint8_t blake3_schedule[7][16] = {
  { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
  { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 },
  { 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1 },
  { 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6 },
  { 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4 },
  { 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7 },
  { 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13 },
};

/* The portable compression of one block: the 16 output words of the
   compression of the 64-byte BLOCK (any alignment) holding BLOCK_LEN
   message bytes, chained from CV, with COUNTER and FLAGS, into OUT.
   The first 8 are the new chaining value; all 16, the root's XOF
   output.  */
void blake3_compress_portable (const uint32_t cv[8], const uint8_t *block,
                               uint8_t block_len, uint64_t counter,
                               uint8_t flags, uint32_t out[16]);

/* The portable blake3_many_fn.  */
void blake3_many_portable (const uint8_t *const inputs[], size_t n,
                           size_t nblocks, const uint32_t key[8],
                           const uint64_t *counters, uint8_t flags,
                           uint8_t flag_start, uint8_t flag_end,
                           uint8_t *out);

#endif
