/* digest.c -- print or check message digests and checksums: the one
   driver behind md2sum, md4sum, md5sum, sha1sum, sha224sum, sha256sum,
   sha384sum, sha512sum, b2sum, cksum and sum.

   Each tool is this file and the others of digest_sources
   (src/digest/local.mk), compiled once into libdigest.a, and the
   tool's own digest-tool.c, which names its default algorithm (a row
   of lib/digest-algos.c), its name and its option set (digest_tool,
   digest.h).  Options,
   output bytes, messages and exit statuses follow GNU coreutils 9.1's
   tools; cksum's --base64, --raw and -a crc32b, sha2, sha3 follow newer
   GNU's.

   Owns: option parsing, into the run (struct digest_run, digest.h)
   that main owns and passes down; the pool of -j; and the loop over
   the files whose lines are printed, in their turn (operands, and the
   walk of -r).  Calls: digest-choose.h for the algorithm and its
   implementation, digest-check.h for --check and --audit,
   digest-file.h to hash a file, digest-print.h for the lines,
   digest-usage.h for --help, digest-pool.h, digest-walk.h,
   digest-b3threads.h (the size of b3sum's large files) and
   src/shared/progress.h.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argmatch.h"
#include "closeout.h"
#include "digest.h"
#include "digest-audit.h"
#include "digest-b3sum.h"
#include "digest-b3threads.h"
#include "digest-check.h"
#include "digest-choose.h"
#include "digest-file.h"
#include "digest-pool.h"
#include "digest-print.h"
#include "digest-usage.h"
#include "gnu-abbrev.h"
#include "i18n.h"
#include "nproc.h"
#include "progname.h"
#include "quote.h"
#include "version.h"
#include "xalloc.h"
#include "xstrtol.h"
#include "xstrtol-error.h"

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
  VERSION_OPTION,
  NO_NAMES_OPTION,
  KEYED_OPTION,
  DERIVE_KEY_OPTION,
  NUM_THREADS_OPTION,
  NO_MMAP_OPTION,
  SEEK_OPTION
};

/* Brisk's own options (-j, -g, --audit, the walk's) in the tables
   below, which GNU's tools do not take.  */
#define BRISK_OPTIONS                                                   \
  { "threads", required_argument, NULL, 'j' },                          \
  { "progress", no_argument, NULL, 'g' },                               \
  { "audit", required_argument, NULL, AUDIT_OPTION },                   \
  { "recursive", no_argument, NULL, 'r' },                              \
  { "dereference-args", no_argument, NULL, 'H' },                       \
  { "dereference", no_argument, NULL, 'L' },                            \
  { "no-dereference", no_argument, NULL, 'P' },                         \
  { "one-file-system", no_argument, NULL, 'x' }

/* The first of them, for gnu_abbrev_expand: in the tables of cksum
   and the *sum tools, Brisk's own options come last, after --help and
   --version (and --debug, GNU's in cksum only, is own in the others).  */
#define FIRST_OWN_OPTION "threads"

#define HELP_OPTIONS                                                    \
  { "help", no_argument, NULL, HELP_OPTION },                           \
  { "version", no_argument, NULL, VERSION_OPTION }

#define END_OPTIONS { NULL, 0, NULL, 0 }

/* The options that the *sum tools and cksum share, --length first (the
   *sum tools without it skip it), in GNU 9.11's order, which is that
   of getopt's list of an ambiguous abbreviation's possibilities.  */
#define SUM_OPTIONS                                                     \
  { "length", required_argument, NULL, 'l' },                           \
  { "check", no_argument, NULL, 'c' },                                  \
  { "ignore-missing", no_argument, NULL, IGNORE_MISSING_OPTION },       \
  { "quiet", no_argument, NULL, QUIET_OPTION },                         \
  { "status", no_argument, NULL, STATUS_OPTION },                       \
  { "warn", no_argument, NULL, 'w' },                                   \
  { "strict", no_argument, NULL, STRICT_OPTION },                       \
  { "tag", no_argument, NULL, TAG_OPTION },                             \
  { "zero", no_argument, NULL, 'z' }

#define BINARY_TEXT_OPTIONS                                             \
  { "binary", no_argument, NULL, 'b' },                                 \
  { "text", no_argument, NULL, 't' }

#define DEBUG_OPTIONS { "debug", no_argument, NULL, DEBUG_OPTION }

/* The options of b2sum; the other *sum tools take them from the second
   on, without --length.  */
static struct option const long_options[] = {
  SUM_OPTIONS,
  BINARY_TEXT_OPTIONS,
  HELP_OPTIONS,
  BRISK_OPTIONS,
  DEBUG_OPTIONS,
  END_OPTIONS
};

/* cksum's: -a and its formats, and --binary and --text as newer GNU's
   (9.4), for a cksum that stands in for md5sum and the others.  */
static struct option const cksum_long_options[] = {
  SUM_OPTIONS,
  { "algorithm", required_argument, NULL, 'a' },
  { "base64", no_argument, NULL, BASE64_OPTION },
  DEBUG_OPTIONS,
  { "raw", no_argument, NULL, RAW_OPTION },
  { "untagged", no_argument, NULL, UNTAGGED_OPTION },
  BINARY_TEXT_OPTIONS,
  HELP_OPTIONS,
  BRISK_OPTIONS,
  END_OPTIONS
};

/* b3sum's: the BLAKE3 team's b3sum 1.8 (-l in bytes, --seek, --tag),
   with -h and -V, then --audit and Brisk's.  */
static struct option const b3sum_long_options[] = {
  { "check", no_argument, NULL, 'c' },
  { "quiet", no_argument, NULL, QUIET_OPTION },
  { "length", required_argument, NULL, 'l' },
  { "seek", required_argument, NULL, SEEK_OPTION },
  { "no-names", no_argument, NULL, NO_NAMES_OPTION },
  { "raw", no_argument, NULL, RAW_OPTION },
  { "tag", no_argument, NULL, TAG_OPTION },
  { "keyed", no_argument, NULL, KEYED_OPTION },
  { "derive-key", required_argument, NULL, DERIVE_KEY_OPTION },
  { "num-threads", required_argument, NULL, NUM_THREADS_OPTION },
  { "no-mmap", no_argument, NULL, NO_MMAP_OPTION },
  BRISK_OPTIONS,
  { "zero", no_argument, NULL, 'z' },
  DEBUG_OPTIONS,
  HELP_OPTIONS,
  END_OPTIONS
};

/* sum's.  */
static struct option const sum_long_options[] = {
  { "sysv", no_argument, NULL, 's' },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* cksum -a's arguments, in GNU's order, each the name of its row but
   "sha2" and "sha3", which name a family whose member -l chooses; then
   uutils' blake3, shake128 and shake256.  md2 and md4 are Brisk's
   own.  */
static char const *const algorithm_args[] = {
  "bsd", "sysv", "crc", "crc32b", "md5", "sha1", "sha224", "sha256",
  "sha384", "sha512", "sha2", "sha3", "blake2b", "sm3", "blake3",
  "shake128", "shake256", "md2", "md4", NULL
};

/* Print the checksum line of the file NAME of RUN.  Return true on
   success.  */
static bool
sum_file (struct digest_run *run, const char *name)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool missing;
  progress_start_file (name);
  bool ok = next_file (run, name, run->opts.algo, digest, false, &missing);
  progress_end_file ();
  if (ok)
    print_sum_line (&run->opts, name, digest);
  return ok;
}

/* Print the checksum line of the file F that the walk of RUN found, in
   its turn, as sum_file.  */
static bool
sum_walked (struct digest_run *run, const struct walk_item *f)
{
  uint8_t digest[DIGEST_MAX_SIZE];
  bool gone = false;
  bool ok;
  progress_start_file (f->path);
  if (!run->pool)
    ok = digest_walked (run, f, digest, &gone);
  else
    {
      struct digest_outcome o;
      digest_pool_pop (run->pool, &o);
      if (o.kept)
        ok = digest_walked (run, f, digest, &gone);
      else
        {
          memcpy (digest, o.digest, run->opts.algo->digest_size);
          ok = file_outcome (run, f->path, o.err, o.at_open, &gone);
        }
    }
  progress_end_file ();
  if (ok && !gone)
    print_sum_line (&run->opts, f->path, digest);
  return ok;
}

/* A file whose line is to be printed in its turn: an operand, or what
   the walk of -r found.  */
struct queued_file
{
  const char *name;             /* an operand, or null */
  struct walk_item item;        /* else what the walk found */
};

/* The files of RUN whose lines are to be printed, in their turn: with
   the pool, a ring of WINDOW entries as large as its window, each
   entry's job in it; else one entry, printed as soon as queued.  OK:
   whether all went well so far.  */
struct file_queue
{
  struct digest_run *run;
  struct queued_file *ring;
  size_t window, pushed, popped;
  bool ok;
};

/* Print the line of the oldest file of Q, or report its failure.
   Return true if all went well.  */
static bool
print_oldest (struct file_queue *q)
{
  struct digest_run *run = q->run;
  struct queued_file *f = &q->ring[q->popped++ % q->window];
  if (f->name)
    return sum_file (run, f->name);
  struct digest_outcome o;
  if (run->pool && f->item.kind != WALK_FILE)
    digest_pool_pop (run->pool, &o);
  bool ok = (f->item.kind == WALK_FILE ? sum_walked (run, &f->item)
             : report_walk_failure (&f->item));
  walk_item_free (&run->walk, &f->item);
  return ok;
}

/* Queue in Q the operand NAME, or if NAME is null what the walk found
   as ITEM (which the queue then owns), printing the oldest first while
   the window is full, or while the files waiting hold too many
   directories open.  Return true if all went well.  */
static bool
queue_file (struct file_queue *q, const char *name, struct walk_item *item)
{
  struct digest_run *run = q->run;
  bool ok = true;
  while (q->pushed - q->popped == q->window
         || (run->pool && digest_pool_full (run->pool))
         || (q->popped < q->pushed && WALK_DIRS_HELD < run->walk.open_dirs))
    ok &= print_oldest (q);
  struct queued_file *f = &q->ring[q->pushed++ % q->window];
  f->name = name;
  if (item)
    f->item = *item;
  if (run->pool)
    {
      if (name)
        digest_pool_push (run->pool, pool_name (name));
      else if (item && item->kind == WALK_FILE)
        digest_pool_push_at (run->pool, walk_dir_fd (item->dir), item->base,
                             !item->follow);
      else
        digest_pool_push (run->pool, NULL);
    }
  else
    ok &= print_oldest (q);
  return ok;
}

/* The walk's hand: queue what the walk W found as ITEM.  */
static void
walk_found (struct digest_walk *w, struct walk_item *item)
{
  struct file_queue *q = w->arg;
  q->ok &= queue_file (q, NULL, item);
}

/* Print the checksum lines of FILES of RUN, a null-terminated list,
   and with -r of the files under those that are directories.  With
   -j, queue each file in the pool and print the oldest first when the
   window is full.  Return true if all went well.  */
static bool
sum_files (struct digest_run *run, char **files)
{
  struct file_queue q = { run, NULL, run->pool ? run->window : 1, 0, 0,
                          true };
  run->walk.found = walk_found;
  run->walk.arg = &q;
  q.ring = xcalloc (q.window, sizeof *q.ring);
  for (; *files; files++)
    if (run->opts.recursive && digest_walk_is_dir (&run->walk, *files))
      digest_walk (&run->walk, *files);
    else
      q.ok &= queue_file (&q, *files, NULL);
  if (run->pool)
    digest_pool_drain (run->pool);
  while (q.popped < q.pushed)
    q.ok &= print_oldest (&q);
  free (q.ring);
  return q.ok;
}

/* One thread per CPU that this process may run on (its affinity mask;
   OMP_NUM_THREADS may ask for fewer), but at most MAX.  */
static size_t
cpu_threads (size_t max)
{
  size_t n = num_processors (NPROC_CURRENT_OVERRIDABLE);
  return n < max ? n : max;
}

/* The number of threads that the argument ARG of -j, --threads or
   --num-threads asks for (OPTION_INDEX: getopt_long's index of the
   long option in LONGOPTS, -1 for -j): 0 means one per CPU, at most
   AUTO_MAX; any number is taken, but no more than THREADS_MAX threads
   are run.
   Exit, as GNU sort does for --parallel, if ARG is not a number.  */
static size_t
threads_arg (const char *arg, int option_index,
             const struct option *longopts, size_t auto_max)
{
  uintmax_t n;
  strtol_error e = xstrtoumax (arg, NULL, 10, &n, "");
  if (e == LONGINT_OVERFLOW)
    n = UINTMAX_MAX;
  else if (e != LONGINT_OK)
    xstrtol_fatal (e, option_index, 'j', longopts, arg);
  if (n == 0)
    n = cpu_threads (auto_max);
  return n < THREADS_MAX ? n : THREADS_MAX;
}

/* With -j above 1, start RUN's pool.  With -j 1, start a pool without
   workers when the algorithm has a multi-lane core here, or the files
   can be opened and read in batches (digest_pool_batch), and there may
   be several files (MANY): the files are then hashed side by side, or
   one after another, in this thread.  */
static void
start_pool (struct digest_run *run, bool many)
{
  size_t workers = run->opts.threads <= 1 ? 0 : run->opts.threads;
  size_t batch = digest_pool_batch (run->opts.algo, workers + 1);
  if (workers == 0 && !(batch && many))
    return;
  run->window = JOBS_PER_THREAD * run->opts.threads;
  size_t ahead = (workers ? BATCHES_AHEAD : 1) * (workers + 1) * batch;
  if (run->window < ahead)
    run->window = ahead;
  run->pool = digest_pool_new (run->opts.algo, workers, run->window);
  /* b3sum's large files on its threads, in this thread's turn, as
     without the pool (with workers, the files share them).  */
  if (digest_tool.b3sum && workers == 0)
    digest_pool_keep_large (run->pool,
                            b3sum_threads_min_size (run->opts.file_threads));
}

/* Stop RUN's pool, if started.  */
static void
stop_pool (struct digest_run *run)
{
  if (!run->pool)
    return;
  digest_pool_free (run->pool);
  run->pool = NULL;
}

/* Reject, with GNU's words and in GNU 9.10's order (that of text
   mode with --tag last), option combinations of OPTS that make no
   sense.  DO_CHECK says whether -c was given; TAG_GIVEN whether --tag
   was, and not undone by a later --untagged (cksum tags by default,
   but GNU 9.10 refuses an explicit --tag with -c there too).  */
static void
validate_options (const struct digest_opts *opts, bool do_check,
                  bool tag_given)
{
  const char *why = NULL;
  if (opts->base64_digest && opts->raw_digest)
    why = B_("--base64 and --raw are mutually exclusive");
  else if (opts->line_delim != '\n' && do_check)
    why = _("the --zero option is not supported when verifying checksums");
  else if (tag_given && do_check)
    why = _("the --tag option is meaningless when verifying checksums");
  else if ((digest_tool.cksum ? opts->cksum_binary : opts->binary) >= 0
           && do_check)
    why = _("the --binary and --text options are meaningless when "
            "verifying checksums");
  else if (opts->ignore_missing && !do_check)
    why = _("the --ignore-missing option is meaningful only when verifying "
            "checksums");
  else if (opts->status_only && !do_check)
    why = _("the --status option is meaningful only when verifying checksums");
  else if (opts->warn && !do_check)
    why = _("the --warn option is meaningful only when verifying checksums");
  else if (opts->quiet && !do_check)
    why = _("the --quiet option is meaningful only when verifying checksums");
  else if (opts->strict && !do_check)
    why = _("the --strict option is meaningful only when verifying checksums");
  else if (!digest_tool.cksum && opts->prefix_tag && opts->binary == 0)
    why = _("--tag does not support --text mode");
  else if (digest_tool.cksum && opts->prefix_tag && opts->cksum_binary == 0)
    why = B_("--text mode is only supported with --untagged");
  else if (opts->recursive && do_check)
    why = B_("the --recursive option is meaningless when verifying checksums");
  else if (opts->audit_dir && !do_check)
    why = B_("the --audit option is meaningful only when verifying checksums");
  if (why)
    {
      error (0, 0, "%s", why);
      usage (EXIT_FAILURE, opts->algo);
    }
}

/* The length in bits that the -l argument ARG asks for; 0 is the
   default.  Exit as GNU 9.11's b2sum and cksum do if it is not a
   decimal number, or is negative (with EOVERFLOW's text: GNU reads it
   as a signed number below the least length, 0); a number too large
   for a long (GNU: intmax_t, as large where long has 64 bits; any
   length past 2^31 is too long anyway) is UINTMAX_MAX, which
   choose_algorithm refuses as too long (GNU 9.8).  Whether the length
   fits the algorithm is choose_algorithm's to say, as only the last -l
   counts.  */
static uintmax_t
length_arg (const char *arg)
{
  long int n;
  strtol_error e = xstrtol (arg, NULL, 10, &n, "");
  if ((e == LONGINT_OK || e == LONGINT_OVERFLOW) && n < 0)
    error (EXIT_FAILURE, EOVERFLOW, _("invalid length: %s"), quote (arg));
  if (e == LONGINT_OVERFLOW)
    return UINTMAX_MAX;
  if (e != LONGINT_OK)
    error (EXIT_FAILURE, 0, _("invalid length: %s"), quote (arg));
  return n;
}

/* The row name that -a's argument ARG stands for ("sha2" and "sha3"
   for those families).  Exit as GNU's cksum does if it stands for none
   (abbreviations are refused), listing GNU's arguments and then
   Brisk's own.  */
static const char *
algorithm_arg (const char *arg)
{
  ptrdiff_t i = argmatch_exact (arg, algorithm_args);
  if (i < 0)
    {
      argmatch_invalid ("--algorithm", arg, i);
      argmatch_valid (algorithm_args, algorithm_args,
                      sizeof *algorithm_args);
      try_help (EXIT_FAILURE);
    }
  return algorithm_args[i];
}

/* Parse the options of cksum, sum or a *sum tool from ARGC and ARGV
   into OPTS, whose algorithm is the tool's own until then: choose the
   algorithm, and return whether -c was given; set *DEBUG for
   --debug.  */
static bool
parse_options (struct digest_opts *opts, int argc, char **argv, bool *debug)
{
  const char *shortopts = (digest_tool.cksum ? "a:bcgj:l:rtwxzHLP"
                           : digest_tool.sum ? "rs"
                           : digest_tool.b3sum ? "cghj:l:rxzHLPV"
                           : opts->algo->max_size ? "bcgj:l:rtwxzHLP"
                           : "bcgj:rtwxzHLP");
  const struct option *longopts = (digest_tool.cksum ? cksum_long_options
                                   : digest_tool.sum ? sum_long_options
                                   : digest_tool.b3sum ? b3sum_long_options
                                   : opts->algo->max_size ? long_options
                                   : long_options + 1);
  const char *algo_name = NULL;
  const char *length = NULL;
  const char *seek = NULL;
  bool keyed = false;
  uintmax_t bits = 0;
  bool do_check = false;
  bool tag_given = false;
  int c;
  int oi;
  if (!digest_tool.b3sum && !digest_tool.sum)
    gnu_abbrev_expand (argc, argv, shortopts, longopts, FIRST_OWN_OPTION);
  /* OI stays -1 unless a long option is found.  */
  while ((oi = -1,
          c = getopt_long (argc, argv, shortopts,
                           gnu_abbrev_opts (argc, argv, longopts), &oi))
         != -1)
    switch (c)
      {
      case 'a':
        algo_name = algorithm_arg (optarg);
        opts->algorithm_specified = true;
        break;
      case 'b':
        *(digest_tool.cksum ? &opts->cksum_binary : &opts->binary) = 1;
        break;
      case 'c':
        do_check = true;
        break;
      case 'j':
        opts->threads = threads_arg (optarg, oi, longopts,
                                     THREADS_AUTO_MAX);
        break;
      case 'l':
        length = optarg;
        if (!digest_tool.b3sum)
          bits = length_arg (optarg);
        break;
      case 'r':
        if (digest_tool.sum)
          algo_name = "bsd";
        else
          opts->recursive = true;
        break;
      case 'g':
        opts->show_progress = true;
        break;
      case 'H':
        opts->follow = WALK_COMMAND_LINE;
        break;
      case 'L':
        opts->follow = WALK_LOGICAL;
        break;
      case 'P':
        opts->follow = WALK_PHYSICAL;
        break;
      case 'x':
        opts->one_file_system = true;
        break;
      case 's':
        algo_name = "sysv";
        break;
      case 't':
        *(digest_tool.cksum ? &opts->cksum_binary : &opts->binary) = 0;
        break;
      case 'z':
        opts->line_delim = '\0';
        break;
      case 'w':
        opts->status_only = false, opts->warn = true, opts->quiet = false;
        break;
      case STATUS_OPTION:
        opts->status_only = true, opts->warn = false, opts->quiet = false;
        break;
      case QUIET_OPTION:
        opts->status_only = false, opts->warn = false, opts->quiet = true;
        break;
      case IGNORE_MISSING_OPTION:
        opts->ignore_missing = true;
        break;
      case STRICT_OPTION:
        opts->strict = true;
        break;
      case TAG_OPTION:
        /* An earlier -t stays, to be refused with --tag as GNU 9.10
           refuses it in either order.  */
        opts->prefix_tag = tag_given = true;
        if (opts->binary < 0)
          opts->binary = 1;
        break;
      case UNTAGGED_OPTION:
        opts->prefix_tag = tag_given = false;
        break;
      case BASE64_OPTION:
        opts->base64_digest = true;
        break;
      case RAW_OPTION:
        opts->raw_digest = true;
        break;
      case DEBUG_OPTION:
        *debug = true;
        break;
      case AUDIT_OPTION:
        opts->audit_dir = optarg;
        break;
      case NO_NAMES_OPTION:
        opts->no_names = true;
        break;
      case KEYED_OPTION:
        keyed = true;
        break;
      case DERIVE_KEY_OPTION:
        opts->blake3_mode.context = optarg;
        break;
      case NUM_THREADS_OPTION:
        opts->file_threads = threads_arg (optarg, oi, longopts, THREADS_MAX);
        break;
      case NO_MMAP_OPTION:
        opts->no_mmap = true;
        break;
      case SEEK_OPTION:
        seek = optarg;
        break;
      case 'h':
      case HELP_OPTION:
        usage (EXIT_SUCCESS, opts->algo);
      case 'V':
      case VERSION_OPTION:
        print_version (digest_tool.program);
        exit (EXIT_SUCCESS);
      default:
        usage (EXIT_FAILURE, opts->algo);
      }
  if (digest_tool.b3sum)
    {
      /* Without --num-threads, as with --num-threads 0, a large file
         is hashed on one thread per CPU, as the BLAKE3 team's b3sum
         does (see src/digest/digest-b3threads.c).  */
      if (!opts->file_threads)
        opts->file_threads = cpu_threads (THREADS_MAX);
      b3sum_options (opts, do_check, length, seek, keyed);
      validate_options (opts, do_check, tag_given);
      return do_check;
    }
  choose_algorithm (opts, algo_name, length, bits, do_check);
  if (do_check && opts->algorithm_specified
      && opts->algo->form != DIGEST_FORM_HEX)
    error (EXIT_FAILURE, 0,
           _("--check is not supported with "
             "--algorithm={bsd,sysv,crc,crc32b}"));
  validate_options (opts, do_check, tag_given);
  return do_check;
}

/* Catch SIGUSR1 (its status line), hook the read loops, and with -g
   and stderr a terminal show RUN's display, whose total is that of
   FILES (with -r, counted by a thread of cp's progress) or, with
   DO_CHECK, of the files the check lines list, as they are read.
   Before any output: the display may decide how stdout is buffered.
   Return whether stdout is the display's terminal, the lines to go
   out above it.  */
static bool
start_progress (struct digest_run *run, bool do_check, char **files)
{
  progress_hook_start ();
  run->progress_shown = progress_init_plain (run->opts.show_progress);
  if (!run->progress_shown)
    return false;
  bool under_display = progress_share_terminal (stdout);
  if (run->opts.recursive && !do_check)
    {
      int n = 0;
      while (files[n])
        n++;
      progress_count ((char const *const *) files, n,
                      run->opts.follow == WALK_LOGICAL,
                      run->opts.follow != WALK_PHYSICAL);
      return under_display;
    }
  progress_total_open ();
  if (!do_check)
    {
      for (char **f = files; *f; f++)
        progress_total_file (run, *f);
      progress_total_close ();
    }
  return under_display;
}

/* Check the check files FILES, or print the lines of the files FILES,
   with RUN's options, then --audit.  Return true if all went well.  */
static bool
run_files (struct digest_run *run, bool do_check, char **files)
{
  bool ok = true;
  if (do_check ? start_check (run) : !digest_tool.sum)
    start_pool (run, do_check || (files[0] && files[1])
                || run->opts.recursive);
  if (do_check && run->pool)
    check_ring_new (run);
  if (do_check && run->opts.audit_dir)
    run->audit = digest_audit_new ();
  if (do_check)
    {
      for (; *files; files++)
        ok &= check_file (run, *files);
      progress_total_close ();
    }
  else
    ok = sum_files (run, files);
  stop_pool (run);
  check_ring_free ();
  if (run->audit)
    {
      ok &= audit_tree (run);
      digest_audit_free (run->audit);
    }
  return ok;
}

/* The options of a run before any is parsed: the tool's own algorithm
   and, for cksum, tagged lines (unless --untagged), as binary.  */
static void
default_opts (struct digest_opts *opts)
{
  opts->algo = digest_algo_find (digest_tool.algo_name);
  if (!opts->algo)
    error (EXIT_FAILURE, 0, B_("no digest algorithm named %s"),
           digest_tool.algo_name);
  opts->binary = -1;
  opts->cksum_binary = -1;
  opts->line_delim = '\n';
  opts->threads = 1;
  if (digest_tool.cksum)
    opts->prefix_tag = true, opts->binary = 1;
}

int
main (int argc, char **argv)
{
  static struct digest_run run;
  set_program_name (argv[0]);
  init_locale ();
  /* Handlers run last first: the buffer is freed after close_stdout
     has written it out.  */
  atexit (free_out_buf);
  atexit (close_stdout);
  /* Until the options are parsed (--help, --version), as GNU's.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  default_opts (&run.opts);

  bool debug = false;
  bool do_check = parse_options (&run.opts, argc, argv, &debug);
  choose_implementation (run.opts.algo, debug);
  run.opts.have_operands = optind < argc;
  if (run.opts.raw_digest
      && (1 < argc - optind || (run.opts.recursive && run.opts.have_operands)))
    {
      if (digest_tool.b3sum)
        b3sum_fatal ("Only one filename can be provided when using --raw");
      error (EXIT_FAILURE, 0,
             B_("the --raw option is not supported with multiple files"));
    }
  if (digest_tool.b3sum)
    b3sum_start (&run, do_check, argv + optind);
  run.walk.follow = run.opts.follow;
  run.walk.one_file_system = run.opts.one_file_system;

  static char *stdin_only[] = { (char *) "-", NULL };
  char **files = run.opts.have_operands ? argv + optind : stdin_only;
  output_start (!digest_tool.sum && start_progress (&run, do_check, files));

  bool ok = run_files (&run, do_check, files);
  if (!digest_tool.sum)
    progress_finish ();

  digest_buffer_free (&run.iobuf);
  output_finish ();
  if (run.have_read_stdin && fclose (stdin) == EOF)
    error (EXIT_FAILURE, errno, _("standard input"));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
