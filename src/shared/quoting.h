/* quoting.h -- names in messages, quoted as GNU's tools quote them
   (coreutils' system.h): quotef for a name that starts a message
   ("NAME: ..."), quoteaf for one inside it, quoteaf_n for the Nth of
   several names in one message (each N its own buffer).  */

#ifndef BRISK_QUOTING_H
#define BRISK_QUOTING_H

#include "quotearg.h"

#define quotef(name) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, name)
#define quoteaf(name) \
  quotearg_style (shell_escape_always_quoting_style, name)
#define quoteaf_n(n, name) \
  quotearg_n_style (n, shell_escape_always_quoting_style, name)

#endif
