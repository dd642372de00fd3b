/* copy-cli.h -- the command line of the tools that copy into a
   directory (cp, mv, install): how many operands there must be,
   whether the last one is a directory, the name a source gets in it,
   the -t option, --update's argument, the question before a
   destination is replaced, and the "Usage:" forms of --help.  */

#ifndef BRISK_COPY_CLI_H
#define BRISK_COPY_CLI_H

#include <stdbool.h>
#include <sys/types.h>

#include "cp.h"

void check_operand_count (int n, char **files, bool dest_needed,
                          char const *target_dir, bool no_target_dir);
bool target_is_dir (char const *name, int *err);
char *file_in_dir (char const *dir, char const *src);
void set_target_dir (char const **target_dir, char const *arg);
enum cp_update decode_update (char const *arg);
bool ask_to_replace (char const *name, mode_t mode, bool unwritable,
                     bool replacing);

/* The head of cp's, mv's and install's --help: with STATUS other than
   EXIT_SUCCESS, the --help hint and exit; else the three "Usage:"
   forms (SOURCE DEST, SOURCE... DIRECTORY, -t DIRECTORY SOURCE...),
   and a fourth whose operands are MORE unless MORE is null.  */
void print_copy_forms (int status, char const *more);

#endif
