/* progress.h -- the progress display that cp, mv and the digest tools
   share: cp -g's display and the SIGUSR1 status line, also the digest
   tools' (progress_init_plain, progress_add; a null DST to
   progress_file).  */

#ifndef BRISK_PROGRESS_H
#define BRISK_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "copy-data.h"

void progress_catch_status (void);
void progress_init (bool want_display, struct copy_engine *engine);
bool progress_init_plain (bool want_display);
bool progress_share_terminal (FILE *lines);
void progress_pause (void);
void progress_add (off_t bytes);
void progress_total_open (void);
void progress_total_add (off_t n);
void progress_total_close (void);
void progress_count (char const *const *names, int n, bool follow,
                     bool follow_top);
void progress_file (char const *src, char const *dst, off_t size);
void progress_file_done (void);
void progress_finish (void);

#endif
