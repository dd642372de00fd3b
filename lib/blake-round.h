/* blake-round.h -- the round shared by BLAKE2b and BLAKE3: G on the
   four columns of the 4x4 state, then on its four diagonals.  The
   portable cores of both include it; they differ in the word size,
   in G's rotations and in the order of the message words.  */

#ifndef BRISK_BLAKE_ROUND_H
#define BRISK_BLAKE_ROUND_H

/* One round on the state words v0 .. v15, with the mixing macro G and
   the message words M taken in the order of the 16 indices at S.  If
   S is a row of a static const table indexed by a constant, the
   indices are constants too.  */
#define BLAKE_ROUND(G, m, s)                                            \
  do                                                                    \
    {                                                                   \
      const uint8_t *s_ = (s);                                          \
      G (v0, v4, v8, v12, m[s_[0]], m[s_[1]]);                          \
      G (v1, v5, v9, v13, m[s_[2]], m[s_[3]]);                          \
      G (v2, v6, v10, v14, m[s_[4]], m[s_[5]]);                         \
      G (v3, v7, v11, v15, m[s_[6]], m[s_[7]]);                         \
      G (v0, v5, v10, v15, m[s_[8]], m[s_[9]]);                         \
      G (v1, v6, v11, v12, m[s_[10]], m[s_[11]]);                       \
      G (v2, v7, v8, v13, m[s_[12]], m[s_[13]]);                        \
      G (v3, v4, v9, v14, m[s_[14]], m[s_[15]]);                        \
    }                                                                   \
  while (0)

#endif
