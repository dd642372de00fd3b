/* copy-cli.h -- the command-line pieces that cp and mv share beyond
   target-dir.h's: the -t option, --update's argument.  */

#ifndef BRISK_COPY_CLI_H
#define BRISK_COPY_CLI_H

#include "cp.h"

void set_target_dir (char const **target_dir, char const *arg);
enum cp_update decode_update (char const *arg);

#endif
