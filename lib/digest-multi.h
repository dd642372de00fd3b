/* digest-multi.h -- many messages hashed side by side, each streamed.

   A set of L independent messages of one algorithm, where L is the
   lane count of the family's multi-lane core (hash-lanes.h).  Each
   message is fed in pieces, as it is read, so memory stays small; the
   pieces of different lanes may have different lengths, and any lane
   may be finished and begin a new message at any time while the
   others go on.  The digests equal those of the digest_algos row's
   init, update and final.

   How the work is shared out.  Each lane keeps a context of the
   algorithm's single-stream core, so the buffering of partial blocks,
   the padding and the byte count are those of md-engine, and the
   digest is that context's final.  Only the whole blocks that an
   update leaves go to the multi-lane core: in rounds, each round
   taking as many blocks as the lane with the fewest has, from every
   lane with blocks (lanes with none hash a copy into a scratch state,
   for nothing).  When fewer lanes have blocks left than the variant's
   min_busy, where one multi-lane call costs more than hashing them one
   after the other, the rest of this update's blocks go through the
   single-stream core instead.  So a caller gets the most out of the
   lanes by giving every lane pieces of the same size, whole blocks
   long, in each update; nothing is copied but at most one block per
   lane and update, and nothing is kept between updates but that
   context.  The padding blocks of digest_multi_finish are hashed by
   the single-stream core.

   BLAKE3's set ("chunksx8") has no multi-lane core of its own: each
   update compresses the whole chunks of every lane in one call of
   hash-impl's core, then each lane goes on with its own context (see
   digest-multi.c).

   A family with no multi-lane core here (or with "none" forced) may
   still have a serial set, of digest_multi_serial's one lane, whose
   update is the row's own: nothing is hashed side by side, but a
   caller that reads many files in batches (digest-pool) drives every
   algorithm the same way.

   Functions here never print, never exit, and are not thread-safe on
   one set: a set belongs to one thread at a time.  */

#ifndef BRISK_DIGEST_MULTI_H
#define BRISK_DIGEST_MULTI_H

#include <stddef.h>
#include <stdint.h>

#include "digest-algos.h"
#include "hash-lanes.h"

struct digest_multi;

/* The pseudo-variant of serial sets: "serial", 1 lane, min_busy 1,
   no blocks function.  */
extern const struct hash_lanes_variant digest_multi_serial;

struct digest_multi *digest_multi_new (const struct digest_algo *algo);
struct digest_multi *digest_multi_new_any (const struct digest_algo *algo);
const struct hash_lanes_variant *
digest_multi_choice (const struct digest_algo *algo);
unsigned int digest_multi_lanes (struct digest_multi const *m);
const struct hash_lanes_variant *
digest_multi_variant (struct digest_multi const *m);
void digest_multi_start (struct digest_multi *m, unsigned int lane);
void digest_multi_update (struct digest_multi *m, const void *const data[],
                          const size_t len[]);
void digest_multi_finish (struct digest_multi *m, unsigned int lane,
                          uint8_t *digest);
void digest_multi_free (struct digest_multi *m);

#endif
