/* hash-impl.h -- the implementations (variants) of each hash core.

   For each family of hash cores there is a table of variants, best
   first, ending with "portable", which is always available.  A context
   asks for the current variant when it is initialised and keeps that
   variant's compression function; the buffering and padding do not
   depend on the variant.  The first available variant that suits this
   CPU is chosen the first time a family is asked for; tests and
   BRISK_HASH_IMPL can force another one.  */

#ifndef BRISK_HASH_IMPL_H
#define BRISK_HASH_IMPL_H

#include <stdbool.h>
#include <stddef.h>

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

/* The families.  SHA-224 belongs to HASH_SHA256 and SHA-384 to
   HASH_SHA512, since they share the compression function; the four
   SHA-3 digests belong to HASH_SHA3, which absorbs with Keccak-f[1600].  */
enum hash_family
{
  HASH_MD2,
  HASH_MD4,
  HASH_MD5,
  HASH_SHA1,
  HASH_SHA256,
  HASH_SHA512,
  HASH_CRC32,                 /* cksum's POSIX CRC */
  HASH_CRC32B,                /* the gzip CRC, cksum -a crc32b */
  HASH_SM3,
  HASH_BSD,
  HASH_SYSV,
  HASH_BLAKE2B,
  HASH_SHA3,
  HASH_BLAKE3,
  HASH_FAMILY_COUNT
};

/* A compression function of any family; the member to use is the one
   named after the family of the table that holds it.  */
union hash_blocks
{
  md2_blocks_fn *md2;
  md4_blocks_fn *md4;
  md5_blocks_fn *md5;
  sha1_blocks_fn *sha1;
  sha256_blocks_fn *sha256;
  sha512_blocks_fn *sha512;
  crc32_update_fn *crc32;     /* both HASH_CRC32 and HASH_CRC32B */
  sm3_blocks_fn *sm3;
  sum_update_fn *bsd;       /* not blocks: any length */
  sum_update_fn *sysv;      /* not blocks: any length */
  blake2b_blocks_fn *blake2b;
  sha3_blocks_fn *sha3;
  blake3_many_fn *blake3;     /* N chunks or parents side by side */
};

struct hash_variant
{
  const char *name;            /* "portable", "shani", "avx2", ... */
  bool (*available) (void);    /* can this CPU run it? */
  union hash_blocks blocks;
  /* NULL, or false where a later variant of the table is faster on
     this CPU although this one runs: the choice then passes it by.  */
  bool (*suits) (void);
};

const char *hash_family_name (enum hash_family family);
int hash_family_of_algo (const char *algo);
const struct hash_variant *hash_impl_list (enum hash_family family,
                                           size_t *count);
const struct hash_variant *hash_impl_current (enum hash_family family);
int hash_impl_force (enum hash_family family, const char *name);

#endif
