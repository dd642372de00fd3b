/* split.h -- what the files of split share.

   split.c reads the options and runs one of the ways of cutting the
   input; split-out.c owns the output side: the names of the pieces,
   creating them (or starting a --filter command for each), writing
   and closing them, with GNU's messages; split-cut.c holds the ways
   of cutting (bytes, lines, records of at most a size, chunks, round
   robin).  The cutting functions read the input on standard input and
   write only through split-out.c.  */

#ifndef BRISK_SPLIT_H
#define BRISK_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "copy-data.h"
#include "quote.h"
#include "quotearg.h"

/* Names as GNU's tools quote them in diagnostics.  */
#define quotef(name) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, name)
#define quoteaf(name) \
  quotearg_style (shell_escape_always_quoting_style, name)

/* The options and input that every part reads; set by split.c.  */
extern char const *infile;         /* the input's name, for messages */
extern struct stat in_st;          /* its status */
extern char eolchar;               /* the record separator */
extern bool elide_empty;           /* -e */
extern bool unbuffered;            /* -u */
extern bool verbose;               /* --verbose */
extern char const *filter_command; /* --filter, or NULL */
extern struct copy_engine engine;  /* moves the byte chunks */

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

void names_init (char const *prefix, char const *additional,
                 char const *alphabet, size_t suffix_length,
                 bool widen, char const *start);
char const *names_next (void);
void out_prepare (void);
void out_set_evictor (bool (*evictor) (struct out_file const *));
void out_open (struct out_file *f);
bool out_write (struct out_file *f, char const *buf, size_t n);
void out_close (struct out_file *f);
_Noreturn void die_read (void);
_Noreturn void die_write (char const *name);

void piece_new (void);
bool piece_write (char const *buf, size_t n);
struct out_file *piece_current (void);
void piece_end (void);
void piece_empty (void);

/* ---- split-cut.c ---------------------------------------------------- */

/* Each reads the input into BUF, a buffer of BUFSIZE bytes that the
   caller owns.  */
void cut_bytes (intmax_t n_bytes, char *buf, size_t bufsize);
void cut_lines (uintmax_t n_lines, char *buf, size_t bufsize);
void cut_line_bytes (intmax_t n_bytes, char *buf, size_t bufsize);
void cut_chunks (uintmax_t k, uintmax_t n, bool lines, char *buf,
                 size_t bufsize);
void cut_round_robin (uintmax_t k, uintmax_t n, char *buf, size_t bufsize);

#endif
