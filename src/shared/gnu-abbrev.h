/* gnu-abbrev.h -- abbreviated long options that name one of GNU's
   options, kept so beside Brisk's own.  */

#ifndef BRISK_GNU_ABBREV_H
#define BRISK_GNU_ABBREV_H

#include <getopt.h>

/* Brisk's tools take long options that GNU's do not (--threads,
   --recursive, --progress ...).  getopt_long calls an abbreviation
   ambiguous as soon as it begins more than one option of the table,
   so these would make ambiguous an abbreviation that GNU's tool takes
   ('cksum --r' is --raw for GNU, --raw or --recursive here), and break
   the scripts that use it.  Brisk's own options are the last of
   LONGOPTS, from the one named FIRST_OWN to the end.  Before
   getopt_long runs, write out in ARGV (ARGC elements) every long
   option that is the name of none of LONGOPTS, that begins the names
   of Brisk's own, and that names one option only of the others
   (GNU's): "--r" becomes "--raw", "--r=x" "--raw=x".  SHORTOPTS and
   LONGOPTS are what getopt_long is then given: the arguments of
   options are skipped as it skips them, and "--" ends the options.
   The strings written are never freed, as ARGV's are not.  A
   LONGOPTS without FIRST_OWN is a mistake of the caller's: abort.  */
void gnu_abbrev_expand (int argc, char **argv, char const *shortopts,
                        struct option const *longopts,
                        char const *first_own);

/* The table to give getopt_long (ARGC, ARGV, ..., LONGOPTS, ...) for
   its next call, after gnu_abbrev_expand: LONGOPTS; but when getopt_long
   is about to take the first long option that begins the names of
   several of GNU's options, and of one of Brisk's own too, LONGOPTS
   without Brisk's own, so that the message that calls it ambiguous
   lists GNU's possibilities only, as GNU's tool does ("option '--t'
   is ambiguous; possibilities: '--tag' '--text'", not '--threads'
   too).  Getopt's other messages, and their order, stay.  */
struct option const *gnu_abbrev_opts (int argc, char **argv,
                                      struct option const *longopts);

#endif
