/* target-dir.h -- the operands of the tools that copy into a
   directory (cp, install): how many there must be, whether the last
   one is a directory, and the name a source gets in it.  */

#ifndef BRISK_TARGET_DIR_H
#define BRISK_TARGET_DIR_H

#include <stdbool.h>

void check_operand_count (int n, char **files, bool dest_needed,
                          char const *target_dir, bool no_target_dir);
bool target_is_dir (char const *name, int *err);
char *file_in_dir (char const *dir, char const *src);

#endif
