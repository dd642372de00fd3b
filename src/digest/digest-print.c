/* digest-print.c -- the lines the digest tools print (see
   digest-print.h): checksum lines in GNU's, BSD's (--tag), cksum's and
   sum's forms, --check's results, and the reports of the walk's
   failures; and how stdout is buffered for them.

   Owns: stdout's buffer and what it knows of stdout (a terminal, under
   the progress display, a newline waiting).  Calls: stdio, base64.h,
   quotearg, printable.h, progress_pause (src/shared/progress.h) and
   error (); it reads the run's options and changes none.  */

#include <config.h>

#include "digest-print.h"

#include <errno.h>
#include <error.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base64.h"
#include "fpending.h"
#include "i18n.h"
#include "ioblksize.h"
#include "xalloc.h"

/* NAME as GNU's tools quote a file name in a diagnostic (the shell's
   escapes, and a colon quoted too): NAME itself where that leaves it
   as it is, which quotearg would copy (a name of 100 MB read from a
   check line would cost 100 MB more), else quotearg's slot 0.  */
const char *
quotef (const char *name)
{
  static struct quoting_options *colon;
  if (!colon)
    {
      colon = clone_quoting_options (NULL);
      set_quoting_style (colon, shell_escape_quoting_style);
      set_char_quoting (colon, ':', 1);
    }
  /* Quoting only adds: the same length means the same bytes.  */
  size_t len = strlen (name);
  if (quotearg_buffer (NULL, 0, name, len, colon) == len)
    return name;
  return quotearg_n_style_colon (0, shell_escape_quoting_style, name);
}

/* Whether NAME must be written escaped, with a leading backslash: it
   holds a backslash, newline or carriage return, and lines end in
   newlines (with -z in OPTS, names are written raw).  */
static bool
needs_escape (const struct digest_opts *opts, const char *name)
{
  return opts->line_delim == '\n' && strpbrk (name, "\\\n\r") != NULL;
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
const char digest_hexdigits[] = "0123456789abcdef";

/* Write the N bytes of DIGEST in lower-case hex to stdout, or with
   --base64 in OPTS in base64.  */
static void
print_hex (const struct digest_opts *opts, const uint8_t *digest, size_t n)
{
  char text[BASE64_LENGTH (DIGEST_MAX_SIZE) + 2 * DIGEST_MAX_SIZE];
  if (opts->base64_digest)
    {
      base64_encode ((const char *) digest, n, text, BASE64_LENGTH (n));
      fwrite (text, 1, BASE64_LENGTH (n), stdout);
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      text[2 * i] = digest_hexdigits[digest[i] >> 4];
      text[2 * i + 1] = digest_hexdigits[digest[i] & 15];
    }
  fwrite (text, 1, 2 * n, stdout);
}

/* The buffer given to stdout, when not a terminal.  */
static char *out_buf;

/* Free OUT_BUF, once stdout is closed.  */
void
free_out_buf (void)
{
  free (out_buf);
}

/* Whether a newline waits in stdout's buffer: GNU's stdout is line
   buffered, so that is what GNU would have written by now.  */
static bool newline_pending;

/* Whether standard output is the terminal of the progress display:
   the lines then go out above it (see end_line).  */
static bool lines_under_display;

/* Whether the lines are those of the legacy sums (sum's, cksum's
   CRC, BSD and SysV sums).  GNU 9.11 checks no write of these: it
   goes on to the end after one fails, and close_stdout then says
   "write error", with an errno only if fclose fails as well, which it
   does when stdout is closed (EBADF) or when it still holds bytes.  */
static bool legacy_lines;

/* Whether a write of the legacy lines failed, and the errno of the
   last such failure that this file saw (a write that error () makes
   before a diagnostic fails unseen, but sets legacy_failed).  */
static bool legacy_failed;
static int legacy_errno;

/* Whether GNU's stdout would still hold bytes at the end: its stdout
   is line buffered, a failed write drops what it held, and error ()
   writes stdout out before each diagnostic.  So it does if the last
   legacy line ended with no newline (-z), and no diagnostic came
   after it: error_message_count was legacy_held_count then.  */
static bool legacy_held;
static unsigned int legacy_held_count;

/* Whether stdout was closed at the start (output_start).  */
static bool stdout_closed;

/* Exit if writing stdout has failed, as GNU 9.10's digest tools do at
   the first failed line ("write error" and the errno the failed flush
   left), rather than at exit: with endless input (yes LINE | cksum -c
   > /dev/full) there is no exit.  What stdout still holds is dropped,
   so that close_stdout says nothing more.  The legacy lines go on:
   the failure is noted for output_finish.  */
static void
exit_if_write_failed (void)
{
  if (!ferror (stdout))
    return;
  int e = errno;
  __fpurge (stdout);
  clearerr (stdout);
  if (!legacy_lines)
    error (EXIT_FAILURE, e, _("write error"));
  legacy_failed = true;
  legacy_errno = e;
}

/* Whether the first line has been written out.  */
static bool first_line_out;

/* An output line is complete, holding a newline if NEWLINE: write out
   the first line at once, so that a stdout that takes nothing stops
   the run there, as GNU 9.10's line buffering does, then the lines
   gathered once they pass IO_LINES_FLUSH bytes; exit if that fails.  */
static void
end_line (bool newline)
{
  newline_pending |= newline;
  if (!first_line_out || IO_LINES_FLUSH <= __fpending (stdout))
    {
      first_line_out = true;
      if (lines_under_display)
        progress_pause ();
      else
        fflush (stdout);
      newline_pending = false;
      exit_if_write_failed ();
    }
}

/* Write the tag of ALGO's lines to stdout: its bsd_tag, with the
   length in bits after it where that is a parameter and not the
   longest ("BLAKE2b-256"), or always for a row that says so
   ("BLAKE3-256").  */
static void
print_tag (const struct digest_algo *algo)
{
  fputs (algo->bsd_tag, stdout);
  if (algo->max_size
      && (algo->digest_size < algo->max_size || algo->tag_length))
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
   sum's), the name only when files were named, never escaped.  OPTS:
   the run's options.  */
static void
print_checksum_line (const struct digest_opts *opts, const char *name,
                     const uint8_t *digest)
{
  size_t n = opts->algo->digest_size - DIGEST_LENGTH_SIZE;
  uintmax_t sum = checksum_value (digest, n);
  uintmax_t size = checksum_value (digest + n, DIGEST_LENGTH_SIZE);
  switch (opts->algo->form)
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
  if (opts->have_operands)
    printf (" %s", name);
  putchar (opts->line_delim);
  legacy_lines = true;
  legacy_held = opts->line_delim != '\n';
  legacy_held_count = error_message_count;
  end_line (opts->line_delim == '\n' || strchr (name, '\n'));
}

/* Write NAME to stdout as b3sum writes a name (Rust's lossy
   conversion): each maximal piece of it that is not UTF-8 as the
   replacement character U+FFFD; with ESCAPE, backslash and newline as
   \\ and \n (b3sum 1.2 leaves carriage returns alone).  The bytes
   written as they are go out in runs, one fwrite each, not one a
   character: on many small files, a call a byte was some 4% of
   b3sum's time.  */
static void
print_b3sum_name (const char *name, bool escape)
{
  const unsigned char *p = (const unsigned char *) name;
  const unsigned char *run = p;   /* the bytes kept so far */
  while (*p)
    {
      unsigned char c = *p;
      size_t n = c < 0x80 ? 0 : c < 0xc2 ? 9 : c < 0xe0 ? 1 : c < 0xf0 ? 2
                 : c < 0xf5 ? 3 : 9;
      size_t ok = 0;
      if (n != 9)
        {
          unsigned char lo = (c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80);
          unsigned char hi = (c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf);
          /* The continuation bytes that fit, up to N.  */
          while (ok < n && (ok ? (p[ok + 1] & 0xc0) == 0x80
                            : lo <= p[1] && p[1] <= hi))
            ok++;
        }
      bool bad = n == 9 || ok < n;
      if (!bad && !(escape && (c == '\\' || c == '\n')))
        {
          p += n + 1;
          continue;
        }
      fwrite (run, 1, p - run, stdout);
      if (bad)
        fputs ("\xef\xbf\xbd", stdout), p += 1 + ok;
      else
        fputs (c == '\\' ? "\\\\" : "\\n", stdout), p++;
      run = p;
    }
  fwrite (run, 1, p - run, stdout);
}

/* Print b3sum's line for the file NAME whose digest is DIGEST:
   "HEX  NAME", or with --tag "BLAKE3 (NAME) = HEX" (whatever the
   length), with --no-names HEX alone, with --raw the bytes alone; a
   name holding a backslash or newline escaped, the line starting with
   a backslash.  OPTS: the run's options.  */
static void
print_b3sum_line (const struct digest_opts *opts, const char *name,
                  const uint8_t *digest)
{
  size_t n = opts->algo->digest_size;
  if (opts->raw_digest)
    {
      fwrite (digest, 1, n, stdout);
      return;
    }
  bool escape = (!opts->no_names && opts->line_delim == '\n'
                 && strpbrk (name, "\\\n"));
  if (escape)
    putchar ('\\');
  if (opts->prefix_tag && !opts->no_names)
    {
      fputs ("BLAKE3 (", stdout);
      print_b3sum_name (name, escape);
      fputs (") = ", stdout);
    }
  print_hex (opts, digest, n);
  if (!opts->prefix_tag && !opts->no_names)
    {
      fputs ("  ", stdout);
      print_b3sum_name (name, escape);
    }
  putchar (opts->line_delim);
  end_line (opts->line_delim == '\n' || strchr (name, '\n'));
}

/* Print b3sum --check's result line for a check line that wrote its
   name as SHOWN: "SHOWN: WHAT", SHOWN as it is.  */
void
print_b3sum_check_result (const char *shown, const char *what)
{
  fputs (shown, stdout);
  printf (": %s\n", what);
  end_line (true);
}

/* Print the line for the file NAME whose digest is DIGEST, in GNU or
   (with --tag) BSD form; with --raw, the digest's bytes alone.  OPTS:
   the run's options.  */
void
print_sum_line (const struct digest_opts *opts, const char *name,
                const uint8_t *digest)
{
  size_t n = opts->algo->digest_size;
  if (digest_tool.b3sum)
    {
      print_b3sum_line (opts, name, digest);
      return;
    }
  if (opts->algo->form != DIGEST_FORM_HEX)
    n -= DIGEST_LENGTH_SIZE;
  if (opts->raw_digest)
    {
      fwrite (digest, 1, n, stdout);
      return;
    }
  if (opts->algo->form != DIGEST_FORM_HEX)
    {
      print_checksum_line (opts, name, digest);
      return;
    }
  bool escape = needs_escape (opts, name);
  if (escape)
    putchar ('\\');
  if (opts->prefix_tag)
    {
      print_tag (opts->algo);
      fputs (" (", stdout);
      print_name (name, escape);
      fputs (") = ", stdout);
    }
  print_hex (opts, digest, n);
  if (!opts->prefix_tag)
    {
      putchar (' ');
      /* GNU 9.1's cksum marks no file as binary; newer GNU's those
         of -b.  */
      int binary = digest_tool.cksum ? opts->cksum_binary : opts->binary;
      putchar (binary > 0 ? '*' : ' ');
      print_name (name, escape);
    }
  putchar (opts->line_delim);
  end_line (opts->line_delim == '\n' || strchr (name, '\n'));
}

/* Print the result NAME: WHAT for a check line, unless --status in
   OPTS.  The check file may come from anywhere, and a name in it could
   send escape sequences to a terminal or hide a FAILED: as GNU 9.11's
   --check, a name that needs it is quoted for the shell (quotef: also
   one with a space, a colon or a quote), whatever standard output
   is.  */
void
print_check_result (const struct digest_opts *opts, const char *name,
                    const char *what)
{
  if (opts->status_only)
    return;
  fputs (quotef (name), stdout);
  printf (": %s\n", what);
  end_line (true);
}

/* Report the failure F of the walk.  Return false.  */
bool
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


/* Set up stdout for the lines, before any is printed: whole lines,
   IO_LINES_FLUSH bytes of them at a time (one at a time to a
   terminal, or a few times a second above the progress display on
   it, when UNDER_DISPLAY): tools running in parallel into one file do
   not mix their lines (as GNU's do), and many files cost one write for
   many lines.  error () writes stdout out before it prints, so lines
   and diagnostics come in the order they were made.  */
void
output_start (bool under_display)
{
  /* A closed stdout stays so: were descriptor 1 reused by a file or
     io_uring that the run opens, the lines would go there, or fail
     with another errno than GNU's EBADF, which an O_PATH descriptor
     gives to write ().  */
  stdout_closed = fcntl (STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF;
  if (stdout_closed)
    {
      int fd = open ("/", O_PATH | O_CLOEXEC);
      if (0 <= fd && fd != STDOUT_FILENO)
        close (fd);
    }
  lines_under_display = under_display;
  if (isatty (STDOUT_FILENO) && !lines_under_display)
    setvbuf (stdout, NULL, _IOLBF, 0);
  else
    {
      out_buf = xmalloc (IO_LINES_BUFSIZE);
      setvbuf (stdout, out_buf, _IOFBF, IO_LINES_BUFSIZE);
    }
}

/* Write the last lines now, not in close_stdout, if GNU's line
   buffering would have: a failure is then "write error" and its errno,
   as GNU 9.10 says it for digest lines.  Output with no newline (-z)
   is left to close_stdout, as GNU leaves it.  The legacy lines are
   written out, and if a write of them failed, the run ends as
   close_stdout ends GNU 9.11's (see legacy_lines).  */
void
output_finish (void)
{
  if (legacy_lines)
    {
      fflush (stdout);
      exit_if_write_failed ();
      if (legacy_failed)
        error (EXIT_FAILURE,
               (stdout_closed ? EBADF
                : legacy_held && legacy_held_count == error_message_count
                ? legacy_errno : 0),
               _("write error"));
    }
  else if (newline_pending)
    {
      fflush (stdout);
      exit_if_write_failed ();
    }
}
