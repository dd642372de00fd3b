/* blake3-sse41.c -- BLAKE3 compression of 4 inputs at once, one per
   32-bit element of the SSE registers (lib/blake3-lanes.h says how).

   Whole blocks only, as for every core: chunks and parents are laid
   out by lib/blake3.c, and the contract is blake3_many_fn's
   (blake3.h).  Compiled with -msse4.1; call it only when cpu-features
   reports SSSE3 (pshufb) and SSE4.1.  */

#include "hash-variants.h"

#define B3_VPROR 0
#define B3_W 4
#include "blake3-lanes.h"

/* The blake3_many_fn of SSE4.1.  */
void
blake3_many_sse41 (const uint8_t *const inputs[], size_t n, size_t nblocks,
                   const uint32_t key[8], const uint64_t *counters,
                   uint8_t flags, uint8_t flag_start, uint8_t flag_end,
                   uint8_t *out)
{
  b3_many4 (inputs, n, nblocks, key, counters, flags, flag_start, flag_end,
            out);
}
