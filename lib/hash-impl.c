/* hash-impl.c -- the tables of hash core variants, and the choice.  */

#include <config.h>

#include "hash-impl.h"

#include <errno.h>
#include <string.h>

#include "cpu-features.h"
#include "hash-variants.h"

#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

/* The available() of variants that every CPU can run.  */
static bool
hash_impl_always (void)
{
  return true;
}

/* Each table: best first, "portable" last.  Accelerated variants go in
   front of "portable", each with its own available().  */

#if HAVE_ISA_SHANI
/* The SHA-NI cores also use SSSE3 and SSE4.1 instructions.  */
static bool
hash_impl_shani (void)
{
  return cpu_has_shani () && cpu_has_ssse3 () && cpu_has_sse41 ();
}
#endif

#if HAVE_ISA_AVX2
/* The AVX2 cores also use BMI2's rorx.  */
static bool
hash_impl_avx2 (void)
{
  return cpu_has_avx2 () && cpu_has_bmi2 ();
}
#endif

static const struct hash_variant md2_variants[] = {
  { "portable", hash_impl_always, { .md2 = md2_blocks_portable }, NULL },
};

static const struct hash_variant md4_variants[] = {
  { "portable", hash_impl_always, { .md4 = md4_blocks_portable }, NULL },
};

static const struct hash_variant md5_variants[] = {
  { "portable", hash_impl_always, { .md5 = md5_blocks_portable }, NULL },
};

static const struct hash_variant sha1_variants[] = {
#if HAVE_ISA_SHANI
  { "shani", hash_impl_shani, { .sha1 = sha1_blocks_shani }, NULL },
#endif
  { "portable", hash_impl_always, { .sha1 = sha1_blocks_portable }, NULL },
};

static const struct hash_variant sha256_variants[] = {
#if HAVE_ISA_SHANI
  { "shani", hash_impl_shani, { .sha256 = sha256_blocks_shani }, NULL },
#endif
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2, { .sha256 = sha256_blocks_avx2 }, NULL },
#endif
  { "portable", hash_impl_always, { .sha256 = sha256_blocks_portable }, NULL },
};

#if HAVE_ISA_AVX2
/* sha512_blocks_avx2 also uses BMI1's andn.  */
static bool
hash_impl_avx2_bmi1 (void)
{
  return hash_impl_avx2 () && cpu_has_bmi1 ();
}

/* Whether sha512_blocks_avx2 beats sha512_blocks_avx2_zen3 here:
   everywhere but on the Zen 3 the latter was tuned on (see
   lib/sha512-avx2.c).  */
static bool
hash_impl_not_zen3 (void)
{
  return !cpu_is_zen3 ();
}
#endif

#if HAVE_ISA_AVX512
/* sha512_blocks_avx512: AVX-512VL on 256-bit vectors for the message
   schedule, BMI1 and BMI2 for the rounds.  */
static bool
hash_impl_avx512vl_bmi (void)
{
  return (cpu_has_avx512f () && cpu_has_avx512vl () && cpu_has_bmi1 ()
          && cpu_has_bmi2 ());
}
#endif

static const struct hash_variant sha512_variants[] = {
#if HAVE_ISA_AVX512
  { "avx512", hash_impl_avx512vl_bmi, { .sha512 = sha512_blocks_avx512 },
    NULL },
#endif
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2_bmi1, { .sha512 = sha512_blocks_avx2 },
    hash_impl_not_zen3 },
  { "avx2-zen3", hash_impl_avx2, { .sha512 = sha512_blocks_avx2_zen3 }, NULL },
#endif
  { "portable", hash_impl_always, { .sha512 = sha512_blocks_portable }, NULL },
};

#if HAVE_ISA_PCLMUL
/* The CRC folding cores byte-swap with SSSE3's pshufb and extract
   with SSE4.1.  */
static bool
hash_impl_pclmul (void)
{
  return cpu_has_pclmul () && cpu_has_ssse3 () && cpu_has_sse41 ();
}
#endif

#if HAVE_ISA_VPCLMUL256
/* The 256-bit CRC cores end on the 128-bit steps of the pclmul ones;
   AVX2 implies SSSE3 and SSE4.1.  */
static bool
hash_impl_vpclmul256 (void)
{
  return cpu_has_vpclmulqdq () && cpu_has_pclmul () && cpu_has_avx2 ();
}
#endif

#if HAVE_ISA_VPCLMUL512
/* The 512-bit CRC cores are compiled with AVX-512VL too, so the
   compiler may use its encodings for their 128-bit steps.  */
static bool
hash_impl_vpclmul512 (void)
{
  return (cpu_has_vpclmulqdq () && cpu_has_pclmul () && cpu_has_avx512f ()
          && cpu_has_avx512bw () && cpu_has_avx512vl ());
}
#endif

/* The two CRCs have the same variants, of the crc32_update_fn type.  */
static const struct hash_variant crc32_variants[] = {
#if HAVE_ISA_VPCLMUL512
  { "vpclmul512", hash_impl_vpclmul512,
    { .crc32 = crc32_update_vpclmul512 }, NULL },
#endif
#if HAVE_ISA_VPCLMUL256
  { "vpclmul256", hash_impl_vpclmul256,
    { .crc32 = crc32_update_vpclmul256 }, NULL },
#endif
#if HAVE_ISA_PCLMUL
  { "pclmul", hash_impl_pclmul, { .crc32 = crc32_update_pclmul }, NULL },
#endif
  { "portable", hash_impl_always, { .crc32 = crc32_update_portable }, NULL },
};

static const struct hash_variant crc32b_variants[] = {
#if HAVE_ISA_VPCLMUL512
  { "vpclmul512", hash_impl_vpclmul512,
    { .crc32 = crc32b_update_vpclmul512 }, NULL },
#endif
#if HAVE_ISA_VPCLMUL256
  { "vpclmul256", hash_impl_vpclmul256,
    { .crc32 = crc32b_update_vpclmul256 }, NULL },
#endif
#if HAVE_ISA_PCLMUL
  { "pclmul", hash_impl_pclmul, { .crc32 = crc32b_update_pclmul }, NULL },
#endif
  { "portable", hash_impl_always, { .crc32 = crc32b_update_portable },
    NULL },
};

static const struct hash_variant sm3_variants[] = {
  { "portable", hash_impl_always, { .sm3 = sm3_blocks_portable }, NULL },
};

#if HAVE_ISA_VBMI2
/* bsd_sum_avx512: ZMM vectors of 16-bit lanes, vpshrdw.  */
static bool
hash_impl_avx512vbmi2 (void)
{
  return (cpu_has_avx2 () && cpu_has_avx512f () && cpu_has_avx512bw ()
          && cpu_has_avx512vl () && cpu_has_avx512vbmi2 ());
}
#endif

static const struct hash_variant bsd_variants[] = {
#if HAVE_ISA_VBMI2
  { "avx512vbmi2", hash_impl_avx512vbmi2, { .bsd = bsd_sum_avx512 },
    NULL },
#endif
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2, { .bsd = bsd_sum_avx2 }, NULL },
#endif
  { "portable", hash_impl_always, { .bsd = bsd_sum_portable }, NULL },
};

static const struct hash_variant sysv_variants[] = {
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2, { .sysv = sysv_sum_avx2 }, NULL },
#endif
  { "portable", hash_impl_always, { .sysv = sysv_sum_portable }, NULL },
};

#if HAVE_ISA_AVX512
/* blake2b_blocks_avx512 works on YMM vectors with AVX-512VL's
   rotations, and gathers the message with AVX-512F on ZMM ones.  */
static bool
hash_impl_avx512vl (void)
{
  return cpu_has_avx512f () && cpu_has_avx512vl ();
}
#endif

#if HAVE_ISA_AVX2 || HAVE_ISA_AVX512
/* Whether the vector cores of BLAKE2b beat the general registers
   ("x86-64", "portable") here: not on a Zen 5, where a vector addition
   takes 2 cycles and a round, one chain of 12 dependent steps per G,
   runs faster on the general registers (see lib/blake2b-avx2.c).  */
static bool
hash_impl_not_zen5 (void)
{
  return !cpu_is_zen5 ();
}
#endif

static const struct hash_variant blake2b_variants[] = {
#if HAVE_ISA_AVX512
  { "avx512vl", hash_impl_avx512vl, { .blake2b = blake2b_blocks_avx512 },
    hash_impl_not_zen5 },
#endif
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2, { .blake2b = blake2b_blocks_avx2 },
    hash_impl_not_zen5 },
#endif
#if HAVE_ISA_X86_64
  /* It beats "portable" on a Zen 5, which renames the stack slot that
     it keeps v8 in (see lib/blake2b-x86-64.S); elsewhere its uses of
     that slot would wait on store forwarding (not measured there).  */
  { "x86-64", hash_impl_always, { .blake2b = blake2b_blocks_x86_64 },
    cpu_is_zen5 },
#endif
  { "portable", hash_impl_always, { .blake2b = blake2b_blocks_portable },
    NULL },
};

#if HAVE_ISA_BMI
/* sha3_blocks_bmi is the portable code built with BMI1's andn.  */
static bool
hash_impl_bmi1 (void)
{
  return cpu_has_bmi1 ();
}
#endif

static const struct hash_variant sha3_variants[] = {
#if HAVE_ISA_BMI
  { "bmi", hash_impl_bmi1, { .sha3 = sha3_blocks_bmi }, NULL },
#endif
  { "portable", hash_impl_always, { .sha3 = sha3_blocks_portable }, NULL },
};

#if HAVE_ISA_SSE41
/* blake3_many_sse41 rotates by bytes with SSSE3's pshufb.  */
static bool
hash_impl_sse41 (void)
{
  return cpu_has_ssse3 () && cpu_has_sse41 ();
}
#endif

static const struct hash_variant blake3_variants[] = {
#if HAVE_ISA_AVX512
  { "avx512", hash_impl_avx512vl, { .blake3 = blake3_many_avx512 }, NULL },
#endif
#if HAVE_ISA_AVX2
  { "avx2", hash_impl_avx2, { .blake3 = blake3_many_avx2 }, NULL },
#endif
#if HAVE_ISA_SSE41
  { "sse41", hash_impl_sse41, { .blake3 = blake3_many_sse41 }, NULL },
#endif
  { "portable", hash_impl_always, { .blake3 = blake3_many_portable }, NULL },
};

struct hash_family_info
{
  const char *name;
  const char *algos[7];   /* the digest_algos rows it serves, NULL-ended */
  const struct hash_variant *variants;
  size_t count;
};

static const struct hash_family_info families[HASH_FAMILY_COUNT] = {
  [HASH_MD2] = { "md2", { "md2" }, md2_variants, COUNTOF (md2_variants) },
  [HASH_MD4] = { "md4", { "md4" }, md4_variants, COUNTOF (md4_variants) },
  [HASH_MD5] = { "md5", { "md5" }, md5_variants, COUNTOF (md5_variants) },
  [HASH_SHA1] = { "sha1", { "sha1" }, sha1_variants,
                  COUNTOF (sha1_variants) },
  [HASH_SHA256] = { "sha256", { "sha224", "sha256" }, sha256_variants,
                    COUNTOF (sha256_variants) },
  [HASH_SHA512] = { "sha512", { "sha384", "sha512" }, sha512_variants,
                    COUNTOF (sha512_variants) },
  [HASH_CRC32] = { "crc", { "crc" }, crc32_variants,
                   COUNTOF (crc32_variants) },
  [HASH_CRC32B] = { "crc32b", { "crc32b" }, crc32b_variants,
                    COUNTOF (crc32b_variants) },
  [HASH_SM3] = { "sm3", { "sm3" }, sm3_variants, COUNTOF (sm3_variants) },
  [HASH_BSD] = { "bsd", { "bsd" }, bsd_variants, COUNTOF (bsd_variants) },
  [HASH_SYSV] = { "sysv", { "sysv" }, sysv_variants,
                  COUNTOF (sysv_variants) },
  [HASH_BLAKE2B] = { "blake2b", { "blake2b" }, blake2b_variants,
                     COUNTOF (blake2b_variants) },
  [HASH_SHA3] = { "sha3", { "sha3-224", "sha3-256", "sha3-384", "sha3-512",
                           "shake128", "shake256" },
                  sha3_variants, COUNTOF (sha3_variants) },
  [HASH_BLAKE3] = { "blake3", { "blake3" }, blake3_variants,
                    COUNTOF (blake3_variants) },
};

/* The variant in use for each family, or NULL before the first
   hash_impl_current.  Not locked: call hash_impl_current or
   hash_impl_force once before starting threads that hash.  */
static const struct hash_variant *chosen[HASH_FAMILY_COUNT];

/* Return true if FAMILY is one of the enum hash_family values.  */
static bool
hash_family_valid (enum hash_family family)
{
  return 0 <= (int) family && (int) family < HASH_FAMILY_COUNT;
}

/* Return the name of FAMILY ("md5", "sha256", ...), or NULL if FAMILY
   is not valid.  */
const char *
hash_family_name (enum hash_family family)
{
  return hash_family_valid (family) ? families[family].name : NULL;
}

/* Return the family whose compression function the digest_algos row
   named ALGO uses ("sha224" gives HASH_SHA256), or -1 with errno set
   to ENOENT if no family serves ALGO.  */
int
hash_family_of_algo (const char *algo)
{
  for (int f = 0; f < HASH_FAMILY_COUNT; f++)
    for (const char *const *a = families[f].algos; *a; a++)
      if (strcmp (*a, algo) == 0)
        return f;
  errno = ENOENT;
  return -1;
}

/* Return the table of variants of FAMILY, best first, ending with
   "portable", and store its length in *COUNT.  Some variants may not
   be available on this CPU: check their available().  If FAMILY is
   not valid, return NULL with errno set to EINVAL.  */
const struct hash_variant *
hash_impl_list (enum hash_family family, size_t *count)
{
  if (!hash_family_valid (family))
    {
      errno = EINVAL;
      return NULL;
    }
  *count = families[family].count;
  return families[family].variants;
}

/* Return the variant that new contexts of FAMILY use: the one forced
   by hash_impl_force, else the first one in the table that is
   available and suits this CPU, chosen once.  FAMILY must be
   valid.  */
const struct hash_variant *
hash_impl_current (enum hash_family family)
{
  if (!chosen[family])
    {
      const struct hash_family_info *info = &families[family];
      size_t i = 0;
      /* The last row, "portable", is always available.  */
      while (i + 1 < info->count
             && !(info->variants[i].available ()
                  && (!info->variants[i].suits
                      || info->variants[i].suits ())))
        i++;
      chosen[family] = &info->variants[i];
    }
  return chosen[family];
}

/* Make contexts of FAMILY initialised from now on use the variant
   called NAME; a NULL NAME goes back to the automatic choice.
   Contexts already initialised keep their variant.  Return 0, or -1
   with errno set to EINVAL if FAMILY is not valid, ENOENT if FAMILY
   has no variant called NAME, or ENOTSUP if this CPU cannot run it.  */
int
hash_impl_force (enum hash_family family, const char *name)
{
  if (!hash_family_valid (family))
    {
      errno = EINVAL;
      return -1;
    }
  const struct hash_family_info *info = &families[family];
  if (!name)
    {
      chosen[family] = NULL;
      return 0;
    }
  for (size_t i = 0; i < info->count; i++)
    if (strcmp (info->variants[i].name, name) == 0)
      {
        if (!info->variants[i].available ())
          {
            errno = ENOTSUP;
            return -1;
          }
        chosen[family] = &info->variants[i];
        return 0;
      }
  errno = ENOENT;
  return -1;
}
