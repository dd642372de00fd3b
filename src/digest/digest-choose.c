/* digest-choose.c -- which algorithm and which implementation a run
   of a digest tool uses (see digest-choose.h): the row that cksum's -a
   and -l choose, and the core that BRISK_HASH_IMPL and BRISK_LANES_IMPL
   name, or the best this CPU runs, said with --debug.

   Owns: nothing beyond the run's options it sets.  Calls:
   lib/digest-algos.h, lib/hash-impl.h, lib/hash-lanes.h, and error ()
   and stderr for the choices that cannot be made (it exits then).  */

#include <config.h>

#include "digest-choose.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash-impl.h"
#include "hash-lanes.h"
#include "i18n.h"
#include "quote.h"

/* The row of the SHA-2 or SHA-3 digest (FAMILY "sha2" or "sha3") of
   BITS bits; exit as GNU's cksum does if there is none, LENGTH_ARG
   being what -l said.  */
static const struct digest_algo *
sha_row (const char *family, uintmax_t bits, const char *length_arg)
{
  char name[16];
  if (bits != 224 && bits != 256 && bits != 384 && bits != 512)
    {
      if (!length_arg)
        error (EXIT_FAILURE, 0, B_("--algorithm=%s requires specifying "
                                   "--length 224, 256, 384, or 512"), family);
      error (0, 0, _("invalid length: %s"), quote (length_arg));
      error (EXIT_FAILURE, 0, B_("digest length for %s must be "
                                 "224, 256, 384, or 512"),
             quote (strcmp (family, "sha2") == 0 ? "SHA2" : "SHA3"));
    }
  if (strcmp (family, "sha2") == 0)
    snprintf (name, sizeof name, "sha%d", (int) bits);
  else
    snprintf (name, sizeof name, "sha3-%d", (int) bits);
  return digest_algo_find (name);
}

/* Set the algorithm of OPTS to the row that -a's argument NAME (or
   the tool's own algorithm, if null) and -l's argument LENGTH_ARG (if
   not null: BITS) choose, exiting as GNU's tools do where they do not
   fit: a length too long for the algorithm, then one not a multiple
   of 8 (GNU 9.10's order).  DO_CHECK: whether -c was given.  */
void
choose_algorithm (struct digest_opts *opts, const char *name,
                  const char *length_arg, uintmax_t bits, bool do_check)
{
  bool sha_family = name && (strcmp (name, "sha2") == 0
                             || strcmp (name, "sha3") == 0);
  if (sha_family)
    {
      /* With --check, the lines choose the length (GNU 9.9).  */
      opts->sha2_family = strcmp (name, "sha2") == 0;
      if (do_check && !length_arg)
        bits = 512;
      opts->algo = sha_row (name, bits, length_arg);
    }
  else
    opts->algo = digest_algo_find (name ? name : digest_tool.algo_name);
  if (!opts->algo)
    error (EXIT_FAILURE, 0, B_("no digest algorithm named %s"),
           name ? name : digest_tool.algo_name);
  /* -l 0 is the default length, even for an algorithm without one.  */
  if (!bits || sha_family)
    return;
  if (!opts->algo->max_size)
    error (EXIT_FAILURE, 0, _("--length is only supported with --algorithm "
                              "blake2b, sha2, or sha3"));
  if (8 * opts->algo->max_size < bits)
    {
      error (0, 0, _("invalid length: %s"), quote (length_arg));
      error (EXIT_FAILURE, 0, _("maximum digest length for %s is %d bits"),
             quote (opts->algo->bsd_tag), (int) (8 * opts->algo->max_size));
    }
  if (bits % 8 != 0)
    {
      error (0, 0, _("invalid length: %s"), quote (length_arg));
      error (EXIT_FAILURE, 0, _("length is not a multiple of 8"));
    }
  if (digest_algo_resize (opts->algo, bits / 8, &opts->sized_algo) == 0)
    opts->algo = &opts->sized_algo;
}

/* List on standard error the names that BRISK_LANES_IMPL takes for
   FAMILY: "none" and its multi-lane variants, those that this CPU
   cannot run marked so.  */
static void
list_lanes (enum hash_family family)
{
  size_t n;
  const struct hash_lanes_variant *v = hash_lanes_list (family, &n);
  fprintf (stderr, B_("Valid multi-lane implementations are:\n  - %s"),
           quote ("none"));
  for (size_t i = 0; i < n; i++)
    fprintf (stderr, "\n  - %s%s", quote (v[i].name),
             v[i].available () ? "" : B_(" (not on this CPU)"));
  putc ('\n', stderr);
}

/* Choose the implementation of this tool's hash core: the one named by
   the environment variable BRISK_HASH_IMPL, if set and not empty, else
   the best available.  Exit with a diagnostic if that name is unknown
   or this CPU cannot run it.  With DEBUG, say which one is used.  ALGO:
   the algorithm of the run.  */
void
choose_implementation (const struct digest_algo *algo, bool debug)
{
  int family = hash_family_of_algo (algo->name);
  const char *want = getenv ("BRISK_HASH_IMPL");
  if (family < 0)
    error (EXIT_FAILURE, errno, "%s", algo->name);
  if (want && *want && hash_impl_force (family, want) != 0)
    {
      if (errno == ENOTSUP)
        error (EXIT_FAILURE, 0, B_("BRISK_HASH_IMPL: this CPU cannot run "
                                   "the %s implementation of %s"),
               quote (want), hash_family_name (family));
      size_t n;
      const struct hash_variant *v = hash_impl_list (family, &n);
      error (0, 0, B_("BRISK_HASH_IMPL: %s has no implementation %s"),
             hash_family_name (family), quote (want));
      fputs (B_("Valid implementations are:"), stderr);
      for (size_t i = 0; i < n; i++)
        fprintf (stderr, "\n  - %s%s", quote (v[i].name),
                 v[i].available () ? "" : B_(" (not on this CPU)"));
      putc ('\n', stderr);
      exit (EXIT_FAILURE);
    }
  want = getenv ("BRISK_LANES_IMPL");
  if (want && *want && hash_lanes_force (family, want) != 0)
    {
      if (errno == ENOTSUP)
        error (EXIT_FAILURE, 0, B_("BRISK_LANES_IMPL: this CPU cannot run %s"),
               quote (want));
      error (0, 0, B_("BRISK_LANES_IMPL: no such multi-lane implementation"
                      " of %s: %s"), algo->name, quote (want));
      list_lanes (family);
      exit (EXIT_FAILURE);
    }
  if (debug)
    {
      const struct hash_lanes_variant *lanes = hash_lanes_current (family);
      error (0, 0, B_("using the %s implementation of %s"),
             hash_impl_current (family)->name, hash_family_name (family));
      if (lanes)
        error (0, 0, B_("hashing up to %u files side by side with %s"),
               lanes->lanes, quote (lanes->name));
    }
}

