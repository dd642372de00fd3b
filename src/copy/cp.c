/* cp -- copy files and directories, as GNU coreutils 9.1's cp does.

   This file owns the command line: the options, their defaults and
   conflicts, and the operands (SOURCE DEST, SOURCE... DIRECTORY, -t,
   -T, --parents).  Each operand is then handed to cp-copy.c, which
   walks the tree and copies with lib/copy-file.c.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
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
#include "quotearg.h"
#include "xalloc.h"

#include "copy-cli.h"
#include "copy-report.h"
#include "cp.h"
#include "gnu-abbrev.h"
#include "i18n.h"
#include "preserve-list.h"
#include "quoting.h"
#include "version.h"

/* Long options that have no short form.  */
enum
{
  ATTRIBUTES_ONLY_OPTION = CHAR_MAX + 1,
  BACKUP_OPTION,
  CONTEXT_OPTION,
  COPY_CONTENTS_OPTION,
  DEBUG_OPTION,
  KEEP_DIRECTORY_SYMLINK_OPTION,
  NO_PRESERVE_OPTION,
  PARENTS_OPTION,
  PRESERVE_OPTION,
  REFLINK_OPTION,
  REMOVE_DESTINATION_OPTION,
  SPARSE_OPTION,
  STRIP_TRAILING_SLASHES_OPTION,
  UPDATE_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* GNU 9.11's options in its order, which is that of getopt's list of
   an ambiguous abbreviation's possibilities, then Brisk's own, last
   as gnu_abbrev_expand requires.  */
static struct option const long_options[] = {
  { "archive", no_argument, NULL, 'a' },
  { "attributes-only", no_argument, NULL, ATTRIBUTES_ONLY_OPTION },
  { "backup", optional_argument, NULL, BACKUP_OPTION },
  { "copy-contents", no_argument, NULL, COPY_CONTENTS_OPTION },
  { "debug", no_argument, NULL, DEBUG_OPTION },
  { "dereference", no_argument, NULL, 'L' },
  { "force", no_argument, NULL, 'f' },
  { "interactive", no_argument, NULL, 'i' },
  { "link", no_argument, NULL, 'l' },
  { "no-clobber", no_argument, NULL, 'n' },
  { "no-dereference", no_argument, NULL, 'P' },
  { "no-preserve", required_argument, NULL, NO_PRESERVE_OPTION },
  { "no-target-directory", no_argument, NULL, 'T' },
  { "one-file-system", no_argument, NULL, 'x' },
  { "parents", no_argument, NULL, PARENTS_OPTION },
  { "path", no_argument, NULL, PARENTS_OPTION },      /* GNU's, deprecated */
  { "preserve", optional_argument, NULL, PRESERVE_OPTION },
  { "recursive", no_argument, NULL, 'R' },
  { "remove-destination", no_argument, NULL, REMOVE_DESTINATION_OPTION },
  { "sparse", required_argument, NULL, SPARSE_OPTION },
  { "reflink", optional_argument, NULL, REFLINK_OPTION },
  { "strip-trailing-slashes", no_argument, NULL,
    STRIP_TRAILING_SLASHES_OPTION },
  { "suffix", required_argument, NULL, 'S' },
  { "symbolic-link", no_argument, NULL, 's' },
  { "target-directory", required_argument, NULL, 't' },
  { "update", optional_argument, NULL, UPDATE_OPTION },
  { "verbose", no_argument, NULL, 'v' },
  { "keep-directory-symlink", no_argument, NULL,
    KEEP_DIRECTORY_SYMLINK_OPTION },
  { "context", optional_argument, NULL, CONTEXT_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { "progress", no_argument, NULL, 'g' },
  { NULL, 0, NULL, 0 }
};

/* The arguments of --sparse and --reflink, with their
   values, for argmatch.  */
static char const *const sparse_args[] = { "never", "auto", "always", NULL };
static enum copy_sparse const sparse_values[] = {
  COPY_SPARSE_NEVER, COPY_SPARSE_AUTO, COPY_SPARSE_ALWAYS
};
static char const *const reflink_args[] = { "auto", "always", "never", NULL };
static enum cp_reflink const reflink_values[] = {
  REFLINK_AUTO, REFLINK_ALWAYS, REFLINK_NEVER
};

/* Print the help text to stdout, or the "Try --help" hint to stderr,
   and exit with STATUS.  */
static _Noreturn void
usage (int status)
{
  print_copy_forms (status, NULL);
  fputs ("\
Copy SOURCE to DEST, or each SOURCE into DIRECTORY.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
  -a, --archive                like -dR --preserve=all\n\
      --attributes-only        copy the attributes only, not the data\n\
      --backup[=CONTROL]       back up each destination file that exists\n\
  -b                           like --backup, without an argument\n\
      --copy-contents          copy the contents of special files when\n\
                                 recursive\n\
      --debug                  explain how each file is copied, or why it\n\
                                 is skipped (implies -v); see below\n\
  -d                           like --no-dereference --preserve=links\n\
  -f, --force                  if an existing destination cannot be opened,\n\
                                 remove it and try again (ignored with -n)\n\
  -g, --progress               show progress on a terminal\n\
  -i, --interactive            ask before overwriting; a \"no\" fails\n\
                                 (cancels an earlier -n)\n\
  -H                           follow symbolic links named on the command\n\
                                 line\n\
      --keep-directory-symlink  follow a symbolic link to a directory in\n\
                                 the destination\n\
  -l, --link                   make hard links instead of copying\n\
  -L, --dereference            always follow symbolic links in SOURCE\n\
  -n, --no-clobber             (deprecated) silently skip existing files,\n\
                                 as --update=none (cancels an earlier -i)\n\
  -P, --no-dereference         never follow symbolic links in SOURCE\n\
  -p                           like --preserve=mode,ownership,timestamps\n\
      --preserve[=ATTR_LIST]   keep these attributes (default:\n\
                                 mode,ownership,timestamps), if possible;\n\
                                 also: context, links, xattr, all\n\
      --no-preserve=ATTR_LIST  do not keep these attributes\n\
      --parents                copy each SOURCE's whole name under DIRECTORY\n\
  -R, -r, --recursive          copy directories and what they hold\n\
      --reflink[=WHEN]         clone the data (copy on write); see below\n\
      --remove-destination     remove each existing destination before\n\
                                 opening it (compare --force)\n\
      --sparse=WHEN            how to make sparse files; see below\n\
      --strip-trailing-slashes  remove trailing slashes from each SOURCE\n\
  -s, --symbolic-link          make symbolic links instead of copying\n\
  -S, --suffix=SUFFIX          the backup suffix, instead of ~\n\
  -t, --target-directory=DIRECTORY  copy every SOURCE into DIRECTORY\n\
  -T, --no-target-directory    treat DEST as a plain file\n\
      --update[=UPDATE]        which existing files to replace: all, none,\n\
                                 none-fail, older (-u, the default)\n\
  -u                           like --update=older\n\
  -v, --verbose                say what is being done\n\
  -x, --one-file-system        stay on the file system of each SOURCE\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
--sparse=auto (the default) makes a copy sparse where the source is;\n\
--sparse=always also turns long runs of zeros into holes; --sparse=never\n\
writes every byte, and neither clones nor uses copy_file_range.\n\
--reflink or --reflink=always clones the data or fails; --reflink=auto\n\
(the default) clones where the file system can, else copies;\n\
--reflink=never always copies.\n\
\n\
--debug prints after each file copied GNU's line \"copy offload: WAY,\n\
reflink: WAY, sparse detection: HOW, method: METHOD\": WAY is yes, no,\n\
unsupported, avoided or unknown; HOW is no, zeros, SEEK_HOLE, SEEK_HOLE +\n\
zeros or unknown; METHOD, Brisk's own field, the one that finished the\n\
copy: clone, sparse (the data found with SEEK_DATA), copy_file_range,\n\
read/write, or none.\n\
\n\
CONTROL (or the VERSION_CONTROL variable) picks the backups: none or off\n\
(none), numbered or t, existing or nil (numbered where numbered backups\n\
exist, else simple), simple or never.  The suffix is ~, unless set with\n\
--suffix or SIMPLE_BACKUP_SUFFIX.  With --force and --backup, a SOURCE\n\
that is its own DEST (a regular file) is backed up.\n\
\n\
SIGUSR1 makes a running cp print how far the current file has got.\n",
         stdout);
  print_help_manual ("cp");
  exit (status);
}

/* Apply the comma-separated attribute list ARG of --preserve (ON) or
   --no-preserve (!ON) to X; exit as XARGMATCH does on a bad name.  */
static void
decode_preserve (struct cp_options *x, char const *arg, bool on)
{
  char *list = xstrdup (arg);
  unsigned int attrs;
  char *bad;
  int r = preserve_list_parse (list, &attrs, &bad);
  if (r < 0)
    {
      argmatch_invalid (on ? "--preserve" : "--no-preserve", bad, r);
      argmatch_valid (preserve_attr_names, preserve_attr_bits,
                      sizeof *preserve_attr_bits);
      argmatch_die ();
    }
  free (list);
  struct preserve_set s = {
    x->preserve, x->require, x->preserve_links, x->require_xattr,
    x->require_context, x->no_preserve_mode
  };
  preserve_list_apply (&s, attrs, on);
  x->preserve = s.preserve;
  x->require = s.require;
  x->preserve_links = s.links;
  x->require_xattr = s.require_xattr;
  x->require_context = s.require_context;
  x->no_preserve_mode = s.no_preserve_mode;
}

/* Set X as -a does: like -dR --preserve=all, trying (not requiring)
   the extended attributes.  */
static void
set_archive (struct cp_options *x)
{
  x->deref = DEREF_NEVER;
  x->preserve_links = true;
  x->preserve |= (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
                  | COPY_PRESERVE_OWNERSHIP | COPY_PRESERVE_XATTR);
  x->require |= (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
                 | COPY_PRESERVE_OWNERSHIP);
  x->recursive = true;
}

/* Check the options that cannot go together, and fill in defaults.  */
static void
check_options (struct cp_options *x, bool backup_given,
               char const *version_control)
{
  if (x->hard_link && x->symbolic_link)
    usage_error ("%s", _("cannot make both hard and symbolic links"));
  if (x->clobber == CLOBBER_NO)
    x->update = UPDATE_NONE;
  /* GNU 9.3 and later: a skip of every existing file leaves nothing
     to back up; its message names none-fail, and means none too.  */
  if (backup_given
      && (x->update == UPDATE_NONE || x->update == UPDATE_NONE_FAIL))
    usage_error ("%s", _("--backup is mutually exclusive with -n or "
                 "--update=none-fail"));
  if (x->reflink == REFLINK_ALWAYS && x->sparse != COPY_SPARSE_AUTO)
    usage_error ("%s", _("--reflink can be used only with --sparse=auto"));
  x->backup = (backup_given
               ? xget_version (_("backup type"), version_control)
               : no_backups);
  if (x->deref == DEREF_UNDEFINED)
    x->deref = (x->recursive && !x->hard_link ? DEREF_NEVER
                : DEREF_ALWAYS);
}

/* The destination of SRC copied into the directory DIR: DIR/SRC with
   --parents, else DIR/last component of SRC.  */
static char *
dest_in_dir (struct cp_options const *x, char const *dir, char const *src)
{
  if (!x->parents)
    return file_in_dir (dir, src);
  char const *rel = src;
  while (*rel == '/')
    rel++;
  char *name = file_name_concat (dir, *rel ? rel : ".", NULL);
  if (!name)
    xalloc_die ();
  return name;
}

/* Copy the N operands in FILES (and TARGET_DIR, from -t, or NULL) as X
   says; NO_TARGET_DIR is -T.  Return true if every copy worked.  */
static bool
do_copy (struct cp_options *x, int n, char **files, char const *target_dir,
         bool no_target_dir)
{
  int err;
  check_operand_count (n, files, target_dir == NULL, target_dir,
                       no_target_dir);
  if (target_dir)
    {
      if (!target_is_dir (target_dir, &err))
        error (EXIT_FAILURE, err, _("target directory %s"),
               quoteaf (target_dir));
    }
  else if (!no_target_dir && target_is_dir (files[n - 1], &err))
    target_dir = files[--n];
  else if (!no_target_dir && 2 < n)
    error (EXIT_FAILURE, err, _("target %s"), quoteaf (files[n - 1]));

  if (x->parents && !target_dir)
    usage_error ("%s", _("with --parents, the destination must be a "
                 "directory"));

  cp_copy_init (x, target_dir ? n : 1);
  cp_count_operands ((char const *const *) files, target_dir ? n : 1);
  bool ok = true;
  if (!target_dir)
    ok = cp_copy_operand (files[0], files[1], NULL);
  else
    for (int i = 0; i < n; i++)
      {
        char *dst = dest_in_dir (x, target_dir, files[i]);
        ok &= cp_copy_operand (files[i], dst,
                               x->parents ? target_dir : NULL);
        free (dst);
      }
  cp_copy_finish ();
  return ok;
}

int
main (int argc, char **argv)
{
  struct cp_options x = { .sparse = COPY_SPARSE_AUTO,
                          .reflink = REFLINK_AUTO,
                          .update = UPDATE_ALL,
                          .open_dangling = !!getenv ("POSIXLY_CORRECT") };
  bool backup_given = false, no_target_dir = false, strip_slashes = false;
  char const *version_control = NULL, *target_dir = NULL;
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);
  argmatch_die = try_help_failure;

  char const *shortopts = "abdfgHilLnprst:uvxPRS:TZ";
  gnu_abbrev_expand (argc, argv, shortopts, long_options, "progress");
  while ((c = getopt_long (argc, argv, shortopts,
                           gnu_abbrev_opts (argc, argv, long_options),
                           NULL)) != -1)
    switch (c)
      {
      case 'a': set_archive (&x); break;
      case ATTRIBUTES_ONLY_OPTION: x.attributes_only = true; break;
      case BACKUP_OPTION:
        backup_given = true;
        if (optarg)
          version_control = optarg;
        break;
      case 'b': backup_given = true; break;
      case COPY_CONTENTS_OPTION: x.copy_contents = true; break;
      case DEBUG_OPTION: x.debug = x.verbose = true; break;
      case 'd':
        x.deref = DEREF_NEVER;
        x.preserve_links = true;
        break;
      case 'f': x.force = true; break;
      case 'g': x.progress = true; break;
      case 'H': x.deref = DEREF_COMMAND_LINE; break;
      case 'i': x.clobber = CLOBBER_ASK; break;
      case KEEP_DIRECTORY_SYMLINK_OPTION:
        x.keep_directory_symlink = true;
        break;
      case 'l': x.hard_link = true; break;
      case 'L': x.deref = DEREF_ALWAYS; break;
      case 'n': x.clobber = CLOBBER_NO; break;
      case 'P': x.deref = DEREF_NEVER; break;
      case 'p': decode_preserve (&x, "mode,ownership,timestamps", true);
        break;
      case PRESERVE_OPTION:
        decode_preserve (&x, optarg ? optarg : "mode,ownership,timestamps",
                         true);
        break;
      case NO_PRESERVE_OPTION: decode_preserve (&x, optarg, false); break;
      case PARENTS_OPTION: x.parents = true; break;
      case 'r':
      case 'R':
        x.recursive = true;
        break;
      case REFLINK_OPTION:
        x.reflink = (optarg ? XARGMATCH ("--reflink", optarg, reflink_args,
                                         reflink_values)
                     : REFLINK_ALWAYS);
        break;
      case REMOVE_DESTINATION_OPTION: x.remove_destination = true; break;
      case SPARSE_OPTION:
        x.sparse = XARGMATCH ("--sparse", optarg, sparse_args, sparse_values);
        break;
      case STRIP_TRAILING_SLASHES_OPTION: strip_slashes = true; break;
      case 's': x.symbolic_link = true; break;
      case 'S':
        backup_given = true;
        set_simple_backup_suffix (optarg);
        break;
      case 't': set_target_dir (&target_dir, optarg); break;
      case 'T': no_target_dir = true; break;
      case 'u': x.update = UPDATE_OLDER; break;
      case UPDATE_OPTION:
        x.update = decode_update (optarg);
        break;
      case 'v': x.verbose = true; break;
      case 'x': x.one_file_system = true; break;
      case 'Z': break;
      case CONTEXT_OPTION: warn_context_ignored (optarg); break;
      case HELP_OPTION: usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version ("cp");
        return EXIT_SUCCESS;
      default: usage (EXIT_FAILURE);
      }

  check_options (&x, backup_given, version_control);
  if (x.require_context)
    error (EXIT_FAILURE, 0, _("cannot preserve security context without an "
           "SELinux-enabled kernel"));
  if (strip_slashes)
    for (int i = optind; i < argc; i++)
      strip_trailing_slashes (argv[i]);
  bool ok = do_copy (&x, argc - optind, argv + optind, target_dir,
                     no_target_dir);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
