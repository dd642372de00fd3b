/* digest-b3threads.h -- b3sum's hashing of one large regular file on
   several threads, as the BLAKE3 team's b3sum does by default.  */

#ifndef BRISK_DIGEST_B3THREADS_H
#define BRISK_DIGEST_B3THREADS_H

#include <stddef.h>
#include <stdint.h>

#include "digest-algos.h"

/* The size from which b3sum_hash_threads hashes a regular file on
   THREADS threads; 0 if it never does (fewer than 2).  */
uint64_t b3sum_threads_min_size (size_t threads);

/* Hash the file open on FD with A, the BLAKE3 row or a copy, on
   THREADS threads into DIGEST, reading it with pread from its start
   (the file offset is left as it was).  Return 1 if done; -1 with
   errno set on a read error; 0 if the caller is to read the file
   itself: fewer than 2 threads, a file that is not regular or is
   small, memory short, or a file that ended before the size it had
   when it was opened (it changed while being read).  */
int b3sum_hash_threads (const struct digest_algo *a, int fd, size_t threads,
                        uint8_t *digest);

#endif
