/* digest-line.h -- parse the lines of a *sum --check file.  */

#ifndef BRISK_DIGEST_LINE_H
#define BRISK_DIGEST_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include "digest-algos.h"

/* What a line of a check file is.  */
enum digest_line_kind
{
  DIGEST_LINE_SKIPPED,          /* a comment or an empty line */
  DIGEST_LINE_IMPROPER,         /* not a checksum line of this algorithm */
  DIGEST_LINE_PROPER            /* a digest and a file name */
};

/* The state of reading check lines of one algorithm.  BSD_REVERSED
   says whether "HEX NAME" with one space (the BSD "md5 -r" form) was
   seen first (1), the GNU "HEX  NAME" form first (0), or neither yet
   (-1).  The two forms are not mixed, so that a name with a leading
   space or '*' cannot be read two ways; the choice lasts for every
   line read through P after it, in any check file, as GNU's does.  */
struct digest_line_parser
{
  const struct digest_algo *algo;
  int bsd_reversed;
};

/* Start P for the lines of ALGO, neither form seen yet.  */
void digest_line_init (struct digest_line_parser *p,
                       const struct digest_algo *algo);

/* Parse a line of a check file: LINE of LEN bytes (its trailing
   newline still there, and a NUL after it).  IS_STDIN says whether the
   check file is standard input (a line naming "-" is then improper).
   For a proper line, set *HEX (2 * digest_size hex digits, any case)
   and *NAME (unescaped), both NUL-terminated and pointing into LINE,
   which is changed in place within its LEN + 1 bytes.  */
enum digest_line_kind digest_line_parse (struct digest_line_parser *p,
                                         char *line, size_t len,
                                         bool is_stdin, char **hex,
                                         char **name);

#endif
