/* digest-choose.h -- which algorithm and which implementation a run of
   a digest tool uses, for digest.c.  */

#ifndef BRISK_DIGEST_CHOOSE_H
#define BRISK_DIGEST_CHOOSE_H

#include <stdbool.h>
#include <stdint.h>

#include "digest.h"

/* Set the algorithm of OPTS to the row that -a's argument NAME (or
   the tool's own algorithm, if null) and -l's argument LENGTH_ARG (if
   not null: BITS) choose, exiting as GNU's tools do where they do not
   fit.  DO_CHECK: whether -c was given.  */
void choose_algorithm (struct digest_opts *opts, const char *name,
                       const char *length_arg, uintmax_t bits,
                       bool do_check);

/* Choose the implementation of ALGO's hash core, from BRISK_HASH_IMPL
   and BRISK_LANES_IMPL or the best available; exit if they name none
   this CPU runs.  With DEBUG, say on stderr which one is used.  */
void choose_implementation (const struct digest_algo *algo, bool debug);

#endif
