/* temp-spool.c -- copy the rest of an input into an unlinked temporary
   file that takes its place (see temp-spool.h).  May call the copy
   engine (copy-data.c) and nothing else of Brisk's.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "full-write.h"
#include "temp-spool.h"

/* The prefix of the temporary file's name when it has one, GNU's.  */
#define SPOOL_PREFIX "cutmp"

/* Return the directory for the temporary file: $TMPDIR if it is set
   and names a directory, else /tmp (GNU's split takes the same).  */
char const *
spool_dir (void)
{
  char const *dir = getenv ("TMPDIR");
  struct stat st;
  if (dir && *dir && stat (dir, &st) == 0 && S_ISDIR (st.st_mode))
    return dir;
  return "/tmp";
}

/* Open a new temporary file in DIR for reading and writing, without a
   name: by O_TMPFILE where the kernel and file system allow, else by
   mkstemp and unlink at once.  Return its descriptor, or -1 with errno
   set and RESULT->name set to the name tried (or NULL if memory ran
   out first).  */
static int
open_unlinked (char const *dir, struct spool_result *result)
{
#ifdef O_TMPFILE
  int fd = open (dir, O_TMPFILE | O_RDWR, S_IRUSR | S_IWUSR);
  if (0 <= fd)
    return fd;
#endif
  size_t len = strlen (dir) + sizeof "/" SPOOL_PREFIX "XXXXXX";
  char *name = malloc (len);
  if (!name)
    return -1;
  snprintf (name, len, "%s/%sXXXXXX", dir, SPOOL_PREFIX);
  int tmp = mkstemp (name);
  if (tmp < 0)
    {
      result->name = name;
      return -1;
    }
  unlink (name);
  free (name);
  return tmp;
}

/* Fill the temporary file TMP: the HEAD_LEN bytes at HEAD, already
   read from the input FD (status ST), then what is left of FD, with
   ENGINE.  Return 0, or -1 with errno and RESULT->failure set.  */
static int
fill_spool (struct copy_engine *engine, int fd, struct stat const *st,
            int tmp, char const *head, size_t head_len,
            struct spool_result *result)
{
  struct stat tmp_st;
  struct copy_result res;
  if (full_write (tmp, head, head_len) != head_len
      || fstat (tmp, &tmp_st) != 0)
    {
      result->failure = SPOOL_FAILED_WRITE;
      return -1;
    }
  if (copy_data_onward (engine, fd, st, tmp, &tmp_st, &res) < 0)
    {
      result->failure = (res.failure == COPY_FAILED_READ ? SPOOL_FAILED_READ
                         : res.failure == COPY_FAILED_WRITE
                         ? SPOOL_FAILED_WRITE : SPOOL_FAILED_OTHER);
      return -1;
    }
  return 0;
}

/* Copy the HEAD_LEN bytes at HEAD, which were read from the input FD
   (status *ST), and the rest of FD, into a new unlinked temporary file
   in spool_dir (), then put that file on FD instead, at offset 0, and
   its status in *ST (its st_size is the count of bytes).  Return 0;
   or -1 with errno set and RESULT->failure saying what failed, FD then
   being left as it is, less what was read of it.  */
int
spool_input (struct copy_engine *engine, int fd, struct stat *st,
             char const *head, size_t head_len, struct spool_result *result)
{
  *result = (struct spool_result) { .failure = SPOOL_FAILED_NONE };
  int tmp = open_unlinked (spool_dir (), result);
  if (tmp < 0)
    {
      result->failure = SPOOL_FAILED_CREATE;
      return -1;
    }
  if (fill_spool (engine, fd, st, tmp, head, head_len, result) == 0)
    {
      if (fstat (tmp, st) == 0 && dup2 (tmp, fd) == fd
          && lseek (fd, 0, SEEK_SET) == 0)
        {
          close (tmp);          /* FD holds the file: nothing to lose */
          return 0;
        }
      result->failure = SPOOL_FAILED_OTHER;
    }
  int e = errno;
  close (tmp);
  errno = e;
  return -1;
}
