/* digest-file.h -- hashing one file of the digest tools in its turn,
   and the progress hooks around it, for digest.c and
   digest-check.c.  */

#ifndef BRISK_DIGEST_FILE_H
#define BRISK_DIGEST_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "digest.h"

/* The end of hashing the file NAME in RUN: ERR is 0 or the errno of
   its failure, AT_OPEN whether open failed.  Return true if all is
   well.  Otherwise report the failure and return false, except that
   with --ignore-missing a file that does not exist sets *MISSING and
   returns true without a word.  */
bool file_outcome (struct digest_run *run, const char *name, int err,
                   bool at_open, bool *missing);

/* Hash with RUN's algorithm into DIGEST the file that the walk of -r
   found as F; set *GONE if it is no longer a regular file.  Return as
   file_outcome.  */
bool digest_walked (struct digest_run *run, const struct walk_item *f,
                    uint8_t *digest, bool *gone);

/* The name to give RUN's pool for the file NAME: null for standard
   input, which the main thread reads in its turn.  */
const char *pool_name (const char *name);

/* Hash the file named NAME with A into DIGEST in its turn, here or
   by RUN's pool; LONG_NAME: NAME may be longer than PATH_MAX.  Return
   as file_outcome.  */
bool next_file (struct digest_run *run, const char *name,
                const struct digest_algo *a, uint8_t *digest, bool long_name,
                bool *missing);

/* Hook the read loops, from the main thread: the bytes they hash go to
   the progress display and the SIGUSR1 status line.  */
void progress_hook_start (void);

/* The file NAME is the next whose line is printed: its name for the
   display and the status line, until progress_end_file.  */
void progress_start_file (const char *name);

/* The file of progress_start_file is done.  */
void progress_end_file (void);

/* With RUN's display shown, add to its total the size of the file NAME
   if it is a regular file.  */
void progress_total_file (const struct digest_run *run, const char *name);

#endif
