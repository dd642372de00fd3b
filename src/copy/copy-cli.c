/* copy-cli.c -- the command line of the tools that copy into a
   directory (cp, mv, install): how many operands there must be,
   whether the last one is a directory, the name a source gets in it,
   the -t option and --update's argument, the question before a
   destination is replaced, and the "Usage:" forms of their --help;
   with GNU's messages.  */

#include <config.h>

#include "copy-cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "argmatch.h"
#include "dirname.h"
#include "error.h"
#include "filenamecat.h"
#include "progname.h"
#include "quotearg.h"
#include "xalloc.h"
#include "yesno.h"

#include "i18n.h"
#include "version.h"

/* Exit with GNU's usage error if the N operands FILES are too few:
   none, or only one where DEST_NEEDED (no -t, no -d); or too many for
   -T (NO_TARGET_DIR), or -T is given with -t (TARGET_DIR, or
   NULL).  */
void
check_operand_count (int n, char **files, bool dest_needed,
                     char const *target_dir, bool no_target_dir)
{
  if (n < (dest_needed ? 2 : 1))
    {
      if (n <= 0)
        usage_error ("%s", _("missing file operand"));
      usage_error (_("missing destination file operand after %s"),
                   quotearg_style (shell_escape_always_quoting_style,
                                   files[0]));
    }
  if (!no_target_dir)
    return;
  if (target_dir)
    error (EXIT_FAILURE, 0, _("cannot combine --target-directory (-t) "
           "and --no-target-directory (-T)"));
  if (2 < n)
    usage_error (_("extra operand %s"),
                 quotearg_style (shell_escape_always_quoting_style,
                                 files[2]));
}

/* Whether NAME is a directory (following a symlink); set *ERR to the
   errno of a failed stat (ENOTDIR when it is not one).  */
bool
target_is_dir (char const *name, int *err)
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

/* Return the name of SRC copied into the directory DIR: DIR/the last
   component of SRC, without its trailing slashes ("." for "/").  */
char *
file_in_dir (char const *dir, char const *src)
{
  char const *last = last_component (src);
  char *base = ximemdup0 (last, base_len (last));
  char *name = file_name_concat (dir, *base ? base : ".", NULL);
  if (!name)
    xalloc_die ();
  free (base);
  return name;
}

/* Take ARG of -t as *TARGET_DIR; exit if one was given already.  */
void
set_target_dir (char const **target_dir, char const *arg)
{
  if (*target_dir)
    error (EXIT_FAILURE, 0, _("multiple target directories specified"));
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

/* Write into BUF the nine permission characters of MODE, as ls -l
   shows them (s, S, t and T included), and a null.  */
static void
perm_string (mode_t mode, char buf[10])
{
  static char const rwx[] = "rwxrwxrwx";
  for (int i = 0; i < 9; i++)
    buf[i] = (mode & (S_IRUSR >> i)) ? rwx[i] : '-';
  static struct
  {
    mode_t bit;
    int pos;
    char c;
  } const special[] = {
    { S_ISUID, 2, 's' }, { S_ISGID, 5, 's' }, { S_ISVTX, 8, 't' }
  };
  for (size_t i = 0; i < sizeof special / sizeof *special; i++)
    if (mode & special[i].bit)
      buf[special[i].pos] = (buf[special[i].pos] == '-'
                             ? special[i].c - ('a' - 'A') : special[i].c);
  buf[9] = '\0';
}

/* Ask on standard error whether to replace NAME, of mode MODE, as
   GNU's cp and mv ask: "overwrite NAME?", or, when it is UNWRITABLE,
   with its mode: "replace NAME, overriding mode" when REPLACING (mv,
   cp -f or --remove-destination, which remove it), else "unwritable
   NAME ...; try anyway?".  Return the answer.  */
bool
ask_to_replace (char const *name, mode_t mode, bool unwritable,
                bool replacing)
{
  if (unwritable)
    {
      char perms[10];
      perm_string (mode, perms);
      fprintf (stderr, (replacing
                        ? _("%s: replace %s, overriding mode %04lo (%s)? ")
                        : _("%s: unwritable %s (mode %04lo, %s); "
                        "try anyway? ")),
               program_name,
               quotearg_style (shell_escape_always_quoting_style, name),
               (unsigned long int) (mode & 07777), perms);
    }
  else
    fprintf (stderr, _("%s: overwrite %s? "), program_name,
             quotearg_style (shell_escape_always_quoting_style, name));
  return yesno ();
}

/* See copy-cli.h.  */
void
print_copy_forms (int status, char const *more)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf ("\
Usage: %s [OPTION]... [-T] SOURCE DEST\n\
  or:  %s [OPTION]... SOURCE... DIRECTORY\n\
  or:  %s [OPTION]... -t DIRECTORY SOURCE...\n",
          program_name, program_name, program_name);
  if (more)
    printf ("  or:  %s [OPTION]... %s\n", program_name, more);
}
