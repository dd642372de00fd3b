/* blake2b-avx512.c -- lib/blake2b-avx2.c with AVX-512's rotations.

   The AVX2 core on the same YMM rows, with each 64-bit rotation one
   vprorq (AVX-512VL) and each message vector gathered from the block
   in four YMM registers by two vpermt2q and a blend (AVX-512VL), no
   ZMM register used (see GATHER there).  Compiled
   with -mavx512f -mavx512bw -mavx512vl; call it only when cpu-features
   reports AVX-512F and AVX-512VL with the OS saving the opmask and ZMM
   state.  */

#define BLAKE2B_AVX512 1
#define BLAKE2B_NAME blake2b_blocks_avx512
#include "blake2b-avx2.c"
