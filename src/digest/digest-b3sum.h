/* digest-b3sum.h -- what b3sum adds to the digest driver: its options
   (the BLAKE3 team's b3sum), made into the run's algorithm.  */

#ifndef BRISK_DIGEST_B3SUM_H
#define BRISK_DIGEST_B3SUM_H

#include <stdbool.h>

#include "digest.h"

/* Make b3sum's options into OPTS: -l's LENGTH in bytes, --seek's SEEK
   (each null if not given), KEYED for --keyed (the key is read from
   standard input now), and the --derive-key context that OPTS holds,
   into a copy of the BLAKE3 row; DO_CHECK says whether -c was given.
   Exit, as b3sum does, on what cannot be done.  */
void b3sum_options (struct digest_opts *opts, bool do_check,
                    const char *length, const char *seek, bool keyed);

/* Exit as b3sum does when it cannot go on: "Error: " and the message
   of FORMAT (b3sum's words), and status 1.  */
_Noreturn void b3sum_fatal (const char *format, ...)
  __attribute__ ((__format__ (__printf__, 1, 2)));

/* Before b3sum's RUN hashes or checks FILES (its operands, null
   ended): refuse --keyed without operands, and with -c say the
   failures of the files in their result lines.  */
void b3sum_start (struct digest_run *run, bool do_check, char **files);

#endif
