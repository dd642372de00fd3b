/* test-sha3-openssl.c -- SHA-3 of a file against `openssl dgst`.

   Writes a file of random bytes (a few MiB and an odd length, so that
   the reads of lib/digest-stream end inside blocks), hashes it with
   digest_fd for each SHA-3 row and each variant of the SHA-3 family
   that this CPU can run, and compares each digest with what
   `openssl dgst -sha3-BITS -r FILE` prints (OPENSSL in the
   environment names another program).  Exits 77 if OpenSSL cannot be
   run or has no SHA-3, 1 on a mismatch, 99 on a setup error, else 0.  */

#include <config.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest-algos.h"
#include "digest-stream.h"
#include "hash-impl.h"
#include "unit-rnd.h"

enum { FILE_LEN = (3 << 20) + 12345 };

/* Write FILE_LEN random bytes to a new file named after TEMPLATE,
   which mkstemp rewrites.  Return 0, or -1 after a message.  */
static int
make_file (char *template)
{
  uint64_t rng = UINT64_C (202508);
  uint8_t *data = malloc (FILE_LEN);
  int fd = mkstemp (template);
  int ok = data && 0 <= fd;

  if (ok)
    {
      rnd_fill (&rng, data, FILE_LEN);
      ok = write (fd, data, FILE_LEN) == FILE_LEN;
    }
  if (0 <= fd && close (fd) != 0)
    ok = 0;
  free (data);
  if (!ok)
    perror (template);
  return ok ? 0 : -1;
}

/* Store in HEX (room for 2 * DIGEST_MAX_SIZE + 1 bytes) the digest
   that OpenSSL prints for BITS-bit SHA-3 of FILE.  Return 0, or -1 if
   OpenSSL printed nothing like a digest.  */
static int
openssl_digest (int bits, const char *file, char *hex)
{
  const char *prog = getenv ("OPENSSL");
  char cmd[512];
  char line[512];

  snprintf (cmd, sizeof cmd, "'%s' dgst -sha3-%d -r '%s' 2>/dev/null",
            prog && *prog ? prog : "openssl", bits, file);
  FILE *p = popen (cmd, "r");
  if (!p)
    return -1;
  int got = fgets (line, sizeof line, p) != NULL;
  int status = pclose (p);
  size_t n = strspn (line, "0123456789abcdef");
  if (!got || status != 0 || n != (size_t) bits / 4)
    return -1;
  memcpy (hex, line, n);
  hex[n] = '\0';
  return 0;
}

/* Compare the digests of FILE by ALGO, with each runnable variant of
   its family, with EXPECTED.  Return the number of mismatches.  */
static int
check_algo (const struct digest_algo *algo, const char *file,
            const char *expected)
{
  int family = hash_family_of_algo (algo->name);
  size_t count;
  const struct hash_variant *v = hash_impl_list (family, &count);
  int bad = 0;

  for (size_t i = 0; i < count; i++)
    {
      uint8_t digest[DIGEST_MAX_SIZE];
      char got[2 * DIGEST_MAX_SIZE + 1];
      if (!v[i].available () || hash_impl_force (family, v[i].name) != 0)
        continue;
      int fd = open (file, O_RDONLY);
      if (fd < 0 || digest_fd (algo, fd, digest) != 0)
        {
          perror (file);
          exit (99);
        }
      close (fd);
      for (size_t j = 0; j < algo->digest_size; j++)
        sprintf (got + 2 * j, "%02x", digest[j]);
      int same = strcmp (got, expected) == 0;
      printf ("%s %s/%s: %s\n", same ? "ok" : "FAIL", algo->name,
              v[i].name, same ? "as openssl dgst" : "");
      if (!same)
        printf ("  openssl  %s\n  got      %s\n", expected, got);
      bad += !same;
    }
  hash_impl_force (family, NULL);
  return bad;
}

int
main (void)
{
  static const int bits[] = { 224, 256, 384, 512 };
  char file[] = "sha3-openssl.XXXXXX";
  int bad = 0;

  if (make_file (file) != 0)
    return 99;
  for (int b = 0; b < 4; b++)
    {
      char name[16], expected[2 * DIGEST_MAX_SIZE + 1];
      snprintf (name, sizeof name, "sha3-%d", bits[b]);
      const struct digest_algo *algo = digest_algo_find (name);
      if (!algo)
        {
          printf ("FAIL %s: no such row in digest_algos\n", name);
          bad++;
        }
      else if (openssl_digest (bits[b], file, expected) != 0)
        {
          printf ("SKIP: openssl dgst -sha3-%d gave no digest\n", bits[b]);
          unlink (file);
          return 77;
        }
      else
        bad += check_algo (algo, file, expected);
    }
  unlink (file);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
