/* digest-usage.c -- the --help text of the digest tools (see
   digest-usage.h): cksum's, sum's and the *sum tools', and the
   paragraphs of Brisk's own options that all but sum's share.

   Owns: the text, and the table of the standards that define each
   algorithm.  Calls: stdio, try_help and print_help_manual
   (src/shared/version.h); nothing else.  digest_tool (digest.h) says
   which tool's text to print.  */

#include <config.h>

#include "digest-usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "progname.h"
#include "version.h"

/* The documents that define each algorithm, as GNU's --help names
   them.  */
static const struct
{
  const char *name;
  const char *standard;
} standards[] = {
  { "md2", "RFC 1319" },
  { "md4", "RFC 1320" },
  { "md5", "RFC 1321" },
  { "sha1", "FIPS-180-1" },
  { "sha224", "RFC 3874" },
  { "sha256", "FIPS-180-2" },
  { "sha384", "FIPS-180-2" },
  { "sha512", "FIPS-180-2" },
  { "blake2b", "RFC 7693" },
};

/* The standard that defines the algorithm ALGO, for --help.  */
static const char *
algo_standard (const struct digest_algo *algo)
{
  for (size_t i = 0; i < sizeof standards / sizeof standards[0]; i++)
    if (strcmp (standards[i].name, algo->name) == 0)
      return standards[i].standard;
  return "FIPS 180-4";
}

/* The lines of --help on -r and the options that go with it.  */
static const char recursive_help[] = "\
  -r, --recursive       hash the regular files under each FILE that is a\n\
                          directory, to any depth (see below)\n\
  -H, --dereference-args  with -r, follow symbolic links given as FILEs\n\
  -L, --dereference     with -r, follow every symbolic link\n\
  -P, --no-dereference  with -r, follow no symbolic link (the default)\n\
  -x, --one-file-system  with -r, skip directories on other file systems\n\
";

/* The paragraph of --help on -r.  */
static void
usage_recursive (void)
{
  printf ("\
\n\
With -r, the files under a directory FILE are named as FILE joined to their\n\
path below it (FILE/sub/name), so the lines can be checked with -c later.\n\
Within a directory, entries go in byte order of their names (the C locale's),\n\
depth first, whatever -j is; so, in a directory,\n\
    %s -r . | %s\n\
gives one digest of the whole tree.  Only regular files are hashed: FIFOs,\n\
sockets and devices under FILE are skipped, never opened; symbolic links are\n\
skipped too, unless -L follows them, and a loop that -L meets is reported.\n\
Without -H or -L, a symbolic link given as FILE is read as without -r.\n\
A directory that cannot be read is reported, and the rest still hashed.\n\
\n\
SIGUSR1 prints one status line on standard error: the bytes hashed so far,\n\
the rate, and the file whose line is next.\n\
", program_name, program_name);
}

/* The paragraph of every tool's --help on Brisk's own environment
   variables and -j.  */
static void
usage_brisk (void)
{
  fputs ("\
\n\
The environment variable BRISK_HASH_IMPL names the implementation to use\n\
(for example portable, shani, avx2); by default the fastest one that this\n\
CPU supports is chosen, without the instructions that glibc's tunable\n\
GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-AVX512F,... turns off.  Several\n\
files are hashed side by side, in the lanes of a vector or interleaved core,\n\
where this CPU has one for the algorithm; BRISK_LANES_IMPL=none turns that\n\
off.  Those files are opened and read in batches through io_uring;\n\
BRISK_URING=0 turns that off.\n\
", stdout);
  if (digest_tool.sum)
    return;
  usage_recursive ();
  fputs ("\
\n\
When checking, a file name that holds a character the shell would take\n\
apart (a space, a quote, a backslash, a control character...) is quoted\n\
for the shell in the result lines, as GNU 9.11 quotes it.\n\
", stdout);
  fputs ("\
\n\
With -j above 1, worker threads read and hash regular files while the main\n\
thread prints each result in its turn; standard input, FIFOs and other files\n\
that are not regular are read by the main thread, in their turn too.\n\
The default stays 1, as GNU's: -j 0 took 0.74-0.82 of -j 1's time on\n\
cached files of 512 KiB, but 0.94-1.06 on a disk throttled to one head's\n\
rate, 0.96-0.98 on a short run of small cached files, and 10-40% more CPU\n\
time; give -j 0 for many large files in the page cache or on a solid-state\n\
disk.\n\
", stdout);
}

/* The options of --help shared by the *sum tools and cksum, from -c
   on.  */
static void
usage_check_options (void)
{
  fputs ("\
  -z, --zero            end each output line with NUL, not newline,\n\
                          and disable file name escaping\n\
\n\
The following six options are useful only when verifying checksums:\n\
      --audit=DIR       then walk DIR as -r does, and report each regular\n\
                          file that no line lists as NEW (exit status 1)\n\
      --ignore-missing  don't fail or report status for missing files\n\
      --quiet           don't print OK for each successfully verified file\n\
      --status          don't output anything, status code shows success\n\
      --strict          exit non-zero for improperly formatted checksum lines\n\
  -w, --warn            warn about improperly formatted checksum lines\n\
\n\
", stdout);
}

/* The lines of --help on -g.  */
static const char progress_help[] = "\
  -g, --progress        show the bytes hashed, of the total, the rate and\n\
                          the file, on standard error if it is a terminal\n\
";

/* The lines of --help on -j.  */
static const char threads_help[] = "\
  -j, --threads=N       read and hash N files at a time (default 1; 0: one\n\
                          per CPU, at most 8); the output is unchanged, in\n\
                          the order of the FILEs and of the checksum lines\n\
";

/* The lines of --help on -l.  */
static const char length_help[] = "\
  -l, --length=BITS     digest length in bits; must not exceed the max for\n\
                          the blake2 algorithm and must be a multiple of 8\n\
";

/* cksum's --help.  */
static void
usage_cksum (void)
{
  fputs ("\
Print or verify checksums.\n\
By default use the 32 bit CRC algorithm.\n\
\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.\n\
      --base64          emit base64-encoded digests, not hexadecimal\n\
  -b, --binary          with --untagged, mark the files as read in binary\n\
                          mode ('*'), as md5sum -b does\n\
  -c, --check           read checksums from the FILEs and check them\n\
", stdout);
  fputs (progress_help, stdout);
  fputs (threads_help, stdout);
  fputs (length_help, stdout);
  fputs ("\
                          (for sha2 and sha3: 224, 256, 384 or 512;\n\
                          with --check, each line's by default; for\n\
                          blake3, shake128 and shake256: up to 4096,\n\
                          by default 256, 256 and 512)\n\
", stdout);
  fputs (recursive_help, stdout);
  fputs ("\
      --raw             emit a raw binary digest, not hexadecimal\n\
      --tag             create a BSD-style checksum (the default)\n\
  -t, --text            with --untagged, read in text mode (the default)\n\
      --untagged        create a reversed style checksum, without digest type\n\
", stdout);
  usage_check_options ();
  fputs ("\
      --debug           indicate which implementation used\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
\n\
DIGEST determines the digest algorithm and default output format:\n\
  sysv      (equivalent to sum -s)\n\
  bsd       (equivalent to sum -r)\n\
  crc       (equivalent to cksum)\n\
  crc32b    (only available through cksum)\n\
  md5       (equivalent to md5sum)\n\
  sha1      (equivalent to sha1sum)\n\
  sha2      (equivalent to sha{224,256,384,512}sum)\n\
  sha3      (only available through cksum)\n\
  blake2b   (equivalent to b2sum)\n\
  sm3       (only available through cksum)\n\
\n\
DIGEST may also be sha224, sha256, sha384 or sha512, as in GNU's cksum\n\
(sha2 with that --length), or one of Brisk's own: blake3 (equivalent to\n\
b3sum, whose --length is in bytes), shake128 and shake256 (as in uutils'\n\
cksum), md2 and md4 (equivalent to md2sum, md4sum).\n\
\n\
When checking, the input should be a former output of this program,\n\
or equivalent standalone program.\n\
", stdout);
}

/* b3sum's --help: the BLAKE3 team's options, then Brisk's.  */
static void
usage_b3sum (void)
{
  fputs ("\
Print or check BLAKE3 checksums, as the BLAKE3 team's b3sum does.\n\
\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
  -c, --check           read BLAKE3 sums from the FILEs and check them\n\
      --derive-key=CONTEXT  use the key derivation mode, with the context\n\
                          string CONTEXT; not with --keyed\n\
      --keyed           use the keyed mode; the key is read from standard\n\
                          input, and must be exactly 32 raw bytes\n\
  -l, --length=LEN      the number of output bytes, before hex encoding\n\
                          (default 32, at most 512)\n\
      --no-mmap         hash each file on one thread, as b3sum does\n\
                          (Brisk never maps files)\n\
      --no-names        omit file names in the output\n\
      --num-threads=NUM  hash a regular file of 8 MiB or more on NUM\n\
                          threads (default and 0: one per CPU); -j is the\n\
                          number of files hashed at a time, each then on\n\
                          one thread\n\
      --quiet           with --check, don't print OK for each verified file\n\
      --raw             write the raw output bytes, not hex; implies\n\
                          --no-names, and takes one FILE only\n\
      --seek=SEEK       the starting output byte offset, before hex encoding\n\
      --tag             output BSD-style checksums: BLAKE3 (FILE) = HASH\n\
", stdout);
  fputs (progress_help, stdout);
  fputs (threads_help, stdout);
  fputs (recursive_help, stdout);
  fputs ("\
  -z, --zero            end each output line with NUL, not newline,\n\
                          and disable file name escaping\n\
      --audit=DIR       with --check, then walk DIR as -r does, and report\n\
                          each regular file that no line lists as NEW\n\
      --debug           print which hash implementation is used, to stderr\n\
  -h, --help            display this help and exit\n\
  -V, --version         output version information and exit\n\
\n\
The output and the check lines are b3sum's: \"HASH  FILE\"; a file name that\n\
holds a backslash or newline is escaped (\\\\, \\n) and its line starts with\n\
a backslash; bytes of a name that are not UTF-8 are written as U+FFFD, and\n\
such a line is refused by --check, as b3sum refuses it.\n\
", stdout);
}

/* sum's --help.  */
static void
usage_sum (void)
{
  fputs ("\
Print or check BSD (16-bit) checksums.\n\
\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
  -r              use BSD sum algorithm (the default), use 1K blocks\n\
  -s, --sysv      use System V sum algorithm, use 512 bytes blocks\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
", stdout);
}

/* The --help of md5sum and the other *sum tools, whose algorithm is
   ALGO, b2sum's with -l.  */
static void
usage_digest (const struct digest_algo *algo)
{
  printf ("Print or check %s (%zu-bit) checksums.\n\n", algo->bsd_tag,
          algo->digest_size * 8);
  fputs ("With no FILE, or when FILE is -, read standard input.\n", stdout);
  if (algo->max_size)
    fputs ("\n\
Mandatory arguments to long options are mandatory for short options too.\n\
", stdout);
  fputs ("\
  -b, --binary          read in binary mode\n\
  -c, --check           read checksums from the FILEs and check them\n\
", stdout);
  fputs (progress_help, stdout);
  fputs (threads_help, stdout);
  if (algo->max_size)
    fputs (length_help, stdout);
  fputs (recursive_help, stdout);
  fputs ("\
      --tag             create a BSD-style checksum\n\
  -t, --text            read in text mode (default)\n\
", stdout);
  usage_check_options ();
  fputs ("\
      --debug       print which hash implementation is used, to stderr\n\
      --help        display this help and exit\n\
      --version     output version information and exit\n\
", stdout);
  printf ("\nThe sums are computed as described in %s.\n",
          algo_standard (algo));
  fputs ("\
When checking, the input should be a former output of this program.\n\
The default mode is to print a line with: checksum, a space,\n\
a character indicating input mode ('*' for binary, ' ' for text\n\
or where binary is insignificant), and name for each FILE.\n\
\n\
Note: There is no difference between binary mode and text mode on GNU systems.\n\
", stdout);
}

/* Print the help text of this tool, whose algorithm by default is
   ALGO, to stdout, or the "Try --help" hint to stderr, and exit with
   STATUS.  */
_Noreturn void
usage (int status, const struct digest_algo *algo)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf ("Usage: %s [OPTION]... [FILE]...\n", program_name);
  if (digest_tool.cksum)
    usage_cksum ();
  else if (digest_tool.sum)
    usage_sum ();
  else if (digest_tool.b3sum)
    usage_b3sum ();
  else
    usage_digest (algo);
  usage_brisk ();
  print_help_manual (digest_tool.program);
  exit (status);
}
