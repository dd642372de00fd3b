/* split.c -- split a file into pieces.

   Options, output names and bytes, messages and exit statuses follow
   GNU coreutils 9.1's split.  This file reads the options and the
   operands, opens the input on standard input and runs one way of
   cutting it (split-cut.c); split-out.c names, opens, writes and closes
   the pieces.

   Owns the options, struct split_conf (what the options and the input
   settle, read by the other two files), the copy engine and the
   reading buffer; the storage of split-out.c's struct split_out too,
   whose fields only split-out.c touches.  Calls split-cut.c and
   split-out.c, which never call back here (see split.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alignalloc.h"
#include "closeout.h"
#include "dirname.h"
#include "error.h"
#include "i18n.h"
#include "intprops.h"
#include "ioblksize.h"
#include "progname.h"
#include "split-args.h"
#include "split.h"
#include "version.h"
#include "xalloc.h"

/* The ways of cutting; DIGITS is -NUM (lines) until it is known.  */
enum cut
{
  CUT_NONE,
  CUT_DIGITS,
  CUT_BYTES,
  CUT_LINES,
  CUT_LINE_BYTES,
  CUT_CHUNK_BYTES,
  CUT_CHUNK_LINES,
  CUT_ROUND_ROBIN
};

/* The options, as read; CONF holds those that the cutting and the
   output read.  */
struct options
{
  struct split_conf conf;
  enum cut cut;
  intmax_t n_units;             /* bytes, lines or chunks */
  intmax_t k_units;             /* K of -n K/N, else 0 */
  intmax_t digits;              /* -NUM */
  int digits_optind;            /* the argument -NUM was in */
  size_t suffix_length;         /* -a (0: not given) */
  char const *alphabet;
  char const *start;            /* --numeric/hex-suffixes=FROM */
  char const *additional;
  size_t io_size;               /* ---io-blksize (0: not given) */
  bool eol_given;
};

/* The most ---io-blksize takes, as GNU 9.10: the most bytes one read
   or write moves on any system (gnulib's SYS_BUFSIZE_MAX; Linux's
   MAX_RW_COUNT, rounded down to 1 MiB).  */
enum { IO_SIZE_MAX = INT_MAX >> 20 << 20 };

enum
{
  VERBOSE_OPTION = CHAR_MAX + 1,
  FILTER_OPTION,
  IO_BLKSIZE_OPTION,
  ADDITIONAL_SUFFIX_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* In GNU's order, which getopt's "ambiguous" message shows.  */
static struct option const long_options[] = {
  { "bytes", required_argument, NULL, 'b' },
  { "lines", required_argument, NULL, 'l' },
  { "line-bytes", required_argument, NULL, 'C' },
  { "number", required_argument, NULL, 'n' },
  { "elide-empty-files", no_argument, NULL, 'e' },
  { "unbuffered", no_argument, NULL, 'u' },
  { "suffix-length", required_argument, NULL, 'a' },
  { "additional-suffix", required_argument, NULL,
    ADDITIONAL_SUFFIX_OPTION },
  { "numeric-suffixes", optional_argument, NULL, 'd' },
  { "hex-suffixes", optional_argument, NULL, 'x' },
  { "filter", required_argument, NULL, FILTER_OPTION },
  { "verbose", no_argument, NULL, VERBOSE_OPTION },
  { "separator", required_argument, NULL, 't' },
  { "-io-blksize", required_argument, NULL, IO_BLKSIZE_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf ("Usage: %s [OPTION]... [FILE [PREFIX]]\n", program_name);
  fputs ("\
Output pieces of FILE to PREFIXaa, PREFIXab, ...;\n\
default size is 1000 lines, and default PREFIX is 'x'.\n\
\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
", stdout);
  printf ("\
  -a, --suffix-length=N   generate suffixes of length N (default %d)\n\
      --additional-suffix=SUFFIX  append an additional SUFFIX to file names\n\
  -b, --bytes=SIZE        put SIZE bytes per output file\n\
  -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file\n\
  -d                      use numeric suffixes starting at 0, not alphabetic\n\
      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value\
\n\
  -x                      use hex suffixes starting at 0, not alphabetic\n\
      --hex-suffixes[=FROM]  same as -x, but allow setting the start value\n\
  -e, --elide-empty-files  do not generate empty output files with '-n'\n\
      --filter=COMMAND    write to shell COMMAND; file name is $FILE\n\
  -l, --lines=NUMBER      put NUMBER lines/records per output file\n\
  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below\n\
  -t, --separator=SEP     use SEP instead of newline as the record separator;\n\
                            '\\0' (zero) specifies the NUL character\n\
  -u, --unbuffered        immediately copy input to output with '-n r/...'\n\
", 2);
  fputs ("\
      --verbose           print a diagnostic just before each\n\
                            output file is opened\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
The SIZE argument is an integer and optional unit (example: 10K is 10*1024).\n\
Units are K,M,G,T,P,E,Z,Y,R,Q (powers of 1024) or KB,MB,... (powers of 1000).\n\
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.\n\
\n\
CHUNKS may be:\n\
  N       split into N files based on size of input\n\
  K/N     output Kth of N to stdout\n\
  l/N     split into N files without splitting lines/records\n\
  l/K/N   output Kth of N to stdout without splitting lines/records\n\
  r/N     like 'l' but use round robin distribution\n\
  r/K/N   likewise but only output Kth of N to stdout\n\
\n\
-n (except -nr) will buffer to $TMPDIR, defaulting to /tmp,\n\
if the input size cannot easily be determined.\n\
\n\
Byte pieces (-b, -n N) of a regular file are copied in the kernel\n\
(copy_file_range), without passing through split.\n\
", stdout);
  print_help_manual ("split");
  exit (status);
}

/* Exit with MSG (translated) and the number ARG (LEN bytes), which
   failed with E: the errno text that GNU gives, if any.  */
static _Noreturn void
die_number (enum split_err e, char const *msg, char const *arg, size_t len)
{
  if (e == SPLIT_NOMEM)
    xalloc_die ();
  error (EXIT_FAILURE, (e == SPLIT_RANGE ? ERANGE
                        : e == SPLIT_OVERFLOW ? EOVERFLOW : 0),
         "%s: %s", msg, quote_mem (arg, len));
  abort ();
}

/* Parse the count ARG of -b, -C or -l with the size SUFFIXES ("" for
   none) (see split_count); on failure exit with MSG and ARG.  */
static intmax_t
parse_count (char const *arg, char const *suffixes, char const *msg)
{
  intmax_t n;
  enum split_err e = split_count (arg, suffixes, &n);
  if (e != SPLIT_OK)
    die_number (e, msg, arg, strlen (arg));
  return n;
}

/* Parse the number ARG of -a or ---io-blksize (see split_number); on
   failure exit with MSG and ARG.  */
static intmax_t
parse_number (char const *arg, intmax_t min, intmax_t max,
              char const *suffixes, int flags, char const *msg)
{
  intmax_t n;
  enum split_err e = split_number (arg, min, max, suffixes, flags, &n);
  if (e != SPLIT_OK)
    die_number (e, msg, arg, strlen (arg));
  return n;
}

/* Set O's way of cutting to CUT; exit if another was set.  */
static void
set_cut (struct options *o, enum cut cut)
{
  if (o->cut != CUT_NONE)
    {
      error (0, 0, _("cannot split in more than one way"));
      usage (EXIT_FAILURE);
    }
  o->cut = cut;
}

/* Read -n's CHUNKS into O: [l/|r/][K/]N.  */
static void
parse_chunks (struct options *o, char const *arg)
{
  static enum cut const cuts[] = {
    [SPLIT_CHUNK_BYTES] = CUT_CHUNK_BYTES,
    [SPLIT_CHUNK_LINES] = CUT_CHUNK_LINES,
    [SPLIT_CHUNK_ROUND_ROBIN] = CUT_ROUND_ROBIN
  };
  struct split_chunks c;
  enum split_err e = split_chunks (arg, &c);
  set_cut (o, cuts[c.kind]);
  if (e != SPLIT_OK)
    die_number (e, c.bad_k ? _("invalid chunk number")
                : _("invalid number of chunks"), c.bad, c.bad_len);
  o->n_units = c.n;
  o->k_units = c.k;
}

/* Read -t's SEP: one byte, or "\0" for NUL.  */
static void
parse_separator (struct options *o, char const *arg)
{
  char sep;
  switch (split_separator (arg, &sep))
    {
    case SPLIT_SEP_EMPTY:
      error (EXIT_FAILURE, 0, _("empty record separator"));
      break;
    case SPLIT_SEP_MULTI:
      error (EXIT_FAILURE, 0, _("multi-character separator %s"),
             quote (arg));
      break;
    case SPLIT_SEP_OK:
      break;
    }
  if (o->eol_given && sep != o->conf.eolchar)
    error (EXIT_FAILURE, 0, _("multiple separator characters specified"));
  o->eol_given = true;
  o->conf.eolchar = sep;
}

/* Read -d/-x (C) with the start value ARG (or NULL) into O.  */
static void
parse_suffixes (struct options *o, int c, char const *arg)
{
  o->alphabet = c == 'd' ? "0123456789" : "0123456789abcdef";
  if (!arg)
    return;
  if (!split_start (arg, o->alphabet, &o->start))
    {
      error (0, 0, (c == 'd'
                    ? _("%s: invalid start value for numerical suffix")
                    : _("%s: invalid start value for hexadecimal suffix")),
             quote (arg));
      usage (EXIT_FAILURE);
    }
}

/* Add the digit C of -NUM, in the argument numbered THIS_OPTIND, to
   O.  A number in a new argument starts again; past INTMAX_MAX it
   stays INTMAX_MAX, as GNU 9.10's.  */
static void
add_digit (struct options *o, int c, int this_optind)
{
  if (o->cut == CUT_NONE)
    o->cut = CUT_DIGITS;
  if (o->cut != CUT_DIGITS)
    set_cut (o, CUT_DIGITS);
  if (o->digits_optind != this_optind)
    o->digits = 0;
  o->digits_optind = this_optind;
  split_add_digit (&o->digits, c);
}

/* Read option C with argument ARG into O.  */
static void
parse_option (struct options *o, int c, char const *arg, int this_optind)
{
  switch (c)
    {
    case 'a':
      o->suffix_length = parse_number (arg, 0, PTRDIFF_MAX, "", 0,
                                       _("invalid suffix length"));
      break;
    case ADDITIONAL_SUFFIX_OPTION:
      /* A trailing slash too (GNU 9.2): "a/" would name a
         directory.  */
      if (last_component (arg) != arg
          || (*arg && ISSLASH (arg[strlen (arg) - 1])))
        {
          error (0, 0, _("invalid suffix %s, contains directory separator"),
                 quote (arg));
          usage (EXIT_FAILURE);
        }
      o->additional = arg;
      break;
    case 'b':
    case 'C':
      set_cut (o, c == 'b' ? CUT_BYTES : CUT_LINE_BYTES);
      /* GNU 9.10 names -C's count "lines" too.  */
      o->n_units = parse_count (arg, split_size_suffixes,
                                (c == 'b' ? _("invalid number of bytes")
                                 : _("invalid number of lines")));
      break;
    case 'l':
      set_cut (o, CUT_LINES);
      o->n_units = parse_count (arg, "", _("invalid number of lines"));
      break;
    case 'n':
      parse_chunks (o, arg);
      break;
    case 't':
      parse_separator (o, arg);
      break;
    case 'd':
    case 'x':
      parse_suffixes (o, c, arg);
      break;
    case IO_BLKSIZE_OPTION:
      /* GNU 9.10's bound: the most a read or write moves at once.  */
      o->io_size = parse_number (arg, 1, IO_SIZE_MAX, split_size_suffixes,
                                 SPLIT_NUM_UNSIGNED | SPLIT_NUM_LOW_RANGE,
                                 _("invalid IO block size"));
      break;
    default:
      add_digit (o, c, this_optind);
    }
}

/* Read the options of ARGC, ARGV into O; exit on a bad one.  */
static void
parse_options (struct options *o, int argc, char **argv)
{
  for (;;)
    {
      int this_optind = optind ? optind : 1;
      int c = getopt_long (argc, argv, "0123456789C:a:b:del:n:t:ux",
                           long_options, NULL);
      switch (c)
        {
        case -1:
          return;
        case 'e':
          o->conf.elide_empty = true;
          break;
        case 'u':
          o->conf.unbuffered = true;
          break;
        case FILTER_OPTION:
          o->conf.filter_command = optarg;
          break;
        case VERBOSE_OPTION:
          o->conf.verbose = true;
          break;
        case HELP_OPTION:
          usage (EXIT_SUCCESS);
        case VERSION_OPTION:
          print_version ("split");
          exit (EXIT_SUCCESS);
        case '?':
          usage (EXIT_FAILURE);
        default:
          parse_option (o, c, optarg, this_optind);
        }
    }
}

/* Settle the way of cutting: 1000 lines if none was given, -NUM as
   lines.  */
static void
settle_cut (struct options *o)
{
  if (o->cut == CUT_NONE)
    {
      o->cut = CUT_LINES;
      o->n_units = 1000;
    }
  else if (o->cut == CUT_DIGITS)
    {
      if (o->digits == 0)
        {
          error (0, 0, "%s: %s", _("invalid number of lines"), quote ("0"));
          usage (EXIT_FAILURE);
        }
      o->cut = CUT_LINES;
      o->n_units = o->digits;
    }
}

/* Settle the suffix length in O (see split_settle_suffix), as GNU
   does before it reads the operands: exit if -a is too short for -n.
   Set *WIDEN to whether it may grow.  Return false if the start value
   is too long for it, which GNU says once the operands are read.  */
static bool
settle_suffix (struct options *o, bool *widen)
{
  struct split_suffix s = {
    .chunked = (o->cut == CUT_CHUNK_BYTES || o->cut == CUT_CHUNK_LINES
                || o->cut == CUT_ROUND_ROBIN),
    .n_units = o->n_units, .start = o->start, .alphabet = o->alphabet,
    .length = o->suffix_length
  };
  bool start_fits = true;
  switch (split_settle_suffix (&s))
    {
    case SPLIT_SUFFIX_TOO_SHORT:
      error (EXIT_FAILURE, 0,
             _("the suffix length needs to be at least %" PRIuMAX),
             (uintmax_t) s.needed);
      break;
    case SPLIT_SUFFIX_START_TOO_LONG:
      start_fits = false;
      break;
    case SPLIT_SUFFIX_OK:
      break;
    }
  o->suffix_length = s.length;
  *widen = s.widen;
  return start_fits;
}

/* Open FILE as standard input (unless "-") and take its status, into
   CONF.  */
static void
open_input (struct split_conf *conf, char const *file)
{
  conf->infile = file;
  if (strcmp (file, "-") != 0)
    {
      int fd = open (file, O_RDONLY);
      if (fd < 0 || (fd != STDIN_FILENO
                     && (dup2 (fd, STDIN_FILENO) != STDIN_FILENO
                         || close (fd) != 0)))
        error (EXIT_FAILURE, errno, _("cannot open %s for reading"),
               quoteaf (file));
    }
  if (fstat (STDIN_FILENO, &conf->in_st) != 0)
    error (EXIT_FAILURE, errno, "%s", quotef (file));
  posix_fadvise (STDIN_FILENO, 0, 0, POSIX_FADV_SEQUENTIAL);
}

/* Return a buffer of SIZE bytes for reading the input, page-aligned,
   on the heap.  Made before any cut, even one that copies in the
   kernel, so that a ---io-blksize too large to have is "memory
   exhausted" whatever the cut, as GNU says.  */
static char *
input_buffer (size_t size)
{
  long page = sysconf (_SC_PAGESIZE);
  return xalignalloc (0 < page ? page : 4096, size);
}

/* Cut the input as O says, with SC: the output side, the copy engine
   and the reading buffer.  */
static void
cut (struct options const *o, struct split_cut const *sc)
{
  switch (o->cut)
    {
    case CUT_BYTES:
      cut_bytes (sc, o->n_units);
      break;
    case CUT_LINE_BYTES:
      cut_line_bytes (sc, o->n_units);
      break;
    case CUT_CHUNK_BYTES:
    case CUT_CHUNK_LINES:
      cut_chunks (sc, o->k_units, o->n_units, o->cut == CUT_CHUNK_LINES);
      break;
    case CUT_ROUND_ROBIN:
      cut_round_robin (sc, o->k_units, o->n_units);
      break;
    default:
      cut_lines (sc, o->n_units);
    }
}

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  struct options o = { .conf = { .infile = "-", .eolchar = '\n' },
                       .alphabet = "abcdefghijklmnopqrstuvwxyz" };
  /* Static, as the globals it replaces were: the names it holds live
     until exit, and stay reachable.  */
  static struct split_out out;
  out_init (&out, &o.conf);
  parse_options (&o, argc, argv);
  settle_cut (&o);
  if (o.k_units && o.conf.filter_command)
    {
      error (0, 0, _("--filter does not process a chunk extracted "
                     "to standard output"));
      usage (EXIT_FAILURE);
    }
  bool widen;
  bool start_fits = settle_suffix (&o, &widen);
  char const *file = optind < argc ? argv[optind++] : "-";
  char const *prefix = optind < argc ? argv[optind++] : "x";
  if (optind < argc)
    {
      error (0, 0, _("extra operand %s"), quote (argv[optind]));
      usage (EXIT_FAILURE);
    }
  if (!start_fits)
    {
      error (0, 0, _("numerical suffix start value is too large "
                     "for the suffix length"));
      usage (EXIT_FAILURE);
    }
  names_init (&out, prefix, o.additional, o.alphabet, o.suffix_length,
              widen, o.start);

  open_input (&o.conf, file);
  size_t bufsize = o.io_size && !io_bufsize_override () ? o.io_size
                   : io_blksize (&o.conf.in_st);
  struct copy_engine engine;
  struct split_cut sc = { .conf = &o.conf, .out = &out, .engine = &engine,
                          .buf = input_buffer (bufsize),
                          .bufsize = bufsize };
  copy_engine_init (&engine, COPY_SPARSE_NEVER);
  engine.first = COPY_METHOD_RANGE;
  out_prepare (&out);
  cut (&o, &sc);
  copy_engine_free (&engine);
  alignfree (sc.buf);
  if (close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, "%s", quotef (o.conf.infile));
  return EXIT_SUCCESS;
}
