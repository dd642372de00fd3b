/* preserve-list.c -- the attribute lists of cp's --preserve and
   --no-preserve.  Calls the C library and gnulib's argmatch (which
   only matches: it neither prints nor exits).  */

#include <config.h>

#include "preserve-list.h"

#include <string.h>

#include "argmatch.h"
#include "copy-file.h"

char const *const preserve_attr_names[] = {
  "mode", "timestamps", "ownership", "links", "context", "xattr", "all",
  NULL
};
unsigned int const preserve_attr_bits[] = {
  PRESERVE_ATTR_MODE, PRESERVE_ATTR_TIMESTAMPS, PRESERVE_ATTR_OWNERSHIP,
  PRESERVE_ATTR_LINKS, PRESERVE_ATTR_CONTEXT, PRESERVE_ATTR_XATTR,
  PRESERVE_ATTR_ALL
};

/* Return the bit of the attribute that ITEM names: in full, or as an
   abbreviation that only one name starts with; else -1 if none starts
   with it, -2 if several do (argmatch's answers).  */
static int
match_attr (char const *item)
{
  ptrdiff_t i = argmatch (item, preserve_attr_names, NULL, 0);
  return i < 0 ? i : (int) preserve_attr_bits[i];
}

/* Parse the comma-separated LIST, cutting it into its items in place,
   and set *ATTRS to the set of the attributes they name.  Return 0, or
   on the first item that names none -1 (or -2 if it is ambiguous),
   with *BAD pointing at that item.  */
int
preserve_list_parse (char *list, unsigned int *attrs, char **bad)
{
  *attrs = 0;
  for (char *item = list, *next; item; item = next)
    {
      next = strchr (item, ',');
      if (next)
        *next++ = '\0';
      int bit = match_attr (item);
      if (bit < 0)
        {
          *bad = item;
          return bit;
        }
      *attrs |= bit;
    }
  return 0;
}

/* The COPY_PRESERVE_* bits that the attribute set ATTRS stands for.  */
static unsigned int
copy_bits (unsigned int attrs)
{
  unsigned int all = (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
                      | COPY_PRESERVE_OWNERSHIP | COPY_PRESERVE_XATTR);
  if (attrs & PRESERVE_ATTR_ALL)
    return all;
  return ((attrs & PRESERVE_ATTR_MODE ? COPY_PRESERVE_MODE : 0)
          | (attrs & PRESERVE_ATTR_TIMESTAMPS ? COPY_PRESERVE_TIMESTAMPS : 0)
          | (attrs & PRESERVE_ATTR_OWNERSHIP ? COPY_PRESERVE_OWNERSHIP : 0)
          | (attrs & PRESERVE_ATTR_XATTR ? COPY_PRESERVE_XATTR : 0));
}

/* Turn on (ON: --preserve) or off the attributes ATTRS in S.  A named
   attribute must be kept, but "all" only tries the extended
   attributes, unless xattr is named too; turning off clears both.  */
void
preserve_list_apply (struct preserve_set *s, unsigned int attrs, bool on)
{
  unsigned int bits = copy_bits (attrs);
  if (attrs & (PRESERVE_ATTR_MODE | PRESERVE_ATTR_ALL))
    s->no_preserve_mode = !on;
  if (attrs & (PRESERVE_ATTR_LINKS | PRESERVE_ATTR_ALL))
    s->links = on;
  if (attrs & PRESERVE_ATTR_XATTR)
    s->require_xattr = on;
  if (attrs & PRESERVE_ATTR_CONTEXT)
    s->require_context = on;
  if (on)
    {
      s->preserve |= bits;
      unsigned int tried = ((attrs & PRESERVE_ATTR_ALL)
                            && !(attrs & PRESERVE_ATTR_XATTR)
                            ? COPY_PRESERVE_XATTR : 0);
      s->require |= bits & ~tried;
    }
  else
    {
      s->preserve &= ~bits;
      s->require &= ~bits;
    }
}
