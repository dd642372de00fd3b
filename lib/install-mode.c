/* install-mode.c -- the modes install's -m gives files and directories.
   Calls gnulib's modechange.  */

#include <config.h>

#include "install-mode.h"

#include <stdlib.h>

#include "modechange.h"

/* Set M from the -m argument ARG, or to the defaults if ARG is NULL.
   Return false, M unchanged, if ARG is not a mode.  */
bool
install_modes_parse (char const *arg, struct install_modes *m)
{
  if (!arg)
    {
      m->mode = m->dir_mode = INSTALL_MODE_DEFAULT;
      m->dir_mode_bits = S_ISUID | S_ISGID | S_ISVTX | ACCESSPERMS;
      return true;
    }
  struct mode_change *change = mode_compile (arg);
  if (!change)
    return false;
  m->mode = mode_adjust (0, false, 0, change, NULL);
  m->dir_mode_bits = 0;
  m->dir_mode = mode_adjust (0, true, 0, change, &m->dir_mode_bits);
  free (change);
  return true;
}
