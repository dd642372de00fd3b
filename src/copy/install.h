/* install.h -- what install's option parser (install.c) hands to the
   code that installs a file (install-file.c) and makes directories
   (install-dir.c).  */

#ifndef BRISK_INSTALL_H
#define BRISK_INSTALL_H

#include <stdbool.h>
#include <sys/types.h>

#include "backupfile.h"

struct install_options
{
  mode_t mode;                  /* an installed file's mode (-m) */
  mode_t dir_mode;              /* a directory's mode, for -d */
  mode_t dir_mode_bits;         /* the bits of DIR_MODE that -m names
                                   (the others an existing directory
                                   keeps) */
  uid_t owner;                  /* -o, or (uid_t) -1 */
  gid_t group;                  /* -g, or (gid_t) -1 */
  bool preserve_times;          /* -p */
  bool strip;                   /* -s */
  char const *strip_program;    /* --strip-program, or "strip" */
  bool compare;                 /* -C, with a mode it applies to */
  bool verbose;                 /* -v */
  bool debug;                   /* --debug (implies verbose) */
  enum backup_type backup;
};

/* install-file.c: one file.  */
void install_init (struct install_options const *x, int n_files);
bool install_file (char const *src, int dirfd, char const *name,
                   char const *dst);
void install_finish (void);

/* install-dir.c: directories.  */
bool install_make_dir (struct install_options const *x, char const *dir);
int install_make_leading (struct install_options const *x,
                          char const *name, bool all, size_t *last);

#endif
