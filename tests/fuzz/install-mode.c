/* install-mode.c -- libFuzzer target: the modes install's -m gives
   (lib/install-mode.c, through gnulib's modechange) against a model of
   chmod's mode grammar, written from the coreutils manual ("File
   permissions").

   Input: the mode string (up to a NUL byte).

   The model: a mode is an octal number of at most 07777 (any number
   of leading zeros), or a comma-separated list of clauses, each a
   series of "who" letters (u, g, o, a; none means all, the umask
   being 0 here) then one or more actions: an operator (+, - or =)
   followed by permission letters (r, w, x, X, s, t, any number, none
   too), or by one of u, g, o (copy that class's current permissions),
   or -- only with no who letter, and only at the end of the clause --
   by an octal number.  Applied in turn to mode 0: X is x for a
   directory or when some x bit is already set; s is set-user-ID for
   u and set-group-ID for g, t the sticky bit for o; = clears the who
   classes (everything, with no who letter) before setting.  For a
   directory, a set-user-ID or set-group-ID bit that the action does
   not name is left as it was; a plain octal mode names them only if it
   sets them or has five digits or more.  The bits of a directory that
   install -d sets on an existing one are those the mode could change:
   what = clears and sets, and what + and - set or clear.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "install-mode.h"

enum { ALL = 07777, SETIDS = S_ISUID | S_ISGID };

/* The result of the model: whether the mode is valid, and the mode
   and changed bits it gives a file, or a directory.  */
struct model
{
  bool valid;
  mode_t mode;
  mode_t bits;
};

/* The bits of the class letter C: u, g or o; 0 for another byte.  */
static mode_t
class_bits (char c)
{
  return (c == 'u' ? S_ISUID | S_IRWXU
          : c == 'g' ? S_ISGID | S_IRWXG
          : c == 'o' ? S_ISVTX | S_IRWXO
          : c == 'a' ? ALL : 0);
}

/* Read an octal number at *P into *V; false if above 07777.  */
static bool
read_octal (char const **p, mode_t *v)
{
  *v = 0;
  for (; '0' <= **p && **p <= '7'; (*p)++)
    if ((*v = *v * 8 + (**p - '0')) > ALL)
      return false;
  return true;
}

/* Apply to M the action with operator OP, setting the bits VALUE of
   the classes WHO (0 if no who letter), of which NAMED are named
   (the set-ID bits not named are left as they are on a directory,
   DIR).  */
static void
apply (struct model *m, bool dir, char op, mode_t who, mode_t value,
       mode_t named)
{
  mode_t keep_ids = dir ? SETIDS & ~named : 0;
  mode_t scope = (who ? who : ALL) & ~keep_ids;
  value &= scope;
  if (op == '=')
    {
      m->bits |= scope;
      m->mode = (m->mode & ~scope) | value;
    }
  else
    {
      m->bits |= value;
      m->mode = op == '+' ? m->mode | value : m->mode & ~value;
    }
}

/* Read the permission letters or class letter after an operator at *P
   and return their bits for the current mode of M (DIR: a directory);
   set *NAMED to the bits they name.  */
static mode_t
read_perms (char const **p, struct model const *m, bool dir, mode_t who,
            mode_t *named)
{
  mode_t v = 0;
  if (**p == 'u' || **p == 'g' || **p == 'o')
    {
      mode_t c = m->mode & class_bits (*(*p)++) & 0777;
      static mode_t const kinds[] = { 0444, 0222, 0111 };
      for (int i = 0; i < 3; i++)
        if (c & kinds[i])
          v |= kinds[i];
      *named = 0;
      return v;
    }
  mode_t raw = 0;
  for (;; (*p)++)
    switch (**p)
      {
      case 'r': raw |= 0444; break;
      case 'w': raw |= 0222; break;
      case 'x': raw |= 0111; break;
      case 's': raw |= SETIDS; break;
      case 't': raw |= S_ISVTX; break;
      case 'X':
        if (dir || (m->mode & 0111))
          v |= 0111;
        break;
      default:
        *named = who ? who & raw : raw;
        return v | raw;
      }
}

/* The model of mode string S applied to a file (or a directory, if
   DIR) of mode 0.  */
static struct model
model_mode (char const *s, bool dir)
{
  struct model m = { false, 0, 0 };
  char const *p = s;
  mode_t v;
  if ('0' <= *p && *p <= '7')
    {
      if (!read_octal (&p, &v) || *p)
        return m;
      mode_t named = p - s >= 5 ? ALL : v & SETIDS;
      apply (&m, dir, '=', 0, v, named);
      m.valid = true;
      return m;
    }
  for (;;)
    {
      mode_t who = 0;
      for (; class_bits (*p); p++)
        who |= class_bits (*p);
      if (*p != '+' && *p != '-' && *p != '=')
        return m;
      while (*p == '+' || *p == '-' || *p == '=')
        {
          char op = *p++;
          mode_t named;
          if ('0' <= *p && *p <= '7')
            {
              if (who || !read_octal (&p, &v) || (*p && *p != ','))
                return m;
              apply (&m, dir, op, ALL, v, ALL);
              continue;
            }
          v = read_perms (&p, &m, dir, who, &named);
          apply (&m, dir, op, who, v, named);
        }
      if (*p != ',')
        break;
      p++;
    }
  m.valid = !*p;
  return m;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *arg = malloc (size + 1);
  CHECK (arg);
  memcpy (arg, data, size);
  arg[size] = '\0';
  struct install_modes got = { 1, 1, 1 };
  bool ok = install_modes_parse (arg, &got);
  struct model file = model_mode (arg, false);
  struct model dir = model_mode (arg, true);
  CHECK (ok == file.valid && ok == dir.valid);
  if (ok)
    {
      CHECK (got.mode == file.mode);
      CHECK (got.dir_mode == dir.mode);
      CHECK (got.dir_mode_bits == dir.bits);
      CHECK (!(got.mode & ~ALL) && !(got.dir_mode & ~got.dir_mode_bits));
    }
  else
    CHECK (got.mode == 1 && got.dir_mode == 1 && got.dir_mode_bits == 1);
  free (arg);
  return 0;
}
