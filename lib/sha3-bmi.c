/* sha3-bmi.c -- SHA-3's Keccak-f[1600] with BMI1's andn.

   Whole blocks only: the state, the partial block and the padding are
   handled in sha3.c.  The code is the portable core's (sha3-round.h);
   built with -mbmi, GCC turns each of chi's ~B & C into one andn
   instead of a copy, a not and an and, and has more registers to keep
   lanes in.  Call only when cpu_has_bmi1 says the CPU has BMI1.  */

#include <config.h>

#include "hash-variants.h"
#include "sha3-round.h"

/* Absorb NBLOCKS blocks of RATE bytes at P (any alignment) into STATE,
   as sha3_blocks_portable does.  */
void
sha3_blocks_bmi (uint64_t state[25], const uint8_t *p, size_t nblocks,
                 size_t rate)
{
  SHA3_BLOCKS_BODY;
}
