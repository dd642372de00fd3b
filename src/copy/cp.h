/* cp.h -- what cp's option parser (cp.c) hands to its tree copier
   (cp-copy.c and its mechanisms, cp-*.c).  */

#ifndef BRISK_CP_H
#define BRISK_CP_H

#include <stdbool.h>
#include <sys/stat.h>

#include "backupfile.h"
#include "copy-file.h"

/* When to follow a symbolic link met in a source.  */
enum cp_deref
{
  DEREF_UNDEFINED,
  DEREF_NEVER,                  /* -P */
  DEREF_COMMAND_LINE,           /* -H: operands only */
  DEREF_ALWAYS                  /* -L */
};

/* What to do with a destination that exists.  */
enum cp_clobber
{
  CLOBBER_YES,                  /* overwrite */
  CLOBBER_ASK,                  /* -i */
  CLOBBER_NO                    /* -n */
};

/* --update's choices (-u is UPDATE_OLDER).  */
enum cp_update
{
  UPDATE_ALL,
  UPDATE_NONE,
  UPDATE_NONE_FAIL,
  UPDATE_OLDER
};

/* --reflink's choices.  */
enum cp_reflink
{
  REFLINK_NEVER,
  REFLINK_AUTO,
  REFLINK_ALWAYS
};

struct cp_options
{
  bool recursive;
  enum cp_deref deref;
  enum cp_clobber clobber;
  enum cp_update update;
  enum cp_reflink reflink;
  enum copy_sparse sparse;
  enum backup_type backup;
  unsigned int preserve;        /* COPY_PRESERVE_* */
  unsigned int require;         /* of those, the ones that must work */
  bool preserve_links;
  bool require_xattr;           /* --preserve=xattr named */
  bool require_context;         /* --preserve=context named */
  bool no_preserve_mode;        /* --no-preserve=mode named: new files
                                   get the default modes */
  bool force;                   /* -f */
  bool remove_destination;
  bool hard_link;               /* -l */
  bool symbolic_link;           /* -s */
  bool one_file_system;         /* -x */
  bool parents;
  bool attributes_only;
  bool copy_contents;
  bool open_dangling;           /* write through a dangling symlink
                                   (POSIXLY_CORRECT), rather than
                                   refuse to */
  bool keep_directory_symlink;
  bool verbose;
  bool debug;
  bool progress;                /* -g: a display on a terminal */
  bool move;                    /* mv's copy across file systems: -v
                                   says "copied" and "created
                                   directory", and nothing for a hard
                                   link made again */
  char const *move_backup;      /* mv: the backup it made of the
                                   operand's destination, for -v */
};

bool cp_copy_operand (char const *src, char const *dst,
                      char const *parents_of);
void cp_count_operands (char const *const *srcs, int n);
void cp_copy_init (struct cp_options const *x, int n_sources);
void cp_copy_finish (void);
bool cp_same_name (char const *a, char const *b);

#endif
