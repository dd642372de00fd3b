/* fastcopy.h -- memcpy for large blocks, with non-temporal stores.

   fast_memcpy copies like memcpy.  From FAST_MEMCPY_CUTOFF bytes up,
   and when AVX2 was built (HAVE_ISA_AVX2) and this CPU and OS can run
   it (cpu_has_avx2), it copies with 32-byte loads and non-temporal
   (cache-bypassing) stores, lib/fastcopy-avx2.c; otherwise, and below
   the cutoff, it calls memcpy.  The regions must not overlap; debug
   builds (without NDEBUG) assert it.

   The cutoff was chosen by the sweep bench/memcpy-sweep (run by
   bench/run): one source region copied again and again into one
   destination, best of 3 trials of 0.2 s CPU time each, GB/s =
   10^9 bytes per second.  On an AMD EPYC (Zen, 2 vCPUs, glibc 2.36,
   GCC 12), 2026-11-29:

     size      glibc GB/s  avx2-nt GB/s  avx2/glibc
        4 KiB       97.03          8.05        0.08
        8 KiB      105.52         14.29        0.14
       16 KiB      102.19         20.19        0.20
       32 KiB       60.03         23.64        0.39
       64 KiB       58.17         25.83        0.44
      128 KiB       58.19         26.86        0.46
      256 KiB       58.09         27.47        0.47
      512 KiB       47.68         27.91        0.59
        1 MiB       46.16         27.65        0.60
        2 MiB       45.90         27.87        0.61
        4 MiB       45.23         27.90        0.62
        8 MiB       37.36         27.81        0.74
       16 MiB       23.16         27.66        1.19
       32 MiB       14.59         22.57        1.55
       64 MiB       13.03         19.11        1.47
      128 MiB       12.75         18.71        1.47
      256 MiB       12.24         19.51        1.59
     implied cutoff:   16 MiB (16777216 bytes)

   Below 16 MiB both regions stay in the caches, where glibc's memcpy,
   with ordinary cached stores, is 1.3 to 12 times as fast: streaming
   stores send every byte to memory.
   From 16 MiB up the regions no longer fit the last-level cache and
   the streaming stores win by 9 to 19% at 16 MiB (two runs) and about
   50% from 32 MiB.  Hence 16 MiB.  A first run gave the same cutoff.

   Where Brisk uses it: nowhere yet, on purpose.  cat and tee move data
   with copy_file_range, splice or read and write, in the kernel; the
   digest path hashes the read buffer in place; the one user-space copy
   of file data, cat's formatting path (out_bytes in
   src/cat-tool/cat.c), copies at most one IO buffer (far below 16 MiB)
   that write() reads back at once, where cache-bypassing stores can
   only lose.  */

#ifndef BRISK_FASTCOPY_H
#define BRISK_FASTCOPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* See the table above: the SIMD path wins by > 5% from 16 MiB up.  */
#define FAST_MEMCPY_CUTOFF ((size_t) 16 << 20)

void *fast_memcpy (void *restrict dst, const void *restrict src, size_t n);

/* True if fast_memcpy_avx2 was built and this CPU and OS can run it.  */
bool fast_memcpy_avx2_available (void);

/* lib/fastcopy-avx2.c: the SIMD path, for any N, regardless of the
   cutoff.  Call it only when fast_memcpy_avx2_available () is true;
   tests and bench/memcpy-sweep call it directly.  */
void fast_memcpy_avx2 (void *restrict dst, const void *restrict src,
                       size_t n);

#endif
