/* mv.h -- what mv's option parser (mv.c) hands to its mover
   (mv-move.c).  */

#ifndef BRISK_MV_H
#define BRISK_MV_H

#include <stdbool.h>

#include "backupfile.h"
#include "cp.h"

/* Whom to ask before replacing a destination: -f, -i, -n, or none
   given (then a destination not writable is asked about when standard
   input is a terminal).  */
enum mv_interactive
{
  MV_UNSPECIFIED,
  MV_FORCE,
  MV_ASK,
  MV_NEVER
};

struct mv_options
{
  enum mv_interactive interactive;
  enum cp_update update;        /* -u, --update, -n */
  enum backup_type backup;
  bool verbose;
  bool debug;                   /* --debug (implies verbose) */
  bool no_copy;                 /* --no-copy: fail across file systems */
  bool exchange;                /* --exchange: swap SOURCE and DEST */
  bool progress;                /* -g: cp -g's display, across file
                                   systems */
  bool stdin_tty;
};

void mv_init (struct mv_options const *opts);
void mv_track_moves (void);
bool mv_operand (char const *src, char const *dst, int rename_err);
void mv_finish (void);

#endif
