/* memchr-nth.h -- find the Kth occurrence of a byte in a buffer.

   For cutting input into pieces of N lines: most blocks read hold no
   piece's end, and only their lines need counting; a search for each
   line (memchr or rawmemchr, a call per line) costs more than the
   count of the whole block.  */

#ifndef MEMCHR_NTH_H
#define MEMCHR_NTH_H

#include <stddef.h>

/* Return the address of the Kth byte equal to C (converted to unsigned
   char) among the N bytes at P, counting from 1; K must be at least 1.
   If there are fewer than K, return NULL and store their count in
   *FOUND.  Like memchr, it returns a pointer into P without const.  */
void *memchr_nth (void const *p, size_t n, int c, size_t k, size_t *found);

#endif
