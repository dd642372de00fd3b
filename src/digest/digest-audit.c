/* digest-audit.c -- the names that check lines list, for --audit (see
   digest-audit.h).

   Owns: a hash table of copies of the names.  Calls: gnulib's hash;
   nothing that prints.  Names are compared as bytes: a manifest of
   "sha256sum -r d" lists "d/x", which the walk of --audit=d finds as
   "d/x" again.  */

#include <config.h>

#include "digest-audit.h"

#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "xalloc.h"

struct digest_audit
{
  Hash_table *names;
};

static size_t
name_hash (void const *name, size_t n)
{
  return hash_string (name, n);
}

static bool
name_equal (void const *a, void const *b)
{
  return strcmp (a, b) == 0;
}

/* See digest-audit.h.  */
struct digest_audit *
digest_audit_new (void)
{
  struct digest_audit *a = xmalloc (sizeof *a);
  a->names = hash_initialize (1024, NULL, name_hash, name_equal, free);
  if (!a->names)
    xalloc_die ();
  return a;
}

/* See digest-audit.h.  A name listed twice is kept once.  */
void
digest_audit_list (struct digest_audit *a, char const *name)
{
  if (hash_lookup (a->names, name))
    return;
  char *copy = xstrdup (name);
  if (!hash_insert (a->names, copy))
    xalloc_die ();
}

/* See digest-audit.h.  */
bool
digest_audit_listed (struct digest_audit const *a, char const *name)
{
  return hash_lookup (a->names, name) != NULL;
}

/* See digest-audit.h.  */
void
digest_audit_free (struct digest_audit *a)
{
  if (!a)
    return;
  hash_free (a->names);
  free (a);
}
