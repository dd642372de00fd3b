/* hash-variants.h -- the accelerated compression functions.

   Each is defined in its own file, compiled with its own instruction
   set flags, and has the type of its family's *_blocks_fn; hash-impl
   lists it in front of "portable" when the CPU can run it (see
   cpu-features.h).  Call none of them unless that check passed.  */

#ifndef BRISK_HASH_VARIANTS_H
#define BRISK_HASH_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

/* lib/sha1-shani.c: SHA extensions, SSSE3, SSE4.1.  */
void sha1_blocks_shani (uint32_t state[5], const uint8_t *p, size_t nblocks);

/* lib/sha256-shani.c: SHA extensions, SSSE3, SSE4.1.  */
void sha256_blocks_shani (uint32_t state[8], const uint8_t *p,
                          size_t nblocks);

/* lib/sha512-avx512.c: AVX-512F and AVX-512VL (with the opmask and
   ZMM state enabled by the OS), BMI1 and BMI2.  */
void sha512_blocks_avx512 (uint64_t state[8], const uint8_t *p,
                           size_t nblocks);

/* lib/sha512-avx2-andn.c: AVX2 (with the YMM state enabled by the
   OS), BMI1 and BMI2.  */
void sha512_blocks_avx2 (uint64_t state[8], const uint8_t *p,
                         size_t nblocks);

/* lib/sha512-avx2.c: AVX2 (with the YMM state enabled by the OS) and
   BMI2; the round tuned on a Zen 3.  */
void sha512_blocks_avx2_zen3 (uint64_t state[8], const uint8_t *p,
                              size_t nblocks);

/* lib/sha256-avx2.c: AVX2 (with the YMM state enabled by the OS) and
   BMI2.  */
void sha256_blocks_avx2 (uint32_t state[8], const uint8_t *p,
                         size_t nblocks);

/* Multi-lane cores: several independent messages compressed side by
   side, for when several files are queued.  Each lane I advances by
   NBLOCKS whole blocks from its own data P[I] (any alignment) into its
   own state STATE[I], laid out as for the family's portable core; the
   number of lanes is fixed by the function's name.  The data of two
   lanes may be the same; their states must not overlap.  */

/* lib/sha256-lanes-shani.c: SHA extensions, SSSE3, SSE4.1; 64-byte
   blocks.  */
void sha256_x2_shani (uint32_t *const state[], const uint8_t *const p[],
                      size_t nblocks);
void sha256_x3_shani (uint32_t *const state[], const uint8_t *const p[],
                      size_t nblocks);

/* lib/sha512-lanes-avx2.c: AVX2 (with the YMM state enabled by the
   OS); 128-byte blocks.  */
void sha512_x4_avx2 (uint64_t *const state[], const uint8_t *const p[],
                     size_t nblocks);

/* lib/sha512-lanes-avx512.c: AVX-512F and AVX-512BW (with the opmask
   and ZMM state enabled by the OS); 128-byte blocks.  */
void sha512_x8_avx512 (uint64_t *const state[], const uint8_t *const p[],
                       size_t nblocks);

/* lib/sha1-lanes-shani.c: SHA extensions, SSSE3, SSE4.1; 64-byte
   blocks.  */
void sha1_x2_shani (uint32_t *const state[], const uint8_t *const p[],
                    size_t nblocks);
void sha1_x3_shani (uint32_t *const state[], const uint8_t *const p[],
                    size_t nblocks);

/* lib/sha1-lanes-avx2.c: AVX2 (with the YMM state enabled by the OS);
   64-byte blocks.  */
void sha1_x8_avx2 (uint32_t *const state[], const uint8_t *const p[],
                  size_t nblocks);

/* lib/md5-lanes-avx2.c, lib/md4-lanes-avx2.c: 16 lanes; AVX2 (with the
   YMM state enabled by the OS).  */
void md5_x16_avx2 (uint32_t *const state[], const uint8_t *const p[],
                   size_t nblocks);
void md4_x16_avx2 (uint32_t *const state[], const uint8_t *const p[],
                   size_t nblocks);

#endif
