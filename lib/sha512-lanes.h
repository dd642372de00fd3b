/* sha512-lanes.h -- what the multi-lane SHA-512 cores share, whatever
   their vector width (lib/sha512-lanes-avx2.c,
   lib/sha512-lanes-avx512.c).  */

#ifndef BRISK_SHA512_LANES_H
#define BRISK_SHA512_LANES_H

#include <stdbool.h>

/* The 80 rounds of FIPS 180-4 6.4.2 on one block of each lane, where
   ROUNDS8 (BASE, I, SCHED) does rounds BASE + I .. BASE + I + 7 (BASE
   a multiple of 16, I 0 or 8) on a window of 16 schedule words,
   computing each word first if SCHED.  Rounds 0 .. 15 take the
   message words, then four times sixteen rounds compute their words:
   a loop whose body's indices into the window are constants, so that
   the window can stay in registers.  */
#define SHA512_LANES_ROUNDS80(rounds8)                                  \
  do                                                                    \
    {                                                                   \
      rounds8 (0, 0, false);                                            \
      rounds8 (0, 8, false);                                            \
      for (int base_ = 16; base_ < 80; base_ += 16)                     \
        {                                                               \
          rounds8 (base_, 0, true);                                     \
          rounds8 (base_, 8, true);                                     \
        }                                                               \
    }                                                                   \
  while (0)

#endif
