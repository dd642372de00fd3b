/* digest-usage.h -- the --help of the digest tools, for digest.c.  */

#ifndef BRISK_DIGEST_USAGE_H
#define BRISK_DIGEST_USAGE_H

#include "digest-algos.h"

/* Print the help text of this tool, whose algorithm by default is
   ALGO, to stdout, or with STATUS other than EXIT_SUCCESS the "Try
   --help" hint to stderr, and exit with STATUS.  */
_Noreturn void usage (int status, const struct digest_algo *algo);

#endif
