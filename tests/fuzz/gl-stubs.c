/* gl-stubs.c -- the few gnulib functions that the fuzz targets' gnulib
   files call and that the fuzz build does not compile (tests/fuzz/build
   puts this file in the targets' library, so a target gets it only if
   it needs it).

   xalloc_die: running out of memory is a finding, so abort.  The
   quoting functions of quotearg, which argmatch's messages call (for
   cp's --preserve lists and the --backup words): the word as it is.
   The args tests (tests/fuzz/args-*.sh) compare the tools' real,
   quoted messages with GNU's; quotearg itself would pull in much of
   gnulib's multibyte code.  */

#include <config.h>

#include <stdlib.h>

#include "quote.h"
#include "quotearg.h"
#include "xalloc.h"

void
xalloc_die (void)
{
  abort ();
}

char *
quotearg_n_style (int n, enum quoting_style s, char const *arg)
{
  (void) n;
  (void) s;
  return (char *) arg;
}

char const *
quote_n (int n, char const *arg)
{
  (void) n;
  return arg;
}

char const *
quote (char const *arg)
{
  return arg;
}
