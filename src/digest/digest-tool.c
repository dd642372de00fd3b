/* digest-tool.c -- which digest tool this is: the one file of the
   digest tools compiled once per tool (src/digest/local.mk), with
   DIGEST_NAME the name of a row of lib/digest-algos.c (the tool's
   default algorithm), DIGEST_PROGRAM the tool's name where that is
   not DIGEST_NAME "sum", and DIGEST_CKSUM, DIGEST_SUM or DIGEST_B3SUM
   set to 1 for the option sets of cksum, sum and b3sum.  The driver
   and its mechanisms, compiled once into libdigest.a, read it as
   digest_tool (digest.h).  */

#include <config.h>

#include "digest.h"

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
#ifndef DIGEST_B3SUM
# define DIGEST_B3SUM 0
#endif

const struct digest_tool digest_tool =
  {
    .algo_name = DIGEST_NAME,
    .program = DIGEST_PROGRAM,
    .cksum = DIGEST_CKSUM,
    .sum = DIGEST_SUM,
    .b3sum = DIGEST_B3SUM,
  };
