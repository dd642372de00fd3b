/* hash-lanes.h -- the multi-lane variants of the hash cores.

   A multi-lane core hashes several independent messages side by side
   (one per lane), each in its own state, which keeps more of the CPU
   busy than one message can: MD5's steps, for instance, each depend on
   the one before.  For each family there is a table of such variants,
   best first; unlike hash-impl's tables it may be empty, and it has no
   "portable" row, since the portable core hashes one message at a
   time.  The first available variant is chosen the first time a
   family is asked for; tests and the tools can force another one, or
   none.  lib/digest-multi.h drives these cores for whole messages.  */

#ifndef BRISK_HASH_LANES_H
#define BRISK_HASH_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash-impl.h"

/* Compress NBLOCKS whole blocks of each lane: lane I's blocks start at
   P[I] (any alignment) and go into the state at STATE[I], which has
   the layout of the family's portable core (uint32_t[4] for MD5).
   Every lane advances by the same NBLOCKS; the number of lanes is
   fixed per variant.  Lanes must not share a state, but may share
   their data.  The 32-bit form serves MD4, MD5, SHA-1 and SHA-256,
   the 64-bit form SHA-512.  */
typedef void hash_lanes32_fn (uint32_t *const state[],
                              const uint8_t *const p[], size_t nblocks);
typedef void hash_lanes64_fn (uint64_t *const state[],
                              const uint8_t *const p[], size_t nblocks);

/* A multi-lane core of either word size: the member to use is W64 for
   HASH_SHA512, W32 for the other families.  */
union hash_lanes_blocks
{
  hash_lanes32_fn *w32;
  hash_lanes64_fn *w64;
};

/* The most lanes any variant has.  */
enum { HASH_LANES_MAX = 16 };

struct hash_lanes_variant
{
  const char *name;            /* "avx2x16", ... */
  bool (*available) (void);    /* can this CPU run it? */
  unsigned int lanes;          /* messages per call, <= HASH_LANES_MAX */
  /* The fewest lanes with blocks to hash for which one call of this
     core takes less time than hashing their blocks one message after
     another with the family's single-stream core (measured, e.g.
     lanes / speed-up, rounded up); with fewer, digest-multi uses the
     single-stream core.  At least 1.  */
  unsigned int min_busy;
  union hash_lanes_blocks blocks;   /* null for BLAKE3's */
};

bool hash_lanes_wide (enum hash_family family);
const struct hash_lanes_variant *hash_lanes_list (enum hash_family family,
                                                  size_t *count);
const struct hash_lanes_variant *hash_lanes_current (enum hash_family
                                                     family);
int hash_lanes_force (enum hash_family family, const char *name);

#endif
