/* copy-cli.c -- the command-line pieces that cp and mv share: the
   operands' checks, the target directory, --update's argument; with
   GNU's messages.  */

#include <config.h>

#include "copy-cli.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "argmatch.h"
#include "error.h"
#include "quotearg.h"

#include "version.h"

#define quoteaf(name) quotearg_style (shell_escape_always_quoting_style, name)

/* Report a usage error MSG (a format with one %s, ARG), give the
   --help hint and exit.  */
void
usage_error (char const *msg, char const *arg)
{
  error (0, 0, msg, arg);
  try_help (EXIT_FAILURE);
}

/* Exit with GNU's message if the N operands FILES cannot be used:
   none, or only one without TARGET_DIR (-t); with NO_TARGET_DIR (-T),
   more than two, or -t too.  */
void
check_operands (int n, char **files, char const *target_dir,
                bool no_target_dir)
{
  if (n <= (target_dir == NULL))
    {
      if (n == 0)
        usage_error ("%s", "missing file operand");
      usage_error ("missing destination file operand after %s",
                   quoteaf (files[0]));
    }
  if (no_target_dir)
    {
      if (target_dir)
        error (EXIT_FAILURE, 0, "cannot combine --target-directory (-t) "
               "and --no-target-directory (-T)");
      if (2 < n)
        usage_error ("extra operand %s", quoteaf (files[2]));
    }
}

/* Take ARG of -t as *TARGET_DIR; exit if one was given already.  */
void
set_target_dir (char const **target_dir, char const *arg)
{
  if (*target_dir)
    error (EXIT_FAILURE, 0, "multiple target directories specified");
  *target_dir = arg;
}

/* Whether NAME is a directory (following a symlink); set *ERR to the
   errno of a failed stat (ENOTDIR when it is not one).  */
bool
is_dir (char const *name, int *err)
{
  struct stat st;
  if (stat (name, &st) != 0)
    {
      *err = errno;
      return false;
    }
  *err = S_ISDIR (st.st_mode) ? 0 : ENOTDIR;
  return !*err;
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
