/* fuzz.h -- what the libFuzzer targets of tests/fuzz share.  */

#ifndef BRISK_FUZZ_H
#define BRISK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The entry point libFuzzer calls with each input.  */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Stop the run with a message if COND is false: libFuzzer keeps the
   input as a finding.  */
#define CHECK(cond)                                                    \
  do                                                                   \
    if (!(cond))                                                       \
      {                                                                \
        fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__,       \
                 __LINE__, #cond);                                     \
        abort ();                                                      \
      }                                                                \
  while (0)

/* The digest_algos row that the input byte B chooses.  */
#define FUZZ_ALGO(b) (&digest_algos[(b) % digest_algo_count])

#endif
