/* digest-check.c -- the --check mode of the digest tools (see
   digest-check.h): read check files, hash each file a proper line
   names, in its turn, and report OK, FAILED and the counts; and the
   --audit walk that follows.

   Owns: the parser of the check lines (what the lines read so far
   chose: see lib/digest-line.h) and, with a pool, the ring of lines
   whose files it holds.  Calls: lib/digest-line.h, digest-file.h
   (the hashing and the progress hooks), digest-print.h (the result
   lines), digest-pool.h, digest-walk.h, digest-audit.h and
   error () for the warnings.  */

#include <config.h>

#include "digest-check.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base64.h"
#include "c-ctype.h"
#include "digest-audit.h"
#include "digest-file.h"
#include "digest-line.h"
#include "digest-pool.h"
#include "digest-print.h"
#include "i18n.h"
#include "xalloc.h"
#include "blake3.h"

/* What the check lines read so far chose (see digest-line.h).  */
static struct digest_line_parser line_parser;

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
    if (c_tolower (hex[2 * i]) != digest_hexdigits[digest[i] >> 4]
        || c_tolower (hex[2 * i + 1]) != digest_hexdigits[digest[i] & 15])
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

/* The check file being read: the run, the file's name for diagnostics
   (DISPLAY), whether it is standard input, and the counts of its
   lines.  */
struct check_ctx
{
  struct digest_run *run;
  const char *display;
  bool is_stdin;
  struct check_counts counts;
};

/* Verify the file of the well-formed check line C of the check file
   X, updating its counts and printing the result.  */
static void
check_one (struct check_ctx *x, const struct check_item *c)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool missing;
  const char *name = c->name;
  const struct digest_opts *opts = &x->run->opts;
  progress_start_file (name);
  bool ok = next_file (x->run, name, c->algo, digest, true, &missing);
  progress_end_file ();
  if (!ok)
    {
      x->counts.unreadable++;
      print_check_result (opts, name, _("FAILED open or read"));
    }
  else if (!missing)
    {
      bool match = hex_matches (c, digest);
      if (match)
        x->counts.matched = true;
      else
        x->counts.mismatched++;
      if (!match)
        print_check_result (opts, name, _("FAILED"));
      else if (!opts->quiet)
        print_check_result (opts, name, _("OK"));
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

/* Print "N thing" warnings for the counts of the check file X once
   it is read.  */
static void
print_check_summary (const struct check_ctx *x)
{
  const struct check_counts *c = &x->counts;
  if (!c->well_formed)
    {
      error (0, 0, _("%s: no properly formatted checksum lines found"),
             quotef (x->display));
      return;
    }
  if (x->run->opts.status_only)
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
  if (x->run->opts.ignore_missing && !c->matched)
    error (0, 0, _("%s: no file was verified"), quotef (x->display));
}

/* Count, and with --warn report, the improperly formatted line LINENO
   of the check file X, read while the algorithm of the lines had the
   tag TAG, TAG_LEN bytes (cksum's changes with the lines).  */
static void
improper_line (struct check_ctx *x, uintmax_t lineno, const char *tag,
               size_t tag_len)
{
  x->counts.misformatted++;
  if (x->run->opts.warn)
    {
      char *name = ximemdup0 (tag, tag_len);
      error (0, 0,
             _("%s: %" PRIuMAX ": improperly formatted %s checksum line"),
             quotef (x->display), lineno, name);
      free (name);
    }
}

/* A proper line of the check file X names the file NAME: list it for
   --audit, and count it in the progress display's total.  */
static void
note_proper_line (struct check_ctx *x, const char *name)
{
  x->counts.well_formed = true;
  if (x->run->audit)
    digest_audit_list (x->run->audit, name);
  progress_total_file (x->run, name);
}

/* Handle one line of the check file X: LINE of LEN bytes, its LINENO'th,
   as digest_line_parse says.  */
static void
check_line (struct check_ctx *x, char *line, size_t len, uintmax_t lineno)
{
  char *hex, *name;
  switch (digest_line_parse (&line_parser, line, len, x->is_stdin, &hex,
                             &name))
    {
    case DIGEST_LINE_PROPER:
      {
        struct check_item c = parsed_item (hex, name);
        note_proper_line (x, name);
        check_one (x, &c);
      }
      break;
    case DIGEST_LINE_IMPROPER:
      {
        size_t tag_len;
        const char *tag = digest_line_tag (&line_parser, &tag_len);
        improper_line (x, lineno, tag, tag_len);
      }
      break;
    case DIGEST_LINE_SKIPPED:
      break;
    }
}

/* Handle one line of b3sum's check file X: LINE of LEN bytes.  Report
   an improper line as b3sum does ("b3sum: Short line"), the file's
   result as "NAME: OK", "NAME: FAILED" or "NAME: FAILED (REASON)",
   NAME as the line wrote it.  Return false if the line is not UTF-8,
   which ends b3sum's reading of the check file.  */
static bool
b3sum_check_line (struct check_ctx *x, char *line, size_t len)
{
  uint8_t want[BLAKE3_OUT_LEN], got[DIGEST_MAX_SIZE];
  char *shown = xmalloc (len + 2);
  char *name;
  const char *why;
  enum b3sum_line_kind kind = digest_line_parse_b3sum (line, len, want,
                                                       shown, &name, &why);
  if (kind == B3SUM_LINE_IMPROPER)
    {
      error (0, 0, "%s", why);
      x->counts.misformatted++;
    }
  else if (kind == B3SUM_LINE_PROPER)
    {
      bool missing;
      note_proper_line (x, name);
      progress_start_file (name);
      bool ok = next_file (x->run, name, x->run->opts.algo, got, true,
                           &missing);
      progress_end_file ();
      if (!ok)
        {
          /* Rust's words for an OS error.  */
          char why_not[256];
          snprintf (why_not, sizeof why_not, "FAILED (%s (os error %d))",
                    strerror (x->run->last_err), x->run->last_err);
          print_b3sum_check_result (shown, why_not);
          x->counts.unreadable++;
        }
      else if (memcmp (want, got, sizeof want) != 0)
        {
          print_b3sum_check_result (shown, "FAILED");
          x->counts.mismatched++;
        }
      else if (!x->run->opts.quiet)
        print_b3sum_check_result (shown, "OK");
    }
  free (shown);
  return kind != B3SUM_LINE_NOT_UTF8;
}

/* With -j, the check lines whose files are in the pool, in the same
   order: a ring as large as the pool's window (LINES_WINDOW), the
   oldest at LINES_POPPED.  A proper line keeps the buffer getline read
   it into (getline gets the one the slot held instead), so that no
   line is ever copied: a line of 100 MB costs 100 MB, not twice that.
   An improper line keeps nothing but its tag.  */
struct queued_line
{
  enum digest_line_kind kind;
  uintmax_t lineno;
  char *text;           /* CAP bytes, of a proper line */
  size_t cap;
  struct check_item item;       /* in TEXT, for a proper line */
  const char *tag;              /* for an improper one */
  size_t tag_len;
};
static struct queued_line *lines;
static size_t lines_window, lines_pushed, lines_popped;

/* Report the oldest queued line of the check file X.  */
static void
finish_line (struct check_ctx *x)
{
  struct queued_line *q = &lines[lines_popped++ % lines_window];
  if (q->kind == DIGEST_LINE_PROPER)
    check_one (x, &q->item);
  else
    {
      struct digest_outcome o;
      digest_pool_pop (x->run->pool, &o);
      improper_line (x, q->lineno, q->tag, q->tag_len);
    }
}

/* Like check_line, but queue the line and its file in the pool,
   reporting the oldest line first when the window is full.  The line
   is the LEN bytes of *LINE, which getline read into a buffer of *CAP
   bytes; for a proper line, the slot takes that buffer, and *LINE and
   *CAP become the slot's old one (NULL and 0 at first).  */
static void
queue_line (struct check_ctx *x, char **line, size_t *cap, size_t len,
            uintmax_t lineno)
{
  char *hex, *name;
  enum digest_line_kind kind = digest_line_parse (&line_parser, *line, len,
                                                  x->is_stdin, &hex, &name);
  if (kind == DIGEST_LINE_SKIPPED)
    return;
  if (digest_pool_full (x->run->pool))
    finish_line (x);

  struct queued_line *q = &lines[lines_pushed++ % lines_window];
  q->kind = kind;
  q->lineno = lineno;
  if (kind == DIGEST_LINE_PROPER)
    {
      char *text = *line;
      size_t text_cap = *cap;
      *line = q->text;
      *cap = q->cap;
      q->text = text;
      q->cap = text_cap;
      q->item = parsed_item (hex, name);
      note_proper_line (x, q->item.name);
    }
  else
    q->tag = digest_line_tag (&line_parser, &q->tag_len);
  digest_pool_push (x->run->pool, (kind == DIGEST_LINE_PROPER
                                   ? pool_name (q->item.name) : NULL));
}

/* Read every line of the check file X from F and verify it, the
   oldest queued lines last.  */
static void
check_lines (struct check_ctx *x, FILE *f)
{
  struct digest_pool *pool = x->run->pool;
  char *line = NULL;
  size_t cap = 0;
  uintmax_t lineno = 0;
  ssize_t n;
  while ((n = getline (&line, &cap, f)) > 0)
    if (digest_tool.b3sum)
      {
        if (!b3sum_check_line (x, line, n))
          {
            error (0, 0, B_("%s: stream did not contain valid UTF-8"),
                   quotef (x->display));
            x->counts.misformatted++;
            break;
          }
      }
    else if (pool)
      queue_line (x, &line, &cap, n, ++lineno);
    else
      check_line (x, line, n, ++lineno);
  free (line);
  if (pool)
    digest_pool_drain (pool);
  while (lines_popped < lines_pushed)
    finish_line (x);
}

/* Verify every line of the check file NAME ("-" is standard input) of
   RUN.  Return true if all is well.  */
bool
check_file (struct digest_run *run, const char *name)
{
  struct check_ctx x = { run, NULL, strcmp (name, "-") == 0,
                         { 0, 0, 0, false, false } };
  x.display = x.is_stdin ? _("standard input") : name;
  FILE *f = x.is_stdin ? stdin : fopen (name, "r");
  run->have_read_stdin |= x.is_stdin;
  if (!f)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }

  check_lines (&x, f);

  bool read_failed = ferror (f);
  if (x.is_stdin)
    clearerr (f);
  else if (fclose (f) != 0 && !read_failed)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }
  if (read_failed)
    {
      error (0, 0, _("%s: read error"), quotef (x.display));
      return false;
    }

  const struct check_counts *c = &x.counts;
  /* b3sum 1.2 sums nothing up.  */
  if (digest_tool.b3sum)
    return !c->misformatted && !c->unreadable && !c->mismatched;
  print_check_summary (&x);
  return (c->well_formed && c->matched && c->mismatched == 0
          && c->unreadable == 0 && !(run->opts.strict && c->misformatted));
}

/* What the audit's walk needs: the run, whether all went well, and the
   files it found as new.  */
struct audit_walk
{
  struct digest_run *run;
  bool ok;
  uintmax_t new_files;
};

/* The audit walk's hand: report ITEM, what the walk W found, if it is
   a file that no check line listed, or a failure.  */
static void
audit_found (struct digest_walk *w, struct walk_item *item)
{
  struct audit_walk *a = w->arg;
  if (item->kind != WALK_FILE)
    a->ok &= report_walk_failure (item);
  else if (!digest_audit_listed (a->run->audit, item->path))
    {
      a->new_files++;
      print_check_result (&a->run->opts, item->path, B_("NEW"));
      a->ok = false;
    }
  walk_item_free (w, item);
}

/* --audit: walk RUN's AUDIT_DIR as -r would, and report each regular
   file that no check line listed, then their count.  Return true if
   there was none, and no failure.  */
bool
audit_tree (struct digest_run *run)
{
  struct audit_walk a = { run, true, 0 };
  const char *dir = run->opts.audit_dir;
  struct stat st;
  int flags = run->walk.follow == WALK_PHYSICAL ? AT_SYMLINK_NOFOLLOW : 0;
  if (fstatat (AT_FDCWD, dir, &st, flags) != 0)
    {
      error (0, errno, "%s", quotef (dir));
      return false;
    }
  if (!S_ISDIR (st.st_mode))
    {
      error (0, ENOTDIR, "%s", quotef (dir));
      return false;
    }
  run->walk.found = audit_found;
  run->walk.arg = &a;
  digest_walk (&run->walk, dir);
  if (a.new_files && !run->opts.status_only)
    error (0, 0, BN_ ("WARNING: %" PRIuMAX " file is NEW",
                      "WARNING: %" PRIuMAX " files are NEW",
                      plural_n (a.new_files)), a.new_files);
  return a.ok;
}

/* Set up LINE_PARSER for --check with RUN's options: with GNU cksum's
   rules for cksum and b2sum (without -a, cksum takes each line's
   algorithm from its tag).  Return whether every line's file is hashed
   with the run's algorithm, so that a pool may hash them.  */
bool
start_check (const struct digest_run *run)
{
  const struct digest_opts *opts = &run->opts;
  if (digest_tool.b3sum)
    return false;
  if (!digest_tool.cksum && !opts->algo->max_size)
    {
      digest_line_init (&line_parser, opts->algo);
      return true;
    }
  digest_line_init_cksum (&line_parser, opts->algo,
                          digest_tool.cksum && !opts->algorithm_specified,
                          digest_tool.cksum);
  line_parser.sha2_family = opts->sha2_family;
  return (opts->algorithm_specified && !opts->algo->max_size
          && !opts->sha2_family
          && strncmp (opts->algo->name, "sha3-", 5) != 0);
}

/* With RUN's pool, make the ring of check lines as large as its
   window.  */
void
check_ring_new (const struct digest_run *run)
{
  lines_window = run->window;
  lines = xcalloc (lines_window, sizeof *lines);
}

/* Free the ring of check_ring_new, if any.  */
void
check_ring_free (void)
{
  for (size_t i = 0; i < lines_window && lines; i++)
    free (lines[i].text);
  free (lines);
  lines = NULL;
}
