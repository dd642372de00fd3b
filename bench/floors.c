/* floors.c -- the least work a tool could do for two of the benchmarks,
   so that a target can be set beside what the machine allows.

   Usage:
     bench/floors open-read FILE...
       Opens each FILE, reads it into a 64 KiB buffer until a read
       returns 0, and closes it: for a small file, the four system
       calls a hashing tool cannot do without (no hashing, no output).
       bench/many-compare runs it under bench/maxrss for the CPU time
       of a small file.
     bench/floors write-pieces TOTAL PIECE DIR
       Writes TOTAL MiB of one buffer already in memory into new files
       of PIECE MiB in DIR (DIR/p0, DIR/p1, ...), in writes of 128 KiB:
       what any split -b must at least do where the pieces cannot share
       the input's blocks (tmpfs, ext4), without reading the input.
       bench/split-compare times it beside split -b.
     bench/floors chain OPS BLOCK FILE
       Reads FILE as floors open-read does (in reads of 128 KiB) and, for
       each BLOCK bytes of it, runs a chain of OPS dependent one-cycle
       instructions (add, xor, rotate by a constant) on one register,
       seeded by the block's first word: what a hash whose block is
       one chain of OPS such steps costs at the least on this CPU, with
       the reading.  BLAKE2b is 24 steps of a G whose chain is 12 such
       instructions long (12 rounds of a column step and a diagonal
       step; the four G of a step run side by side): bench/cksum-compare
       times `chain 288 128 FILE` beside b2sum.
     bench/floors alu OPS BLOCK FILE
       Reads FILE as chain does and, for each BLOCK bytes, runs OPS
       (rounded down to a multiple of 112) one-cycle instructions in
       the proportions of BLAKE2b's G (6 additions, 4 xors, 4 rotations)
       spread over 8 independent chains: what that many instructions
       cost at the rate the CPU's ALUs take them, with the reading.  A
       block of BLAKE2b is 96 G of 14 such instructions, 1,344: where
       that rate is near 1,344 / 288 a cycle, as on a Zen 5 (6 ALUs,
       fewer of them rotating), the ALUs bound the hash as tightly as
       its chain does, and no schedule reaches either floor;
       bench/cksum-compare times `alu 1344 128 FILE` beside b2sum.

   Exit status: 0, or 1 with a message if a call fails.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum
{
  READ_SIZE = 64 * 1024,
  WRITE_SIZE = 128 * 1024,
  MIB = 1024 * 1024
};

static char buf[WRITE_SIZE > READ_SIZE ? WRITE_SIZE : READ_SIZE];

/* Report the failure of WHAT on NAME, with errno, and exit 1.  */
static void
die (const char *what, const char *name)
{
  fprintf (stderr, "floors: %s %s: %s\n", what, name, strerror (errno));
  exit (1);
}

/* Open, read to the end and close each of the N files NAMES.  */
static void
open_read (char **names, int n)
{
  for (int i = 0; i < n; i++)
    {
      int fd = open (names[i], O_RDONLY);
      if (fd < 0)
        die ("open", names[i]);
      ssize_t r;
      while ((r = read (fd, buf, READ_SIZE)) > 0)
        continue;
      if (r < 0)
        die ("read", names[i]);
      if (close (fd) != 0)
        die ("close", names[i]);
    }
}

/* Write TOTAL bytes of BUF into new files of PIECE bytes in DIR.  */
static void
write_pieces (long long total, long long piece, const char *dir)
{
  memset (buf, 'x', sizeof buf);
  char name[4096];
  for (long long done = 0, k = 0; done < total; k++)
    {
      snprintf (name, sizeof name, "%s/p%lld", dir, k);
      int fd = open (name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0)
        die ("open", name);
      for (long long in_piece = 0; in_piece < piece && done < total;)
        {
          long long left = piece - in_piece;
          size_t len = left < WRITE_SIZE ? left : WRITE_SIZE;
          if (total - done < (long long) len)
            len = total - done;
          ssize_t w = write (fd, buf, len);
          if (w <= 0)
            die ("write", name);
          in_piece += w;
          done += w;
        }
      if (close (fd) != 0)
        die ("close", name);
    }
}

/* A chain of OPS (rounded down to a multiple of 4) dependent one-cycle
   instructions on X[0], seeded by W.  */
static inline void
chain (uint64_t w, long ops, uint64_t x[8])
{
  for (long i = 0; i < ops / 4; i++)
#if defined __x86_64__ && defined __GNUC__
    __asm__ ("add %1, %0\n\txor %1, %0\n\trol $17, %0\n\tadd %1, %0"
             : "+r" (x[0]) : "r" (w));
#else
    x[0] = ((x[0] + w) ^ w) << 17 | ((x[0] + w) ^ w) >> 47, x[0] += w;
#endif
}

#if defined __x86_64__ && defined __GNUC__
/* One instruction on each of the 8 chains %0..%7; INS takes the chain
   last ("add %8, ").  */
# define ON8(ins)                                                       \
  ins "%0\n\t" ins "%1\n\t" ins "%2\n\t" ins "%3\n\t"                \
  ins "%4\n\t" ins "%5\n\t" ins "%6\n\t" ins "%7\n\t"
/* The 14 instructions of a G on each chain, in G's order.  */
# define G8                                                             \
  ON8 ("add %8, ") ON8 ("add %8, ") ON8 ("xor %8, ") ON8 ("ror $32, ")  \
  ON8 ("add %8, ") ON8 ("xor %8, ") ON8 ("ror $24, ")                   \
  ON8 ("add %8, ") ON8 ("add %8, ") ON8 ("xor %8, ") ON8 ("ror $16, ")  \
  ON8 ("add %8, ") ON8 ("xor %8, ") ON8 ("ror $63, ")
#endif

/* OPS (rounded down to a multiple of 112) one-cycle instructions in
   G's proportions on the 8 independent chains X, seeded by W.  */
static inline void
alu (uint64_t w, long ops, uint64_t x[8])
{
  for (long i = 0; i < ops / 112; i++)
#if defined __x86_64__ && defined __GNUC__
    __asm__ (G8
             : "+r" (x[0]), "+r" (x[1]), "+r" (x[2]), "+r" (x[3]),
               "+r" (x[4]), "+r" (x[5]), "+r" (x[6]), "+r" (x[7])
             : "r" (w));
#else
    for (int k = 0; k < 8; k++)
      x[k] = (x[k] + w) ^ w, x[k] = x[k] << 17 | x[k] >> 47;
#endif
}

/* Read the file NAME in reads of 128 KiB and, for each BLOCK bytes of
   it, run OPS instructions seeded by the block's first word: alu's if
   WIDE, else chain's.  Print the xor of the chains, so that nothing
   can be left out.  */
static void
each_block (const char *name, long block, long ops, bool wide)
{
  static unsigned char rbuf[128 * 1024];
  uint64_t x[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  int fd = open (name, O_RDONLY);
  if (fd < 0)
    die ("open", name);
  ssize_t r;
  while ((r = read (fd, rbuf, sizeof rbuf)) > 0)
    for (ssize_t at = 0; at + block <= r; at += block)
      {
        uint64_t w;
        memcpy (&w, rbuf + at, sizeof w);
        if (wide)
          alu (w, ops, x);
        else
          chain (w, ops, x);
      }
  if (r < 0)
    die ("read", name);
  if (close (fd) != 0)
    die ("close", name);
  printf ("%016llx\n", (unsigned long long) (x[0] ^ x[1] ^ x[2] ^ x[3]
                                             ^ x[4] ^ x[5] ^ x[6]
                                             ^ x[7]));
}

int
main (int argc, char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "open-read") == 0)
    open_read (argv + 2, argc - 2);
  else if (argc == 5 && strcmp (argv[1], "write-pieces") == 0)
    write_pieces (atoll (argv[2]) * MIB, atoll (argv[3]) * MIB, argv[4]);
  else if (argc == 5 && strcmp (argv[1], "chain") == 0
           && atol (argv[2]) > 0 && atol (argv[3]) >= 8)
    each_block (argv[4], atol (argv[3]), atol (argv[2]), false);
  else if (argc == 5 && strcmp (argv[1], "alu") == 0
           && atol (argv[2]) > 0 && atol (argv[3]) >= 8)
    each_block (argv[4], atol (argv[3]), atol (argv[2]), true);
  else
    {
      fputs ("usage: floors open-read FILE...\n"
             "       floors write-pieces TOTAL_MIB PIECE_MIB DIR\n"
             "       floors chain OPS BLOCK FILE\n"
             "       floors alu OPS BLOCK FILE\n",
             stderr);
      return 1;
    }
  return 0;
}
