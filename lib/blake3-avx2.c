/* blake3-avx2.c -- BLAKE3 compression of 8 inputs at once, one per
   32-bit element of the AVX2 registers (lib/blake3-lanes.h says how),
   and of what is left by 4 on SSE registers.

   Whole blocks only, as for every core: chunks and parents are laid
   out by lib/blake3.c, and the contract is blake3_many_fn's
   (blake3.h).  Compiled with -mavx2 -mbmi2; call it only when
   cpu-features reports AVX2 with the OS saving the YMM state.  */

#include "hash-variants.h"

#define B3_VPROR 0
#define B3_W 4
#include "blake3-lanes.h"
#define B3_W 8
#define B3_NEXT b3_many4
#include "blake3-lanes.h"

/* The blake3_many_fn of AVX2.  */
void
blake3_many_avx2 (const uint8_t *const inputs[], size_t n, size_t nblocks,
                  const uint32_t key[8], const uint64_t *counters,
                  uint8_t flags, uint8_t flag_start, uint8_t flag_end,
                  uint8_t *out)
{
  b3_many8 (inputs, n, nblocks, key, counters, flags, flag_start, flag_end,
            out);
}
