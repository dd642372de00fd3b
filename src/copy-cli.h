/* copy-cli.h -- the command-line pieces that cp and mv share: the
   operands' checks, the target directory, --update's argument.  */

#ifndef BRISK_COPY_CLI_H
#define BRISK_COPY_CLI_H

#include <stdbool.h>

#include "cp.h"

_Noreturn void usage_error (char const *msg, char const *arg);
void check_operands (int n, char **files, char const *target_dir,
                     bool no_target_dir);
void set_target_dir (char const **target_dir, char const *arg);
bool is_dir (char const *name, int *err);
enum cp_update decode_update (char const *arg);

#endif
