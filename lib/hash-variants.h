/* hash-variants.h -- the accelerated compression functions.

   Each is defined in its own file, compiled with its own instruction
   set flags, and has the type of its family's *_blocks_fn; hash-impl
   lists it in front of "portable" when the CPU can run it (see
   cpu-features.h).  Call none of them unless that check passed.  */

#ifndef BRISK_HASH_VARIANTS_H
#define BRISK_HASH_VARIANTS_H

#include <stdbool.h>
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

/* lib/crc32-pclmul.c: PCLMULQDQ, SSSE3, SSE4.1.  The POSIX cksum CRC
   and crc32b.  */
uint32_t crc32_update_pclmul (uint32_t crc, const uint8_t *p, size_t len);
uint32_t crc32b_update_pclmul (uint32_t crc, const uint8_t *p, size_t len);

/* lib/crc32-vpclmul256.c: VPCLMULQDQ, PCLMULQDQ and AVX2 (with the YMM
   state enabled by the OS).  */
uint32_t crc32_update_vpclmul256 (uint32_t crc, const uint8_t *p,
                                  size_t len);
uint32_t crc32b_update_vpclmul256 (uint32_t crc, const uint8_t *p,
                                   size_t len);

/* lib/crc32-vpclmul512.c: VPCLMULQDQ, PCLMULQDQ, AVX-512F, AVX-512BW
   and AVX-512VL (with the opmask and ZMM state enabled by the OS).  */
uint32_t crc32_update_vpclmul512 (uint32_t crc, const uint8_t *p,
                                  size_t len);
uint32_t crc32b_update_vpclmul512 (uint32_t crc, const uint8_t *p,
                                   size_t len);
/* lib/sum-avx2.c: AVX2 (with the YMM state enabled by the OS); the
   update functions of the BSD and System V checksums (sum.h), over
   any length.  */
uint32_t bsd_sum_avx2 (uint32_t sum, const uint8_t *p, size_t len);
uint32_t bsd_sum_avx512 (uint32_t sum, const uint8_t *p, size_t len);
uint32_t sysv_sum_avx2 (uint32_t sum, const uint8_t *p, size_t len);
/* lib/blake2b-avx2.c: AVX2 (with the YMM state enabled by the OS).  */
void blake2b_blocks_avx2 (uint64_t h[8], uint64_t t[2], const uint8_t *p,
                          size_t nblocks, size_t last);

/* lib/blake2b-avx512.c: AVX-512F and AVX-512VL (with the opmask and
   ZMM state enabled by the OS).  */
void blake2b_blocks_avx512 (uint64_t h[8], uint64_t t[2],
                            const uint8_t *p, size_t nblocks, size_t last);

/* lib/blake2b-x86-64.S: x86-64 general registers only, in assembly;
   chosen on a Zen 5, whose renaming of stack memory it counts on for
   speed (not for its result).  */
void blake2b_blocks_x86_64 (uint64_t h[8], uint64_t t[2],
                            const uint8_t *p, size_t nblocks, size_t last);
/* lib/sha3-bmi.c: BMI1.  */
void sha3_blocks_bmi (uint64_t state[25], const uint8_t *p, size_t nblocks,
                      size_t rate);

/* BLAKE3's compression of N inputs side by side, blake3_many_fn
   (blake3.h): lib/blake3-avx512.c by 16, AVX-512F and AVX-512VL (with
   the opmask and ZMM state enabled by the OS); lib/blake3-avx2.c by 8,
   AVX2 (with the YMM state enabled by the OS); lib/blake3-sse41.c by
   4, SSSE3 and SSE4.1.  */
void blake3_many_avx512 (const uint8_t *const inputs[], size_t n,
                         size_t nblocks, const uint32_t key[8],
                         const uint64_t *counters, uint8_t flags,
                         uint8_t flag_start, uint8_t flag_end, uint8_t *out);
void blake3_many_avx2 (const uint8_t *const inputs[], size_t n,
                       size_t nblocks, const uint32_t key[8],
                       const uint64_t *counters, uint8_t flags,
                       uint8_t flag_start, uint8_t flag_end, uint8_t *out);
void blake3_many_sse41 (const uint8_t *const inputs[], size_t n,
                        size_t nblocks, const uint32_t key[8],
                        const uint64_t *counters, uint8_t flags,
                        uint8_t flag_start, uint8_t flag_end, uint8_t *out);

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
