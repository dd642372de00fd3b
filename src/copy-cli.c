/* copy-cli.c -- the command-line pieces that cp and mv share beyond
   target-dir.c's: the -t option, --update's argument; with GNU's
   messages.  */

#include <config.h>

#include "copy-cli.h"

#include <stdlib.h>

#include "argmatch.h"
#include "error.h"

/* Take ARG of -t as *TARGET_DIR; exit if one was given already.  */
void
set_target_dir (char const **target_dir, char const *arg)
{
  if (*target_dir)
    error (EXIT_FAILURE, 0, "multiple target directories specified");
  *target_dir = arg;
}

/* The value of --update=ARG, or of --update alone (ARG null): older.
   An invalid ARG exits through argmatch_die.  */
enum cp_update
decode_update (char const *arg)
{
  static char const *const args[] = {
    "all", "none", "none-fail", "older", NULL
  };
  static enum cp_update const values[] = {
    UPDATE_ALL, UPDATE_NONE, UPDATE_NONE_FAIL, UPDATE_OLDER
  };
  return arg ? XARGMATCH ("--update", arg, args, values) : UPDATE_OLDER;
}
