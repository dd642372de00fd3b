/* digest-algos.c -- the table of message digest algorithms.  */

#include "digest-algos.h"

#include <assert.h>
#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "crc32.h"
#include "md2.h"
#include "md4.h"
#include "md5.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "sm3.h"
#include "sum.h"
#include "blake2b.h"
#include "sha3.h"
#include "blake3.h"

/* Every row must fit the fixed storage that digest-algos.h promises.
   Callers that keep a context in a DIGEST_MAX_CTX buffer must align it
   for max_align_t, which covers every context.  */
#define DIGEST_CHECK(ctx, digest, block)                                \
  static_assert (sizeof (ctx) <= DIGEST_MAX_CTX                         \
                 && alignof (ctx) <= alignof (max_align_t)              \
                 && (int) (digest) <= (int) DIGEST_MAX_SIZE             \
                 && (int) (block) <= (int) DIGEST_MAX_BLOCK,            \
                 #ctx " does not fit digest-algos.h's limits")

DIGEST_CHECK (struct md2_ctx, MD2_DIGEST_SIZE, MD2_BLOCK_SIZE);
DIGEST_CHECK (struct md4_ctx, MD4_DIGEST_SIZE, MD4_BLOCK_SIZE);
DIGEST_CHECK (struct md5_ctx, MD5_DIGEST_SIZE, MD5_BLOCK_SIZE);
DIGEST_CHECK (struct sha1_ctx, SHA1_DIGEST_SIZE, SHA1_BLOCK_SIZE);
DIGEST_CHECK (struct sha256_ctx, SHA256_DIGEST_SIZE, SHA256_BLOCK_SIZE);
DIGEST_CHECK (struct sha512_ctx, SHA512_DIGEST_SIZE, SHA512_BLOCK_SIZE);
DIGEST_CHECK (struct crc32_ctx, CRC32_DIGEST_SIZE, CRC32_BLOCK_SIZE);
static_assert ((int) CRC32_DIGEST_SIZE
               == (int) CRC32_SUM_SIZE + (int) DIGEST_LENGTH_SIZE,
               "a checksum row writes its sum, then 8 bytes of length");
DIGEST_CHECK (struct sm3_ctx, SM3_DIGEST_SIZE, SM3_BLOCK_SIZE);
DIGEST_CHECK (struct sum_ctx, SUM_DIGEST_SIZE, SUM_BLOCK_SIZE);
static_assert ((int) SUM_DIGEST_SIZE
               == (int) SUM_CHECKSUM_SIZE + (int) DIGEST_LENGTH_SIZE,
               "a checksum row's digest is its sum, then the length");
DIGEST_CHECK (struct blake2b_ctx, BLAKE2B_DIGEST_SIZE, BLAKE2B_BLOCK_SIZE);
DIGEST_CHECK (struct sha3_ctx, SHA3_512_DIGEST_SIZE, SHA3_MAX_BLOCK_SIZE);

/* The BLAKE3 row's context: the core's, and what its final writes.  */
struct blake3_row_ctx
{
  struct blake3_ctx core;
  size_t len;                  /* bytes of output */
  uint64_t seek;               /* the output's offset, b3sum --seek */
};
DIGEST_CHECK (struct blake3_row_ctx, BLAKE3_OUT_LEN, BLAKE3_BLOCK_LEN);
/* The enums are of different types: compare them as int.  */
static_assert ((int) DIGEST_MAX_BLOCK == (int) SHA3_MAX_BLOCK_SIZE,
               "DIGEST_MAX_BLOCK should be exact");

/* Adapters from the generic signatures of struct digest_algo to each
   core: CTX is the core's context, DATA and LEN the bytes to hash,
   DIGEST where the final digest goes.  They return nothing, as the
   cores cannot fail.  */
#define DIGEST_ADAPTERS(algo, ctxname, initfn, updatefn, finalfn)       \
  static void                                                           \
  algo##_init_v (void *ctx, size_t digest_size)                         \
  {                                                                     \
    (void) digest_size;                                                 \
    initfn ((struct ctxname *) ctx);                                    \
  }                                                                     \
  static void                                                           \
  algo##_update_v (void *ctx, const void *data, size_t len)             \
  {                                                                     \
    updatefn ((struct ctxname *) ctx, data, len);                       \
  }                                                                     \
  static void                                                           \
  algo##_final_v (void *ctx, uint8_t *digest)                           \
  {                                                                     \
    finalfn ((struct ctxname *) ctx, digest);                           \
  }

DIGEST_ADAPTERS (md2, md2_ctx, md2_init, md2_update, md2_final)
DIGEST_ADAPTERS (md4, md4_ctx, md4_init, md4_update, md4_final)
DIGEST_ADAPTERS (md5, md5_ctx, md5_init, md5_update, md5_final)
DIGEST_ADAPTERS (sha1, sha1_ctx, sha1_init, sha1_update, sha1_final)
DIGEST_ADAPTERS (sha224, sha256_ctx, sha224_init, sha256_update,
                 sha224_final)
DIGEST_ADAPTERS (sha256, sha256_ctx, sha256_init, sha256_update,
                 sha256_final)
DIGEST_ADAPTERS (sha384, sha512_ctx, sha384_init, sha512_update,
                 sha384_final)
DIGEST_ADAPTERS (sha512, sha512_ctx, sha512_init, sha512_update,
                 sha512_final)
DIGEST_ADAPTERS (crc, crc32_ctx, crc32_init, crc32_update, crc32_final)
DIGEST_ADAPTERS (crc32b, crc32_ctx, crc32b_init, crc32_update, crc32b_final)
DIGEST_ADAPTERS (sm3, sm3_ctx, sm3_init, sm3_update, sm3_final)
DIGEST_ADAPTERS (bsd, sum_ctx, bsd_sum_init, sum_update, sum_final)
DIGEST_ADAPTERS (sysv, sum_ctx, sysv_sum_init, sum_update, sum_final)

/* BLAKE2b's init takes the digest length: the row's, or a copy's made
   by digest_algo_resize.  */
static void
blake2b_init_v (void *ctx, size_t digest_size)
{
  blake2b_init ((struct blake2b_ctx *) ctx, digest_size);
}

static void
blake2b_update_v (void *ctx, const void *data, size_t len)
{
  blake2b_update ((struct blake2b_ctx *) ctx, data, len);
}

static void
blake2b_final_v (void *ctx, uint8_t *digest)
{
  blake2b_final ((struct blake2b_ctx *) ctx, digest);
}

/* The SHA-3 rows share update and final; each init starts its own
   digest size, whatever DIGEST_SIZE says, since their length is not a
   parameter (min_size and max_size are 0).  */
#define SHA3_ADAPTER(bits)                                              \
  static void                                                           \
  sha3_##bits##_init_v (void *ctx, size_t digest_size)                  \
  {                                                                     \
    (void) digest_size;                                                 \
    sha3_init ((struct sha3_ctx *) ctx, SHA3_##bits##_DIGEST_SIZE);     \
  }

SHA3_ADAPTER (224)
SHA3_ADAPTER (256)
SHA3_ADAPTER (384)
SHA3_ADAPTER (512)

static void
sha3_update_v (void *ctx, const void *data, size_t len)
{
  sha3_update ((struct sha3_ctx *) ctx, data, len);
}

static void
sha3_final_v (void *ctx, uint8_t *digest)
{
  sha3_final ((struct sha3_ctx *) ctx, digest);
}

/* SHAKE128 and SHAKE256: the digest is DIGEST_SIZE bytes of output.  */
static void
shake128_init_v (void *ctx, size_t digest_size)
{
  shake_init ((struct sha3_ctx *) ctx, 128, digest_size);
}

static void
shake256_init_v (void *ctx, size_t digest_size)
{
  shake_init ((struct sha3_ctx *) ctx, 256, digest_size);
}

/* BLAKE3, the plain hash, with DIGEST_SIZE bytes of output from the
   start.  */
static void
blake3_init_v (void *ctx, size_t digest_size)
{
  struct blake3_row_ctx *c = ctx;
  blake3_init (&c->core);
  c->len = digest_size;
  c->seek = 0;
}

/* See digest-algos.h: BLAKE3 in the mode of ALGO (keyed, deriving a
   key, from an offset of the output).  */
void
blake3_init_mode (void *ctx, const struct digest_algo *algo)
{
  struct blake3_row_ctx *c = ctx;
  const struct digest_blake3_mode *m = algo->blake3_mode;
  blake3_init_v (ctx, algo->digest_size);
  if (m->key)
    blake3_init_keyed (&c->core, m->key);
  else if (m->context)
    blake3_init_derive_key (&c->core, m->context, strlen (m->context));
  c->seek = m->seek;
}

/* See digest-algos.h.  */
struct blake3_ctx *
digest_blake3_start (const struct digest_algo *algo, void *ctx,
                     uint64_t *seek)
{
  struct blake3_row_ctx *c = ctx;
  digest_init (algo, ctx);
  *seek = c->seek;
  return &c->core;
}

static void
blake3_update_v (void *ctx, const void *data, size_t len)
{
  blake3_update (&((struct blake3_row_ctx *) ctx)->core, data, len);
}

static void
blake3_final_v (void *ctx, uint8_t *digest)
{
  struct blake3_row_ctx *c = ctx;
  blake3_final_seek (&c->core, c->seek, digest, c->len);
}

/* One row: NAME and TAG as in struct digest_algo, CTX the context
   type, DIGEST and BLOCK the sizes.  */
#define DIGEST_ROW(algo, tag, ctx, digest, block)                       \
  { #algo, tag, digest, block, sizeof (struct ctx),                     \
    algo##_init_v, algo##_update_v, algo##_final_v, DIGEST_FORM_HEX, 0, 0, \
    false, NULL }

/* A checksum row of sum: its digest is the 16-bit sum and the byte
   count, read as FORM says.  */
#define DIGEST_SUM_ROW(algo, tag, form)                                 \
  { #algo, tag, SUM_DIGEST_SIZE, SUM_BLOCK_SIZE, sizeof (struct sum_ctx), \
    algo##_init_v, algo##_update_v, algo##_final_v, form, 0, 0, false, NULL }
/* A SHA-3 row: "sha3-BITS", tagged "SHA3-BITS" as GNU's cksum -a sha3
   -l BITS prints it; its block is the rate.  */
#define SHA3_ROW(bits)                                                  \
  { "sha3-" #bits, "SHA3-" #bits, SHA3_##bits##_DIGEST_SIZE,            \
    SHA3_##bits##_BLOCK_SIZE, sizeof (struct sha3_ctx),                 \
    sha3_##bits##_init_v, sha3_update_v, sha3_final_v, DIGEST_FORM_HEX,  \
    0, 0, false, NULL }

const struct digest_algo digest_algos[] = {
  DIGEST_ROW (md2, "MD2", md2_ctx, MD2_DIGEST_SIZE, MD2_BLOCK_SIZE),
  DIGEST_ROW (md4, "MD4", md4_ctx, MD4_DIGEST_SIZE, MD4_BLOCK_SIZE),
  DIGEST_ROW (md5, "MD5", md5_ctx, MD5_DIGEST_SIZE, MD5_BLOCK_SIZE),
  DIGEST_ROW (sha1, "SHA1", sha1_ctx, SHA1_DIGEST_SIZE, SHA1_BLOCK_SIZE),
  DIGEST_ROW (sha224, "SHA224", sha256_ctx, SHA224_DIGEST_SIZE,
              SHA256_BLOCK_SIZE),
  DIGEST_ROW (sha256, "SHA256", sha256_ctx, SHA256_DIGEST_SIZE,
              SHA256_BLOCK_SIZE),
  DIGEST_ROW (sha384, "SHA384", sha512_ctx, SHA384_DIGEST_SIZE,
              SHA512_BLOCK_SIZE),
  DIGEST_ROW (sha512, "SHA512", sha512_ctx, SHA512_DIGEST_SIZE,
              SHA512_BLOCK_SIZE),
  /* cksum's CRCs: the CRC, then the byte count (see crc32.h).  */
  { "crc", "CRC", CRC32_DIGEST_SIZE, CRC32_BLOCK_SIZE,
    sizeof (struct crc32_ctx), crc_init_v, crc_update_v, crc_final_v,
    DIGEST_FORM_CRC, 0, 0, false, NULL },
  { "crc32b", "CRC32B", CRC32_DIGEST_SIZE, CRC32_BLOCK_SIZE,
    sizeof (struct crc32_ctx), crc32b_init_v, crc32b_update_v,
    crc32b_final_v, DIGEST_FORM_CRC, 0, 0, false, NULL },
  DIGEST_ROW (sm3, "SM3", sm3_ctx, SM3_DIGEST_SIZE, SM3_BLOCK_SIZE),
  DIGEST_SUM_ROW (bsd, "BSD", DIGEST_FORM_BSD),
  DIGEST_SUM_ROW (sysv, "SYSV", DIGEST_FORM_SYSV),
  /* b2sum: 64 bytes unless -l asks for 1 .. 64.  */
  { "blake2b", "BLAKE2b", BLAKE2B_DIGEST_SIZE, BLAKE2B_BLOCK_SIZE,
    sizeof (struct blake2b_ctx), blake2b_init_v, blake2b_update_v,
    blake2b_final_v, DIGEST_FORM_HEX, 1, BLAKE2B_DIGEST_SIZE, false, NULL },
  SHA3_ROW (224),
  SHA3_ROW (256),
  SHA3_ROW (384),
  SHA3_ROW (512),
  /* The extendable-output functions, tagged with their length as
     uutils' cksum tags them; 256 and 512 bits unless -l says
     otherwise, as there.  */
  { "blake3", "BLAKE3", BLAKE3_OUT_LEN, BLAKE3_BLOCK_LEN,
    sizeof (struct blake3_row_ctx), blake3_init_v, blake3_update_v,
    blake3_final_v, DIGEST_FORM_HEX, 1, DIGEST_MAX_SIZE, true, NULL },
  { "shake128", "SHAKE128", 32, SHAKE128_BLOCK_SIZE,
    sizeof (struct sha3_ctx), shake128_init_v, sha3_update_v, sha3_final_v,
    DIGEST_FORM_HEX, 1, DIGEST_MAX_SIZE, true, NULL },
  { "shake256", "SHAKE256", 64, SHAKE256_BLOCK_SIZE,
    sizeof (struct sha3_ctx), shake256_init_v, sha3_update_v, sha3_final_v,
    DIGEST_FORM_HEX, 1, DIGEST_MAX_SIZE, true, NULL },
};

const size_t digest_algo_count = sizeof digest_algos / sizeof digest_algos[0];

/* See digest-algos.h.  */
int
digest_algo_resize (const struct digest_algo *algo, size_t size,
                    struct digest_algo *out)
{
  if (!algo->max_size || size < algo->min_size || algo->max_size < size)
    {
      errno = EINVAL;
      return -1;
    }
  *out = *algo;
  out->digest_size = size;
  return 0;
}

/* Return the row whose name is NAME ("md5", "sha256", ...), or NULL
   if there is none.  */
const struct digest_algo *
digest_algo_find (const char *name)
{
  for (size_t i = 0; i < digest_algo_count; i++)
    if (strcmp (digest_algos[i].name, name) == 0)
      return &digest_algos[i];
  return NULL;
}
