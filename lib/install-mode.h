/* install-mode.h -- the modes install's -m gives files and directories.

   -m takes a mode as chmod does, octal or symbolic, applied to a file
   that has no permission, without the umask.  A directory made by -d
   gets it applied as to a directory (X then always adds search
   permission), and only the bits the mode mentions are set on a
   directory that is already there.  Nothing here prints or exits.  */

#ifndef BRISK_INSTALL_MODE_H
#define BRISK_INSTALL_MODE_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* rwxr-xr-x: the mode without -m.  */
#define INSTALL_MODE_DEFAULT \
  (S_IRWXU | S_IRGRP | S_IXGRP | S_IROTH | S_IXOTH)

struct install_modes
{
  mode_t mode;                  /* an installed file's */
  mode_t dir_mode;              /* a directory's, for -d */
  mode_t dir_mode_bits;         /* the bits of DIR_MODE the mode sets */
};

bool install_modes_parse (char const *arg, struct install_modes *m);

#endif
