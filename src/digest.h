/* digest.h -- what the files of the digest tools share: which tool
   this is, fixed when it is compiled.

   Every file of digest_sources (src/local.mk) is compiled once per
   tool with DIGEST_NAME set to the name of a row of lib/digest-algos.c
   (its default algorithm), DIGEST_PROGRAM to its name where that is
   not DIGEST_NAME "sum", and DIGEST_CKSUM or DIGEST_SUM for cksum's
   and sum's options.  */

#ifndef BRISK_DIGEST_H
#define BRISK_DIGEST_H

#include <stdbool.h>

#ifndef DIGEST_NAME
# error "compile with -DDIGEST_NAME='\"md5\"' or another row's name"
#endif
#ifndef DIGEST_PROGRAM
# define DIGEST_PROGRAM DIGEST_NAME "sum"
#endif
#ifndef DIGEST_CKSUM
# define DIGEST_CKSUM 0
#endif
#ifndef DIGEST_SUM
# define DIGEST_SUM 0
#endif

/* Which of the tools' option sets this one has: cksum's (-a, --untagged,
   tagged lines by default), sum's (-r, -s and nothing else), or the
   *sum tools' (b2sum's adds -l).  */
static bool const is_cksum = DIGEST_CKSUM;
static bool const is_sum = DIGEST_SUM;

#endif
