/* ioblksize.c -- the testing aid that overrides every IO buffer size.  */

#include <config.h>

#include "ioblksize.h"

#include <errno.h>
#include <stdlib.h>

/* Parse the value of BRISK_IO_BUFSIZE, S (possibly NULL): a decimal
   count of bytes from 1 to IO_BUFSIZE_MAX.  Return it, or 0 when S is
   missing, empty, not a plain number, or out of range (the variable is
   then ignored).  */
static size_t
parse_bufsize (const char *s)
{
  if (!s || *s < '0' || '9' < *s)
    return 0;
  char *end;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 10);
  if (errno != 0 || *end != '\0' || v == 0 || IO_BUFSIZE_MAX < v)
    return 0;
  return v;
}

/* Return the buffer size that BRISK_IO_BUFSIZE forces, or 0 if none.
   The environment is read once, on the first call; later calls return
   the cached answer, so the hot path costs one load.  Not thread-safe
   on the first call, which every tool makes before starting threads
   (if it ever has any): the race would only compute the same value
   twice anyway.  */
size_t
io_bufsize_override (void)
{
  static size_t cached;
  static int known;
  if (!known)
    {
      int saved_errno = errno;
      cached = parse_bufsize (getenv ("BRISK_IO_BUFSIZE"));
      errno = saved_errno;
      known = 1;
    }
  return cached;
}
