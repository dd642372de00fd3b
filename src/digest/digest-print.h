/* digest-print.h -- the lines the digest tools print, for digest.c
   and digest-check.c.  */

#ifndef BRISK_DIGEST_PRINT_H
#define BRISK_DIGEST_PRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "digest.h"

/* The digits of digests as we print them, lower case.  */
extern const char digest_hexdigits[];

/* Set up stdout for the lines, before any is printed: UNDER_DISPLAY
   says whether stdout is the terminal of the progress display.  */
void output_start (bool under_display);

/* Write the last lines now if GNU's line buffering would have.  */
void output_finish (void);

/* Free stdout's buffer, once stdout is closed (an atexit handler).  */
void free_out_buf (void);

/* Print the line for the file NAME whose digest is DIGEST, in the form
   that OPTS ask for.  */
void print_sum_line (const struct digest_opts *opts, const char *name,
                     const uint8_t *digest);

/* Print the result NAME: WHAT for a check line, unless --status in
   OPTS.  */
void print_check_result (const struct digest_opts *opts, const char *name,
                         const char *what);

/* Print b3sum --check's result "SHOWN: WHAT", SHOWN being the name as
   the check line writes it (its escapes, its leading backslash).  */
void print_b3sum_check_result (const char *shown, const char *what);

/* Report the failure F of the walk.  Return false.  */
bool report_walk_failure (const struct walk_item *f);

#endif
