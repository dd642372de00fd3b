/* blake3-tree.h -- the chaining values of pieces of one BLAKE3 message,
   and the root output that joins the two halves of the whole: what a
   caller needs to hash the subtrees of a large message on several
   threads (b3sum's threads), with the compression functions of
   lib/blake3.h.  */

#ifndef BRISK_BLAKE3_TREE_H
#define BRISK_BLAKE3_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "blake3.h"

/* The mode of a message: its key words and flags, and the variant
   that compresses; taken from a context just started (keyed, deriving
   a key, or plain).  */
struct blake3_tree
{
  uint32_t key[8];
  uint8_t flags;
  blake3_many_fn *many;
};

void blake3_tree_start (struct blake3_tree *t, const struct blake3_ctx *ctx);

/* The bytes of the left subtree of a message (or a subtree's piece) of
   LEN bytes, LEN > BLAKE3_CHUNK_LEN: the most whole chunks, a power of
   two, that leave at least one byte to the right.  */
uint64_t blake3_tree_left_len (uint64_t len);

/* Store at CV the chaining value (not a root) of the LEN bytes at P,
   LEN >= 1, which start the chunk of index COUNTER and form a subtree
   of the message: a power of two chunks, or the message's end.  */
void blake3_tree_cv (const struct blake3_tree *t, const uint8_t *p,
                     uint64_t len, uint64_t counter,
                     uint8_t cv[BLAKE3_OUT_LEN]);

/* Store at CV the chaining value of the parent of LEFT and RIGHT.  */
void blake3_tree_parent (const struct blake3_tree *t,
                         const uint8_t left[BLAKE3_OUT_LEN],
                         const uint8_t right[BLAKE3_OUT_LEN],
                         uint8_t cv[BLAKE3_OUT_LEN]);

/* Store at OUT the LEN bytes of output, from byte SEEK on, of the
   message whose root has the children LEFT and RIGHT (a message of
   more than one chunk).  */
void blake3_tree_root (const struct blake3_tree *t,
                       const uint8_t left[BLAKE3_OUT_LEN],
                       const uint8_t right[BLAKE3_OUT_LEN], uint64_t seek,
                       uint8_t *out, size_t len);

#endif
