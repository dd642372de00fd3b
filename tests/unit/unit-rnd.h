/* unit-rnd.h -- what the hash core unit tests share: a seeded random
   generator, and the REQUIRE_VARIANTS list.

   Each function is static inline, so that a test includes this file
   and links nothing more.  */

#ifndef BRISK_UNIT_RND_H
#define BRISK_UNIT_RND_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: return the next number from the generator *STATE.  */
static inline uint64_t
rnd (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Return a random number from *STATE in 0..N inclusive.  */
static inline size_t
rnd_upto (uint64_t *state, size_t n)
{
  return rnd (state) % ((uint64_t) n + 1);
}

/* Fill the N bytes at P with random bytes from *STATE.  */
static inline void
rnd_fill (uint64_t *state, void *p, size_t n)
{
  uint8_t *b = p;
  for (size_t i = 0; i < n; i += 8)
    {
      uint64_t r = rnd (state);
      size_t k = n - i < 8 ? n - i : 8;
      memcpy (b + i, &r, k);
    }
}

/* Return true if the comma-separated LIST names NAME.  A NULL LIST
   names nothing.  */
static inline bool
list_has (const char *list, const char *name)
{
  size_t len = strlen (name);
  while (list && *list)
    {
      size_t n = strcspn (list, ",");
      if (n == len && strncmp (list, name, len) == 0)
        return true;
      list += n + (list[n] == ',');
    }
  return false;
}

/* Return the seed that the environment variable VAR gives, or DFLT if
   VAR is unset or empty.  Exit 99 if VAR is not a number.  */
static inline uint64_t
test_seed (const char *var, uint64_t dflt)
{
  const char *s = getenv (var);
  char *end;

  if (!s || !*s)
    return dflt;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 0);
  if (errno || *end)
    {
      printf ("ERROR: %s=%s is not a number\n", var, s);
      exit (99);
    }
  return v;
}

#endif
