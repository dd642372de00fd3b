/* sha512-avx2-andn.c -- lib/sha512-avx2.c with a round for newer CPUs.

   The AVX2 message schedule of lib/sha512-avx2.c, with the plain
   round that file selects under SHA512_AVX2_ANDN, which uses BMI1's
   andn: on a Zen 5 it runs at about 1.45 times the Zen 3 round (see
   the end of that file's head comment).  Call it only when the CPU has
   AVX2, BMI1 and BMI2.  */

#pragma GCC target ("bmi")

#define SHA512_AVX2_ANDN 1
#define SHA512_AVX2_NAME sha512_blocks_avx2
#include "sha512-avx2.c"
