/* mv-remove.h -- mv's removal of a source copied across file systems
   (mv-remove.c), for mv-move.c.  */

#ifndef BRISK_MV_REMOVE_H
#define BRISK_MV_REMOVE_H

#include <stdbool.h>

/* Remove the operand NAME, a directory with all it holds when IS_DIR;
   with VERBOSE, say each removal as GNU's mv does.  A directory is
   removed only if all it held went.  Return true, or false
   (reported).  */
bool mv_remove (char const *name, bool is_dir, bool verbose);

#endif
