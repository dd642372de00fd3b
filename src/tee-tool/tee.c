/* tee.c -- copy standard input to each FILE, and to standard output.

   Options, messages, exit statuses and the handling of SIGPIPE and
   EPIPE follow GNU coreutils 9.1's tee.  Outputs are written in
   command-line order, standard output first, and an output that fails
   is dropped while the others go on getting every byte.

   How the bytes move.  When standard input is a pipe or a regular
   file, they need never enter user space: tee-rounds.c passes them on
   in rounds of tee(2) and splice(2), with a worker thread
   (tee-worker.c) writing half of the regular files where two CPUs are
   there; their heads tell how.

   When standard input is neither a pipe nor a regular file, or no
   output can take a splice, or the kernel refuses the first splice
   from the input, one read(2) and write(2) loop copies through a
   buffer, sized by ioblksize.h.  It can also take over between two
   rounds, as nothing is then held back.

   Non-blocking descriptors are waited for with poll(2): where GNU's tee
   reports EAGAIN and drops the output (or stops reading), this one
   waits and goes on.

   In the "nopipe" modes (-p), as GNU 9.2's tee, an input that may keep
   tee waiting (not a regular file) is waited for with poll(2) together
   with the pipe outputs, before each round or read: a pipe whose
   reader has gone is dropped then, and tee ends once no output is
   left, without waiting for more input (input_or_gone).

   Where a file holds what it holds because of the piece size, as a
   file named twice with -a does (it gets each piece once per
   descriptor, in turn), tee takes GNU's pieces of 8 KiB in that loop
   instead, whatever the buffer size (appends_twice).

   Two more differences from GNU's tee.  Elsewhere its pieces are larger
   than GNU's 8 KiB, which shows only where GNU's output depends on its
   piece size: how much an "exit" mode lets through.  And as page
   references, not copies, are passed on, a regular file on standard
   input that another process rewrites in place while tee runs can reach
   the outputs changed part-way (the pages are shared until each output
   has taken its copy), where GNU's would pass one version to all; files
   that are only appended to are safe.

   This file owns the options (struct tee's OUTPUT_ERROR), the buffer,
   and the run's struct tee, which it passes down.  Calls tee-rounds.c
   (copy_pipe) and tee-outputs.c; nothing calls it (see tee.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alignalloc.h"
#include "argmatch.h"
#include "closeout.h"
#include "error.h"
#include "i18n.h"
#include "ioblksize.h"
#include "progname.h"
#include "tee.h"
#include "version.h"
#include "xalloc.h"

static char const *const output_error_args[] = {
  "warn", "warn-nopipe", "exit", "exit-nopipe", NULL
};

static enum output_error const output_error_types[] = {
  OUTPUT_ERROR_WARN, OUTPUT_ERROR_WARN_NOPIPE,
  OUTPUT_ERROR_EXIT, OUTPUT_ERROR_EXIT_NOPIPE
};

enum
{
  OUTPUT_ERROR_OPTION = CHAR_MAX + 1,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] = {
  { "append", no_argument, NULL, 'a' },
  { "ignore-interrupts", no_argument, NULL, 'i' },
  { "output-error", optional_argument, NULL, OUTPUT_ERROR_OPTION },
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
  printf ("Usage: %s [OPTION]... [FILE]...\n", program_name);
  fputs ("\
Copy standard input to each FILE, and also to standard output.\n\
\n\
  -a, --append              append to the given FILEs, do not overwrite\n\
  -i, --ignore-interrupts   ignore interrupt signals\n\
  -p                        diagnose errors writing to non pipes\n\
      --output-error[=MODE]   set behavior on write error.  See MODE below\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
MODE determines behavior with write errors on the outputs:\n\
  warn           diagnose errors writing to any output\n\
  warn-nopipe    diagnose errors writing to any output not a pipe\n\
  exit           exit on error writing to any output\n\
  exit-nopipe    exit on error writing to any output not a pipe\n\
The default MODE for the -p option is 'warn-nopipe'.\n\
With \"nopipe\" MODEs, exit immediately if all outputs become broken pipes.\n\
The default operation when --output-error is not specified, is to\n\
exit immediately on error writing to a pipe, and diagnose errors\n\
writing to non pipe outputs.\n\
\n\
When standard input is a pipe or a regular file, the data is passed on\n\
inside the kernel (tee and splice system calls) to every output that\n\
allows it.\n\
",
         stdout);
  print_help_manual ("tee");
  exit (status);
}

/* Parse MODE, the argument of --output-error, and return its value.
   On a bad or ambiguous MODE, list the valid ones and exit as GNU's
   tee does.  */
static enum output_error
parse_output_error (char const *mode)
{
  ptrdiff_t i = argmatch (mode, output_error_args,
                          (void const *) output_error_types,
                          sizeof output_error_types[0]);
  if (i < 0)
    {
      argmatch_invalid ("--output-error", mode, i);
      argmatch_valid (output_error_args, (void const *) output_error_types,
                      sizeof output_error_types[0]);
      usage (EXIT_FAILURE);
    }
  return output_error_types[i];
}

/* GNU's tee reads, and so writes, at most 8 KiB at a time.  */
enum { GNU_PIECE = 8 * 1024 };

int
main (int argc, char **argv)
{
  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  static struct tee state = TEE_INITIALIZER;
  struct tee *t = &state;

  bool append = false;
  bool ignore_interrupts = false;
  int c;
  while ((c = getopt_long (argc, argv, "aip", long_options, NULL)) != -1)
    switch (c)
      {
      case 'a':
        append = true;
        break;
      case 'i':
        ignore_interrupts = true;
        break;
      case 'p':
        t->output_error = OUTPUT_ERROR_WARN_NOPIPE;
        break;
      case OUTPUT_ERROR_OPTION:
        t->output_error = (optarg ? parse_output_error (optarg)
                           : OUTPUT_ERROR_WARN_NOPIPE);
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version ("tee");
        return EXIT_SUCCESS;
      default:
        usage (EXIT_FAILURE);
      }

  if (ignore_interrupts)
    signal (SIGINT, SIG_IGN);
  if (t->output_error != OUTPUT_ERROR_SIGPIPE)
    signal (SIGPIPE, SIG_IGN);

  open_outputs (t, argv + optind, argc - optind, append);
  t->pipe_check = wants_pipe_check (t, STDIN_FILENO);
  if (t->pipe_check)
    t->watch = xnmalloc (t->n_outputs + 1, sizeof *t->watch);
  /* Where the pieces show in a file, they are GNU's, whatever the
     buffer size would be.  */
  bool gnu_pieces = appends_twice (t);
  struct stat in_st;
  bool have_st = fstat (STDIN_FILENO, &in_st) == 0;
  t->iobuf_size = (gnu_pieces ? GNU_PIECE
                   : io_blksize (have_st ? &in_st : NULL));
  t->iobuf = alignalloc (getpagesize (), t->iobuf_size);
  if (!t->iobuf)
    xalloc_die ();
  posix_fadvise (STDIN_FILENO, 0, 0, POSIX_FADV_SEQUENTIAL);

  int r = gnu_pieces ? 0 : copy_pipe (t);
  if (r == 0 && !copy_read_write (t))
    t->ok = false;
  if (r < 0)
    t->ok = false;
  close_outputs (t);
  alignfree (t->iobuf);
  free (t->watch);

  if (close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, "%s", _("standard input"));
  return t->ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
