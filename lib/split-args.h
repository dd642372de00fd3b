/* split-args.h -- split's option arguments and the names of its pieces.

   The parsers of -a, -b, -C, -l, -n, -t, -d/-x FROM and -NUM, the
   settling of the suffix length, and the generator of the names
   PREFIX + suffix + additional suffix.  Nothing here prints or exits:
   each function returns a code, which src/split-tool/split.c turns
   into GNU split 9.10's message.  The fuzz target
   tests/fuzz/split-args.c links this unit alone.  */

#ifndef BRISK_SPLIT_ARGS_H
#define BRISK_SPLIT_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a number failed, by the errno text GNU adds to its message:
   none (SPLIT_INVALID), ERANGE (SPLIT_RANGE) or EOVERFLOW
   (SPLIT_OVERFLOW); SPLIT_NOMEM when memory ran out.  */
enum split_err
{
  SPLIT_OK,
  SPLIT_INVALID,
  SPLIT_RANGE,
  SPLIT_OVERFLOW,
  SPLIT_NOMEM
};

/* The size suffixes of -b, -C and ---io-blksize: K, KB, KiB ... up
   to Q (quetta), as GNU 9.10's.  */
extern char const split_size_suffixes[];

/* A number as read by split_scan: its value (saturated at INTMAX_MIN
   or INTMAX_MAX), where its digits end, and what was wrong: no number
   at all, junk after it (a bad unit), the value saturated, or its
   digits alone did (the only case where GNU prints ERANGE).  */
struct split_scan
{
  intmax_t value;
  char const *end;
  bool invalid;
  bool junk;
  bool overflow;
  bool digits_overflow;
};
void split_scan (char const *arg, char const *suffixes,
                 struct split_scan *s);

enum split_err split_count (char const *arg, char const *suffixes,
                            intmax_t *n);

/* The FLAGS of split_number.  */
enum
{
  SPLIT_NUM_UNSIGNED = 1,
  SPLIT_NUM_LOW_RANGE = 2
};
enum split_err split_number (char const *arg, intmax_t min, intmax_t max,
                             char const *suffixes, int flags, intmax_t *n);

/* -n's CHUNKS: [l/|r/][K/]N.  KIND is known even when a number failed;
   BAD and BAD_LEN then point at the text to name (K if BAD_K).  K is 0
   when not given.  N is at most INTMAX_MAX, as GNU 9.10's.  */
enum split_chunk_kind
{
  SPLIT_CHUNK_BYTES,
  SPLIT_CHUNK_LINES,
  SPLIT_CHUNK_ROUND_ROBIN
};
struct split_chunks
{
  enum split_chunk_kind kind;
  intmax_t k;
  intmax_t n;
  char const *bad;
  size_t bad_len;
  bool bad_k;
};
enum split_err split_chunks (char const *arg, struct split_chunks *c);

/* -t's SEP.  */
enum split_sep_err
{
  SPLIT_SEP_OK,
  SPLIT_SEP_EMPTY,
  SPLIT_SEP_MULTI
};
enum split_sep_err split_separator (char const *arg, char *sep);

bool split_start (char const *arg, char const *alphabet,
                  char const **start);
void split_add_digit (intmax_t *digits, int c);

/* The suffix length, settled once the options are read.  */
struct split_suffix
{
  bool chunked;                 /* -n */
  intmax_t n_units;             /* its N */
  char const *start;            /* FROM, or NULL */
  char const *alphabet;
  size_t length;                /* in: -a (0 if not given); out */
  bool widen;                   /* out: may grow on its own */
  size_t needed;                /* out: the least length -n needs */
};
enum split_suffix_err
{
  SPLIT_SUFFIX_OK,
  SPLIT_SUFFIX_TOO_SHORT,       /* -a below NEEDED */
  SPLIT_SUFFIX_START_TOO_LONG   /* FROM longer than the suffix */
};
enum split_suffix_err split_settle_suffix (struct split_suffix *s);

/* The name of the current piece: PREFIX_LEN bytes of prefix, SUF_LEN
   letters of ALPHABET (their indexes in DIGIT), and ADD_LEN bytes of
   the additional suffix ADD.  */
struct split_names
{
  char const *prefix;
  char const *start;
  char *name;
  size_t prefix_len;
  size_t suf_len;
  char const *add;
  size_t add_len;
  char const *alphabet;
  size_t alpha_len;
  size_t *digit;
  bool widen;
  bool given;
};
void split_names_init (struct split_names *s, char const *prefix,
                       char const *additional, char const *alphabet,
                       size_t suffix_length, bool widen, char const *start);
char const *split_names_next (struct split_names *s);
void split_names_free (struct split_names *s);

#endif
