/* digest.c -- print or check message digests: the one driver behind
   md2sum, md4sum, md5sum, sha1sum, sha224sum, sha256sum, sha384sum and
   sha512sum.

   Each tool is this file compiled with DIGEST_NAME set to the name of a
   row of lib/digest-algos.c.  Options, output bytes, messages and exit
   statuses follow GNU coreutils 9.1's md5sum family.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c-ctype.h"
#include "closeout.h"
#include "digest-algos.h"
#include "digest-line.h"
#include "digest-pool.h"
#include "digest-stream.h"
#include "error.h"
#include "fpending.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "ioblksize.h"
#include "nproc.h"
#include "progname.h"
#include "quote.h"
#include "quotearg.h"
#include "version.h"
#include "xalloc.h"
#include "xstrtol.h"
#include "xstrtol-error.h"

#ifndef DIGEST_NAME
# error "compile with -DDIGEST_NAME='\"md5\"' or another row's name"
#endif

/* Names as GNU's tools quote them in diagnostics.  */
#define quotef(name) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, name)

/* The algorithm of this tool; set once in main.  */
static const struct digest_algo *algo;

/* What the check lines read so far chose (see digest-line.h).  */
static struct digest_line_parser line_parser;

/* The buffer every file is read through.  */
static struct digest_buffer iobuf;

/* Whether standard input was read, so must be closed and checked.  */
static bool have_read_stdin;

/* Options.  BINARY is -1 until -b or -t says otherwise.  */
static int binary = -1;
static bool prefix_tag;
static char line_delim = '\n';
static bool ignore_missing;
static bool status_only;
static bool quiet;
static bool warn;
static bool strict;

/* -j: how many files are hashed at a time.  Above 1, POOL's workers
   hash them and the main thread reports the outcomes in order.  */
static size_t threads = 1;
static struct digest_pool *pool;

enum
{
  /* -j 0: one worker per CPU, but no more than this, as GNU sort's
     --parallel.  */
  THREADS_AUTO_MAX = 8,
  /* The most workers -j starts, whatever N.  */
  THREADS_MAX = 64,
  /* Jobs queued per worker: enough that a large file does not leave the
     other workers idle behind it for long, few enough that the memory
     used does not grow with the number of files.  */
  JOBS_PER_THREAD = 4,
  /* With workers and a multi-lane core, the window holds this many
     batches for each thread.  The caller hashes the batches it finds
     waiting while the oldest job is not done; with one batch a thread,
     each thread in turn found none and slept, waiting on the others
     (sha256sum -j 2 on 20,000 files: 1,870 futex calls; 39 with 8).
     With 8, the threads (the caller and two workers on two CPUs)
     still emptied the window whenever the scheduler set aside the
     one holding the oldest batch for a time slice, and then slept
     until it came back: 50 to 100 sleeps of the workers, 50 ms in
     all, in a run of 100 ms; with 32, 2 sleeps (its start and its
     end).  A job and its line take about 140 bytes (and in --check
     mode the line's text).  */
  BATCHES_AHEAD = 32
};

enum
{
  IGNORE_MISSING_OPTION = CHAR_MAX + 1,
  STATUS_OPTION,
  QUIET_OPTION,
  STRICT_OPTION,
  TAG_OPTION,
  DEBUG_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] = {
  { "binary", no_argument, NULL, 'b' },
  { "check", no_argument, NULL, 'c' },
  { "ignore-missing", no_argument, NULL, IGNORE_MISSING_OPTION },
  { "quiet", no_argument, NULL, QUIET_OPTION },
  { "status", no_argument, NULL, STATUS_OPTION },
  { "text", no_argument, NULL, 't' },
  { "warn", no_argument, NULL, 'w' },
  { "strict", no_argument, NULL, STRICT_OPTION },
  { "tag", no_argument, NULL, TAG_OPTION },
  { "threads", required_argument, NULL, 'j' },
  { "zero", no_argument, NULL, 'z' },
  { "debug", no_argument, NULL, DEBUG_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* The documents that define each algorithm, as GNU's --help names
   them.  */
static const struct
{
  const char *name;
  const char *standard;
} standards[] = {
  { "md2", "RFC 1319" },
  { "md4", "RFC 1320" },
  { "md5", "RFC 1321" },
  { "sha1", "FIPS-180-1" },
  { "sha224", "RFC 3874" },
  { "sha256", "FIPS-180-2" },
  { "sha384", "FIPS-180-2" },
  { "sha512", "FIPS-180-2" },
};

/* The standard that defines this tool's algorithm, for --help.  */
static const char *
algo_standard (void)
{
  for (size_t i = 0; i < sizeof standards / sizeof standards[0]; i++)
    if (strcmp (standards[i].name, algo->name) == 0)
      return standards[i].standard;
  return "FIPS 180-4";
}

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf ("Usage: %s [OPTION]... [FILE]...\n", program_name);
  printf ("Print or check %s (%zu-bit) checksums.\n\n", algo->bsd_tag,
          algo->digest_size * 8);
  fputs ("\
With no FILE, or when FILE is -, read standard input.\n\
  -b, --binary          read in binary mode\n\
  -c, --check           read checksums from the FILEs and check them\n\
  -j, --threads=N       read and hash N files at a time (default 1; 0: one\n\
                          per CPU, at most 8); the output is unchanged, in\n\
                          the order of the FILEs and of the checksum lines\n\
      --tag             create a BSD-style checksum\n\
  -t, --text            read in text mode (default)\n\
  -z, --zero            end each output line with NUL, not newline,\n\
                          and disable file name escaping\n\
\n\
The following five options are useful only when verifying checksums:\n\
      --ignore-missing  don't fail or report status for missing files\n\
      --quiet           don't print OK for each successfully verified file\n\
      --status          don't output anything, status code shows success\n\
      --strict          exit non-zero for improperly formatted checksum lines\n\
  -w, --warn            warn about improperly formatted checksum lines\n\
\n\
      --debug       print which hash implementation is used, to stderr\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
",
         stdout);
  printf ("\nThe sums are computed as described in %s.\n", algo_standard ());
  fputs ("\
When checking, the input should be a former output of this program.\n\
The default mode is to print a line with: checksum, a space,\n\
a character indicating input mode ('*' for binary, ' ' for text\n\
or where binary is insignificant), and name for each FILE.\n\
\n\
Note: There is no difference between binary mode and text mode on GNU systems.\n\
\n\
The environment variable BRISK_HASH_IMPL names the implementation to use\n\
(for example portable, shani, avx2); by default the fastest one that this\n\
CPU supports is chosen.  Several files are hashed side by side, in the\n\
lanes of a vector or interleaved core, where this CPU has one for the\n\
algorithm; BRISK_LANES_IMPL=none turns that off.  Those files are opened\n\
and read in batches through io_uring; BRISK_URING=0 turns that off.\n\
\n\
With -j above 1, worker threads read and hash regular files while the main\n\
thread prints each result in its turn; standard input, FIFOs and other files\n\
that are not regular are read by the main thread, in their turn too.\n\
The default stays 1, as GNU's: -j 0 took 0.74-0.82 of -j 1's time on\n\
cached files of 512 KiB, but 0.94-1.06 on a disk throttled to one head's\n\
rate, 0.96-0.98 on a short run of small cached files, and 10-40% more CPU\n\
time; give -j 0 for many large files in the page cache or on a solid-state\n\
disk.\n\
",
         stdout);
  exit (status);
}

/* List on standard error the names that BRISK_LANES_IMPL takes for
   FAMILY: "none" and its multi-lane variants, those that this CPU
   cannot run marked so.  */
static void
list_lanes (enum hash_family family)
{
  size_t n;
  const struct hash_lanes_variant *v = hash_lanes_list (family, &n);
  fprintf (stderr, "Valid multi-lane implementations are:\n  - %s",
           quote ("none"));
  for (size_t i = 0; i < n; i++)
    fprintf (stderr, "\n  - %s%s", quote (v[i].name),
             v[i].available () ? "" : " (not on this CPU)");
  putc ('\n', stderr);
}

/* Choose the implementation of this tool's hash core: the one named by
   the environment variable BRISK_HASH_IMPL, if set and not empty, else
   the best available.  Exit with a diagnostic if that name is unknown
   or this CPU cannot run it.  With DEBUG, say which one is used.  */
static void
choose_implementation (bool debug)
{
  int family = hash_family_of_algo (algo->name);
  const char *want = getenv ("BRISK_HASH_IMPL");
  if (family < 0)
    error (EXIT_FAILURE, errno, "%s", algo->name);
  if (want && *want && hash_impl_force (family, want) != 0)
    {
      if (errno == ENOTSUP)
        error (EXIT_FAILURE, 0, "BRISK_HASH_IMPL: this CPU cannot run "
               "the %s implementation of %s", quote (want),
               hash_family_name (family));
      size_t n;
      const struct hash_variant *v = hash_impl_list (family, &n);
      error (0, 0, "BRISK_HASH_IMPL: %s has no implementation %s",
             hash_family_name (family), quote (want));
      fputs ("Valid implementations are:", stderr);
      for (size_t i = 0; i < n; i++)
        fprintf (stderr, "\n  - %s%s", quote (v[i].name),
                 v[i].available () ? "" : " (not on this CPU)");
      putc ('\n', stderr);
      exit (EXIT_FAILURE);
    }
  want = getenv ("BRISK_LANES_IMPL");
  if (want && *want && hash_lanes_force (family, want) != 0)
    {
      if (errno == ENOTSUP)
        error (EXIT_FAILURE, 0, "BRISK_LANES_IMPL: this CPU cannot run %s",
               quote (want));
      error (0, 0, "BRISK_LANES_IMPL: no such multi-lane implementation of "
             DIGEST_NAME ": %s", quote (want));
      list_lanes (family);
      exit (EXIT_FAILURE);
    }
  if (debug)
    {
      const struct hash_lanes_variant *lanes = hash_lanes_current (family);
      error (0, 0, "using the %s implementation of %s",
             hash_impl_current (family)->name, hash_family_name (family));
      if (lanes)
        error (0, 0, "hashing up to %u files side by side with %s",
               lanes->lanes, quote (lanes->name));
    }
}

/* The end of hashing the file NAME: ERR is 0 or the errno of its
   failure, AT_OPEN whether open failed.  Return true if all is well.
   Otherwise report the failure and return false, except that with
   --ignore-missing a file that does not exist sets *MISSING and
   returns true without a word.  */
static bool
file_outcome (const char *name, int err, bool at_open, bool *missing)
{
  *missing = at_open && ignore_missing && err == ENOENT;
  if (err == 0 || *missing)
    return true;
  error (0, err, "%s", quotef (name));
  return false;
}

/* The end of reading the file NAME from FD: R is 0, or -1 with errno
   set.  Close FD if CLOSE_FD.  Return as file_outcome.  */
static bool
read_outcome (const char *name, int r, int fd, bool close_fd, bool *missing)
{
  int err = r == 0 ? 0 : errno;
  if (close_fd && close (fd) != 0 && err == 0)
    err = errno;
  return file_outcome (name, err, false, missing);
}

/* Hash the file named NAME ("-" is standard input) into DIGEST.
   Return as file_outcome.  */
static bool
digest_file (const char *name, uint8_t *digest, bool *missing)
{
  bool is_stdin = strcmp (name, "-") == 0;
  int fd = is_stdin ? STDIN_FILENO : open (name, O_RDONLY | O_NOCTTY);
  have_read_stdin |= is_stdin;
  if (fd < 0)
    return file_outcome (name, errno, true, missing);
  return read_outcome (name, digest_fd_buf (algo, fd, digest, &iobuf), fd,
                       !is_stdin, missing);
}

/* The name to give POOL for the file NAME: null for standard input,
   which the main thread reads in its turn.  */
static const char *
pool_name (const char *name)
{
  return strcmp (name, "-") == 0 ? NULL : name;
}

/* Hash the file named NAME into DIGEST in its turn: without -j, here;
   with it, take the oldest outcome of POOL, which is NAME's, and read
   here what its worker handed back or left to this thread.  Return as
   file_outcome.  */
static bool
next_file (const char *name, uint8_t *digest, bool *missing)
{
  if (!pool)
    return digest_file (name, digest, missing);
  struct digest_outcome o;
  digest_pool_pop (pool, &o);
  if (o.kept)
    return digest_file (name, digest, missing);
  memcpy (digest, o.digest, algo->digest_size);
  return file_outcome (name, o.err, o.at_open, missing);
}

/* Whether NAME must be written escaped, with a leading backslash: it
   holds a backslash, newline or carriage return, and lines end in
   newlines (with -z, names are written raw).  */
static bool
needs_escape (const char *name)
{
  return line_delim == '\n' && strpbrk (name, "\\\n\r") != NULL;
}

/* Write NAME to stdout, escaping backslash, newline and carriage return
   as \\, \n and \r when ESCAPE.  */
static void
print_name (const char *name, bool escape)
{
  if (!escape)
    {
      fputs (name, stdout);
      return;
    }
  for (const char *p = name; *p; p++)
    switch (*p)
      {
      case '\\':
        fputs ("\\\\", stdout);
        break;
      case '\n':
        fputs ("\\n", stdout);
        break;
      case '\r':
        fputs ("\\r", stdout);
        break;
      default:
        putchar (*p);
      }
}

/* The digits of digests as we print them.  */
static const char hexdigits[] = "0123456789abcdef";

/* Write DIGEST in lower-case hex to stdout.  */
static void
print_hex (const uint8_t *digest)
{
  char hex[2 * DIGEST_MAX_SIZE];
  for (size_t i = 0; i < algo->digest_size; i++)
    {
      hex[2 * i] = hexdigits[digest[i] >> 4];
      hex[2 * i + 1] = hexdigits[digest[i] & 15];
    }
  fwrite (hex, 1, 2 * algo->digest_size, stdout);
}

/* The buffer given to stdout, when not a terminal.  */
static char *out_buf;

/* Free OUT_BUF, once stdout is closed.  */
static void
free_out_buf (void)
{
  free (out_buf);
}

/* Whether a newline waits in stdout's buffer: GNU's stdout is line
   buffered, so that is what GNU would have written by now.  */
static bool newline_pending;

/* An output line is complete, holding a newline if NEWLINE: write out
   the lines gathered once they pass IO_LINES_FLUSH bytes.  */
static void
end_line (bool newline)
{
  newline_pending |= newline;
  if (IO_LINES_FLUSH <= __fpending (stdout))
    {
      fflush (stdout);
      newline_pending = false;
    }
}

/* Print the line for the file NAME whose digest is DIGEST, in GNU or
   (with --tag) BSD form.  */
static void
print_sum_line (const char *name, const uint8_t *digest)
{
  bool escape = needs_escape (name);
  if (escape)
    putchar ('\\');
  if (prefix_tag)
    {
      printf ("%s (", algo->bsd_tag);
      print_name (name, escape);
      fputs (") = ", stdout);
    }
  print_hex (digest);
  if (!prefix_tag)
    {
      putchar (' ');
      putchar (binary > 0 ? '*' : ' ');
      print_name (name, escape);
    }
  putchar (line_delim);
  end_line (line_delim == '\n' || strchr (name, '\n'));
}

/* Whether the hex digest HEX (any case) equals DIGEST.  */
static bool
hex_matches (const char *hex, const uint8_t *digest)
{
  for (size_t i = 0; i < algo->digest_size; i++)
    if (c_tolower (hex[2 * i]) != hexdigits[digest[i] >> 4]
        || c_tolower (hex[2 * i + 1]) != hexdigits[digest[i] & 15])
      return false;
  return true;
}

/* Counts of what one check file held.  */
struct check_counts
{
  uintmax_t misformatted;
  uintmax_t unreadable;
  uintmax_t mismatched;
  bool well_formed;     /* at least one proper line */
  bool matched;         /* at least one file matched */
};

/* Print the result NAME: WHAT for a check line, unless --status.  */
static void
print_check_result (const char *name, const char *what)
{
  if (status_only)
    return;
  /* Unlike sum lines, GNU escapes a name here only when it holds a
     newline (and then escapes backslashes and carriage returns too).  */
  bool escape = strchr (name, '\n') != NULL;
  if (escape)
    putchar ('\\');
  print_name (name, escape);
  printf (": %s\n", what);
  end_line (true);
}

/* Verify the file named in the well-formed check line whose digest is
   HEX and whose file is NAME, updating COUNTS and printing the result.  */
static void
check_one (const char *hex, const char *name, struct check_counts *counts)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool missing;
  if (!next_file (name, digest, &missing))
    {
      counts->unreadable++;
      print_check_result (name, "FAILED open or read");
    }
  else if (!missing)
    {
      bool match = hex_matches (hex, digest);
      if (match)
        counts->matched = true;
      else
        counts->mismatched++;
      if (!match)
        print_check_result (name, "FAILED");
      else if (!quiet)
        print_check_result (name, "OK");
    }
}

/* Print "N thing" warnings for COUNTS after the check file DISPLAY.  */
static void
print_check_summary (const char *display, const struct check_counts *c)
{
  if (!c->well_formed)
    {
      error (0, 0, "%s: no properly formatted checksum lines found",
             quotef (display));
      return;
    }
  if (status_only)
    return;
  if (c->misformatted)
    error (0, 0, c->misformatted == 1
           ? "WARNING: %" PRIuMAX " line is improperly formatted"
           : "WARNING: %" PRIuMAX " lines are improperly formatted",
           c->misformatted);
  if (c->unreadable)
    error (0, 0, c->unreadable == 1
           ? "WARNING: %" PRIuMAX " listed file could not be read"
           : "WARNING: %" PRIuMAX " listed files could not be read",
           c->unreadable);
  if (c->mismatched)
    error (0, 0, c->mismatched == 1
           ? "WARNING: %" PRIuMAX " computed checksum did NOT match"
           : "WARNING: %" PRIuMAX " computed checksums did NOT match",
           c->mismatched);
  if (ignore_missing && !c->matched)
    error (0, 0, "%s: no file was verified", quotef (display));
}

/* Count, and with --warn report, the improperly formatted line LINENO
   of the check file DISPLAY.  */
static void
improper_line (uintmax_t lineno, const char *display,
               struct check_counts *counts)
{
  counts->misformatted++;
  if (warn)
    error (0, 0, "%s: %" PRIuMAX ": improperly formatted %s checksum line",
           quotef (display), lineno, algo->bsd_tag);
}

/* Handle one line of a check file: LINE of LEN bytes, the LINENO'th of
   the file DISPLAY, as digest_line_parse says.  */
static void
check_line (char *line, size_t len, uintmax_t lineno, const char *display,
            bool is_stdin, struct check_counts *counts)
{
  char *hex, *name;
  switch (digest_line_parse (&line_parser, line, len, is_stdin, &hex,
                             &name))
    {
    case DIGEST_LINE_PROPER:
      counts->well_formed = true;
      check_one (hex, name, counts);
      break;
    case DIGEST_LINE_IMPROPER:
      improper_line (lineno, display, counts);
      break;
    case DIGEST_LINE_SKIPPED:
      break;
    }
}

/* With -j, the check lines whose files are in POOL, in the same order:
   a ring as large as POOL's window, the oldest at LINES_POPPED, each
   line's text copied, since getline reuses its buffer.  */
struct queued_line
{
  enum digest_line_kind kind;
  uintmax_t lineno;
  char *text;           /* CAP bytes */
  size_t cap;
  const char *hex, *name;       /* in TEXT, for a proper line */
};
static struct queued_line *lines;
static size_t lines_window, lines_pushed, lines_popped;

/* Report the oldest queued line of the check file DISPLAY.  */
static void
finish_line (const char *display, struct check_counts *counts)
{
  struct queued_line *q = &lines[lines_popped++ % lines_window];
  if (q->kind == DIGEST_LINE_PROPER)
    check_one (q->hex, q->name, counts);
  else
    {
      struct digest_outcome o;
      digest_pool_pop (pool, &o);
      improper_line (q->lineno, display, counts);
    }
}

/* Like check_line, but queue the line and its file in POOL, reporting
   the oldest line first when the window is full.  */
static void
queue_line (char *line, size_t len, uintmax_t lineno, const char *display,
            bool is_stdin, struct check_counts *counts)
{
  char *hex, *name;
  enum digest_line_kind kind = digest_line_parse (&line_parser, line, len,
                                                  is_stdin, &hex, &name);
  if (kind == DIGEST_LINE_SKIPPED)
    return;
  if (digest_pool_full (pool))
    finish_line (display, counts);

  struct queued_line *q = &lines[lines_pushed++ % lines_window];
  if (q->cap < len + 1)
    {
      free (q->text);
      q->cap = len + 1;
      q->text = xmalloc (q->cap);
    }
  memcpy (q->text, line, len + 1);
  q->kind = kind;
  q->lineno = lineno;
  if (kind == DIGEST_LINE_PROPER)
    {
      counts->well_formed = true;
      q->hex = q->text + (hex - line);
      q->name = q->text + (name - line);
    }
  digest_pool_push (pool, (kind == DIGEST_LINE_PROPER ? pool_name (q->name)
                           : NULL));
}

/* Verify every line of the check file NAME ("-" is standard input).
   Return true if all is well.  */
static bool
check_file (const char *name)
{
  bool is_stdin = strcmp (name, "-") == 0;
  const char *display = is_stdin ? "standard input" : name;
  FILE *f = is_stdin ? stdin : fopen (name, "r");
  have_read_stdin |= is_stdin;
  if (!f)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }

  struct check_counts counts = { 0, 0, 0, false, false };
  char *line = NULL;
  size_t cap = 0;
  uintmax_t lineno = 0;
  ssize_t n;
  while ((n = getline (&line, &cap, f)) > 0)
    (pool ? queue_line : check_line) (line, n, ++lineno, display, is_stdin,
                                      &counts);
  free (line);
  if (pool)
    digest_pool_drain (pool);
  while (lines_popped < lines_pushed)
    finish_line (display, &counts);

  bool read_failed = ferror (f);
  if (is_stdin)
    clearerr (f);
  else if (fclose (f) != 0 && !read_failed)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }
  if (read_failed)
    {
      error (0, 0, "%s: read error", quotef (display));
      return false;
    }

  print_check_summary (display, &counts);
  return (counts.well_formed && counts.matched && counts.mismatched == 0
          && counts.unreadable == 0 && !(strict && counts.misformatted));
}

/* Print the checksum line of the file NAME.  Return true on success.  */
static bool
sum_file (const char *name)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool missing;
  if (!next_file (name, digest, &missing))
    return false;
  print_sum_line (name, digest);
  return true;
}

/* Print the checksum lines of FILES, a null-terminated list.  With -j,
   queue each file in POOL and print the oldest first when the window
   is full.  Return true if all went well.  */
static bool
sum_files (char **files)
{
  bool ok = true;
  char **printed = files;
  for (; *files; files++)
    {
      if (pool && digest_pool_full (pool))
        ok &= sum_file (*printed++);
      if (pool)
        digest_pool_push (pool, pool_name (*files));
      else
        ok &= sum_file (*printed++);
    }
  if (pool)
    digest_pool_drain (pool);
  while (printed < files)
    ok &= sum_file (*printed++);
  return ok;
}

/* The number of files to hash at a time that the -j or --threads
   argument ARG asks for (OPTION_INDEX: getopt_long's index of the long
   option, -1 for -j): 0 means one per CPU, at most THREADS_AUTO_MAX;
   any number is taken, but no more than THREADS_MAX threads are run.
   Exit, as GNU sort does for --parallel, if ARG is not a number.  */
static size_t
threads_arg (const char *arg, int option_index)
{
  uintmax_t n;
  strtol_error e = xstrtoumax (arg, NULL, 10, &n, "");
  if (e == LONGINT_OVERFLOW)
    n = UINTMAX_MAX;
  else if (e != LONGINT_OK)
    xstrtol_fatal (e, option_index, 'j', long_options, arg);
  if (n == 0)
    {
      n = num_processors (NPROC_CURRENT_OVERRIDABLE);
      n = n < THREADS_AUTO_MAX ? n : THREADS_AUTO_MAX;
    }
  return n < THREADS_MAX ? n : THREADS_MAX;
}

/* With -j above 1, start POOL, and the ring of check lines that goes
   with it.  With -j 1, start a pool without workers when the
   algorithm has a multi-lane core here and there may be several files
   (MANY): the files are then hashed side by side in this thread.  */
static void
start_pool (bool many)
{
  size_t workers = threads <= 1 ? 0 : threads;
  size_t batch = digest_pool_batch (algo, workers + 1);
  if (workers == 0 && !(batch && many))
    return;
  lines_window = JOBS_PER_THREAD * threads;
  size_t ahead = (workers ? BATCHES_AHEAD : 1) * (workers + 1) * batch;
  if (lines_window < ahead)
    lines_window = ahead;
  pool = digest_pool_new (algo, workers, lines_window);
  lines = xcalloc (lines_window, sizeof *lines);
}

/* Stop POOL and free the ring of check lines.  */
static void
stop_pool (void)
{
  if (!pool)
    return;
  digest_pool_free (pool);
  pool = NULL;
  for (size_t i = 0; i < lines_window; i++)
    free (lines[i].text);
  free (lines);
}

/* Reject, with GNU's words, option combinations that make no sense.
   DO_CHECK says whether -c was given.  */
static void
validate_options (bool do_check)
{
  const char *why = NULL;
  if (prefix_tag && binary == 0)
    why = "--tag does not support --text mode";
  else if (line_delim != '\n' && do_check)
    why = "the --zero option is not supported when verifying checksums";
  else if (prefix_tag && do_check)
    why = "the --tag option is meaningless when verifying checksums";
  else if (binary >= 0 && do_check)
    why = "the --binary and --text options are meaningless when "
          "verifying checksums";
  else if (ignore_missing && !do_check)
    why = "the --ignore-missing option is meaningful only when verifying "
          "checksums";
  else if (status_only && !do_check)
    why = "the --status option is meaningful only when verifying checksums";
  else if (warn && !do_check)
    why = "the --warn option is meaningful only when verifying checksums";
  else if (quiet && !do_check)
    why = "the --quiet option is meaningful only when verifying checksums";
  else if (strict && !do_check)
    why = "the --strict option is meaningful only when verifying checksums";
  if (why)
    {
      error (0, 0, "%s", why);
      usage (EXIT_FAILURE);
    }
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  /* Handlers run last first: the buffer is freed after close_stdout
     has written it out.  */
  atexit (free_out_buf);
  atexit (close_stdout);
  /* Until the options are parsed (--help, --version), as GNU's.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  algo = digest_algo_find (DIGEST_NAME);
  if (!algo)
    error (EXIT_FAILURE, 0, "no digest algorithm named %s", DIGEST_NAME);
  digest_line_init (&line_parser, algo);

  bool do_check = false;
  bool debug = false;
  int c;
  int oi;
  /* OI stays -1 unless a long option is found.  */
  while ((oi = -1,
          c = getopt_long (argc, argv, "bcj:twz", long_options, &oi)) != -1)
    switch (c)
      {
      case 'b':
        binary = 1;
        break;
      case 'c':
        do_check = true;
        break;
      case 'j':
        threads = threads_arg (optarg, oi);
        break;
      case 't':
        binary = 0;
        break;
      case 'z':
        line_delim = '\0';
        break;
      case 'w':
        status_only = false, warn = true, quiet = false;
        break;
      case STATUS_OPTION:
        status_only = true, warn = false, quiet = false;
        break;
      case QUIET_OPTION:
        status_only = false, warn = false, quiet = true;
        break;
      case IGNORE_MISSING_OPTION:
        ignore_missing = true;
        break;
      case STRICT_OPTION:
        strict = true;
        break;
      case TAG_OPTION:
        prefix_tag = true;
        binary = 1;
        break;
      case DEBUG_OPTION:
        debug = true;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version (DIGEST_NAME "sum");
        return EXIT_SUCCESS;
      default:
        usage (EXIT_FAILURE);
      }
  validate_options (do_check);
  choose_implementation (debug);

  /* Whole lines, IO_LINES_FLUSH bytes of them at a time (one at a
     time to a terminal): tools running in parallel into one file do
     not mix their lines (as GNU's do), and many files cost one write
     for many lines.  error () writes stdout out before it prints, so
     lines and diagnostics come in the order they were made.  */
  if (isatty (STDOUT_FILENO))
    setvbuf (stdout, NULL, _IOLBF, 0);
  else
    {
      out_buf = xmalloc (IO_LINES_BUFSIZE);
      setvbuf (stdout, out_buf, _IOFBF, IO_LINES_BUFSIZE);
    }

  static char *stdin_only[] = { (char *) "-", NULL };
  char **files = optind < argc ? argv + optind : stdin_only;
  bool ok = true;
  start_pool (do_check || (files[0] && files[1]));
  if (do_check)
    for (; *files; files++)
      ok &= check_file (*files);
  else
    ok = sum_files (files);
  stop_pool ();

  digest_buffer_free (&iobuf);
  /* Write the last lines now, not in close_stdout, if GNU's line
     buffering would have: a failure is then "write error", without
     its errno, as GNU says it.  Output with no newline (-z) is left to
     close_stdout, as GNU leaves it.  */
  if (newline_pending)
    fflush (stdout);
  if (have_read_stdin && fclose (stdin) == EOF)
    error (EXIT_FAILURE, errno, "standard input");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
