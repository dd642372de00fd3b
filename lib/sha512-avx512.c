/* sha512-avx512.c -- lib/sha512-avx2-andn.c with an AVX-512VL message
   schedule.

   The rounds are those of lib/sha512-avx2-andn.c: scalar, with BMI2's
   rorx and BMI1's andn.  The message schedule is lib/sha512-avx2.c's,
   two blocks at a time on 256-bit vectors, but each of its sigma
   functions is two vprorq, a shift and one vpternlogq instead of nine
   AVX2 instructions: the file has 15% fewer instructions in all.  The
   vector units had time to spare; what counts is that the schedule's
   instructions share the front end with the rounds' integer work.

   Compiled with -mavx512f -mavx512bw -mavx512vl (lib/libbrisk-avx512.la)
   and BMI1 and BMI2 (below); only 256-bit vectors are used, so no
   512-bit frequency license applies.  Call it only when cpu-features
   reports AVX-512F, AVX-512VL, BMI1 and BMI2, with the OS saving the
   opmask and ZMM state.

   Whole blocks only: the state, the buffering of partial blocks and
   the padding are handled elsewhere (lib/sha512.c, lib/md-engine.c).

   On the 2-core Zen 5 VM, shared with other builds (load average 10
   to 17), MB/s per CPU second of this function and of
   sha512_blocks_avx2 on the same buffers, 21 trials taking turns,
   median (best): 1 KiB 703 (772) against 661 (718); 16 KiB 799 (861)
   against 785 (874); 1 MiB 824 (915) against 814 (915).
   bench/hashspeed --algo sha512 --openssl in the same session, best
   of 3, 16 KiB / 1 MiB: this core 853 / 869, avx2 856 / 875, OpenSSL
   882 / 908.  So a few percent in the medians, most for short
   messages, and nothing in the best trials: the rounds are the
   bound, at about 22 integer operations each.  Rounds with a 4-cycle
   chain to the next e (d + h + W + K summed ahead, Maj as
   (a & (b ^ c)) + (b & c), 24
   operations) ran at 564..575 MB/s against 653 for
   sha512_blocks_avx2 in one run: the integer units, not the chain,
   are what the round waits on.  */

#pragma GCC target ("bmi,bmi2")

#define SHA512_AVX2_ANDN 1
#define SHA512_AVX512 1
#define SHA512_AVX2_NAME sha512_blocks_avx512
#include "sha512-avx2.c"
