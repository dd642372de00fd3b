/* io-wait.h -- reading and writing descriptors that may be
   non-blocking: each call waits out EAGAIN with poll(2) and goes on,
   so that a tool given an O_NONBLOCK pipe or terminal loses nothing
   and never spins.  Shared by cat and tee.  Never prints, never
   exits.  */

#ifndef BRISK_IO_WAIT_H
#define BRISK_IO_WAIT_H

#include <stddef.h>
#include <sys/types.h>

int io_wait (int fd, short events);
ssize_t io_read_wait (int fd, void *buf, size_t count);
int io_write_wait (int fd, void const *buf, size_t count);

#endif
