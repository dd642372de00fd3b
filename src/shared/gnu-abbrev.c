/* gnu-abbrev.c -- abbreviated long options that name one of GNU's
   options, kept so beside Brisk's own.  */

#include <config.h>

#include "gnu-abbrev.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The first element of ARGV that gnu_abbrev_expand found to begin the
   names of several of GNU's options (and of one of Brisk's own: getopt
   would list that too), or NULL; GNU_OPTS: LONGOPTS without Brisk's
   own, made when one is found; IN_ORDER: whether the first operand
   ends the options.  */
static char const *ambiguous_arg;
static struct option *gnu_opts;
static bool in_order;

/* Whether options O and P are one for getopt_long: it does not call an
   abbreviation of both ambiguous.  */
static bool
same_option (struct option const *o, struct option const *p)
{
  return o->has_arg == p->has_arg && o->flag == p->flag && o->val == p->val;
}

/* The option of LONGOPTS that the long option ARG (after its "--")
   names, with getopt_long's rules but for Brisk's own options, those
   from OWN on, which count only when nothing else matches; or NULL.
   Set *REWRITE if an own option would have made ARG ambiguous or taken
   it, *OWN_LISTED if ARG is ambiguous among GNU's options and begins
   the name of an own option too.  */
static struct option const *
long_match (char const *arg, struct option const *longopts,
            struct option const *own, bool *rewrite, bool *own_listed)
{
  size_t len = strcspn (arg, "=");
  struct option const *gnu = NULL, *any = NULL;
  bool gnu_ambiguous = false, own_seen = false;
  *rewrite = *own_listed = false;
  for (struct option const *o = longopts; o->name; o++)
    if (strncmp (o->name, arg, len) == 0)
      {
        if (strlen (o->name) == len)
          return o;             /* exact: getopt_long takes it */
        if (!any)
          any = o;
        if (own <= o)
          own_seen = true;
        else if (!gnu)
          gnu = o;
        else if (!same_option (gnu, o))
          gnu_ambiguous = true;
      }
  if (gnu && !gnu_ambiguous)
    {
      *rewrite = own_seen;
      return gnu;
    }
  *own_listed = gnu_ambiguous && own_seen;
  return gnu ? NULL : any;
}

/* The argument that the short option C of SHORTOPTS takes: 0 none, 1
   required, 2 optional (in the same element only).  */
static int
short_arg (char const *shortopts, char c)
{
  char const *p = c == ':' ? NULL : strchr (shortopts, c);
  if (!p || p[1] != ':')
    return 0;
  return p[2] == ':' ? 2 : 1;
}

/* See gnu-abbrev.h.  */
void
gnu_abbrev_expand (int argc, char **argv, char const *shortopts,
                   struct option const *longopts, char const *first_own)
{
  struct option const *own = longopts;
  while (own->name && strcmp (own->name, first_own) != 0)
    own++;
  if (!own->name)
    abort ();                   /* the caller's table lacks FIRST_OWN */
  in_order = *shortopts == '+' || getenv ("POSIXLY_CORRECT");
  for (int i = 1; i < argc; i++)
    {
      char const *arg = argv[i];
      if (arg[0] != '-' || arg[1] == '\0')
        {
          if (in_order)
            return;             /* the first operand ends the options */
          continue;
        }
      if (arg[1] == '-')
        {
          if (arg[2] == '\0')
            return;             /* "--" */
          bool rewrite, own_listed;
          struct option const *o = long_match (arg + 2, longopts, own,
                                               &rewrite, &own_listed);
          if (own_listed && !ambiguous_arg)
            {
              size_t n = own - longopts;
              gnu_opts = xnmalloc (n + 1, sizeof *gnu_opts);
              memcpy (gnu_opts, longopts, n * sizeof *gnu_opts);
              gnu_opts[n] = (struct option) { NULL, 0, NULL, 0 };
              ambiguous_arg = arg;
            }
          char const *eq = strchr (arg, '=');
          if (rewrite)
            {
              size_t n = strlen (o->name);
              size_t tail = eq ? strlen (eq) : 0;
              char *full = xmalloc (2 + n + tail + 1);
              memcpy (full, "--", 2);
              memcpy (full + 2, o->name, n);
              memcpy (full + 2 + n, eq ? eq : "", tail + 1);
              argv[i] = full;
            }
          if (o && o->has_arg == required_argument && !eq)
            i++;                /* its argument */
          continue;
        }
      for (char const *p = arg + 1; *p; p++)
        {
          int takes = short_arg (shortopts, *p);
          if (takes == 0)
            continue;
          if (takes == 1 && p[1] == '\0')
            i++;                /* its argument, the next element */
          break;
        }
    }
}

/* See gnu-abbrev.h.  */
struct option const *
gnu_abbrev_opts (int argc, char **argv, struct option const *longopts)
{
  if (!ambiguous_arg)
    return longopts;
  /* The element getopt_long takes next: at OPTIND, or, as it permutes,
     the first option from there (it skips operands, "-" one of them).
     Inside a cluster of short options, OPTIND is the cluster's.  */
  int i = optind < 1 ? 1 : optind;
  if (!in_order)
    while (i < argc && (argv[i][0] != '-' || argv[i][1] == '\0'))
      i++;
  return i < argc && argv[i] == ambiguous_arg ? gnu_opts : longopts;
}
