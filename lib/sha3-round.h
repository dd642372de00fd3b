/* sha3-round.h -- Keccak-f[1600] over 25 scalar lanes, as macros.

   Included by lib/sha3.c (the portable core) and by lib/sha3-bmi.c,
   which builds the same code with BMI1's andn: the two differ only in
   their compiler flags.  Defines SHA3_BLOCKS_BODY, the whole body of
   an absorbing function of type sha3_blocks_fn.

   The lane at column X, row Y of FIPS 202 (X, Y in 0..4; lane index
   X + 5 Y of the state array) is the local variable aXY.  A round
   reads the lanes aXY and writes the lanes eXY, and the next reads
   eXY and writes aXY, so that nothing is copied between rounds.  */

#ifndef BRISK_SHA3_ROUND_H
#define BRISK_SHA3_ROUND_H

#include "sha3.h"

/* X rotated left by N, 0 <= N < 64; one rotate instruction.  */
static inline uint64_t
sha3_rol (uint64_t x, unsigned int n)
{
  return x << n | x >> ((64 - n) & 63);
}

/* Rho, pi, chi for output row Y: lane X of the row comes from input
   lane (xX, X), with theta's dxX XORed in, rotated by rX (FIPS 202
   3.2.2-3.2.4: output (X, Y) takes input (X + 3 Y mod 5, X)).  */
#define SHA3_ROW(A, E, Y, x0, x1, x2, x3, x4, r0, r1, r2, r3, r4)      \
  do                                                                    \
    {                                                                   \
      uint64_t b0 = sha3_rol (A##x0##0 ^ d##x0, r0);                    \
      uint64_t b1 = sha3_rol (A##x1##1 ^ d##x1, r1);                    \
      uint64_t b2 = sha3_rol (A##x2##2 ^ d##x2, r2);                    \
      uint64_t b3 = sha3_rol (A##x3##3 ^ d##x3, r3);                    \
      uint64_t b4 = sha3_rol (A##x4##4 ^ d##x4, r4);                    \
      E##0##Y = b0 ^ (~b1 & b2);                                        \
      E##1##Y = b1 ^ (~b2 & b3);                                        \
      E##2##Y = b2 ^ (~b3 & b4);                                        \
      E##3##Y = b3 ^ (~b4 & b0);                                        \
      E##4##Y = b4 ^ (~b0 & b1);                                        \
    }                                                                   \
  while (0)

/* The column parity of column X of A.  */
#define SHA3_PARITY(A, x) (A##x##0 ^ A##x##1 ^ A##x##2 ^ A##x##3 ^ A##x##4)

/* One round of Keccak-f[1600] from the lanes A to the lanes E, with
   round constant RC (FIPS 202 3.3: theta, then rho, pi and chi row by
   row, then iota).  */
#define SHA3_ROUND(A, E, rc)                                            \
  do                                                                    \
    {                                                                   \
      uint64_t c0 = SHA3_PARITY (A, 0), c1 = SHA3_PARITY (A, 1);        \
      uint64_t c2 = SHA3_PARITY (A, 2), c3 = SHA3_PARITY (A, 3);        \
      uint64_t c4 = SHA3_PARITY (A, 4);                                 \
      uint64_t d0 = c4 ^ sha3_rol (c1, 1), d1 = c0 ^ sha3_rol (c2, 1);  \
      uint64_t d2 = c1 ^ sha3_rol (c3, 1), d3 = c2 ^ sha3_rol (c4, 1);  \
      uint64_t d4 = c3 ^ sha3_rol (c0, 1);                              \
      SHA3_ROW (A, E, 0, 0, 1, 2, 3, 4, 0, 44, 43, 21, 14);             \
      SHA3_ROW (A, E, 1, 3, 4, 0, 1, 2, 28, 20, 3, 45, 61);             \
      SHA3_ROW (A, E, 2, 1, 2, 3, 4, 0, 1, 6, 25, 8, 18);               \
      SHA3_ROW (A, E, 3, 4, 0, 1, 2, 3, 27, 36, 10, 15, 56);            \
      SHA3_ROW (A, E, 4, 2, 3, 4, 0, 1, 62, 55, 39, 41, 2);             \
      E##00 ^= (rc);                                                    \
    }                                                                   \
  while (0)

/* Apply LANE to the state array S and each lane variable, as
   LANE (S, index, variable), in the order of the state array.  */
#define SHA3_LANES(LANE, S)                                             \
  LANE (S, 0, a00); LANE (S, 1, a10); LANE (S, 2, a20);                 \
  LANE (S, 3, a30); LANE (S, 4, a40); LANE (S, 5, a01);                 \
  LANE (S, 6, a11); LANE (S, 7, a21); LANE (S, 8, a31);                 \
  LANE (S, 9, a41); LANE (S, 10, a02); LANE (S, 11, a12);               \
  LANE (S, 12, a22); LANE (S, 13, a32); LANE (S, 14, a42);              \
  LANE (S, 15, a03); LANE (S, 16, a13); LANE (S, 17, a23);              \
  LANE (S, 18, a33); LANE (S, 19, a43); LANE (S, 20, a04);              \
  LANE (S, 21, a14); LANE (S, 22, a24); LANE (S, 23, a34);              \
  LANE (S, 24, a44)

#define SHA3_GET(s, i, v) uint64_t v = (s)[i]
#define SHA3_PUT(s, i, v) (s)[i] = v
#define SHA3_XOR(p, i, v) v ^= sha3_load64_le ((p) + 8 * (i))

/* The body of a sha3_blocks_fn with parameters STATE, P, NBLOCKS and
   RATE: the state lives in the 25 variables aXY (and eXY within the
   rounds) from the first block to the last.  Every rate is at least
   9 lanes; the larger ones add 4, 4, 1 and (SHAKE128's) 3 lanes in
   turn.  */
#define SHA3_BLOCKS_BODY                                                \
  SHA3_LANES (SHA3_GET, state);                                         \
  for (; nblocks != 0; nblocks--, p += rate)                            \
    {                                                                   \
      SHA3_XOR (p, 0, a00); SHA3_XOR (p, 1, a10); SHA3_XOR (p, 2, a20); \
      SHA3_XOR (p, 3, a30); SHA3_XOR (p, 4, a40); SHA3_XOR (p, 5, a01); \
      SHA3_XOR (p, 6, a11); SHA3_XOR (p, 7, a21); SHA3_XOR (p, 8, a31); \
      if (rate > SHA3_512_BLOCK_SIZE)                                   \
        {                                                               \
          SHA3_XOR (p, 9, a41); SHA3_XOR (p, 10, a02);                  \
          SHA3_XOR (p, 11, a12); SHA3_XOR (p, 12, a22);                 \
        }                                                               \
      if (rate > SHA3_384_BLOCK_SIZE)                                   \
        {                                                               \
          SHA3_XOR (p, 13, a32); SHA3_XOR (p, 14, a42);                 \
          SHA3_XOR (p, 15, a03); SHA3_XOR (p, 16, a13);                 \
        }                                                               \
      if (rate > SHA3_256_BLOCK_SIZE)                                   \
        SHA3_XOR (p, 17, a23);                                          \
      if (rate > SHA3_224_BLOCK_SIZE)                                   \
        {                                                               \
          SHA3_XOR (p, 18, a33); SHA3_XOR (p, 19, a43);                 \
          SHA3_XOR (p, 20, a04);                                        \
        }                                                               \
      for (int r_ = 0; r_ < 24; r_ += 2)                                \
        {                                                               \
          uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41;    \
          uint64_t e02, e12, e22, e32, e42, e03, e13, e23, e33, e43;    \
          uint64_t e04, e14, e24, e34, e44;                             \
          SHA3_ROUND (a, e, sha3_rc[r_]);                               \
          SHA3_ROUND (e, a, sha3_rc[r_ + 1]);                           \
        }                                                               \
    }                                                                   \
  SHA3_LANES (SHA3_PUT, state)

#endif
