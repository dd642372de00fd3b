/* split-args.h -- split's option arguments and the names of its pieces.

   The parsers of -a, -b, -C, -l, -n, -t, -d/-x FROM and -NUM, the
   settling of the suffix length, and the generator of the names
   PREFIX + suffix + additional suffix.  Nothing here prints or exits:
   each function returns a code, which src/split.c turns into GNU split
   9.1's message.  The fuzz target tests/fuzz/split-args.c links this
   unit alone.  */

#ifndef BRISK_SPLIT_ARGS_H
#define BRISK_SPLIT_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a number failed: not a number (or a bad suffix), out of the
   allowed range (GNU says ERANGE), or past what it says with EOVERFLOW
   (too large for the type, or out of range and past INT_MAX / 2);
   SPLIT_NOMEM when memory ran out.  */
enum split_err
{
  SPLIT_OK,
  SPLIT_INVALID,
  SPLIT_RANGE,
  SPLIT_OVERFLOW,
  SPLIT_NOMEM
};

/* The size suffixes of -b, -C and ---io-blksize: K, KB, KiB ... as
   GNU's.  */
extern char const split_size_suffixes[];

enum split_err split_number (char const *arg, uintmax_t min, uintmax_t max,
                             char const *suffixes, uintmax_t *n);

/* -n's CHUNKS: [l/|r/][K/]N.  KIND is known even when a number failed;
   BAD and BAD_LEN then point at the text of that number (K if BAD_K,
   else N).  K is 0 when not given.  N may be up to UINTMAX_MAX, as
   GNU's: past OFF_T_MAX, only round robin can use it (the chunk cuts
   say so once they know the input's size).  */
enum split_chunk_kind
{
  SPLIT_CHUNK_BYTES,
  SPLIT_CHUNK_LINES,
  SPLIT_CHUNK_ROUND_ROBIN
};
struct split_chunks
{
  enum split_chunk_kind kind;
  uintmax_t k;
  uintmax_t n;
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
bool split_add_digit (uintmax_t *digits, int c);

/* The suffix length, settled once the options are read.  */
struct split_suffix
{
  bool chunked;                 /* -n */
  uintmax_t n_units;            /* its N */
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
int split_names_init (struct split_names *s, char const *prefix,
                      char const *additional, char const *alphabet,
                      size_t suffix_length, bool widen, char const *start);
char const *split_names_next (struct split_names *s);
void split_names_free (struct split_names *s);

#endif
