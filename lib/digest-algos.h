/* digest-algos.h -- one descriptor per message digest algorithm.

   Every *sum tool, the stream helper and the tests reach the hash cores
   only through this table, so that adding an algorithm is one core plus
   one row.  */

#ifndef BRISK_DIGEST_ALGOS_H
#define BRISK_DIGEST_ALGOS_H

#include <stddef.h>
#include <stdint.h>

/* The largest digest_size, block_size and ctx_size of any row, so that
   callers can keep a context or a digest in fixed storage.  */
enum
{
  DIGEST_MAX_SIZE = 64,
  DIGEST_MAX_BLOCK = 128,
  DIGEST_MAX_CTX = 256
};

struct digest_algo
{
  const char *name;          /* "sha256": the tool is NAME "sum".  */
  const char *bsd_tag;       /* "SHA256", as in --tag lines.  */
  size_t digest_size;        /* bytes of output */
  size_t block_size;         /* bytes per compression block */
  size_t ctx_size;           /* bytes of context, <= DIGEST_MAX_CTX */
  void (*init) (void *ctx);
  void (*update) (void *ctx, const void *data, size_t len);
  void (*final) (void *ctx, uint8_t *digest);   /* writes digest_size */
};

extern const struct digest_algo digest_algos[];
extern const size_t digest_algo_count;

/* Return the row whose name is NAME ("md5", "sha256", ...), or NULL.  */
const struct digest_algo *digest_algo_find (const char *name);

#endif
