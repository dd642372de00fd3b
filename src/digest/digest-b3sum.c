/* digest-b3sum.c -- b3sum's options (see digest-b3sum.h): the length
   in bytes, --seek, --keyed with the key on standard input, and
   --derive-key, made into a copy of the BLAKE3 row that the rest of
   the driver uses as any other; and the combinations b3sum refuses.

   Owns: nothing beyond the run's options it sets.  Calls:
   lib/digest-algos.h, read (), and error () for what it refuses (it
   exits then).  */

#include <config.h>

#include "digest-b3sum.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blake3.h"
#include "digest-usage.h"
#include "i18n.h"
#include "quote.h"
#include "safe-read.h"
#include "xstrtol.h"

/* Exit as b3sum does when it cannot go on: "Error: " and the message
   of FORMAT, as Rust's anyhow prints an error that main returns.  */
_Noreturn void
b3sum_fatal (const char *format, ...)
{
  va_list args;
  fflush (stdout);
  fputs ("Error: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  putc ('\n', stderr);
  exit (EXIT_FAILURE);
}

/* The number that the argument ARG of the option NAME gives; exit with
   GNU's words if it is none.  */
static uintmax_t
b3sum_number (const char *name, const char *arg)
{
  uintmax_t n;
  if (xstrtoumax (arg, NULL, 10, &n, "") != LONGINT_OK)
    error (EXIT_FAILURE, 0, B_("invalid %s argument: %s"), name,
           quote (arg));
  return n;
}

/* Read the 32 bytes of --keyed's key from standard input into KEY, as
   b3sum does: exactly 32, or exit with its words.  */
static void
read_key (uint8_t key[BLAKE3_KEY_LEN])
{
  uint8_t buf[BLAKE3_KEY_LEN + 1];
  size_t n = 0;
  while (n < sizeof buf)
    {
      size_t r = safe_read (STDIN_FILENO, buf + n, sizeof buf - n);
      if (r == SAFE_READ_ERROR)
        error (EXIT_FAILURE, errno, _("standard input"));
      if (r == 0)
        break;
      n += r;
    }
  if (n < BLAKE3_KEY_LEN)
    b3sum_fatal ("expected %d key bytes from stdin, found %zu",
                 BLAKE3_KEY_LEN, n);
  if (n > BLAKE3_KEY_LEN)
    b3sum_fatal ("read more than %d key bytes from stdin", BLAKE3_KEY_LEN);
  memcpy (key, buf, BLAKE3_KEY_LEN);
}

/* Refuse, as a usage error, the options of OPTS that b3sum does not
   take together: --keyed and --derive-key (KEYED, CONTEXT), and with
   -c (DO_CHECK) those that change the hash or its output (LENGTH,
   SEEK).  */
static void
b3sum_conflicts (const struct digest_opts *opts, bool do_check,
                 bool keyed, const char *length, const char *seek)
{
  const char *what = NULL;
  if (keyed && opts->blake3_mode.context)
    {
      error (0, 0, B_("the --keyed and --derive-key options are mutually "
                      "exclusive"));
      usage (EXIT_FAILURE, opts->algo);
    }
  if (!do_check)
    return;
  if (keyed)
    what = "--keyed";
  else if (opts->blake3_mode.context)
    what = "--derive-key";
  else if (length)
    what = "--length";
  else if (seek)
    what = "--seek";
  else if (opts->raw_digest)
    what = "--raw";
  else if (opts->no_names)
    what = "--no-names";
  if (what)
    {
      error (0, 0, B_("the %s option is meaningless when verifying "
                      "checksums"), what);
      usage (EXIT_FAILURE, opts->algo);
    }
}

/* See digest-b3sum.h.  */
void
b3sum_options (struct digest_opts *opts, bool do_check, const char *length,
               const char *seek, bool keyed)
{
  b3sum_conflicts (opts, do_check, keyed, length, seek);
  uintmax_t len = BLAKE3_OUT_LEN;
  if (length)
    {
      len = b3sum_number ("--length", length);
      if (DIGEST_MAX_SIZE < len)
        {
          error (0, 0, _("invalid length: %s"), quote (length));
          error (EXIT_FAILURE, 0, B_("maximum digest length for %s is %d "
                                     "bytes"), quote ("BLAKE3"),
                 (int) DIGEST_MAX_SIZE);
        }
    }
  if (seek)
    opts->blake3_mode.seek = b3sum_number ("--seek", seek);
  if (keyed)
    {
      read_key (opts->key);
      opts->blake3_mode.key = opts->key;
    }
  /* b3sum's --no-mmap "also disables multithreading".  */
  if (opts->no_mmap)
    opts->file_threads = 1;
  opts->sized_algo = *opts->algo;
  opts->sized_algo.digest_size = len;
  if (keyed || opts->blake3_mode.context || opts->blake3_mode.seek)
    opts->sized_algo.blake3_mode = &opts->blake3_mode;
  opts->algo = &opts->sized_algo;
}

/* See digest-b3sum.h.  */
void
b3sum_start (struct digest_run *run, bool do_check, char **files)
{
  if (run->opts.blake3_mode.key && !files[0])
    {
      error (0, 0, B_("--keyed needs FILE operands: the key is read from "
                      "standard input"));
      usage (EXIT_FAILURE, run->opts.algo);
    }
  run->errors_in_lines = do_check;
}
