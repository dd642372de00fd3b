/* version.c -- the --version text and the --help hint shared by every
   Brisk program.  */

#include <config.h>

#include "version.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "i18n.h"
#include "progname.h"

/* Print the --version text of COMMAND.  */
void
print_version (const char *command)
{
  printf ("%s (%s) %s\n", command, PACKAGE_NAME, PACKAGE_VERSION);
  fputs ("\
Copyright (C) 2026 the Brisk developers.\n\
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n\
This is free software: you are free to change and redistribute it.\n\
There is NO WARRANTY, to the extent permitted by law.\n",
         stdout);
}

/* See version.h.  */
void
print_help_manual (char const *command)
{
  printf ("\nFull documentation: info '(brisk) %s invocation'\n", command);
}

/* Point the user at --help on stderr and exit with STATUS.  */
void
try_help (int status)
{
  fprintf (stderr, _("Try '%s --help' for more information.\n"), program_name);
  exit (status);
}

/* try_help (EXIT_FAILURE), for argmatch_die.  */
void
try_help_failure (void)
{
  try_help (EXIT_FAILURE);
}

/* Report the usage error MSG (a format with one %s, ARG), point at
   --help and exit with EXIT_FAILURE.  */
void
usage_error (char const *msg, char const *arg)
{
  error (0, 0, msg, arg);
  try_help (EXIT_FAILURE);
}

/* See version.h.  */
void
init_locale (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GNU_DOMAIN, COREUTILS_LOCALEDIR);
  bindtextdomain (BRISK_DOMAIN, LOCALEDIR);
  textdomain (GNU_DOMAIN);
}
