/* preserve-list.h -- the attribute lists of cp's --preserve and
   --no-preserve.

   A list is a comma-separated series of attribute names, each written
   in full or cut to an abbreviation that only one name starts with.
   Parsing it gives the set of attributes it names; applying that set
   turns on (--preserve) or off (--no-preserve) what each attribute
   stands for.  Nothing here prints or exits: cp reports a bad name
   with argmatch's words.  */

#ifndef BRISK_PRESERVE_LIST_H
#define BRISK_PRESERVE_LIST_H

#include <stdbool.h>

/* The attributes, as bits of a set.  */
enum preserve_attr
{
  PRESERVE_ATTR_MODE = 1 << 0,
  PRESERVE_ATTR_TIMESTAMPS = 1 << 1,
  PRESERVE_ATTR_OWNERSHIP = 1 << 2,
  PRESERVE_ATTR_LINKS = 1 << 3,
  PRESERVE_ATTR_CONTEXT = 1 << 4,
  PRESERVE_ATTR_XATTR = 1 << 5,
  PRESERVE_ATTR_ALL = 1 << 6
};

/* Their names, in GNU's order (that of its "Valid arguments" list),
   NULL-terminated, and the bit of each.  */
extern char const *const preserve_attr_names[];
extern unsigned int const preserve_attr_bits[];

/* What the attributes a copy keeps stand for: the COPY_PRESERVE_* bits
   to keep and those of them that must work, and the flags cp keeps
   beside them.  */
struct preserve_set
{
  unsigned int preserve;
  unsigned int require;
  bool links;                   /* hard links among the sources */
  bool require_xattr;           /* xattr named: failures are errors */
  bool require_context;         /* context named */
  bool no_preserve_mode;        /* --no-preserve=mode or all */
};

int preserve_list_parse (char *list, unsigned int *attrs, char **bad);
void preserve_list_apply (struct preserve_set *s, unsigned int attrs,
                          bool on);

#endif
