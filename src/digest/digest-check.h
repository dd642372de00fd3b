/* digest-check.h -- the --check mode of the digest tools and its
   --audit, for digest.c.  */

#ifndef BRISK_DIGEST_CHECK_H
#define BRISK_DIGEST_CHECK_H

#include <stdbool.h>

#include "digest.h"

/* Set up the parser of check lines for RUN's options.  Return whether
   every line's file is hashed with the run's algorithm, so that a pool
   may hash them.  */
bool start_check (const struct digest_run *run);

/* With RUN's pool started, make the ring of the check lines whose
   files the pool holds, as large as its window.  */
void check_ring_new (const struct digest_run *run);

/* Free the ring of check_ring_new, if any.  */
void check_ring_free (void);

/* Verify every line of the check file NAME ("-" is standard input) of
   RUN, printing each result and the warnings.  Return true if all is
   well.  */
bool check_file (struct digest_run *run, const char *name);

/* --audit: walk RUN's audit directory as -r would, and report each
   regular file that no check line listed, then their count.  Return
   true if there was none, and no failure.  */
bool audit_tree (struct digest_run *run);

#endif
