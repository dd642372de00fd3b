/* digest-line.h -- parse the lines of a *sum --check file.  */

#ifndef BRISK_DIGEST_LINE_H
#define BRISK_DIGEST_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "digest-algos.h"

/* What a line of a check file is.  */
enum digest_line_kind
{
  DIGEST_LINE_SKIPPED,          /* a comment or an empty line */
  DIGEST_LINE_IMPROPER,         /* not a checksum line of this algorithm */
  DIGEST_LINE_PROPER            /* a digest and a file name */
};

/* The state of reading check lines of one algorithm.  BSD_REVERSED
   says whether "HEX NAME" with one space (the BSD "md5 -r" form) was
   seen first (1), the GNU "HEX  NAME" form first (0), or neither yet
   (-1).  The two forms are not mixed, so that a name with a leading
   space or '*' cannot be read two ways; the choice lasts for every
   line read through P after it, in any check file, as GNU's does.  */
struct digest_line_parser
{
  /* The algorithm of the last proper line, with which its file is to
     be hashed: the tool's, or with cksum's rules the one that the
     line's tag names (SIZED, when its length is a parameter).  */
  const struct digest_algo *algo;
  int bsd_reversed;
  /* GNU cksum's and b2sum's rules, rather than md5sum's: a tag may
     carry a length ("BLAKE2b-256 (", "SHA3-384 ("), and the digest of
     an untagged line of an algorithm whose length varies is as long
     as its hex digits.  */
  bool cksum_rules;
  /* cksum without -a: each line names its algorithm by its tag, and
     an untagged line is improper.  */
  bool tag_picks_algo;
  /* cksum: the digest may also be written in base64 (GNU 9.2).  */
  bool base64;
  /* cksum -a sha2: a line's SHA-2 tag (SHA224 to SHA512, or SHA2 with
     a length), or the length of an untagged line's digest, picks the
     SHA-2 row of the line, as GNU 9.9's "cksum -a sha2 --check" does.
     The caller sets it after digest_line_init_cksum.  */
  bool sha2_family;
  /* The digits the digest of a line holds: set by the tool's
     algorithm, then by each tagged line, as GNU's are (a line
     "SHA256-128 (f) = ..." is checked on 32 hex digits, and so are
     the untagged lines after it).  */
  size_t hex_len;
  /* Whether the digest of the last proper line is in base64.  */
  bool is_base64;
  const struct digest_algo *tool_algo;     /* the tool's (-a's) */
  struct digest_algo sized;
};

/* Start P for the lines of ALGO, neither form seen yet.  */
void digest_line_init (struct digest_line_parser *p,
                       const struct digest_algo *algo);

/* Start P for the lines that GNU's cksum (or b2sum) reads: of ALGO,
   or when TAG_PICKS_ALGO of the algorithm each line's tag names.
   BASE64 allows digests in base64.  */
void digest_line_init_cksum (struct digest_line_parser *p,
                             const struct digest_algo *algo,
                             bool tag_picks_algo, bool base64);

/* Parse a line of a check file: LINE of LEN bytes (its trailing
   newline still there, and a NUL after it).  IS_STDIN says whether the
   check file is standard input (a line naming "-" is then improper).
   For a proper line, set *HEX (P->hex_len hex digits, any case, or
   with P->is_base64 the base64 form of that many bytes)
   and *NAME (unescaped), both NUL-terminated and pointing into LINE,
   which is changed in place within its LEN + 1 bytes.  */
enum digest_line_kind digest_line_parse (struct digest_line_parser *p,
                                         char *line, size_t len,
                                         bool is_stdin, char **hex,
                                         char **name);

/* The tag of the algorithm of P's last line, in *LEN bytes (not
   NUL-terminated), for the warning about an improper line: "BLAKE2b"
   whatever its length, "SHA3" for the SHA-3 rows.  */
const char *digest_line_tag (const struct digest_line_parser *p,
                             size_t *len);

/* What digest_line_parse_b3sum found in a line.  */
enum b3sum_line_kind
{
  B3SUM_LINE_PROPER,         /* a digest and a file name */
  B3SUM_LINE_IMPROPER,       /* refused, for the reason it gives */
  B3SUM_LINE_NOT_UTF8        /* not UTF-8: b3sum stops reading */
};

/* Parse a line of a b3sum check file as the BLAKE3 team's b3sum 1.2
   does ("HEX  NAME", HEX 64 lower-case digits, a leading backslash
   meaning NAME is escaped with \\ and \n), and as its newer releases
   also do the tagged form "BLAKE3 (NAME) = HEX" and the escape \r.
   LINE is LEN bytes, its newline still there, and a NUL after it.
   For a proper line set DIGEST (32 bytes), SHOWN (LEN + 2 bytes at
   least: the name as the line writes it, its backslash first, which
   b3sum's result line shows) and *NAME (unescaped, NUL-terminated,
   in LINE, which is changed in place).  For an improper one set *WHY
   to b3sum's words.  */
enum b3sum_line_kind digest_line_parse_b3sum (char *line, size_t len,
                                              uint8_t digest[32],
                                              char *shown, char **name,
                                              const char **why);

#endif
