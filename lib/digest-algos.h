/* digest-algos.h -- one descriptor per message digest algorithm.

   Every *sum tool, the stream helper and the tests reach the hash cores
   only through this table, so that adding an algorithm is one core plus
   one row.  */

#ifndef BRISK_DIGEST_ALGOS_H
#define BRISK_DIGEST_ALGOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest digest_size, block_size and ctx_size of any row, so that
   callers can keep a context or a digest in fixed storage.  */
enum
{
  /* The longest digest that -l asks of the rows whose output is of
     any length (BLAKE3, SHAKE): 4096 bits.  */
  DIGEST_MAX_SIZE = 512,
  DIGEST_MAX_BLOCK = 168,       /* SHAKE128's rate */
  DIGEST_MAX_CTX = 2048         /* BLAKE3's stack of chaining values */
};

/* How a row's output is meant to be read.  A digest is printed in
   hex (or base64); a checksum (cksum's CRC, sum's BSD and System V
   sums) is printed in decimal with the input's size, so its final
   writes SUM_SIZE bytes of checksum, big-endian, followed by the
   number of bytes hashed as 8 bytes big-endian: digest_size is
   SUM_SIZE + 8.  */
enum digest_form
{
  DIGEST_FORM_HEX,           /* md5, sha256, blake2b, ... */
  DIGEST_FORM_CRC,           /* cksum: "CRC SIZE NAME" */
  DIGEST_FORM_BSD,           /* sum -r: "SUM BLOCKS NAME", 1 KiB blocks */
  DIGEST_FORM_SYSV           /* sum -s: "SUM BLOCKS NAME", 512 B blocks */
};

/* The bytes of length that a checksum row appends to its sum.  */
enum { DIGEST_LENGTH_SIZE = 8 };

/* What the BLAKE3 row hashes with besides the message: b3sum's
   --keyed (KEY, 32 bytes), --derive-key (CONTEXT, a string), and
   --seek (where in its output the digest starts).  */
struct digest_blake3_mode
{
  const uint8_t *key;
  const char *context;
  uint64_t seek;
};

struct digest_algo
{
  const char *name;          /* "sha256": the tool is NAME "sum".  */
  const char *bsd_tag;       /* "SHA256", as in --tag lines.  */
  size_t digest_size;        /* bytes of output */
  size_t block_size;         /* bytes per compression block */
  size_t ctx_size;           /* bytes of context, <= DIGEST_MAX_CTX */
  /* Start CTX for a digest of DIGEST_SIZE bytes: always the row's
     digest_size, except for a row whose length is a parameter
     (BLAKE2b), of which a tool may make a copy with another
     digest_size (see digest_algo_resize).  */
  void (*init) (void *ctx, size_t digest_size);
  void (*update) (void *ctx, const void *data, size_t len);
  void (*final) (void *ctx, uint8_t *digest);   /* writes digest_size */
  enum digest_form form;
  /* For a row whose digest length is a parameter, the shortest and
     longest digests in bytes; both 0 for the others.  */
  size_t min_size, max_size;
  /* Whether a tagged line always says the length ("BLAKE3-256 (", as
     uutils' cksum writes it), not only where it is not the longest
     ("BLAKE2b-256 (" but "BLAKE2b (").  */
  bool tag_length;
  /* The BLAKE3 row's mode, or null: the plain hash.  */
  const struct digest_blake3_mode *blake3_mode;
};

/* Start CTX for a digest with ALGO.  The BLAKE3 row reads its mode
   from ALGO: start it through blake3_init_v.  */
void blake3_init_mode (void *ctx, const struct digest_algo *algo);
static inline void
digest_init (const struct digest_algo *algo, void *ctx)
{
  if (algo->blake3_mode)
    blake3_init_mode (ctx, algo);
  else
    algo->init (ctx, algo->digest_size);
}

/* Start CTX (DIGEST_MAX_CTX bytes, aligned for max_align_t) for ALGO,
   the BLAKE3 row or a copy, and return its core, for a caller that
   hashes the message's subtrees apart and adds them to the core
   (blake3_push_subtree), then goes on through ALGO's update and final
   on CTX; set *SEEK to where its output starts.  */
struct blake3_ctx;
struct blake3_ctx *digest_blake3_start (const struct digest_algo *algo,
                                        void *ctx, uint64_t *seek);

extern const struct digest_algo digest_algos[];
extern const size_t digest_algo_count;

/* Return the row whose name is NAME ("md5", "sha256", ...), or NULL.  */
const struct digest_algo *digest_algo_find (const char *name);

/* Set *OUT to a copy of ALGO whose digests are SIZE bytes long.
   Return 0, or -1 with errno set to EINVAL if ALGO's length is not a
   parameter or SIZE is outside its range.  */
int digest_algo_resize (const struct digest_algo *algo, size_t size,
                        struct digest_algo *out);

#endif
