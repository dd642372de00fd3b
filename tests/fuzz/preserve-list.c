/* preserve-list.c -- libFuzzer target: cp's --preserve and --no-preserve
   lists (lib/preserve-list.c) against a model.

   Input: byte 0 bit 0 is --preserve (set) or --no-preserve; bits 1 to 4
   and byte 1 the state before (links, require_xattr, require_context,
   no_preserve_mode; the preserve bits low, the require bits high); the
   rest is the list.

   The model reads the list as the cp manual describes it: items split
   at commas, each an attribute name or an abbreviation of one (a name
   written in full wins; an item that starts no name is invalid, one
   that starts several ambiguous; the first bad item is the one
   reported).  It then applies the items one at a time, in their order,
   each as the manual says: mode, timestamps, ownership and xattr keep
   (or drop) that attribute, and a named one must then work; links
   keeps hard links; context asks for the SELinux context; all is all
   of these but context, trying the extended attributes without
   requiring them; --no-preserve=mode (or all) gives new files the
   default modes.  The parsed set, applied at once, must give the same
   state.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "copy-file.h"
#include "fuzz.h"
#include "preserve-list.h"

/* An attribute: its name, the COPY_PRESERVE_* bits it keeps, and the
   bits of them it requires.  */
struct attr
{
  char const *name;
  unsigned int keep;
  unsigned int require;
};

enum
{
  KEEP_ALL = (COPY_PRESERVE_MODE | COPY_PRESERVE_TIMESTAMPS
              | COPY_PRESERVE_OWNERSHIP | COPY_PRESERVE_XATTR)
};
static struct attr const attrs[] = {
  { "mode", COPY_PRESERVE_MODE, COPY_PRESERVE_MODE },
  { "timestamps", COPY_PRESERVE_TIMESTAMPS, COPY_PRESERVE_TIMESTAMPS },
  { "ownership", COPY_PRESERVE_OWNERSHIP, COPY_PRESERVE_OWNERSHIP },
  { "links", 0, 0 },
  { "context", 0, 0 },
  { "xattr", COPY_PRESERVE_XATTR, COPY_PRESERVE_XATTR },
  { "all", KEEP_ALL, KEEP_ALL & ~COPY_PRESERVE_XATTR },
};
enum { N_ATTRS = sizeof attrs / sizeof *attrs };

/* The index in ATTRS of the attribute that ITEM (LEN bytes) names, or
   -1 if it starts no name, -2 if it starts several and is none.  */
static int
model_match (char const *item, size_t len)
{
  int found = -1;
  for (int i = 0; i < N_ATTRS; i++)
    {
      if (strlen (attrs[i].name) == len
          && memcmp (attrs[i].name, item, len) == 0)
        return i;
      if (strlen (attrs[i].name) > len
          && memcmp (attrs[i].name, item, len) == 0)
        found = found == -1 ? i : -2;
    }
  return found;
}

/* Apply the attribute A to S, ON or off, as the manual says.  */
static void
model_apply (struct preserve_set *s, int a, bool on)
{
  char const *name = attrs[a].name;
  if (on)
    {
      s->preserve |= attrs[a].keep;
      s->require |= attrs[a].require;
    }
  else
    {
      s->preserve &= ~attrs[a].keep;
      s->require &= ~attrs[a].keep;
    }
  if (!strcmp (name, "mode") || !strcmp (name, "all"))
    s->no_preserve_mode = !on;
  if (!strcmp (name, "links") || !strcmp (name, "all"))
    s->links = on;
  if (!strcmp (name, "xattr"))
    s->require_xattr = on;
  if (!strcmp (name, "context"))
    s->require_context = on;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 2)
    return 0;
  bool on = data[0] & 1;
  struct preserve_set before = {
    .links = data[0] & 2, .require_xattr = data[0] & 4,
    .require_context = data[0] & 8, .no_preserve_mode = data[0] & 16,
    .preserve = data[1] & 15, .require = data[1] >> 4
  };
  size_t len = size - 2;
  char const *text = (char const *) data + 2;
  if (memchr (text, '\0', len))
    len = strlen (text);
  char *list = malloc (len + 1);
  CHECK (list);
  memcpy (list, text, len);
  list[len] = '\0';

  unsigned int set;
  char *bad;
  int r = preserve_list_parse (list, &set, &bad);

  struct preserve_set model = before;
  int mr = 0;
  for (size_t at = 0;;)
    {
      char const *comma = memchr (text + at, ',', len - at);
      size_t n = comma ? (size_t) (comma - text) - at : len - at;
      int a = model_match (text + at, n);
      if (a < 0)
        {
          mr = a;
          CHECK (r == a && bad == list + at && strlen (bad) == n);
          break;
        }
      model_apply (&model, a, on);
      if (!comma)
        break;
      at += n + 1;
    }
  CHECK (r == mr);
  if (r == 0)
    {
      struct preserve_set s = before;
      preserve_list_apply (&s, set, on);
      CHECK (s.preserve == model.preserve && s.require == model.require);
      CHECK (s.links == model.links && s.require_xattr == model.require_xattr
             && s.require_context == model.require_context
             && s.no_preserve_mode == model.no_preserve_mode);
      /* What must work is kept, unless it was not kept before.  */
      CHECK (!(s.require & ~s.preserve
               & ~(before.require & ~before.preserve)));
    }
  free (list);
  return 0;
}
