/* same-content.h -- whether two open files hold the same bytes.

   For install's -C (--compare), which leaves alone a destination that
   already is what would be installed.  Reads both files from their
   current offsets to their ends.  Never prints.  */

#ifndef BRISK_SAME_CONTENT_H
#define BRISK_SAME_CONTENT_H

#include <sys/stat.h>

int same_content_fd (int a, int b, struct stat const *st);

#endif
