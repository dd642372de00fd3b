/* open-long.h -- open a file by a name longer than the kernel takes in
   one call (PATH_MAX), one piece of the name at a time.  Never prints,
   never exits.  */

#ifndef BRISK_OPEN_LONG_H
#define BRISK_OPEN_LONG_H

/* Open NAME with FLAGS, as open does; where NAME is too long for that
   (ENAMETOOLONG), open its directories a few at a time, each relative
   to the one before, then the file relative to the last.  Return the
   descriptor, or -1 with errno set.  */
int open_long (char const *name, int flags);

#endif
