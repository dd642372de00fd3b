/* hash-lanes.c -- the tables of multi-lane variants, and the choice.  */

#include <config.h>

#include "hash-lanes.h"

#include <errno.h>
#include <string.h>

#include "cpu-features.h"
#include "hash-variants.h"

#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

#if HAVE_ISA_AVX2
/* The AVX2 lane cores use nothing beyond AVX2.  */
static bool
hash_lanes_avx2 (void)
{
  return cpu_has_avx2 ();
}
#endif

#if HAVE_ISA_SHANI
/* The SHA-NI lane cores also use SSSE3 and SSE4.1 instructions.  */
static bool
hash_lanes_shani (void)
{
  return cpu_has_shani () && cpu_has_ssse3 () && cpu_has_sse41 ();
}
#endif

#if HAVE_ISA_AVX2
/* The AVX2 SHA lane cores are built with BMI2 allowed.  */
static bool
hash_lanes_avx2_bmi2 (void)
{
  return cpu_has_avx2 () && cpu_has_bmi2 ();
}
#endif

#if HAVE_ISA_AVX512
/* The AVX-512 lane cores use AVX-512F and AVX-512BW (vpshufb on ZMM);
   the file is built with AVX-512VL allowed too.  */
static bool
hash_lanes_avx512 (void)
{
  return cpu_has_avx512f () && cpu_has_avx512bw () && cpu_has_avx512vl ();
}
#endif

/* The BLAKE3 set needs nothing beyond hash-impl's core.  */
static bool
hash_lanes_always (void)
{
  return true;
}

/* Each table: best first.  A family with no variant has an empty
   table; the dummy row keeps the array from being empty, and COUNT
   below leaves it out.  */

/* The min_busy of the 16-lane MD4 and MD5 cores: bench/hashspeed
   --lanes measured them at 4.8 to 5.8 times the single stream on AMD
   EPYC (Zen 4), so one call is worth it for 16 / 4.8 = 3.3 busy lanes
   or more; 4 leaves a margin for CPUs with fewer vector units.  */
enum { MD_X16_MIN_BUSY = 4 };

static const struct hash_lanes_variant md4_lanes[] = {
#if HAVE_ISA_AVX2
  { "avx2x16", hash_lanes_avx2, 16, MD_X16_MIN_BUSY,
    { .w32 = md4_x16_avx2 } },
#endif
  { NULL, NULL, 0, 0, { NULL } }
};

static const struct hash_lanes_variant md5_lanes[] = {
#if HAVE_ISA_AVX2
  { "avx2x16", hash_lanes_avx2, 16, MD_X16_MIN_BUSY,
    { .w32 = md5_x16_avx2 } },
#endif
  { NULL, NULL, 0, 0, { NULL } }
};

/* The min_busy of the SHA cores, from bench/lanespeed's speedups over
   the single stream (sha256 x3 1.70, x2 1.45; sha1 x3 2.12, x2 1.66,
   x8 3.0 over portable; sha512 x4 1.82, x8 AVX-512 3.2 to 3.9 on a
   Zen 5): a call costs LANES / SPEEDUP single blocks, so it pays from
   that many busy lanes up (8 / 3.2 = 2.5 for sha512 x8).  The sha512 x4
   figure is from before the single stream got faster: on the Zen 5 it
   is now 1.26, where x8 is chosen anyway.  */
static const struct hash_lanes_variant sha1_lanes[] = {
#if HAVE_ISA_SHANI
  { "shanix3", hash_lanes_shani, 3, 2, { .w32 = sha1_x3_shani } },
  { "shanix2", hash_lanes_shani, 2, 2, { .w32 = sha1_x2_shani } },
#endif
#if HAVE_ISA_AVX2
  { "avx2x8", hash_lanes_avx2_bmi2, 8, 3, { .w32 = sha1_x8_avx2 } },
#endif
  { NULL, NULL, 0, 0, { NULL } }
};

static const struct hash_lanes_variant sha256_lanes[] = {
#if HAVE_ISA_SHANI
  { "shanix3", hash_lanes_shani, 3, 2, { .w32 = sha256_x3_shani } },
  { "shanix2", hash_lanes_shani, 2, 2, { .w32 = sha256_x2_shani } },
#endif
  { NULL, NULL, 0, 0, { NULL } }
};

static const struct hash_lanes_variant sha512_lanes[] = {
#if HAVE_ISA_AVX512
  { "avx512x8", hash_lanes_avx512, 8, 3, { .w64 = sha512_x8_avx512 } },
#endif
#if HAVE_ISA_AVX2
  { "avx2x4", hash_lanes_avx2_bmi2, 4, 3, { .w64 = sha512_x4_avx2 } },
#endif
  { NULL, NULL, 0, 0, { NULL } }
};

/* BLAKE3 has no core of its own here (BLOCKS is null): its set in
   lib/digest-multi.c compresses the whole chunks of every lane's
   update in one call of hash-impl's core, each chunk with its own
   index.  8 lanes: the 2 chunks of 8 files of 2 KiB fill AVX-512's
   16, and the 4 of 4 files of 4 KiB do.  On an AMD EPYC (Zen 5),
   bench/b3sum-compare --small 20000 --runs 9: b3sum -r -j 1 took 1.07
   of sha256sum's CPU time with a serial set, 0.91 with this one.  */
static const struct hash_lanes_variant blake3_lanes[] = {
  { "chunksx8", hash_lanes_always, 8, 1, { NULL } },
  { NULL, NULL, 0, 0, { NULL } }
};

static const struct hash_lanes_variant no_lanes[] = {
  { NULL, NULL, 0, 0, { NULL } }
};

struct hash_lanes_family
{
  const struct hash_lanes_variant *variants;
  size_t count;
};

#define LANES_TABLE(t) { t, COUNTOF (t) - 1 }

static const struct hash_lanes_family families[HASH_FAMILY_COUNT] = {
  [HASH_MD2] = LANES_TABLE (no_lanes),
  [HASH_MD4] = LANES_TABLE (md4_lanes),
  [HASH_MD5] = LANES_TABLE (md5_lanes),
  [HASH_SHA1] = LANES_TABLE (sha1_lanes),
  [HASH_SHA256] = LANES_TABLE (sha256_lanes),
  [HASH_SHA512] = LANES_TABLE (sha512_lanes),
  [HASH_CRC32] = LANES_TABLE (no_lanes),
  [HASH_CRC32B] = LANES_TABLE (no_lanes),
  [HASH_SM3] = LANES_TABLE (no_lanes),
  [HASH_BSD] = LANES_TABLE (no_lanes),
  [HASH_SYSV] = LANES_TABLE (no_lanes),
  [HASH_BLAKE2B] = LANES_TABLE (no_lanes),
  [HASH_SHA3] = LANES_TABLE (no_lanes),
  [HASH_BLAKE3] = LANES_TABLE (blake3_lanes),
};

/* What hash_lanes_current returns for each family: CHOSEN[F] if
   DECIDED[F], else the automatic choice, made then.  Not locked: call
   hash_lanes_current or hash_lanes_force once before starting threads
   that hash.  */
static const struct hash_lanes_variant *chosen[HASH_FAMILY_COUNT];
static bool decided[HASH_FAMILY_COUNT];

/* Return true if FAMILY is one of the enum hash_family values.  */
static bool
family_valid (enum hash_family family)
{
  return 0 <= (int) family && (int) family < HASH_FAMILY_COUNT;
}

/* Return true if the lane cores of FAMILY take the 64-bit form
   (union hash_lanes_blocks's W64), false for the 32-bit form.  */
bool
hash_lanes_wide (enum hash_family family)
{
  return family == HASH_SHA512;
}

/* Return the table of multi-lane variants of FAMILY, best first, and
   store its length, possibly 0, in *COUNT.  Some variants may not be
   available on this CPU: check their available().  If FAMILY is not
   valid, return NULL with errno set to EINVAL.  */
const struct hash_lanes_variant *
hash_lanes_list (enum hash_family family, size_t *count)
{
  if (!family_valid (family))
    {
      errno = EINVAL;
      return NULL;
    }
  *count = families[family].count;
  return families[family].variants;
}

/* Return the multi-lane variant that FAMILY uses: the one forced by
   hash_lanes_force, else the first available one in the table, chosen
   once.  Return NULL if there is none (this CPU can run none, the
   family has none, or "none" was forced).  FAMILY must be valid.  */
const struct hash_lanes_variant *
hash_lanes_current (enum hash_family family)
{
  if (!decided[family])
    {
      const struct hash_lanes_family *info = &families[family];
      chosen[family] = NULL;
      for (size_t i = 0; i < info->count && !chosen[family]; i++)
        if (info->variants[i].available ())
          chosen[family] = &info->variants[i];
      decided[family] = true;
    }
  return chosen[family];
}

/* Make FAMILY use the multi-lane variant called NAME from now on; the
   name "none" means no multi-lane variant, and a NULL NAME goes back
   to the automatic choice.  Sets of messages already started keep
   their variant.  Return 0, or -1 with errno set to EINVAL if FAMILY
   is not valid, ENOENT if FAMILY has no variant called NAME, or
   ENOTSUP if this CPU cannot run it.  */
int
hash_lanes_force (enum hash_family family, const char *name)
{
  if (!family_valid (family))
    {
      errno = EINVAL;
      return -1;
    }
  const struct hash_lanes_family *info = &families[family];
  if (!name || strcmp (name, "none") == 0)
    {
      chosen[family] = NULL;
      decided[family] = name != NULL;
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
        decided[family] = true;
        return 0;
      }
  errno = ENOENT;
  return -1;
}
