/* split.h -- what the files of split share.

   Three files, each calling only the ones below it:

     split.c      main: reads the options and the operands, opens the
                  input on standard input, and owns struct split_conf
                  (what they settle) and the copy engine.  Calls
                  split-cut.c and split-out.c.
     split-cut.c  the ways of cutting the input (bytes, lines, records
                  of at most a size, chunks, round robin).  Owns
                  nothing that outlives a cut; reads struct split_conf
                  (changing only its IN_ST, see below) and writes
                  only through split-out.c.  Calls split-out.c.
     split-out.c  the output side: the names of the pieces, creating
                  them (or starting a --filter command for each),
                  writing and closing them, with GNU's messages.  Owns
                  struct split_out; reads struct split_conf.  Calls
                  only the C library, gnulib and lib/; the round-robin
                  cut's evictor reaches it only as a function pointer
                  that split-cut.c gives it (out_set_evictor).

   No variable is shared between the files: the state travels in the
   structs below, which main owns and passes down.  */

#ifndef BRISK_SPLIT_H
#define BRISK_SPLIT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "copy-data.h"
#include "quote.h"
#include "quotearg.h"
#include "quoting.h"
#include "split-args.h"

/* What split.c settles from the options and the input before any
   cutting; split-out.c only reads it, and split-cut.c changes only
   IN_ST, when a chunk cut spools its input to a temporary file that
   becomes the input (split-out.c then refuses to overwrite that).  */
struct split_conf
{
  char const *infile;           /* the input's name, for messages */
  struct stat in_st;            /* its status */
  char eolchar;                 /* the record separator */
  bool elide_empty;             /* -e */
  bool unbuffered;              /* -u */
  bool verbose;                 /* --verbose */
  char const *filter_command;   /* --filter, or NULL */
};

/* ---- split-out.c ---------------------------------------------------- */

/* An output piece: its name, descriptor (-1 when not open), the
   --filter process writing it (0 if none), and for round robin a
   buffer of LEN bytes waiting to be written (BUF null until first
   needed).  */
struct out_file
{
  char *name;
  int fd;
  pid_t pid;
  char *buf;
  size_t len;
  bool opened;                  /* opened once: reopen to append */
};

/* What frees a descriptor when none is left (see out_set_evictor):
   called with its ARG and the output being opened.  */
typedef bool (*out_evictor) (void *arg, struct out_file const *keep);

/* The output side's state.  The caller (split.c) owns the storage and
   passes it to every function below; only split-out.c reads or writes
   its fields.  */
struct split_out
{
  struct split_conf const *conf;
  struct split_names names;     /* the names of the pieces */
  sigset_t old_mask;            /* the signal mask to give filters */
  out_evictor evict;            /* or NULL */
  void *evict_arg;
  struct out_file piece;        /* the piece being written, one at a time */
  bool piece_ok;                /* whether its filter still reads */
};

void out_init (struct split_out *out, struct split_conf const *conf);
void names_init (struct split_out *out, char const *prefix,
                 char const *additional, char const *alphabet,
                 size_t suffix_length, bool widen, char const *start);
char const *names_next (struct split_out *out);
void out_prepare (struct split_out *out);
void out_set_evictor (struct split_out *out, out_evictor evictor,
                      void *arg);
void out_open (struct split_out *out, struct out_file *f);
bool out_write (struct split_out const *out, struct out_file *f,
                char const *buf, size_t n);
void out_close (struct split_out const *out, struct out_file *f);
_Noreturn void die_write (char const *name);

void piece_new (struct split_out *out);
bool piece_write (struct split_out *out, char const *buf, size_t n);
struct out_file *piece_current (struct split_out *out);
void piece_end (struct split_out *out);

/* ---- split-cut.c ---------------------------------------------------- */

/* What a cut works with, set up by split.c: the settings (see struct
   split_conf for the one change a cut may make), the output side, the
   copy engine, and BUF, a buffer of BUFSIZE bytes that the input is
   read into.  */
struct split_cut
{
  struct split_conf *conf;
  struct split_out *out;
  struct copy_engine *engine;
  char *buf;
  size_t bufsize;
};

void cut_bytes (struct split_cut const *c, intmax_t n_bytes);
void cut_lines (struct split_cut const *c, uintmax_t n_lines);
void cut_line_bytes (struct split_cut const *c, intmax_t n_bytes);
void cut_chunks (struct split_cut const *c, intmax_t k, intmax_t n,
                 bool lines);
void cut_round_robin (struct split_cut const *c, uintmax_t k, uintmax_t n);

#endif
