/* cpu-features.c -- read cpuid and xgetbv once, answer from a cache.  */

#include "cpu-features.h"

#include <stdatomic.h>

#if defined __x86_64__ || defined __i386__
# include <cpuid.h>
# if defined __has_include
#  if __has_include (<sys/platform/x86.h>)
#   include <sys/platform/x86.h>
#   define HAVE_GLIBC_X86_FEATURES 1
#  endif
# endif
#endif

/* One bit per feature in the cache.  CPU_KNOWN is set once the other
   bits are valid, so a cache of 0 means "not read yet".  */
enum
{
  CPU_KNOWN = 1u << 0,
  CPU_SSSE3 = 1u << 1,
  CPU_SSE41 = 1u << 2,
  CPU_AVX2 = 1u << 3,
  CPU_BMI1 = 1u << 4,
  CPU_BMI2 = 1u << 5,
  CPU_SHA = 1u << 6,
  CPU_ZEN3 = 1u << 7,
  CPU_AVX512F = 1u << 8,
  CPU_AVX512BW = 1u << 9,
  CPU_AVX512VL = 1u << 10,
  CPU_PCLMUL = 1u << 11,
  CPU_VPCLMULQDQ = 1u << 12,
  CPU_ZEN5 = 1u << 13,
  CPU_AVX512VBMI2 = 1u << 14
};

#if defined __x86_64__ || defined __i386__

/* Register bits, from the Intel SDM vol. 2A, CPUID.  */
enum
{
  LEAF1_ECX_PCLMUL = 1u << 1,
  LEAF1_ECX_SSSE3 = 1u << 9,
  LEAF1_ECX_SSE41 = 1u << 19,
  LEAF1_ECX_OSXSAVE = 1u << 27,
  LEAF1_ECX_AVX = 1u << 28,
  LEAF7_EBX_BMI1 = 1u << 3,
  LEAF7_EBX_AVX2 = 1u << 5,
  LEAF7_EBX_BMI2 = 1u << 8,
  LEAF7_EBX_AVX512F = 1u << 16,
  LEAF7_EBX_SHA = 1u << 29,
  LEAF7_EBX_AVX512BW = 1u << 30,
  LEAF7_EBX_AVX512VL = 1u << 31,
  LEAF7_ECX_AVX512VBMI2 = 1u << 6,
  LEAF7_ECX_VPCLMULQDQ = 1u << 10,
  XCR0_SSE = 1u << 1,           /* the OS saves the XMM registers */
  XCR0_AVX = 1u << 2,           /* ... and the upper halves of YMM */
  XCR0_OPMASK = 1u << 5,        /* ... and AVX-512's k0 .. k7 */
  XCR0_ZMM_HI256 = 1u << 6,     /* ... the upper halves of ZMM0 .. 15 */
  XCR0_HI16_ZMM = 1u << 7       /* ... and ZMM16 .. ZMM31 */
};

/* Return the low 32 bits of extended control register 0.  Only valid
   when CPUID reports OSXSAVE; xgetbv faults otherwise.  */
static unsigned int
cpu_xcr0 (void)
{
  unsigned int eax, edx;
  __asm__ ("xgetbv" : "=a" (eax), "=d" (edx) : "c" (0));
  return eax;
}

/* Return the family of an AMD CPU, or 0 for other vendors' CPUs.  The
   family is the base family plus the extended one (AMD's CPUID
   specification, leaf 1 EAX).  */
static unsigned int
cpu_amd_family (void)
{
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid (0, &eax, &ebx, &ecx, &edx)
      || !(ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163)
      || !__get_cpuid (1, &eax, &ebx, &ecx, &edx))
    return 0;
  return ((eax >> 8) & 0xf) + ((eax >> 20) & 0xff);
}

/* Return the CPU_ZEN3 or CPU_ZEN5 bit that CPUID calls for, or 0:
   AMD family 19h without AVX-512 is a Zen 3 (family 19h's Zen 4 models
   have AVX-512), family 1Ah a Zen 5.  LEAF7_EBX: leaf 7's EBX.  */
static unsigned int
cpu_probe_zen (unsigned int leaf7_ebx)
{
  unsigned int family = cpu_amd_family ();
  if (family == 0x19 && !(leaf7_ebx & LEAF7_EBX_AVX512F))
    return CPU_ZEN3;
  return family == 0x1a ? CPU_ZEN5 : 0;
}

/* Return the CPU_AVX512* bits that LEAF7_EBX and LEAF7_ECX (leaf 7's
   EBX and ECX) report,
   if AVX2 is usable (AVX2, the CPU_* bits so far) and the OS saves the
   whole AVX-512 state (XCR0, from cpu_xcr0): the opmask registers and
   all 32 ZMM registers in full.  Else return 0.  */
static unsigned int
cpu_probe_avx512 (unsigned int avx2, unsigned int leaf7_ebx,
                  unsigned int leaf7_ecx, unsigned int xcr0)
{
  unsigned int zmm_os = XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;
  unsigned int bits = 0;
  if (!(avx2 & CPU_AVX2) || (xcr0 & zmm_os) != zmm_os
      || !(leaf7_ebx & LEAF7_EBX_AVX512F))
    return 0;
  bits |= CPU_AVX512F;
  if (leaf7_ebx & LEAF7_EBX_AVX512BW)
    bits |= CPU_AVX512BW;
  if (leaf7_ebx & LEAF7_EBX_AVX512VL)
    bits |= CPU_AVX512VL;
  if (leaf7_ecx & LEAF7_ECX_AVX512VBMI2)
    bits |= CPU_AVX512VBMI2;
  return bits;
}

#ifdef HAVE_GLIBC_X86_FEATURES
/* Return true if glibc counts the feature INDEX (x86_cpu_*) active: its
   CPU_FEATURE_ACTIVE, but with an unsigned shift, as glibc 2.36's own
   shifts the int 1 into the sign bit for bit 31 (AVX512VL), which
   UndefinedBehaviorSanitizer stops.  */
static bool
cpu_glibc_active (unsigned int index)
{
  enum { BITS = 8 * sizeof (unsigned int) };
  const struct cpuid_feature *f
    = __x86_get_cpuid_feature_leaf (index / (BITS * 4));
  unsigned int reg = index % (BITS * 4);
  return (f->active_array[reg / BITS] >> (reg % BITS)) & 1u;
}
#endif

/* Clear from the cpuid registers *LEAF1_ECX, *LEAF7_EBX and *LEAF7_ECX
   the features that glibc (2.33 and later) does not count as active:
   those that GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-AVX512F,... turns
   off, which GNU coreutils 9.8 honours too.  Before the OS checks, so
   that what depends on a feature goes with it (AVX-512 with AVX2).  */
static void
cpu_tunables (unsigned int *leaf1_ecx, unsigned int *leaf7_ebx,
              unsigned int *leaf7_ecx)
{
#ifdef HAVE_GLIBC_X86_FEATURES
  /* Clear BIT in the register REG unless glibc counts FEATURE active.  */
# define CPU_TUNABLE(feature, reg, bit) \
  if (!cpu_glibc_active (x86_cpu_##feature)) \
    *(reg) &= ~(bit)
  CPU_TUNABLE (SSSE3, leaf1_ecx, LEAF1_ECX_SSSE3);
  CPU_TUNABLE (SSE4_1, leaf1_ecx, LEAF1_ECX_SSE41);
  CPU_TUNABLE (PCLMULQDQ, leaf1_ecx, LEAF1_ECX_PCLMUL);
  CPU_TUNABLE (AVX, leaf1_ecx, LEAF1_ECX_AVX);
  CPU_TUNABLE (BMI1, leaf7_ebx, LEAF7_EBX_BMI1);
  CPU_TUNABLE (BMI2, leaf7_ebx, LEAF7_EBX_BMI2);
  CPU_TUNABLE (AVX2, leaf7_ebx, LEAF7_EBX_AVX2);
  CPU_TUNABLE (SHA, leaf7_ebx, LEAF7_EBX_SHA);
  CPU_TUNABLE (AVX512F, leaf7_ebx, LEAF7_EBX_AVX512F);
  CPU_TUNABLE (AVX512BW, leaf7_ebx, LEAF7_EBX_AVX512BW);
  CPU_TUNABLE (AVX512VL, leaf7_ebx, LEAF7_EBX_AVX512VL);
  CPU_TUNABLE (AVX512_VBMI2, leaf7_ecx, LEAF7_ECX_AVX512VBMI2);
  CPU_TUNABLE (VPCLMULQDQ, leaf7_ecx, LEAF7_ECX_VPCLMULQDQ);
# undef CPU_TUNABLE
#else
  (void) leaf1_ecx, (void) leaf7_ebx, (void) leaf7_ecx;
#endif
}

/* Query the CPU and return the CPU_* bits it supports, with CPU_KNOWN
   set.  AVX2 counts only if the OS has enabled the YMM state, AVX-512
   only if it has also enabled the opmask and ZMM states.  */
static unsigned int
cpu_probe (void)
{
  unsigned int eax, ebx, ecx, edx;
  unsigned int leaf1_ecx = 0, leaf7_ebx = 0, leaf7_ecx = 0, xcr0 = 0;
  unsigned int bits = CPU_KNOWN;

  if (__get_cpuid_count (1, 0, &eax, &ebx, &ecx, &edx))
    leaf1_ecx = ecx;
  /* __get_cpuid_count returns 0 if the CPU has no leaf 7.  */
  if (__get_cpuid_count (7, 0, &eax, &ebx, &ecx, &edx))
    {
      leaf7_ebx = ebx;
      leaf7_ecx = ecx;
    }
  if (leaf1_ecx & LEAF1_ECX_OSXSAVE)
    xcr0 = cpu_xcr0 ();
  /* The model, for the Zen bits, is what cpuid says.  */
  unsigned int model_leaf7_ebx = leaf7_ebx;
  cpu_tunables (&leaf1_ecx, &leaf7_ebx, &leaf7_ecx);

  if (leaf1_ecx & LEAF1_ECX_SSSE3)
    bits |= CPU_SSSE3;
  if (leaf1_ecx & LEAF1_ECX_SSE41)
    bits |= CPU_SSE41;
  if (leaf7_ebx & LEAF7_EBX_BMI1)
    bits |= CPU_BMI1;
  if (leaf7_ebx & LEAF7_EBX_BMI2)
    bits |= CPU_BMI2;
  if (leaf7_ebx & LEAF7_EBX_SHA)
    bits |= CPU_SHA;
  if (leaf1_ecx & LEAF1_ECX_PCLMUL)
    bits |= CPU_PCLMUL;
  /* Only on YMM or ZMM registers: the instruction set that goes with
     it says whether the OS saves them.  */
  if (leaf7_ecx & LEAF7_ECX_VPCLMULQDQ)
    bits |= CPU_VPCLMULQDQ;

  unsigned int ymm_os = XCR0_SSE | XCR0_AVX;
  if ((leaf1_ecx & LEAF1_ECX_AVX) && (leaf7_ebx & LEAF7_EBX_AVX2)
      && (xcr0 & ymm_os) == ymm_os)
    bits |= CPU_AVX2;
  bits |= cpu_probe_avx512 (bits, leaf7_ebx, leaf7_ecx, xcr0);
  bits |= cpu_probe_zen (model_leaf7_ebx);
  return bits;
}

#else

/* Not x86: nothing to use.  */
static unsigned int
cpu_probe (void)
{
  return CPU_KNOWN;
}

#endif

/* Return the cached CPU_* bits, probing on the first call.  Threads
   that race here all compute and store the same value, so relaxed
   atomics are enough.  */
static unsigned int
cpu_bits (void)
{
  static atomic_uint cache;
  unsigned int bits = atomic_load_explicit (&cache, memory_order_relaxed);
  if (bits == 0)
    {
      bits = cpu_probe ();
      atomic_store_explicit (&cache, bits, memory_order_relaxed);
    }
  return bits;
}

/* Return true if the CPU has SSSE3 (pshufb).  */
bool
cpu_has_ssse3 (void)
{
  return cpu_bits () & CPU_SSSE3;
}

/* Return true if the CPU has SSE4.1.  */
bool
cpu_has_sse41 (void)
{
  return cpu_bits () & CPU_SSE41;
}

/* Return true if the CPU has AVX2 and the OS saves the YMM registers
   (CPUID.OSXSAVE, then XCR0 bits 1 and 2).  */
bool
cpu_has_avx2 (void)
{
  return cpu_bits () & CPU_AVX2;
}

/* Return true if the CPU is an AMD Zen 3, where some cores were tuned
   and others, faster elsewhere, are slower.  */
bool
cpu_is_zen3 (void)
{
  return cpu_bits () & CPU_ZEN3;
}

/* Return true if the CPU is an AMD Zen 5, whose simple vector integer
   instructions take 2 cycles where Zen 4's and Intel's take 1: there a
   hash whose rounds are one chain of dependent steps runs faster on
   the general registers than on vectors.  */
bool
cpu_is_zen5 (void)
{
  return cpu_bits () & CPU_ZEN5;
}

/* Return true if the CPU has BMI1 (andn, blsr, ...).  */
bool
cpu_has_bmi1 (void)
{
  return cpu_bits () & CPU_BMI1;
}

/* Return true if the CPU has BMI2 (rorx, shlx, ...).  */
bool
cpu_has_bmi2 (void)
{
  return cpu_bits () & CPU_BMI2;
}

/* Return true if the CPU has the SHA extensions (CPUID.7.0:EBX.SHA).
   The *_shani cores also use SSSE3 and SSE4.1: their available()
   should test those too.  */
bool
cpu_has_shani (void)
{
  return cpu_bits () & CPU_SHA;
}

/* Return true if the CPU has AVX-512 Foundation and the OS saves the
   opmask and the full ZMM state (XCR0 bits 5, 6 and 7, with 1 and 2
   for AVX2, which this also requires).  */
bool
cpu_has_avx512f (void)
{
  return cpu_bits () & CPU_AVX512F;
}

/* Return true if cpu_has_avx512f and the CPU has AVX-512BW (byte and
   word elements: vpshufb on ZMM, ...).  */
bool
cpu_has_avx512bw (void)
{
  return cpu_bits () & CPU_AVX512BW;
}

/* Return true if cpu_has_avx512f and the CPU has AVX-512VL (the
   AVX-512 instructions on XMM and YMM registers).  */
bool
cpu_has_avx512vl (void)
{
  return cpu_bits () & CPU_AVX512VL;
}

/* Return true if cpu_has_avx512f and the CPU has AVX-512 VBMI2 (the
   funnel shifts vpshldw and vpshrdw, ...).  */
bool
cpu_has_avx512vbmi2 (void)
{
  return cpu_bits () & CPU_AVX512VBMI2;
}

/* Return true if the CPU has PCLMULQDQ (carry-less multiplication of
   64-bit halves of XMM registers).  */
bool
cpu_has_pclmul (void)
{
  return cpu_bits () & CPU_PCLMUL;
}

/* Return true if the CPU has VPCLMULQDQ (PCLMULQDQ on each 128-bit lane
   of YMM and ZMM registers).  It runs only where cpu_has_avx2 (YMM) or
   cpu_has_avx512f (ZMM) is true too: check the one the code needs.  */
bool
cpu_has_vpclmulqdq (void)
{
  return cpu_bits () & CPU_VPCLMULQDQ;
}
