/* digest-b3threads.c -- one large regular file hashed by b3sum on
   several threads (see digest-b3threads.h): the file is mapped, its
   BLAKE3 tree split where BLAKE3 splits it (the left side a power of
   two chunks), each side of a split hashed on its own thread until
   every thread has one piece, and the chaining values joined up to
   the root, whose output is the digest.

   Owns: the threads of one call, joined before it returns.  Calls:
   fstat, mmap, pthread_create, lib/blake3-tree.h and
   lib/digest-algos.h.  */

#include <config.h>

#include "digest-b3threads.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "blake3-tree.h"

enum
{
  /* Files below this are read by the caller, as one thread hashes them
     in less time than it takes to start others.  */
  THREADS_MIN_SIZE = 1 << 20,
  /* No piece is split below this.  */
  PIECE_MIN_SIZE = 1 << 18
};

/* A piece of the tree: LEN bytes at P, its first chunk of index
   COUNTER, to be hashed with THREADS threads into CV.  */
struct piece
{
  const struct blake3_tree *t;
  const uint8_t *p;
  uint64_t len, counter;
  size_t threads;
  uint8_t cv[BLAKE3_OUT_LEN];
};

static void *piece_cv (void *arg);

/* Split the piece X where BLAKE3 splits it into LEFT and RIGHT, and
   hash both: LEFT on a new thread (here, if none can start), RIGHT
   here, each with its share of X's threads.  */
static void
split_piece (const struct piece *x, struct piece *left, struct piece *right)
{
  uint64_t l = blake3_tree_left_len (x->len);
  *left = (struct piece) { x->t, x->p, l, x->counter, x->threads / 2, {0} };
  *right = (struct piece) { x->t, x->p + l, x->len - l,
                            x->counter + l / BLAKE3_CHUNK_LEN,
                            x->threads - x->threads / 2, {0} };
  pthread_t th;
  bool started = pthread_create (&th, NULL, piece_cv, left) == 0;
  if (!started)
    piece_cv (left);
  piece_cv (right);
  if (started)
    pthread_join (th, NULL);
}

/* Hash the piece ARG (a struct piece) into its CV; the thread's
   function.  */
static void *
piece_cv (void *arg)
{
  struct piece *x = arg;
  if (x->threads < 2 || x->len < 2 * PIECE_MIN_SIZE)
    blake3_tree_cv (x->t, x->p, x->len, x->counter, x->cv);
  else
    {
      struct piece left, right;
      split_piece (x, &left, &right);
      blake3_tree_parent (x->t, left.cv, right.cv, x->cv);
    }
  return NULL;
}

/* See digest-b3threads.h.  */
int
b3sum_hash_threads (const struct digest_algo *a, int fd, size_t threads,
                    uint8_t *digest)
{
  struct stat st;
  if (threads < 2 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)
      || st.st_size < THREADS_MIN_SIZE)
    return 0;
  uint8_t *map = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED)
    return 0;
  alignas (max_align_t) unsigned char ctx[DIGEST_MAX_CTX];
  uint64_t seek;
  struct blake3_tree t;
  blake3_tree_start (&t, digest_blake3_start (a, ctx, &seek));
  struct piece whole = { &t, map, st.st_size, 0, threads, {0} };
  struct piece left, right;
  split_piece (&whole, &left, &right);
  blake3_tree_root (&t, left.cv, right.cv, seek, digest, a->digest_size);
  munmap (map, st.st_size);
  return 1;
}
