/* blake3-hash.c -- print the BLAKE3 output of a file through lib/blake3,
   for tests/unit/blake3-b3sum.sh to compare with b3sum's.

   Usage: blake3-hash [--keyed | --derive-key CONTEXT] [--length LEN]
                      [--seek SEEK] [--split SEED] [--expect HEX] FILE

   Prints in hex the LEN output bytes (32 by default) that start at
   byte SEEK (0 by default) of the output, then a newline.  --keyed
   reads the 32-byte key from standard input, as b3sum does.  The file
   is fed to update in one call, or with --split in random pieces
   (a byte at a time if SEED is 1) drawn from SEED.  Exits 0, or 2 on
   bad usage or a read error.

   With --expect, HEX being b3sum's first SEEK + LEN output bytes, it
   prints nothing but checks instead, each in a context of its own:
   the first LEN bytes, with the file fed in one call, a byte at a time
   (files of 9000 bytes at most) and in pieces from SEED (--split, 2
   when not given); and the LEN bytes from SEEK, fed in one call.  It
   names each that differs on standard error (--split 0: in one call)
   and exits 1 then: one run
   does what tests/unit/blake3-b3sum.sh did in four, and two cuts.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blake3.h"
#include "unit-rnd.h"

/* Return the contents of the file NAME, of *LEN bytes, malloc'ed; exit
   2 if it cannot be read.  */
static uint8_t *
slurp (const char *name, size_t *len)
{
  FILE *f = fopen (name, "rb");
  size_t size = 1 << 16, n = 0;
  uint8_t *buf = malloc (size);

  if (!f || !buf)
    {
      perror (name);
      exit (2);
    }
  for (;;)
    {
      n += fread (buf + n, 1, size - n, f);
      if (n < size)
        break;
      size *= 2;
      buf = realloc (buf, size);
      if (!buf)
        {
          perror ("realloc");
          exit (2);
        }
    }
  if (ferror (f) || fclose (f) != 0)
    {
      perror (name);
      exit (2);
    }
  *len = n;
  return buf;
}

/* Hash the LEN bytes at P into CTX in pieces from the generator SEED:
   a byte at a time if SEED is 1, else of random sizes, many of them
   around the block and chunk sizes.  */
static void
feed_split (struct blake3_ctx *ctx, const uint8_t *p, size_t len,
            uint64_t seed)
{
  static const size_t sizes[] = { 0, 1, 63, 64, 65, 1023, 1024, 1025 };
  uint64_t rng = seed;

  for (size_t done = 0; done < len;)
    {
      size_t n = 1;
      if (seed != 1)
        {
          size_t i = rnd_upto (&rng, 9);
          n = i < 8 ? sizes[i] : rnd_upto (&rng, 40000);
        }
      if (n > len - done)
        n = len - done;
      blake3_update (ctx, p + done, n);
      done += n;
    }
}

/* Print the usage message and exit 2.  */
static void
usage (void)
{
  fputs ("usage: blake3-hash [--keyed | --derive-key CONTEXT]"
         " [--length LEN] [--seek SEEK] [--split SEED] [--expect HEX]"
         " FILE\n", stderr);
  exit (2);
}

/* The mode: the key (when KEYED) or the context (when not null).  */
static bool keyed;
static uint8_t key[BLAKE3_KEY_LEN + 1];
static const char *context;

/* Start CTX in the mode, and feed it the LEN bytes at DATA: in one
   call if SEED is 0, else in pieces from SEED.  */
static void
hash (struct blake3_ctx *ctx, const uint8_t *data, size_t len,
      uint64_t seed)
{
  if (keyed)
    blake3_init_keyed (ctx, key);
  else if (context)
    blake3_init_derive_key (ctx, context, strlen (context));
  else
    blake3_init (ctx);
  if (seed)
    feed_split (ctx, data, len, seed);
  else
    blake3_update (ctx, data, len);
}

/* Write in HEX (2 * LENGTH + 1 bytes) the LENGTH output bytes from
   SEEK of the LEN bytes at DATA fed as SEED says (see hash), through
   OUT (LENGTH bytes).  */
static void
hash_hex (char *hex, uint8_t *out, const uint8_t *data, size_t len,
          uint64_t seed, uint64_t seek, size_t length)
{
  struct blake3_ctx ctx;

  hash (&ctx, data, len, seed);
  blake3_final_seek (&ctx, seek, out, length);
  for (size_t j = 0; j < length; j++)
    sprintf (hex + 2 * j, "%02x", out[j]);
  hex[2 * length] = '\0';
}

/* The checks of --expect WANT (see the head of this file): return
   true if all agree with WANT, else name those that do not.  */
static bool
check (const char *want, const uint8_t *data, size_t len, uint64_t seed,
       uint64_t seek, size_t length)
{
  const char *mode = keyed ? "--keyed" : context ? "--derive-key" : "hash";
  char *hex = malloc (2 * length + 1);
  uint8_t *out = malloc (length + 1);
  bool ok = true;

  if (!hex || !out)
    exit (2);
  if (strlen (want) != 2 * (seek + length))
    {
      fprintf (stderr, "blake3-hash: --expect: %zu digits, not %llu\n",
               strlen (want), 2 * (unsigned long long) (seek + length));
      exit (2);
    }
  /* Each check: how the file is fed (see hash), and where the output
     read starts.  A byte at a time only for the shorter files.  */
  const struct { uint64_t seed, from; } runs[] = {
    { 0, 0 }, { 1, 0 }, { seed, 0 }, { 0, seek }
  };
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
    {
      if (runs[k].seed == 1 && len > 9000)
        continue;
      hash_hex (hex, out, data, len, runs[k].seed, runs[k].from, length);
      if (memcmp (hex, want + 2 * runs[k].from, 2 * length) != 0)
        {
          fprintf (stderr, "blake3 %s length %zu (--split %llu --seek %llu)"
                   " differs from b3sum:\n  b3sum %.*s\n  got   %s\n",
                   mode, len, (unsigned long long) runs[k].seed,
                   (unsigned long long) runs[k].from, (int) (2 * length),
                   want + 2 * runs[k].from, hex);
          ok = false;
        }
    }
  free (hex);
  free (out);
  return ok;
}

int
main (int argc, char **argv)
{
  bool split = false;
  const char *want = NULL;
  unsigned long long length = BLAKE3_OUT_LEN, seek = 0, seed = 0;
  int i;

  for (i = 1; i + 1 < argc; i++)
    if (strcmp (argv[i], "--keyed") == 0)
      keyed = true;
    else if (strcmp (argv[i], "--derive-key") == 0)
      context = argv[++i];
    else if (strcmp (argv[i], "--length") == 0)
      length = strtoull (argv[++i], NULL, 10);
    else if (strcmp (argv[i], "--seek") == 0)
      seek = strtoull (argv[++i], NULL, 10);
    else if (strcmp (argv[i], "--split") == 0)
      {
        split = true;
        seed = strtoull (argv[++i], NULL, 10);
      }
    else if (strcmp (argv[i], "--expect") == 0)
      want = argv[++i];
    else
      usage ();
  if (i + 1 != argc || (keyed && context) || length > (1 << 20)
      || (split && seed == 0) || seek > (1 << 20))
    usage ();

  if (keyed && fread (key, 1, sizeof key, stdin) != BLAKE3_KEY_LEN)
    {
      fputs ("blake3-hash: the key must be 32 bytes\n", stderr);
      return 2;
    }

  size_t len;
  uint8_t *data = slurp (argv[i], &len);
  if (want)
    {
      bool ok = check (want, data, len, split ? seed : 2, seek, length);
      free (data);
      return ok ? 0 : 1;
    }

  char *hex = malloc (2 * length + 1);
  uint8_t *out = malloc (length + 1);
  if (!hex || !out)
    return 2;
  hash_hex (hex, out, data, len, seed, seek, length);
  puts (hex);
  free (hex);
  free (out);
  free (data);
  return ferror (stdout) || fclose (stdout) != 0 ? 2 : 0;
}
