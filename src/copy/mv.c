/* mv -- move (rename) files, as GNU coreutils 9.1's mv does.

   This file owns the command line: the options, their conflicts, and
   the operands (SOURCE DEST, SOURCE... DIRECTORY, -t, -T).  Each
   operand is then handed to mv-move.c, which renames it, or copies it
   across file systems with cp-copy.c and removes the source.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argmatch.h"
#include "backupfile.h"
#include "closeout.h"
#include "dirname.h"
#include "error.h"
#include "filenamecat.h"
#include "progname.h"
#include "quotearg.h"
#include "xalloc.h"

#include "copy-cli.h"
#include "gnu-abbrev.h"
#include "i18n.h"
#include "mv.h"
#include "quoting.h"
#include "version.h"

/* Long options that have no short form.  */
enum
{
  BACKUP_OPTION = CHAR_MAX + 1,
  DEBUG_OPTION,
  EXCHANGE_OPTION,
  NO_COPY_OPTION,
  STRIP_TRAILING_SLASHES_OPTION,
  UPDATE_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* GNU's options, then Brisk's own, last as gnu_abbrev_expand
   requires.  */
static struct option const long_options[] = {
  { "backup", optional_argument, NULL, BACKUP_OPTION },
  { "context", no_argument, NULL, 'Z' },
  { "debug", no_argument, NULL, DEBUG_OPTION },
  { "exchange", no_argument, NULL, EXCHANGE_OPTION },
  { "force", no_argument, NULL, 'f' },
  { "interactive", no_argument, NULL, 'i' },
  { "no-clobber", no_argument, NULL, 'n' },
  { "no-copy", no_argument, NULL, NO_COPY_OPTION },
  { "no-target-directory", no_argument, NULL, 'T' },
  { "strip-trailing-slashes", no_argument, NULL,
    STRIP_TRAILING_SLASHES_OPTION },
  { "suffix", required_argument, NULL, 'S' },
  { "target-directory", required_argument, NULL, 't' },
  { "update", optional_argument, NULL, UPDATE_OPTION },
  { "verbose", no_argument, NULL, 'v' },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { "progress", no_argument, NULL, 'g' },
  { NULL, 0, NULL, 0 }
};

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  print_copy_forms (status, NULL);
  fputs ("\
Rename SOURCE to DEST, or move each SOURCE into DIRECTORY.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
      --backup[=CONTROL]       back up each destination file that exists\n\
  -b                           like --backup, without an argument\n\
      --debug                  explain how each file is copied across\n\
                                 file systems, or skipped (implies -v)\n\
      --exchange               swap SOURCE and DEST, which must both\n\
                                 exist, in one atomic rename\n\
  -f, --force                  never ask before overwriting\n\
  -g, --progress               show progress on a terminal, for a move\n\
                                 across file systems\n\
  -i, --interactive            ask before overwriting; a \"no\" fails\n\
  -n, --no-clobber             (deprecated) silently skip existing files,\n\
                                 as --update=none\n\
Of -i, -f and -n, the last one given wins.\n\
      --no-copy                fail rather than copy across file systems\n\
      --strip-trailing-slashes  remove trailing slashes from each SOURCE\n\
  -S, --suffix=SUFFIX          the backup suffix, instead of ~\n\
  -t, --target-directory=DIRECTORY  move every SOURCE into DIRECTORY\n\
  -T, --no-target-directory    treat DEST as a plain file\n\
      --update[=UPDATE]        which existing files to replace: all, none,\n\
                                 none-fail, older (-u, the default)\n\
  -u                           like --update=older: move only over an\n\
                                 older destination, or none\n\
  -v, --verbose                say what is being done\n\
  -Z, --context                ignored (no SELinux support)\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
CONTROL (or the VERSION_CONTROL variable) picks the backups: none or off\n\
(none), numbered or t, existing or nil (numbered where numbered backups\n\
exist, else simple), simple or never.  The suffix is ~, unless set with\n\
--suffix or SIMPLE_BACKUP_SUFFIX.\n\
\n\
Across file systems, each SOURCE is copied as \"cp -a\" copies (modes,\n\
owners, times, extended attributes, hard links), then removed, once\n\
all of its copy is written.  SIGUSR1 makes such a copy print the file\n\
it is at and how far it has got; --debug prints after each file copied\n\
GNU's line \"copy offload: WAY, reflink: WAY, sparse detection: HOW\",\n\
with, last, the method that moved the data (see cp --help).\n\
\n\
--exchange swaps two names of one file system, and fails across file\n\
systems.  Into a DIRECTORY (or -t), each SOURCE is swapped with the\n\
entry of its name there; -T swaps SOURCE with DEST itself.\n",
         stdout);
  print_help_manual ("mv");
  exit (status);
}

/* What argmatch calls on an invalid argument: the --help hint.  */
static _Noreturn void
argmatch_failed (void)
{
  usage (EXIT_FAILURE);
}

/* Move each of the N operands FILES into the directory DIR.  With
   two or more, none is moved over what an earlier one became.  */
static bool
move_into (char const *dir, int n, char **files)
{
  bool ok = true;
  if (2 <= n)
    mv_track_moves ();
  for (int i = 0; i < n; i++)
    {
      char *dst = file_in_dir (dir, files[i]);
      ok &= mv_operand (files[i], dst, -1);
      free (dst);
    }
  return ok;
}

/* Move the N operands in FILES (and TARGET_DIR, from -t, or NULL);
   NO_TARGET_DIR is -T, EXCHANGE --exchange.  Return true if every move
   worked.  */
static bool
do_move (int n, char **files, char const *target_dir, bool no_target_dir,
         bool exchange)
{
  int err;
  check_operand_count (n, files, target_dir == NULL, target_dir,
                       no_target_dir);
  if (no_target_dir)
    return mv_operand (files[0], files[1], -1);
  if (target_dir)
    {
      if (!target_is_dir (target_dir, &err))
        error (EXIT_FAILURE, err, _("target directory %s"),
               quoteaf (target_dir));
      return move_into (target_dir, n, files);
    }
  if (n == 2)
    {
      /* As GNU's mv: try the rename first, which cannot replace
         anything; only if it fails is DEST looked at.  An exchange
         looks at DEST first: into a directory, it swaps with the
         entry there.  */
      int rerr = -1;
      if (!exchange)
        rerr = (renameat2 (AT_FDCWD, files[0], AT_FDCWD, files[1],
                           RENAME_NOREPLACE) == 0 ? 0 : errno);
      if (rerr == 0 || !target_is_dir (files[1], &err))
        return mv_operand (files[0], files[1], rerr);
    }
  else if (!target_is_dir (files[n - 1], &err))
    error (EXIT_FAILURE, err, _("target %s"), quoteaf (files[n - 1]));
  return move_into (files[n - 1], n - 1, files);
}

int
main (int argc, char **argv)
{
  struct mv_options o = { .update = UPDATE_ALL };
  bool backup_given = false, no_target_dir = false, strip_slashes = false;
  char const *version_control = NULL, *target_dir = NULL;
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);
  argmatch_die = argmatch_failed;

  char const *shortopts = "bfgint:uvS:TZ";
  gnu_abbrev_expand (argc, argv, shortopts, long_options, "progress");
  while ((c = getopt_long (argc, argv, shortopts,
                           gnu_abbrev_opts (argc, argv, long_options),
                           NULL)) != -1)
    switch (c)
      {
      case BACKUP_OPTION:
        backup_given = true;
        if (optarg)
          version_control = optarg;
        break;
      case 'b': backup_given = true; break;
      case EXCHANGE_OPTION: o.exchange = true; break;
      case 'f': o.interactive = MV_FORCE; break;
      case 'g': o.progress = true; break;
      case 'i': o.interactive = MV_ASK; break;
      case 'n': o.interactive = MV_NEVER; break;
      case DEBUG_OPTION: o.debug = o.verbose = true; break;
      case NO_COPY_OPTION: o.no_copy = true; break;
      case STRIP_TRAILING_SLASHES_OPTION: strip_slashes = true; break;
      case 'S':
        backup_given = true;
        set_simple_backup_suffix (optarg);
        break;
      case 't': set_target_dir (&target_dir, optarg); break;
      case 'T': no_target_dir = true; break;
      case 'u': o.update = UPDATE_OLDER; break;
      case UPDATE_OPTION:
        o.update = decode_update (optarg);
        break;
      case 'v': o.verbose = true; break;
      case 'Z': break;
      case HELP_OPTION: usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version ("mv");
        return EXIT_SUCCESS;
      default: usage (EXIT_FAILURE);
      }

  if (o.interactive == MV_NEVER)
    o.update = UPDATE_NONE;
  /* Newer GNU's rule and message: 9.1 has no --exchange, nor
     --update=none or none-fail, and says of -n that "options --backup
     and --no-clobber are mutually exclusive".  */
  if (backup_given && (o.exchange || o.update == UPDATE_NONE
                       || o.update == UPDATE_NONE_FAIL))
    usage_error ("%s", B_("cannot combine --backup with --exchange, -n, or "
                 "--update=none-fail"));
  o.backup = (backup_given ? xget_version (_("backup type"), version_control)
              : no_backups);
  o.stdin_tty = isatty (STDIN_FILENO);
  if (strip_slashes)
    for (int i = optind; i < argc; i++)
      strip_trailing_slashes (argv[i]);
  mv_init (&o);
  bool ok = do_move (argc - optind, argv + optind, target_dir,
                     no_target_dir, o.exchange);
  mv_finish ();
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
