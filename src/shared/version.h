/* version.h -- the --version text and the --help hint shared by every
   Brisk program.  */

#ifndef BRISK_VERSION_H
#define BRISK_VERSION_H

/* Set the locale from the environment and bind the two text domains
   (src/shared/i18n.h): GNU's catalog, the default, and Brisk's own.  The
   first thing every main does after set_program_name.  */
void init_locale (void);

/* Print to standard output the --version text of the program named
   COMMAND ("md5sum", "cat"): its name, package and version, then the
   copyright and licence lines.  Errors are left to close_stdout.  */
void print_version (const char *command);

/* Print to standard output the last lines of every --help: a blank
   line, then where the manual of the program named COMMAND is, as
   GNU's tools end theirs ("info '(brisk) COMMAND invocation'", a node
   of doc/brisk.texi).  */
void print_help_manual (char const *command);

/* Print "Try 'PROGRAM --help' for more information." to stderr and
   exit with STATUS: what every tool does on a usage error.  */
_Noreturn void try_help (int status);

/* try_help (EXIT_FAILURE): what argmatch_die is set to.  */
_Noreturn void try_help_failure (void);

/* Report the usage error MSG, a format with one %s (ARG), then the
   --help hint, and exit with EXIT_FAILURE.  */
_Noreturn void usage_error (char const *msg, char const *arg);

#endif
