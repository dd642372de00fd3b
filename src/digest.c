/* digest.c -- print or check message digests and checksums: the one
   driver behind md2sum, md4sum, md5sum, sha1sum, sha224sum, sha256sum,
   sha384sum, sha512sum, b2sum, cksum and sum.

   Each tool is this file compiled with DIGEST_NAME set to the name of a
   row of lib/digest-algos.c (its default algorithm), DIGEST_PROGRAM to
   its name where that is not DIGEST_NAME "sum", and DIGEST_CKSUM or
   DIGEST_SUM for cksum's and sum's options.  Options, output bytes,
   messages and exit statuses follow GNU coreutils 9.1's tools; cksum's
   --base64, --raw and -a crc32b, sha2, sha3 follow newer GNU's.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argmatch.h"
#include "base64.h"
#include "c-ctype.h"
#include "closeout.h"
#include "cp-progress.h"
#include "digest.h"
#include "digest-algos.h"
#include "digest-audit.h"
#include "digest-line.h"
#include "digest-pool.h"
#include "digest-stream.h"
#include "digest-usage.h"
#include "digest-walk.h"
#include "error.h"
#include "fpending.h"
#include "hash-impl.h"
#include "hash-lanes.h"
#include "i18n.h"
#include "ioblksize.h"
#include "nproc.h"
#include "open-long.h"
#include "printable.h"
#include "progname.h"
#include "quote.h"
#include "quotearg.h"
#include "version.h"
#include "xalloc.h"
#include "xstrtol.h"
#include "xstrtol-error.h"

/* Each diagnostic erases the progress display first and writes out
   the lines waiting above it, when they share its terminal.  (The
   hook that cp-progress gives error () erases it too, but error ()
   writes standard output out before it calls the hook: those lines
   would run on from the display's text.)  */
#define error(status, errnum, ...)                                      \
  (progress_pause (), error (status, errnum, __VA_ARGS__))

/* Names as GNU's tools quote them in diagnostics.  */
#define quotef(name) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, name)
#define quoteaf_n(n, name) \
  quotearg_n_style (n, shell_escape_always_quoting_style, name)
#define quoteaf(name) quoteaf_n (0, name)

/* The algorithm of this tool, or cksum's -a; set once in main.  With
   -l, a copy of the row with that length, in SIZED_ALGO.  */
static const struct digest_algo *algo;
static struct digest_algo sized_algo;

/* cksum: whether -a was given (else --check takes each line's
   algorithm from its tag), --base64, --raw.  */
static bool algorithm_specified;
/* cksum -a sha2: with --check, each line's tag or digest length picks
   its SHA-2 row.  */
static bool sha2_family;
static bool base64_digest;
static bool raw_digest;

/* Whether file operands were given: checksum lines name their file
   only then, as GNU's.  */
static bool have_operands;

/* What the check lines read so far chose (see digest-line.h).  */
static struct digest_line_parser line_parser;

/* The buffer every file is read through.  */
static struct digest_buffer iobuf;

/* Whether standard input was read, so must be closed and checked.  */
static bool have_read_stdin;

/* Options.  BINARY is -1 until -b or -t says otherwise.  */
static int binary = -1;
/* cksum's -b (1) or -t (0), the last given, or -1 (GNU 9.4): they
   mark untagged lines as GNU's *sum tools do; tagged ones, --check and
   the rest of GNU 9.1's cksum ignore BINARY.  */
static int cksum_binary = -1;
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

/* -r: directory operands are walked, their regular files hashed, with
   WALK's options (-H, -L, -P, -x).  */
static bool recursive;
static struct digest_walk walk;

/* -g: show the progress display (cp's, src/cp-progress.c) if stderr is
   a terminal; PROGRESS_SHOWN once it is, and LINES_UNDER_DISPLAY if
   standard output is that terminal too (the lines then go out above
   the display: see end_line).  */
static bool show_progress;
static bool progress_shown;
static bool lines_under_display;

/* --audit=DIR: after the check files, the regular files under
   AUDIT_DIR that no check line lists (in AUDIT) are reported as new.  */
static const char *audit_dir;
static struct digest_audit *audit;

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
  BATCHES_AHEAD = 32,
  /* With -r, the directories that the files waiting for their turn may
     hold open, beyond those being read: the oldest files are reported
     first rather than pass it (a window of 8,192 files could hold as
     many directories, where 1,024 descriptors are a common limit).  */
  WALK_DIRS_HELD = 256
};

enum
{
  IGNORE_MISSING_OPTION = CHAR_MAX + 1,
  STATUS_OPTION,
  QUIET_OPTION,
  STRICT_OPTION,
  TAG_OPTION,
  UNTAGGED_OPTION,
  BASE64_OPTION,
  RAW_OPTION,
  DEBUG_OPTION,
  AUDIT_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* The last options of both tables below: Brisk's own (-j, -g, the
   walk's), then -z, --debug, --help and --version, and the end.  */
#define BRISK_OPTIONS                                                   \
  { "threads", required_argument, NULL, 'j' },                          \
  { "progress", no_argument, NULL, 'g' },                               \
  { "recursive", no_argument, NULL, 'r' },                              \
  { "dereference-args", no_argument, NULL, 'H' },                       \
  { "dereference", no_argument, NULL, 'L' },                            \
  { "no-dereference", no_argument, NULL, 'P' },                         \
  { "one-file-system", no_argument, NULL, 'x' },                        \
  { "zero", no_argument, NULL, 'z' },                                   \
  { "debug", no_argument, NULL, DEBUG_OPTION },                         \
  { "help", no_argument, NULL, HELP_OPTION },                           \
  { "version", no_argument, NULL, VERSION_OPTION },                     \
  { NULL, 0, NULL, 0 }

/* The options of b2sum; the other *sum tools take them from the second
   on, without --length.  */
static struct option const long_options[] = {
  { "length", required_argument, NULL, 'l' },
  { "binary", no_argument, NULL, 'b' },
  { "check", no_argument, NULL, 'c' },
  { "ignore-missing", no_argument, NULL, IGNORE_MISSING_OPTION },
  { "audit", required_argument, NULL, AUDIT_OPTION },
  { "quiet", no_argument, NULL, QUIET_OPTION },
  { "status", no_argument, NULL, STATUS_OPTION },
  { "text", no_argument, NULL, 't' },
  { "warn", no_argument, NULL, 'w' },
  { "strict", no_argument, NULL, STRICT_OPTION },
  { "tag", no_argument, NULL, TAG_OPTION },
  BRISK_OPTIONS
};

/* cksum's: -a and its formats, and --binary and --text as newer GNU's
   (9.4), for a cksum that stands in for md5sum and the others.  */
static struct option const cksum_long_options[] = {
  { "algorithm", required_argument, NULL, 'a' },
  { "binary", no_argument, NULL, 'b' },
  { "text", no_argument, NULL, 't' },
  { "length", required_argument, NULL, 'l' },
  { "check", no_argument, NULL, 'c' },
  { "ignore-missing", no_argument, NULL, IGNORE_MISSING_OPTION },
  { "audit", required_argument, NULL, AUDIT_OPTION },
  { "quiet", no_argument, NULL, QUIET_OPTION },
  { "status", no_argument, NULL, STATUS_OPTION },
  { "warn", no_argument, NULL, 'w' },
  { "strict", no_argument, NULL, STRICT_OPTION },
  { "tag", no_argument, NULL, TAG_OPTION },
  { "untagged", no_argument, NULL, UNTAGGED_OPTION },
  { "base64", no_argument, NULL, BASE64_OPTION },
  { "raw", no_argument, NULL, RAW_OPTION },
  BRISK_OPTIONS
};

/* sum's.  */
static struct option const sum_long_options[] = {
  { "sysv", no_argument, NULL, 's' },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* cksum -a's arguments, in GNU's order, each the name of its row but
   "sha2" and "sha3", which name a family whose member -l chooses.  md2
   and md4 are Brisk's own.  */
static char const *const algorithm_args[] = {
  "bsd", "sysv", "crc", "crc32b", "md5", "sha1", "sha224", "sha256",
  "sha384", "sha512", "sha2", "sha3", "blake2b", "sm3", "md2", "md4", NULL
};

/* Those that GNU 9.1's cksum lists when -a's argument is none of
   them: its message, byte for byte.  */
static char const *const algorithm_args_91[] = {
  "bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384",
  "sha512", "blake2b", "sm3", NULL
};

/* List on standard error the names that BRISK_LANES_IMPL takes for
   FAMILY: "none" and its multi-lane variants, those that this CPU
   cannot run marked so.  */
static void
list_lanes (enum hash_family family)
{
  size_t n;
  const struct hash_lanes_variant *v = hash_lanes_list (family, &n);
  fprintf (stderr, B_("Valid multi-lane implementations are:\n  - %s"),
           quote ("none"));
  for (size_t i = 0; i < n; i++)
    fprintf (stderr, "\n  - %s%s", quote (v[i].name),
             v[i].available () ? "" : B_(" (not on this CPU)"));
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
        error (EXIT_FAILURE, 0, B_("BRISK_HASH_IMPL: this CPU cannot run "
                                   "the %s implementation of %s"),
               quote (want), hash_family_name (family));
      size_t n;
      const struct hash_variant *v = hash_impl_list (family, &n);
      error (0, 0, B_("BRISK_HASH_IMPL: %s has no implementation %s"),
             hash_family_name (family), quote (want));
      fputs (B_("Valid implementations are:"), stderr);
      for (size_t i = 0; i < n; i++)
        fprintf (stderr, "\n  - %s%s", quote (v[i].name),
                 v[i].available () ? "" : B_(" (not on this CPU)"));
      putc ('\n', stderr);
      exit (EXIT_FAILURE);
    }
  want = getenv ("BRISK_LANES_IMPL");
  if (want && *want && hash_lanes_force (family, want) != 0)
    {
      if (errno == ENOTSUP)
        error (EXIT_FAILURE, 0, B_("BRISK_LANES_IMPL: this CPU cannot run %s"),
               quote (want));
      error (0, 0, B_("BRISK_LANES_IMPL: no such multi-lane implementation"
                      " of %s: %s"), algo->name, quote (want));
      list_lanes (family);
      exit (EXIT_FAILURE);
    }
  if (debug)
    {
      const struct hash_lanes_variant *lanes = hash_lanes_current (family);
      error (0, 0, B_("using the %s implementation of %s"),
             hash_impl_current (family)->name, hash_family_name (family));
      if (lanes)
        error (0, 0, B_("hashing up to %u files side by side with %s"),
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

/* Bytes hashed by any thread and not yet added to the progress
   display; MAIN_THREAD is true in the thread that prints.  */
static _Atomic size_t hashed_bytes;
static _Thread_local bool main_thread;

/* Add the bytes hashed so far to the progress display (redrawn if
   due) and the SIGUSR1 status line (printed if asked for).  Call from
   the main thread.  */
static void
progress_poll (void)
{
  size_t n = atomic_exchange_explicit (&hashed_bytes, 0,
                                       memory_order_relaxed);
  progress_add (n);
}

/* The read loops' hook (digest_progress_hook): N more bytes were
   hashed, in any thread.  */
static void
note_hashed (size_t n)
{
  atomic_fetch_add_explicit (&hashed_bytes, n, memory_order_relaxed);
  if (main_thread)
    progress_poll ();
}

/* The file NAME is the next whose line is printed: its name for the
   display and the status line, until progress_end_file.  */
static void
progress_start_file (const char *name)
{
  if (!is_sum)
    progress_file (name, NULL, 0);
}

/* The file of progress_start_file is done.  */
static void
progress_end_file (void)
{
  if (is_sum)
    return;
  progress_poll ();
  progress_file_done ();
}

/* With the display shown, add to its total the size of the file NAME
   if it is a regular file (a check line's, or an operand without
   -r).  */
static void
progress_total_file (const char *name)
{
  struct stat st;
  if (progress_shown && stat (name, &st) == 0 && S_ISREG (st.st_mode))
    progress_total_add (st.st_size);
}

/* Hash the file named NAME ("-" is standard input) with A into
   DIGEST.  With LONG, NAME may be longer than PATH_MAX (a check line
   of a manifest of -r; GNU's fail there, as an operand does).  Return
   as file_outcome.  */
static bool
digest_file (const char *name, const struct digest_algo *a, uint8_t *digest,
             bool long_name, bool *missing)
{
  bool is_stdin = strcmp (name, "-") == 0;
  int fd = (is_stdin ? STDIN_FILENO
            : long_name ? open_long (name, O_RDONLY | O_NOCTTY)
            : open (name, O_RDONLY | O_NOCTTY));
  have_read_stdin |= is_stdin;
  if (fd < 0)
    return file_outcome (name, errno, true, missing);
  return read_outcome (name, digest_fd_buf (a, fd, digest, &iobuf), fd,
                       !is_stdin, missing);
}

/* Hash with ALGO into DIGEST the file that the walk of -r found as F,
   opened relative to its directory.  It was a regular file then: if it
   is no longer (swapped for a FIFO, say), set *GONE and hash nothing,
   as the walk would have; O_NONBLOCK keeps the open from waiting for a
   FIFO's writer.  Return as file_outcome.  */
static bool
digest_walked (const struct walk_item *f, uint8_t *digest, bool *gone)
{
  int fd = openat (walk_dir_fd (f->dir), f->base,
                   O_RDONLY | O_NOCTTY | O_NONBLOCK);
  struct stat st;
  *gone = false;
  if (fd < 0)
    return file_outcome (f->path, errno, true, gone);
  if (fstat (fd, &st) == 0 && !S_ISREG (st.st_mode))
    {
      *gone = true;
      return read_outcome (f->path, 0, fd, true, gone);
    }
  return read_outcome (f->path, digest_fd_buf (algo, fd, digest, &iobuf), fd,
                       true, gone);
}

/* The name to give POOL for the file NAME: null for standard input,
   which the main thread reads in its turn.  */
static const char *
pool_name (const char *name)
{
  return strcmp (name, "-") == 0 ? NULL : name;
}

/* Hash the file named NAME with A into DIGEST in its turn: without -j,
   here; with it, take the oldest outcome of POOL, which is NAME's, and
   read here what its worker handed back or left to this thread (POOL
   hashes with ALGO, which A then is), or a name too long for its
   workers, with LONG_NAME (see digest_file).  Return as
   file_outcome.  */
static bool
next_file (const char *name, const struct digest_algo *a, uint8_t *digest,
           bool long_name, bool *missing)
{
  if (!pool)
    return digest_file (name, a, digest, long_name, missing);
  struct digest_outcome o;
  digest_pool_pop (pool, &o);
  if (o.kept || (long_name && o.err == ENAMETOOLONG))
    return digest_file (name, a, digest, long_name, missing);
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

/* Write the N bytes of DIGEST in lower-case hex to stdout, or with
   --base64 in base64.  */
static void
print_hex (const uint8_t *digest, size_t n)
{
  char text[BASE64_LENGTH (DIGEST_MAX_SIZE) + 2 * DIGEST_MAX_SIZE];
  if (base64_digest)
    {
      base64_encode ((const char *) digest, n, text, BASE64_LENGTH (n));
      fwrite (text, 1, BASE64_LENGTH (n), stdout);
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      text[2 * i] = hexdigits[digest[i] >> 4];
      text[2 * i + 1] = hexdigits[digest[i] & 15];
    }
  fwrite (text, 1, 2 * n, stdout);
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
      if (lines_under_display)
        progress_pause ();
      else
        fflush (stdout);
      newline_pending = false;
    }
}

/* Write the tag of ALGO's lines to stdout: its bsd_tag, with the
   length in bits after it where that is a parameter and not the
   longest ("BLAKE2b-256").  */
static void
print_tag (void)
{
  fputs (algo->bsd_tag, stdout);
  if (algo->max_size && algo->digest_size < algo->max_size)
    printf ("-%zu", 8 * algo->digest_size);
}

/* The checksum (cksum's CRC, sum's sums) at the start of DIGEST, N
   bytes big-endian.  */
static uintmax_t
checksum_value (const uint8_t *digest, size_t n)
{
  uintmax_t v = 0;
  for (size_t i = 0; i < n; i++)
    v = v << 8 | digest[i];
  return v;
}

/* Print the line of cksum's CRC or sum's sums for the file NAME: the
   checksum and the size (in 1 KiB or 512 B blocks, rounded up, for
   sum's), the name only when files were named, never escaped.  */
static void
print_checksum_line (const char *name, const uint8_t *digest)
{
  size_t n = algo->digest_size - DIGEST_LENGTH_SIZE;
  uintmax_t sum = checksum_value (digest, n);
  uintmax_t size = checksum_value (digest + n, DIGEST_LENGTH_SIZE);
  switch (algo->form)
    {
    case DIGEST_FORM_BSD:
      printf ("%05ju %5ju", sum, size / 1024 + (size % 1024 != 0));
      break;
    case DIGEST_FORM_SYSV:
      printf ("%ju %ju", sum, size / 512 + (size % 512 != 0));
      break;
    default:
      printf ("%ju %ju", sum, size);
      break;
    }
  if (have_operands)
    printf (" %s", name);
  putchar (line_delim);
  end_line (line_delim == '\n' || strchr (name, '\n'));
}

/* Print the line for the file NAME whose digest is DIGEST, in GNU or
   (with --tag) BSD form; with --raw, the digest's bytes alone.  */
static void
print_sum_line (const char *name, const uint8_t *digest)
{
  size_t n = algo->digest_size;
  if (algo->form != DIGEST_FORM_HEX)
    n -= DIGEST_LENGTH_SIZE;
  if (raw_digest)
    {
      fwrite (digest, 1, n, stdout);
      return;
    }
  if (algo->form != DIGEST_FORM_HEX)
    {
      print_checksum_line (name, digest);
      return;
    }
  bool escape = needs_escape (name);
  if (escape)
    putchar ('\\');
  if (prefix_tag)
    {
      print_tag ();
      fputs (" (", stdout);
      print_name (name, escape);
      fputs (") = ", stdout);
    }
  print_hex (digest, n);
  if (!prefix_tag)
    {
      putchar (' ');
      /* GNU 9.1's cksum marks no file as binary; newer GNU's those
         of -b.  */
      putchar ((is_cksum ? cksum_binary : binary) > 0 ? '*' : ' ');
      print_name (name, escape);
    }
  putchar (line_delim);
  end_line (line_delim == '\n' || strchr (name, '\n'));
}

/* What a proper check line asks: that the file NAME hashed with ALGO
   give the digest HEX, HEX_LEN hex digits (in any case) or, if BASE64,
   the base64 form of HEX_LEN / 2 bytes.  A line may give fewer digits
   than the algorithm makes (cksum's "SHA256-128 (f) = ..."): then
   those are compared, as GNU's.  */
struct check_item
{
  const char *hex, *name;
  const struct digest_algo *algo;
  size_t hex_len;
  bool base64;
};

/* The check item of the proper line that LINE_PARSER has just read,
   whose digest is HEX and file NAME.  */
static struct check_item
parsed_item (const char *hex, const char *name)
{
  struct check_item c = { hex, name, line_parser.algo, line_parser.hex_len,
                          line_parser.is_base64 };
  return c;
}

/* Whether DIGEST is the digest that C asks for.  */
static bool
hex_matches (const struct check_item *c, const uint8_t *digest)
{
  const char *hex = c->hex;
  size_t n = c->hex_len / 2;
  if (c->base64)
    {
      char text[BASE64_LENGTH (DIGEST_MAX_SIZE)];
      base64_encode ((const char *) digest, n, text, BASE64_LENGTH (n));
      return memcmp (text, hex, BASE64_LENGTH (n)) == 0;
    }
  for (size_t i = 0; i < n; i++)
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

/* Whether standard output is a terminal: --check then quotes the names
   that hold control characters (see print_check_result).  */
static bool stdout_is_tty;

/* Print the result NAME: WHAT for a check line, unless --status.  On a
   terminal, a name holding a control character or a byte that is no
   character (the check file may come from anywhere, and such a name
   could send escape sequences to the terminal) is quoted for the shell
   as GNU's ls quotes it there, and as GNU 9.11's --check quotes it
   anywhere; elsewhere GNU 9.1's bytes.  */
static void
print_check_result (const char *name, const char *what)
{
  if (status_only)
    return;
  if (stdout_is_tty && !mbs_printable (name))
    fputs (quotef (name), stdout);
  else
    {
      /* Unlike sum lines, GNU 9.1 escapes a name here only when it
         holds a newline (then backslashes and carriage returns too).  */
      bool escape = strchr (name, '\n') != NULL;
      if (escape)
        putchar ('\\');
      print_name (name, escape);
    }
  printf (": %s\n", what);
  end_line (true);
}

/* Verify the file of the well-formed check line C, updating COUNTS and
   printing the result.  */
static void
check_one (const struct check_item *c, struct check_counts *counts)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool missing;
  const char *name = c->name;
  progress_start_file (name);
  bool ok = next_file (name, c->algo, digest, true, &missing);
  progress_end_file ();
  if (!ok)
    {
      counts->unreadable++;
      print_check_result (name, _("FAILED open or read"));
    }
  else if (!missing)
    {
      bool match = hex_matches (c, digest);
      if (match)
        counts->matched = true;
      else
        counts->mismatched++;
      if (!match)
        print_check_result (name, _("FAILED"));
      else if (!quiet)
        print_check_result (name, _("OK"));
    }
}

/* N as ngettext takes it, an unsigned long: N when it fits, else a
   number past a million with N's last six digits, which every language
   treats as a plural as it would N.  */
static unsigned long
plural_n (uintmax_t n)
{
  if (n <= ULONG_MAX)
    return n;
  return 1000000 + n % 1000000;
}

/* Print "N thing" warnings for COUNTS after the check file DISPLAY.  */
static void
print_check_summary (const char *display, const struct check_counts *c)
{
  if (!c->well_formed)
    {
      error (0, 0, _("%s: no properly formatted checksum lines found"),
             quotef (display));
      return;
    }
  if (status_only)
    return;
  if (c->misformatted)
    error (0, 0,
           ngettext ("WARNING: %" PRIuMAX " line is improperly formatted",
                     "WARNING: %" PRIuMAX " lines are improperly formatted",
                     plural_n (c->misformatted)),
           c->misformatted);
  if (c->unreadable)
    error (0, 0,
           ngettext ("WARNING: %" PRIuMAX " listed file could not be read",
                     "WARNING: %" PRIuMAX " listed files could not be read",
                     plural_n (c->unreadable)),
           c->unreadable);
  if (c->mismatched)
    error (0, 0,
           ngettext ("WARNING: %" PRIuMAX " computed checksum did NOT match",
                     "WARNING: %" PRIuMAX " computed checksums did NOT match",
                     plural_n (c->mismatched)),
           c->mismatched);
  if (ignore_missing && !c->matched)
    error (0, 0, _("%s: no file was verified"), quotef (display));
}

/* Count, and with --warn report, the improperly formatted line LINENO
   of the check file DISPLAY, read while the algorithm of the lines
   had the tag TAG, TAG_LEN bytes (cksum's changes with the lines).  */
static void
improper_line (uintmax_t lineno, const char *display, const char *tag,
               size_t tag_len, struct check_counts *counts)
{
  counts->misformatted++;
  if (warn)
    {
      char *name = ximemdup0 (tag, tag_len);
      error (0, 0,
             _("%s: %" PRIuMAX ": improperly formatted %s checksum line"),
             quotef (display), lineno, name);
      free (name);
    }
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
      {
        counts->well_formed = true;
        struct check_item c = parsed_item (hex, name);
        if (audit)
          digest_audit_list (audit, name);
        progress_total_file (name);
        check_one (&c, counts);
      }
      break;
    case DIGEST_LINE_IMPROPER:
      {
        size_t tag_len;
        const char *tag = digest_line_tag (&line_parser, &tag_len);
        improper_line (lineno, display, tag, tag_len, counts);
      }
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
  struct check_item item;       /* in TEXT, for a proper line */
  const char *tag;              /* for an improper one */
  size_t tag_len;
};
static struct queued_line *lines;
static size_t lines_window, lines_pushed, lines_popped;

/* Report the oldest queued line of the check file DISPLAY.  */
static void
finish_line (const char *display, struct check_counts *counts)
{
  struct queued_line *q = &lines[lines_popped++ % lines_window];
  if (q->kind == DIGEST_LINE_PROPER)
    check_one (&q->item, counts);
  else
    {
      struct digest_outcome o;
      digest_pool_pop (pool, &o);
      improper_line (q->lineno, display, q->tag, q->tag_len, counts);
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
      q->item = parsed_item (q->text + (hex - line), q->text + (name - line));
      if (audit)
        digest_audit_list (audit, q->item.name);
      progress_total_file (q->item.name);
    }
  else
    q->tag = digest_line_tag (&line_parser, &q->tag_len);
  digest_pool_push (pool, (kind == DIGEST_LINE_PROPER
                           ? pool_name (q->item.name) : NULL));
}

/* Verify every line of the check file NAME ("-" is standard input).
   Return true if all is well.  */
static bool
check_file (const char *name)
{
  bool is_stdin = strcmp (name, "-") == 0;
  const char *display = is_stdin ? _("standard input") : name;
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
      error (0, 0, _("%s: read error"), quotef (display));
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
  progress_start_file (name);
  bool ok = next_file (name, algo, digest, false, &missing);
  progress_end_file ();
  if (ok)
    print_sum_line (name, digest);
  return ok;
}

/* Print the checksum line of the file F that the walk found, in its
   turn, as sum_file.  */
static bool
sum_walked (const struct walk_item *f)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool gone = false;
  bool ok;
  progress_start_file (f->path);
  if (!pool)
    ok = digest_walked (f, digest, &gone);
  else
    {
      struct digest_outcome o;
      digest_pool_pop (pool, &o);
      if (o.kept)
        ok = digest_walked (f, digest, &gone);
      else
        {
          memcpy (digest, o.digest, algo->digest_size);
          ok = file_outcome (f->path, o.err, o.at_open, &gone);
        }
    }
  progress_end_file ();
  if (ok && !gone)
    print_sum_line (f->path, digest);
  return ok;
}

/* Report the failure F of the walk.  Return false.  */
static bool
report_walk_failure (const struct walk_item *f)
{
  switch (f->kind)
    {
    case WALK_UNREADABLE_DIR:
      error (0, f->err, _("cannot read directory %s"), quoteaf (f->path));
      break;
    case WALK_LOOP:
      /* find's words.  */
      error (0, 0, B_("File system loop detected; %s is part of the same "
                      "file system loop as %s."), quoteaf_n (0, f->path),
             quoteaf_n (1, f->loop_start));
      break;
    default:
      error (0, f->err, "%s", quotef (f->path));
      break;
    }
  return false;
}

/* The files whose lines are to be printed, in their turn: operands,
   and what the walk of -r found.  With POOL, a ring as large as its
   window, each entry's job in it; else one entry, printed as soon as
   queued.  */
struct queued_file
{
  const char *name;             /* an operand, or null */
  struct walk_item item;        /* else what the walk found */
};
static struct queued_file *queued;
static size_t queued_window, queued_pushed, queued_popped;

/* Print the line of the oldest queued file, or report its failure.
   Return true if all went well.  */
static bool
print_oldest (void)
{
  struct queued_file *q = &queued[queued_popped++ % queued_window];
  if (q->name)
    return sum_file (q->name);
  struct digest_outcome o;
  if (pool && q->item.kind != WALK_FILE)
    digest_pool_pop (pool, &o);
  bool ok = (q->item.kind == WALK_FILE ? sum_walked (&q->item)
             : report_walk_failure (&q->item));
  walk_item_free (&walk, &q->item);
  return ok;
}

/* Queue the operand NAME, or if NAME is null what the walk found as
   ITEM (which the queue then owns), printing the oldest first while
   the window is full, or while the files waiting hold too many
   directories open.  Return true if all went well.  */
static bool
queue_file (const char *name, struct walk_item *item)
{
  bool ok = true;
  while (queued_pushed - queued_popped == queued_window
         || (pool && digest_pool_full (pool))
         || (queued_popped < queued_pushed
             && WALK_DIRS_HELD < walk.open_dirs))
    ok &= print_oldest ();
  struct queued_file *q = &queued[queued_pushed++ % queued_window];
  q->name = name;
  if (item)
    q->item = *item;
  if (pool)
    {
      if (name)
        digest_pool_push (pool, pool_name (name));
      else if (item->kind == WALK_FILE)
        digest_pool_push_at (pool, walk_dir_fd (item->dir), item->base);
      else
        digest_pool_push (pool, NULL);
    }
  else
    ok &= print_oldest ();
  return ok;
}

/* The walk's hand: queue what it found as ITEM.  */
static void
walk_found (struct digest_walk *w, struct walk_item *item)
{
  bool *ok = w->arg;
  *ok &= queue_file (NULL, item);
}

/* Print the checksum lines of FILES, a null-terminated list, and with
   -r of the files under those that are directories.  With -j, queue
   each file in POOL and print the oldest first when the window is
   full.  Return true if all went well.  */
static bool
sum_files (char **files)
{
  bool ok = true;
  walk.found = walk_found;
  walk.arg = &ok;
  queued_window = pool ? lines_window : 1;
  queued = xcalloc (queued_window, sizeof *queued);
  for (; *files; files++)
    if (recursive && digest_walk_is_dir (&walk, *files))
      digest_walk (&walk, *files);
    else
      ok &= queue_file (*files, NULL);
  if (pool)
    digest_pool_drain (pool);
  while (queued_popped < queued_pushed)
    ok &= print_oldest ();
  free (queued);
  return ok;
}

/* The files that the audit's walk found as new.  */
static uintmax_t audit_new;

/* The audit walk's hand: report ITEM, what the walk found, if it is a
   file that no check line listed, or a failure.  */
static void
audit_found (struct digest_walk *w, struct walk_item *item)
{
  bool *ok = w->arg;
  if (item->kind != WALK_FILE)
    *ok &= report_walk_failure (item);
  else if (!digest_audit_listed (audit, item->path))
    {
      audit_new++;
      print_check_result (item->path, B_("NEW"));
      *ok = false;
    }
  walk_item_free (w, item);
}

/* --audit: walk AUDIT_DIR as -r would, and report each regular file
   that no check line listed, then their count.  Return true if there
   was none, and no failure.  */
static bool
audit_tree (void)
{
  bool ok = true;
  struct stat st;
  int flags = walk.follow == WALK_PHYSICAL ? AT_SYMLINK_NOFOLLOW : 0;
  if (fstatat (AT_FDCWD, audit_dir, &st, flags) != 0)
    {
      error (0, errno, "%s", quotef (audit_dir));
      return false;
    }
  if (!S_ISDIR (st.st_mode))
    {
      error (0, ENOTDIR, "%s", quotef (audit_dir));
      return false;
    }
  walk.found = audit_found;
  walk.arg = &ok;
  digest_walk (&walk, audit_dir);
  if (audit_new && !status_only)
    error (0, 0, BN_ ("WARNING: %" PRIuMAX " file is NEW",
                      "WARNING: %" PRIuMAX " files are NEW",
                      plural_n (audit_new)), audit_new);
  return ok;
}

/* The number of files to hash at a time that the -j or --threads
   argument ARG asks for (OPTION_INDEX: getopt_long's index of the long
   option in LONGOPTS, -1 for -j): 0 means one per CPU, at most
   THREADS_AUTO_MAX; any number is taken, but no more than THREADS_MAX
   threads are run.
   Exit, as GNU sort does for --parallel, if ARG is not a number.  */
static size_t
threads_arg (const char *arg, int option_index,
             const struct option *longopts)
{
  uintmax_t n;
  strtol_error e = xstrtoumax (arg, NULL, 10, &n, "");
  if (e == LONGINT_OVERFLOW)
    n = UINTMAX_MAX;
  else if (e != LONGINT_OK)
    xstrtol_fatal (e, option_index, 'j', longopts, arg);
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
  if (base64_digest && raw_digest)
    why = B_("--base64 and --raw are mutually exclusive");
  else if (prefix_tag && binary == 0)
    why = _("--tag does not support --text mode");
  else if (line_delim != '\n' && do_check)
    why = _("the --zero option is not supported when verifying checksums");
  else if (prefix_tag && do_check && !is_cksum)
    why = _("the --tag option is meaningless when verifying checksums");
  else if ((is_cksum ? cksum_binary : binary) >= 0 && do_check)
    why = _("the --binary and --text options are meaningless when "
            "verifying checksums");
  else if (ignore_missing && !do_check)
    why = _("the --ignore-missing option is meaningful only when verifying "
            "checksums");
  else if (status_only && !do_check)
    why = _("the --status option is meaningful only when verifying checksums");
  else if (warn && !do_check)
    why = _("the --warn option is meaningful only when verifying checksums");
  else if (quiet && !do_check)
    why = _("the --quiet option is meaningful only when verifying checksums");
  else if (strict && !do_check)
    why = _("the --strict option is meaningful only when verifying checksums");
  else if (is_cksum && prefix_tag && cksum_binary == 0)
    why = B_("--text mode is only supported with --untagged");
  else if (recursive && do_check)
    why = B_("the --recursive option is meaningless when verifying checksums");
  else if (audit_dir && !do_check)
    why = B_("the --audit option is meaningful only when verifying checksums");
  if (why)
    {
      error (0, 0, "%s", why);
      usage (EXIT_FAILURE, algo);
    }
}

/* The length in bits that the -l argument ARG asks for; 0 is the
   default.  Exit as GNU's b2sum and cksum do if it is not a number or
   not a multiple of 8.  */
static uintmax_t
length_arg (const char *arg)
{
  uintmax_t n;
  strtol_error e = xstrtoumax (arg, NULL, 10, &n, "");
  if (e != LONGINT_OK)
    error (EXIT_FAILURE, e == LONGINT_OVERFLOW ? EOVERFLOW : 0,
           _("invalid length: %s"), quote (arg));
  if (n % 8 != 0)
    {
      error (0, 0, _("invalid length: %s"), quote (arg));
      error (EXIT_FAILURE, 0, _("length is not a multiple of 8"));
    }
  return n;
}

/* The row name that -a's argument ARG stands for ("sha2" and "sha3"
   for those families).  Exit as GNU 9.1's cksum does if it stands for
   none (abbreviations are refused).  */
static const char *
algorithm_arg (const char *arg)
{
  ptrdiff_t i = argmatch_exact (arg, algorithm_args);
  if (i < 0)
    {
      argmatch_invalid ("--algorithm", arg, i);
      argmatch_valid (algorithm_args_91, algorithm_args_91,
                      sizeof *algorithm_args_91);
      usage (EXIT_FAILURE, algo);
    }
  return algorithm_args[i];
}

/* The row of the SHA-2 or SHA-3 digest (FAMILY "sha2" or "sha3") of
   BITS bits; exit as GNU's cksum does if there is none, LENGTH_ARG
   being what -l said.  */
static const struct digest_algo *
sha_row (const char *family, uintmax_t bits, const char *length_arg)
{
  char name[16];
  if (bits != 224 && bits != 256 && bits != 384 && bits != 512)
    {
      if (!length_arg)
        error (EXIT_FAILURE, 0, B_("--algorithm=%s requires specifying "
                                   "--length 224, 256, 384, or 512"), family);
      error (0, 0, _("invalid length: %s"), quote (length_arg));
      error (EXIT_FAILURE, 0, B_("digest length for %s must be "
                                 "224, 256, 384, or 512"),
             quote (strcmp (family, "sha2") == 0 ? "SHA2" : "SHA3"));
    }
  if (strcmp (family, "sha2") == 0)
    snprintf (name, sizeof name, "sha%d", (int) bits);
  else
    snprintf (name, sizeof name, "sha3-%d", (int) bits);
  return digest_algo_find (name);
}

/* Set ALGO to the row that -a's argument NAME (or the tool's own
   algorithm, if null) and -l's argument LENGTH_ARG (if not null: BITS)
   choose, exiting as GNU's tools do where they do not fit.  DO_CHECK:
   whether -c was given.  */
static void
choose_algorithm (const char *name, const char *length_arg, uintmax_t bits,
                  bool do_check)
{
  bool sha_family = name && (strcmp (name, "sha2") == 0
                             || strcmp (name, "sha3") == 0);
  if (sha_family)
    {
      /* With --check, the lines choose the length (GNU 9.9).  */
      sha2_family = strcmp (name, "sha2") == 0;
      if (do_check && !length_arg)
        bits = 512;
      algo = sha_row (name, bits, length_arg);
    }
  else
    algo = digest_algo_find (name ? name : DIGEST_NAME);
  if (!algo)
    error (EXIT_FAILURE, 0, B_("no digest algorithm named %s"),
           name ? name : DIGEST_NAME);
  /* -l 0 is the default length, even for an algorithm without one.  */
  if (!bits || sha_family)
    return;
  if (!algo->max_size)
    error (EXIT_FAILURE, 0,
           _("--length is only supported with --algorithm=blake2b"));
  if (8 * algo->max_size < bits)
    {
      error (0, 0, _("invalid length: %s"), quote (length_arg));
      error (EXIT_FAILURE, 0, _("maximum digest length for %s is %d bits"),
             quote (algo->bsd_tag), (int) (8 * algo->max_size));
    }
  if (digest_algo_resize (algo, bits / 8, &sized_algo) == 0)
    algo = &sized_algo;
}

/* Set up LINE_PARSER for --check: with GNU cksum's rules for cksum and
   b2sum (without -a, cksum takes each line's algorithm from its tag).
   Return whether every line's file is hashed with ALGO, so that a pool
   may hash them.  */
static bool
start_check (void)
{
  if (!is_cksum && !algo->max_size)
    {
      digest_line_init (&line_parser, algo);
      return true;
    }
  digest_line_init_cksum (&line_parser, algo, is_cksum && !algorithm_specified,
                          is_cksum);
  line_parser.sha2_family = sha2_family;
  return (algorithm_specified && !algo->max_size && !sha2_family
          && strncmp (algo->name, "sha3-", 5) != 0);
}

/* Parse the options of cksum, sum or a *sum tool from ARGC and ARGV:
   set the globals, choose ALGO, and return whether -c was given; set
   *DEBUG for --debug.  */
static bool
parse_options (int argc, char **argv, bool *debug)
{
  const char *shortopts = (is_cksum ? "a:bcgj:l:rtwxzHLP" : is_sum ? "rs"
                           : algo->max_size ? "bcgj:l:rtwxzHLP"
                           : "bcgj:rtwxzHLP");
  const struct option *longopts = (is_cksum ? cksum_long_options
                                   : is_sum ? sum_long_options
                                   : algo->max_size ? long_options
                                   : long_options + 1);
  const char *algo_name = NULL;
  const char *length = NULL;
  uintmax_t bits = 0;
  bool do_check = false;
  int c;
  int oi;
  /* OI stays -1 unless a long option is found.  */
  while ((oi = -1,
          c = getopt_long (argc, argv, shortopts, longopts, &oi)) != -1)
    switch (c)
      {
      case 'a':
        algo_name = algorithm_arg (optarg);
        algorithm_specified = true;
        break;
      case 'b':
        *(is_cksum ? &cksum_binary : &binary) = 1;
        break;
      case 'c':
        do_check = true;
        break;
      case 'j':
        threads = threads_arg (optarg, oi, longopts);
        break;
      case 'l':
        length = optarg;
        bits = length_arg (optarg);
        break;
      case 'r':
        if (is_sum)
          algo_name = "bsd";
        else
          recursive = true;
        break;
      case 'g':
        show_progress = true;
        break;
      case 'H':
        walk.follow = WALK_COMMAND_LINE;
        break;
      case 'L':
        walk.follow = WALK_LOGICAL;
        break;
      case 'P':
        walk.follow = WALK_PHYSICAL;
        break;
      case 'x':
        walk.one_file_system = true;
        break;
      case 's':
        algo_name = "sysv";
        break;
      case 't':
        *(is_cksum ? &cksum_binary : &binary) = 0;
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
      case UNTAGGED_OPTION:
        prefix_tag = false;
        break;
      case BASE64_OPTION:
        base64_digest = true;
        break;
      case RAW_OPTION:
        raw_digest = true;
        break;
      case DEBUG_OPTION:
        *debug = true;
        break;
      case AUDIT_OPTION:
        audit_dir = optarg;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS, algo);
      case VERSION_OPTION:
        print_version (DIGEST_PROGRAM);
        exit (EXIT_SUCCESS);
      default:
        usage (EXIT_FAILURE, algo);
      }
  choose_algorithm (algo_name, length, bits, do_check);
  if (do_check && algorithm_specified && algo->form != DIGEST_FORM_HEX)
    error (EXIT_FAILURE, 0,
           _("--check is not supported with --algorithm={bsd,sysv,crc}"));
  validate_options (do_check);
  return do_check;
}

/* Catch SIGUSR1 (its status line), hook the read loops, and with -g
   and stderr a terminal show the display, whose total is that of
   FILES (with -r, counted by a thread of cp's progress) or, with
   DO_CHECK, of the files the check lines list, as they are read.
   Before any output: the display may decide how stdout is buffered.  */
static void
start_progress (bool do_check, char **files)
{
  main_thread = true;
  digest_progress_hook = note_hashed;
  progress_shown = progress_init_plain (show_progress);
  if (!progress_shown)
    return;
  lines_under_display = progress_share_terminal (stdout);
  if (recursive && !do_check)
    {
      int n = 0;
      while (files[n])
        n++;
      progress_count ((char const *const *) files, n,
                      walk.follow == WALK_LOGICAL,
                      walk.follow != WALK_PHYSICAL);
      return;
    }
  progress_total_open ();
  if (!do_check)
    {
      for (char **f = files; *f; f++)
        progress_total_file (*f);
      progress_total_close ();
    }
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  init_locale ();
  /* Handlers run last first: the buffer is freed after close_stdout
     has written it out.  */
  atexit (free_out_buf);
  atexit (close_stdout);
  /* Until the options are parsed (--help, --version), as GNU's.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  algo = digest_algo_find (DIGEST_NAME);
  if (!algo)
    error (EXIT_FAILURE, 0, B_("no digest algorithm named %s"), DIGEST_NAME);
  /* cksum writes tagged lines unless --untagged, as binary.  */
  if (is_cksum)
    prefix_tag = true, binary = 1;

  bool debug = false;
  bool do_check = parse_options (argc, argv, &debug);
  choose_implementation (debug);
  have_operands = optind < argc;
  if (raw_digest && (1 < argc - optind || (recursive && have_operands)))
    error (EXIT_FAILURE, 0,
           B_("the --raw option is not supported with multiple files"));

  static char *stdin_only[] = { (char *) "-", NULL };
  char **files = have_operands ? argv + optind : stdin_only;
  if (!is_sum)
    start_progress (do_check, files);

  /* Whole lines, IO_LINES_FLUSH bytes of them at a time (one at a
     time to a terminal, or a few times a second above the progress
     display on it): tools running in parallel into one file do not
     mix their lines (as GNU's do), and many files cost one write for
     many lines.  error () writes stdout out before it prints, so lines
     and diagnostics come in the order they were made.  */
  stdout_is_tty = isatty (STDOUT_FILENO);
  if (stdout_is_tty && !lines_under_display)
    setvbuf (stdout, NULL, _IOLBF, 0);
  else
    {
      out_buf = xmalloc (IO_LINES_BUFSIZE);
      setvbuf (stdout, out_buf, _IOFBF, IO_LINES_BUFSIZE);
    }

  bool ok = true;
  if (do_check ? start_check () : !is_sum)
    start_pool (do_check || (files[0] && files[1]) || recursive);
  if (do_check && audit_dir)
    audit = digest_audit_new ();
  if (do_check)
    {
      for (; *files; files++)
        ok &= check_file (*files);
      progress_total_close ();
    }
  else
    ok = sum_files (files);
  stop_pool ();
  if (audit)
    {
      ok &= audit_tree ();
      digest_audit_free (audit);
    }
  if (!is_sum)
    progress_finish ();

  digest_buffer_free (&iobuf);
  /* Write the last lines now, not in close_stdout, if GNU's line
     buffering would have: a failure is then "write error", without
     its errno, as GNU says it.  Output with no newline (-z) is left to
     close_stdout, as GNU leaves it.  */
  if (newline_pending)
    fflush (stdout);
  if (have_read_stdin && fclose (stdin) == EOF)
    error (EXIT_FAILURE, errno, _("standard input"));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
