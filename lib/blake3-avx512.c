/* blake3-avx512.c -- BLAKE3 compression of 16 inputs at once, one per
   32-bit element of the AVX-512 ZMM registers (lib/blake3-lanes.h
   says how), and of what is left by 8 and 4 on YMM and XMM registers;
   every rotation is one vprord (AVX-512F, and VL on the narrower
   registers).

   Whole blocks only, as for every core: chunks and parents are laid
   out by lib/blake3.c, and the contract is blake3_many_fn's
   (blake3.h).  Compiled with -mavx512f -mavx512bw -mavx512vl; call it
   only when cpu-features reports AVX-512F and AVX-512VL with the OS
   saving the opmask and ZMM state.  */

#include "hash-variants.h"

#define B3_VPROR 1
#define B3_W 4
#include "blake3-lanes.h"
#define B3_W 8
#define B3_NEXT b3_many4
#include "blake3-lanes.h"
#define B3_W 16
#define B3_NEXT b3_many8
#include "blake3-lanes.h"

/* The blake3_many_fn of AVX-512.  */
void
blake3_many_avx512 (const uint8_t *const inputs[], size_t n,
                    size_t nblocks, const uint32_t key[8],
                    const uint64_t *counters, uint8_t flags,
                    uint8_t flag_start, uint8_t flag_end, uint8_t *out)
{
  b3_many16 (inputs, n, nblocks, key, counters, flags, flag_start, flag_end,
             out);
}
