/* blake3-hash.c -- print the BLAKE3 output of a file through lib/blake3,
   for tests/unit/blake3-b3sum.sh to compare with b3sum's.

   Usage: blake3-hash [--keyed | --derive-key CONTEXT] [--length LEN]
                      [--seek SEEK] [--split SEED] FILE

   Prints in hex the LEN output bytes (32 by default) that start at
   byte SEEK (0 by default) of the output, then a newline.  --keyed
   reads the 32-byte key from standard input, as b3sum does.  The file
   is fed to update in one call, or with --split in random pieces
   (a byte at a time if SEED is 1) drawn from SEED.  Exits 0, or 2 on
   bad usage or a read error.  */

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
         " [--length LEN] [--seek SEEK] [--split SEED] FILE\n", stderr);
  exit (2);
}

int
main (int argc, char **argv)
{
  bool keyed = false, split = false;
  const char *context = NULL;
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
    else
      usage ();
  if (i + 1 != argc || (keyed && context) || length > (1 << 20))
    usage ();

  struct blake3_ctx ctx;
  uint8_t key[BLAKE3_KEY_LEN + 1];
  if (keyed)
    {
      if (fread (key, 1, sizeof key, stdin) != BLAKE3_KEY_LEN)
        {
          fputs ("blake3-hash: the key must be 32 bytes\n", stderr);
          return 2;
        }
      blake3_init_keyed (&ctx, key);
    }
  else if (context)
    blake3_init_derive_key (&ctx, context, strlen (context));
  else
    blake3_init (&ctx);

  size_t len;
  uint8_t *data = slurp (argv[i], &len);
  if (split)
    feed_split (&ctx, data, len, seed);
  else
    blake3_update (&ctx, data, len);

  uint8_t *out = malloc (length + 1);
  if (!out)
    return 2;
  blake3_final_seek (&ctx, seek, out, length);
  for (size_t j = 0; j < length; j++)
    printf ("%02x", out[j]);
  putchar ('\n');
  free (out);
  free (data);
  return ferror (stdout) || fclose (stdout) != 0 ? 2 : 0;
}
