/* digest.h -- what the files of the digest tools share: which tool
   this is (digest_tool, from the tool's own object) and the state of
   one run, which main (digest.c) owns and passes down by pointer.

   Every file of digest_sources (src/digest/local.mk) is compiled once,
   into libdigest.a, for all the tools; each tool is that library and
   its own digest-tool.c, which says which tool it is.  */

#ifndef BRISK_DIGEST_H
#define BRISK_DIGEST_H

#include <stdbool.h>
#include <stddef.h>

#include "progress.h"
#include "digest-algos.h"
#include "digest-stream.h"
#include "digest-walk.h"
#include "error.h"
#include "quotearg.h"

/* Which tool this is, defined by src/digest/digest-tool.c, the one
   file compiled once per tool.  */
struct digest_tool
{
  /* The name of a row of lib/digest-algos.c: the tool's default
     algorithm ("md5", "crc" for cksum, "bsd" for sum).  */
  const char *algo_name;
  /* The tool's name, for --version and --help.  */
  const char *program;
  /* Which of the tools' option sets this one has: cksum's (-a,
     --untagged, tagged lines by default), sum's (-r, -s and nothing
     else), b3sum's (the BLAKE3 team's options and formats,
     digest-b3sum.c), or, all three false, the *sum tools' (b2sum's
     adds -l).  */
  bool cksum;
  bool sum;
  bool b3sum;
};
extern const struct digest_tool digest_tool;

/* Each diagnostic erases the progress display first and writes out
   the lines waiting above it, when they share its terminal.  (The
   hook that progress.c gives error () erases it too, but error ()
   writes standard output out before it calls the hook: those lines
   would run on from the display's text.)  */
#define error(status, errnum, ...)                                      \
  (progress_pause (), error (status, errnum, __VA_ARGS__))

/* Names as GNU's tools quote them in diagnostics (quotef: see
   digest-print.c).  */
const char *quotef (const char *name);
#define quoteaf_n(n, name) \
  quotearg_n_style (n, shell_escape_always_quoting_style, name)
#define quoteaf(name) quoteaf_n (0, name)

/* The options of a run, set once by parse_options (digest.c), read
   by the other files.  */
struct digest_opts
{
  /* The algorithm of this tool, or cksum's -a.  With -l, a copy of
     the row with that length, in SIZED_ALGO.  */
  const struct digest_algo *algo;
  struct digest_algo sized_algo;

  /* cksum: whether -a was given (else --check takes each line's
     algorithm from its tag), --base64, --raw.  */
  bool algorithm_specified;
  /* cksum -a sha2: with --check, each line's tag or digest length
     picks its SHA-2 row.  */
  bool sha2_family;
  bool base64_digest;
  bool raw_digest;

  /* Whether file operands were given: checksum lines name their file
     only then, as GNU's.  */
  bool have_operands;

  /* BINARY is -1 until -b or -t says otherwise.  */
  int binary;
  /* cksum's -b (1) or -t (0), the last given, or -1 (GNU 9.4): they
     mark untagged lines as GNU's *sum tools do; tagged ones, --check
     and the rest of GNU 9.1's cksum ignore BINARY.  */
  int cksum_binary;
  bool prefix_tag;
  char line_delim;
  bool ignore_missing;
  bool status_only;
  bool quiet;
  bool warn;
  bool strict;

  /* -j: how many files are hashed at a time.  */
  size_t threads;

  /* -r: directory operands are walked, their regular files hashed,
     with the walk's options (-H, -L, -P, -x).  */
  bool recursive;
  enum walk_follow follow;
  bool one_file_system;

  /* -g: show the progress display (src/shared/progress.c, cp's too)
     if stderr is a terminal.  */
  bool show_progress;

  /* --audit=DIR: after the check files, the regular files under
     AUDIT_DIR that no check line lists are reported as new.  */
  const char *audit_dir;

  /* b3sum: --no-names; the mode of --keyed, --derive-key and --seek,
     which the algorithm's row points to; the key read for --keyed;
     --num-threads, the threads that hash one large file (0: one per
     CPU), and --no-mmap, which reads files with one thread as b3sum's
     does.  */
  bool no_names;
  bool no_mmap;
  struct digest_blake3_mode blake3_mode;
  uint8_t key[32];
  size_t file_threads;
};

/* One run of a tool: its options, and what main starts from them for
   the files that hash, check and print.  */
struct digest_run
{
  struct digest_opts opts;

  /* Above -j 1, or with a multi-lane core, POOL hashes the files and
     the main thread reports the outcomes in order; WINDOW is how many
     files it may hold.  Else null.  */
  struct digest_pool *pool;
  size_t window;

  /* The buffer every file is read through in this thread.  */
  struct digest_buffer iobuf;

  /* Whether standard input was read, so must be closed and checked.  */
  bool have_read_stdin;

  /* Whether the progress display of -g is shown.  */
  bool progress_shown;

  /* The walk of -r and --audit, with the options of OPTS.  */
  struct digest_walk walk;

  /* --audit: the names the check lines listed.  */
  struct digest_audit *audit;

  /* b3sum --check: the failure of the last file hashed is said in its
     result line, not on stderr; LAST_ERR is its errno.  */
  bool errors_in_lines;
  int last_err;
};

#endif
