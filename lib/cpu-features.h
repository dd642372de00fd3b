/* cpu-features.h -- what the CPU (and the OS) let the hash cores use.

   Each function answers from cpuid leaves 1 and 7 (subleaf 0) and,
   for AVX2 and AVX-512, from xgetbv; the answers are computed once and
   cached.  On other architectures than x86 every function returns false.  */

#ifndef BRISK_CPU_FEATURES_H
#define BRISK_CPU_FEATURES_H

#include <stdbool.h>

bool cpu_has_ssse3 (void);
bool cpu_has_sse41 (void);
bool cpu_has_avx2 (void);
bool cpu_has_bmi1 (void);
bool cpu_has_bmi2 (void);
bool cpu_has_shani (void);
bool cpu_has_avx512f (void);
bool cpu_has_avx512bw (void);
bool cpu_has_avx512vl (void);
bool cpu_has_avx512vbmi2 (void);
bool cpu_has_pclmul (void);
bool cpu_has_vpclmulqdq (void);
bool cpu_is_zen3 (void);
bool cpu_is_zen5 (void);

#endif
