/* temp-spool.h -- copy what is left of an input whose size cannot be
   had (a pipe, a socket, a /proc file) into an unlinked temporary
   file, which then stands in for it on the same descriptor, at offset
   0, with a size that fstat tells: for split -n, which must know the
   size before it writes the first piece (GNU 9.2 does the same).

   The file is made in $TMPDIR if that names a directory, else in /tmp,
   as GNU's split chooses.  It never has a name (O_TMPFILE), or loses
   it right after mkstemp made it, so nothing is left behind, whatever
   ends the process.  The bytes move with the copy engine.  Never
   prints, never exits.  */

#ifndef BRISK_TEMP_SPOOL_H
#define BRISK_TEMP_SPOOL_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "copy-data.h"

/* What failed, for the caller's message.  */
enum spool_failure
{
  SPOOL_FAILED_NONE,
  SPOOL_FAILED_CREATE,          /* making the temporary file */
  SPOOL_FAILED_READ,            /* reading the input */
  SPOOL_FAILED_WRITE,           /* writing the temporary file */
  SPOOL_FAILED_OTHER            /* neither: out of memory, say */
};

/* What spool_input did.  */
struct spool_result
{
  enum spool_failure failure;
  char *name;                   /* with SPOOL_FAILED_CREATE: the name
                                   mkstemp tried (malloc'd, for the
                                   caller to free), or NULL */
};

char const *spool_dir (void);
int spool_input (struct copy_engine *engine, int fd, struct stat *st,
                 char const *head, size_t head_len,
                 struct spool_result *result);

#endif
