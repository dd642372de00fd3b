/* install -- copy files and set their attributes, as GNU coreutils
   9.1's install does.

   This file owns the command line: the options, their conflicts and
   the operands (SOURCE DEST, SOURCE... DIRECTORY, -t, -T, -d, -D).
   Each file is then installed by install-file.c; directories are made
   by install-dir.c.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argmatch.h"
#include "backupfile.h"
#include "closeout.h"
#include "dirname.h"
#include "error.h"
#include "filenamecat.h"
#include "progname.h"
#include "quote.h"
#include "quotearg.h"
#include "xalloc.h"
#include "xstrtol.h"

#include "copy-report.h"
#include "i18n.h"
#include "install.h"
#include "install-mode.h"
#include "copy-cli.h"
#include "quoting.h"
#include "version.h"

/* Long options that have no short form.  */
enum
{
  BACKUP_OPTION = CHAR_MAX + 1,
  CONTEXT_OPTION,
  DEBUG_OPTION,
  PRESERVE_CONTEXT_OPTION,
  STRIP_PROGRAM_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] = {
  { "backup", optional_argument, NULL, BACKUP_OPTION },
  { "compare", no_argument, NULL, 'C' },
  { "context", optional_argument, NULL, CONTEXT_OPTION },
  { "debug", no_argument, NULL, DEBUG_OPTION },
  { "directory", no_argument, NULL, 'd' },
  { "group", required_argument, NULL, 'g' },
  { "mode", required_argument, NULL, 'm' },
  { "no-target-directory", no_argument, NULL, 'T' },
  { "owner", required_argument, NULL, 'o' },
  { "preserve-timestamps", no_argument, NULL, 'p' },
  { "preserve-context", no_argument, NULL, PRESERVE_CONTEXT_OPTION },
  { "strip", no_argument, NULL, 's' },
  { "strip-program", required_argument, NULL, STRIP_PROGRAM_OPTION },
  { "suffix", required_argument, NULL, 'S' },
  { "target-directory", required_argument, NULL, 't' },
  { "verbose", no_argument, NULL, 'v' },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 }
};

/* The command line, as parsed: what install-file.c and install-dir.c
   are given, and what only this file looks at.  */
struct command
{
  struct install_options x;
  char const *mode_arg;         /* -m's argument, or NULL */
  char const *owner_arg;        /* -o's */
  char const *group_arg;        /* -g's */
  char const *version_control;  /* --backup's argument */
  char const *target_dir;       /* -t's */
  bool backup_given;
  bool strip_program_given;
  bool dirs;                    /* -d */
  bool make_leading;            /* -D */
  bool no_target_dir;           /* -T */
};

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  print_copy_forms (status, "-d DIRECTORY...");
  fputs ("\
\n\
Copy each SOURCE to DEST, or into DIRECTORY, and set its mode and owner:\n\
the way programs just built are put in place.  With -d, make each\n\
DIRECTORY, and the directories above it that are missing.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
      --backup[=CONTROL]  back up each destination file that exists\n\
  -b                  like --backup, without an argument\n\
  -c                  (ignored)\n\
  -C, --compare       leave a destination alone where it already has the\n\
                        contents, owner, group and mode it would get\n\
                        (with -p, give it its SOURCE's times if it has\n\
                        other ones)\n\
  -d, --directory     make each operand a directory, with its parents\n\
  -D                  make the missing leading directories of DEST, or\n\
                        the whole --target-directory, then copy\n\
      --debug         explain how each file is copied (implies -v): GNU's\n\
                        line \"copy offload: WAY, reflink: WAY, sparse\n\
                        detection: HOW\", and the method (see cp --help)\n\
  -g, --group=GROUP   give the files this group, not the process's own\n\
  -m, --mode=MODE     give the files this mode (as chmod takes it), not\n\
                        rwxr-xr-x\n\
  -o, --owner=OWNER   give the files this owner (root only)\n\
  -p, --preserve-timestamps  give each file the access and modification\n\
                        times of its SOURCE\n\
  -s, --strip         strip the symbol tables\n\
      --strip-program=PROGRAM  the program that strips (default: strip)\n\
  -S, --suffix=SUFFIX  the backup suffix, instead of ~\n\
  -t, --target-directory=DIRECTORY  copy every SOURCE into DIRECTORY\n\
  -T, --no-target-directory  treat DEST as a plain file\n\
  -v, --verbose       name each file and directory as it is made\n\
      --preserve-context  keep the SELinux security context (ignored\n\
                        without SELinux)\n\
  -Z                  give each file and directory made the default\n\
                        SELinux context (ignored without SELinux)\n\
      --context[=CTX]  like -Z, or set the context CTX\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
Each file is copied to a temporary name in its destination's directory,\n\
stripped, given its mode and owner, then renamed over DEST: a reader never\n\
sees a half-written file, and after a failure DEST is as it was.\n\
\n\
CONTROL (or the VERSION_CONTROL variable) picks the backups: none or off\n\
(none), numbered or t, existing or nil (numbered where numbered backups\n\
exist, else simple), simple or never.  The suffix is ~, unless set with\n\
--suffix or SIMPLE_BACKUP_SUFFIX.\n",
         stdout);
  print_help_manual ("install");
  exit (status);
}

/* The number ARG names, for -o or -g, as GNU's install reads it (any
   base C takes, no sign); MAX is the largest id.  Exit with MSG
   (naming ARG) if it is none.  */
static uintmax_t
parse_id (char const *arg, uintmax_t max, char const *msg)
{
  uintmax_t n;
  if (xstrtoumax (arg, NULL, 0, &n, "") != LONGINT_OK || max < n)
    error (EXIT_FAILURE, 0, msg, quote (arg));
  return n;
}

/* Turn -o's and -g's arguments in C into ids: a name first, else a
   number.  */
static void
get_ids (struct command *c)
{
  c->x.owner = (uid_t) -1;
  c->x.group = (gid_t) -1;
  if (c->owner_arg)
    {
      struct passwd *pw = getpwnam (c->owner_arg);
      c->x.owner = (pw ? pw->pw_uid
                    : parse_id (c->owner_arg, (uid_t) -1,
                                _("invalid user %s")));
      endpwent ();
    }
  if (c->group_arg)
    {
      struct group *gr = getgrnam (c->group_arg);
      c->x.group = (gr ? gr->gr_gid
                    : parse_id (c->group_arg, (gid_t) -1,
                                _("invalid group %s")));
      endgrent ();
    }
}

/* Set the modes of C from -m's argument (see install-mode.h).  */
static void
get_modes (struct command *c)
{
  struct install_modes m;
  if (!install_modes_parse (c->mode_arg, &m))
    error (EXIT_FAILURE, 0, _("invalid mode %s"), quote (c->mode_arg));
  c->x.mode = m.mode;
  c->x.dir_mode = m.dir_mode;
  c->x.dir_mode_bits = m.dir_mode_bits;
}

/* Check the options of C that cannot go together, before the operands
   are looked at.  */
static void
check_options (struct command *c)
{
  if (c->dirs && c->x.strip)
    error (EXIT_FAILURE, 0, _("the strip option may not be used when "
           "installing a directory"));
  if (c->dirs && c->target_dir)
    error (EXIT_FAILURE, 0, _("target directory not allowed when installing "
           "a directory"));
  c->x.backup = (c->backup_given
                 ? xget_version (_("backup type"), c->version_control)
                 : no_backups);
}

/* Check the options of C that GNU's install checks once the operands
   are known, and turn -m, -o and -g into numbers.  */
static void
check_late_options (struct command *c)
{
  get_modes (c);
  if (c->strip_program_given && !c->x.strip)
    error (0, 0, _("WARNING: ignoring --strip-program option as -s option "
           "was not specified"));
  if (c->x.compare && c->x.strip)
    usage_error ("%s", _("options --compare (-C) and --strip are mutually "
                 "exclusive"));
  if (c->x.compare && c->x.mode & ~ACCESSPERMS)
    {
      error (0, 0, _("the --compare (-C) option is ignored when you specify "
             "a mode with non-permission bits"));
      c->x.compare = false;
    }
  get_ids (c);
}

/* Decide, from the N operands in FILES, where they go: set
   C->target_dir when they go into a directory (and take it off
   *N).  Exit on a usage error.  */
static void
check_operands (struct command *c, int *n, char **files)
{
  int err;
  check_operand_count (*n, files, !(c->dirs || c->target_dir),
                       c->target_dir, c->no_target_dir);
  if (c->target_dir)
    {
      if (!target_is_dir (c->target_dir, &err)
          && !(c->make_leading && err == ENOENT))
        error (EXIT_FAILURE, err, _("failed to access %s"),
               quoteaf (c->target_dir));
    }
  else if (!c->dirs && !c->no_target_dir)
    {
      if (target_is_dir (files[*n - 1], &err))
        c->target_dir = files[--*n];
      else if (2 < *n)
        error (EXIT_FAILURE, err, _("target %s"), quoteaf (files[*n - 1]));
    }
}

/* Install the N files FILES into C->target_dir.  Return true if all
   went well.  */
static bool
install_into_dir (struct command const *c, int n, char **files)
{
  /* With -D, each file goes in from the descriptor of the directory
     made (or found), named by its last component.  */
  int dirfd = AT_FDCWD;
  if (c->make_leading
      && (dirfd = install_make_leading (&c->x, c->target_dir, true, NULL))
         == -1)
    return false;
  bool ok = true;
  for (int i = 0; i < n; i++)
    {
      char *dst = file_in_dir (c->target_dir, files[i]);
      ok &= install_file (files[i], dirfd,
                          dirfd == AT_FDCWD ? dst : last_component (dst), dst);
      free (dst);
    }
  if (dirfd != AT_FDCWD)
    close (dirfd);
  return ok;
}

/* Do what C says with the N operands FILES.  Return true if all went
   well.  */
static bool
run (struct command *c, int n, char **files)
{
  bool ok = true;
  if (c->dirs)
    {
      for (int i = 0; i < n; i++)
        ok &= install_make_dir (&c->x, files[i]);
      return ok;
    }
  install_init (&c->x, c->target_dir ? n : 1);
  if (c->target_dir)
    ok = install_into_dir (c, n, files);
  else if (c->make_leading)
    {
      /* The file goes in from the descriptor of its directory, as
         made (or found).  */
      size_t last;
      int dirfd = install_make_leading (&c->x, files[1], false, &last);
      ok = (dirfd != -1
            && install_file (files[0], dirfd, files[1] + last, files[1]));
      if (0 <= dirfd)
        close (dirfd);
    }
  else
    ok = install_file (files[0], AT_FDCWD, files[1], files[1]);
  install_finish ();
  return ok;
}

/* Apply the option C (with optarg) to CMD.  */
static void
take_option (struct command *cmd, int c)
{
  switch (c)
    {
    case 'b': cmd->backup_given = true; break;
    case BACKUP_OPTION:
      cmd->backup_given = true;
      if (optarg)
        cmd->version_control = optarg;
      break;
    case 'c': break;
    case 'C': cmd->x.compare = true; break;
    case 'd': cmd->dirs = true; break;
    case DEBUG_OPTION: cmd->x.debug = cmd->x.verbose = true; break;
    case 'D': cmd->make_leading = true; break;
    case 'g': cmd->group_arg = optarg; break;
    case 'm': cmd->mode_arg = optarg; break;
    case 'o': cmd->owner_arg = optarg; break;
    case 'p': cmd->x.preserve_times = true; break;
    case 's': cmd->x.strip = true; break;
    case STRIP_PROGRAM_OPTION:
      cmd->x.strip_program = optarg;
      cmd->strip_program_given = true;
      break;
    case 'S':
      cmd->backup_given = true;
      set_simple_backup_suffix (optarg);
      break;
    case 't':
      if (cmd->target_dir)
        error (EXIT_FAILURE, 0, _("multiple target directories specified"));
      cmd->target_dir = optarg;
      break;
    case 'T': cmd->no_target_dir = true; break;
    case 'v': cmd->x.verbose = true; break;
    case PRESERVE_CONTEXT_OPTION:
      error (0, 0, _("WARNING: ignoring --preserve-context; this kernel is "
             "not SELinux-enabled"));
      break;
    case 'Z': break;
    case CONTEXT_OPTION: warn_context_ignored (optarg); break;
    case HELP_OPTION: usage (EXIT_SUCCESS);
    case VERSION_OPTION:
      print_version ("install");
      exit (EXIT_SUCCESS);
    default: usage (EXIT_FAILURE);
    }
}

int
main (int argc, char **argv)
{
  struct command cmd = { .x.strip_program = "strip" };
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);
  argmatch_die = try_help_failure;

  /* Modes are set as asked, whatever the umask; leading directories
     get 0755.  */
  umask (0);

  while ((c = getopt_long (argc, argv, "bcCdDg:m:o:psS:t:TvZ", long_options,
                           NULL))
         != -1)
    take_option (&cmd, c);

  check_options (&cmd);
  int n = argc - optind;
  char **files = argv + optind;
  check_operands (&cmd, &n, files);
  check_late_options (&cmd);
  return run (&cmd, n, files) ? EXIT_SUCCESS : EXIT_FAILURE;
}
