/* backup-suffix.c -- libFuzzer target: the backups of cp, mv and
   install (gnulib's backupfile, as src/copy/cp.c and src/copy/cp-copy.c call
   it) against a model: the CONTROL word of --backup, the suffix, and
   the name of the backup of a file in a directory of other entries.

   Input: byte 0 says what is given: bit 0 a word (--backup=WORD; else
   -b), bit 1 VERSION_CONTROL, bit 2 -S SUFFIX, bit 3
   SIMPLE_BACKUP_SUFFIX; byte 1 a number of bytes 'a' that lengthen
   the file name; then, split at NUL bytes: WORD, the VERSION_CONTROL
   value, SUFFIX, the SIMPLE_BACKUP_SUFFIX value, the file NAME (before
   the 'a's), and up to MAX_ENTRIES entries made beside it: each
   NAME followed by the entry (as "NAME.~3~" from ".~3~"), or, if the
   entry starts with '/', the rest of it alone.  The files are made in
   a new directory under /dev/shm (or $TMPDIR), removed after the run;
   a NAME that cannot be made there (or holds a '/') is no input, an
   entry that cannot is left out.

   The model, from the coreutils manual ("Backup options") where it
   speaks, and from what GNU's cp 9.1 does (seen on this machine, and
   recorded by tests/fuzz/args-backup-suffix.sh) where it does not:
   - A WORD names a method, in full or by a prefix: none or off (no
     backups), simple or never, existing or nil, numbered or t.  A word
     in full wins; a prefix of words of different methods ("n") is
     ambiguous, one of none invalid; either is reported, with the
     valid words, and the tool exits.  No word, or an empty one, is
     the value of VERSION_CONTROL, read the same way (its messages
     name "$VERSION_CONTROL"); unset or empty, it is existing.  The
     manual says -b is --backup=existing: GNU's -b reads
     VERSION_CONTROL too.
   - The suffix is SUFFIX if -S is given, else the value of
     SIMPLE_BACKUP_SUFFIX if set; it is "~" if that is empty, starts
     with '/', or has a '/' before another byte (a name in a
     directory).  GNU keeps a suffix whose slashes all end it ("x/"),
     and cannot then rename to it (ENOTDIR).
   - The numbered backups of NAME are the entries NAME.~N~, N a
     decimal number with no leading zero.  A simple backup is
     NAME+suffix; a numbered one NAME.~M~, M one more than the highest
     N, or 1; existing is numbered if NAME has numbered backups, else
     simple.  GNU shortens a name made longer than any backup there:
     a numbered name when there is none, or M has a digit more than
     the highest N, and the simple name of existing (not that of
     simple); if it is longer than NAME_MAX - 1 bytes (not counting
     slashes at its end), it is NAME, cut to NAME_MAX - 2 bytes, and
     "~".

   cp's -S comes before its other backup options are read, as
   set_simple_backup_suffix is called at -S; the word is read by
   xget_version, whose messages go to stderr through error and
   argmatch_valid, and whose exit on a bad word is argmatch_die.  The
   tools set argmatch_die (to try_help_failure); so does this target,
   to a function that jumps back here, and it points stderr at a
   memory stream for the call, so that the messages can be compared
   with the model's.  The quoting of gnulib's quotearg is left out
   (tests/fuzz/gl-stubs.c prints the word as it is): the args test
   compares the tools' real messages with GNU's.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "argmatch.h"
#include "backupfile.h"
#include "fuzz.h"

enum { MAX_ENTRIES = 8 };

/* Where argmatch_die jumps back to.  */
static jmp_buf die_jump;

/* argmatch_die: back to LLVMFuzzerTestOneInput, as if the tool had
   exited.  */
static void
die_hook (void)
{
  longjmp (die_jump, 1);
}

/* The methods, in the order argmatch lists them, synonyms together.  */
static struct
{
  char const *word;
  enum backup_type type;
} const methods[] = {
  { "none", no_backups }, { "off", no_backups },
  { "simple", simple_backups }, { "never", simple_backups },
  { "existing", numbered_existing_backups },
  { "nil", numbered_existing_backups },
  { "numbered", numbered_backups }, { "t", numbered_backups },
};
enum { N_METHODS = sizeof methods / sizeof *methods };

/* The model's reading of the control: the method, or the message of
   the tool that exits on a bad word.  */
struct control
{
  bool ok;
  enum backup_type type;
  char *message;
};

/* The model of xget_version on WORD (NULL: none) with VC the value of
   VERSION_CONTROL (NULL: unset).  */
static struct control
model_control (char const *word, char const *vc)
{
  struct control c = { true, numbered_existing_backups, NULL };
  char const *context = "backup type";
  if (!word || !*word)
    {
      word = vc;
      context = "$VERSION_CONTROL";
    }
  if (!word || !*word)
    return c;
  size_t len = strlen (word);
  int found = -1;
  for (int i = 0; i < N_METHODS; i++)
    if (strncmp (methods[i].word, word, len) == 0)
      {
        if (!methods[i].word[len])
          {
            c.type = methods[i].type;
            return c;
          }
        if (found == -1)
          found = i;
        else if (found >= 0 && methods[found].type != methods[i].type)
          found = -2;
      }
  if (found >= 0)
    {
      c.type = methods[found].type;
      return c;
    }
  c.ok = false;
  size_t size;
  FILE *f = open_memstream (&c.message, &size);
  CHECK (f);
  fprintf (f, "%s: %s argument %s for %s\nValid arguments are:",
           program_invocation_name,
           found == -1 ? "invalid" : "ambiguous", word, context);
  for (int i = 0; i < N_METHODS; i++)
    fprintf (f, i && methods[i].type == methods[i - 1].type
                ? ", %s" : "\n  - %s", methods[i].word);
  fputc ('\n', f);
  CHECK (fclose (f) == 0);
  return c;
}

/* The model's suffix: SUF (-S) if not NULL, else ENV
   (SIMPLE_BACKUP_SUFFIX) if not NULL, and "~" instead of an empty one
   or one that is not a name alone.  */
static char const *
model_suffix (char const *suf, char const *env)
{
  char const *s = suf ? suf : env;
  if (!s || !*s || *s == '/')
    return "~";
  for (char const *p = s; (p = strchr (p, '/')); p++)
    if (p[1] && p[1] != '/')
      return "~";
  return s;
}

/* The length of NAME less the slashes that end it.  */
static size_t
len_trimmed (char const *name)
{
  size_t n = strlen (name);
  while (n && name[n - 1] == '/')
    n--;
  return n;
}

/* If ENTRY is a numbered backup NAME.~N~, return N's digits and set
   *LEN to their number; else NULL.  */
static char const *
backup_number (char const *entry, char const *name, size_t *len)
{
  size_t n = strlen (name);
  if (strncmp (entry, name, n) != 0 || strncmp (entry + n, ".~", 2) != 0)
    return NULL;
  char const *d = entry + n + 2;
  size_t k = 0;
  while ('0' <= d[k] && d[k] <= '9')
    k++;
  if (k == 0 || d[0] == '0' || strcmp (d + k, "~") != 0)
    return NULL;
  *len = k;
  return d;
}

/* The model's name for a backup of type TYPE of NAME, in a directory
   holding the N ENTRIES (and NAME), with suffix SUFFIX, where names
   are at most NAME_MAX bytes long.  */
static char *
model_name (enum backup_type type, char const *name, char **entries,
            int n, char const *suffix, long name_max)
{
  size_t nlen = strlen (name);
  char *s;
  if (type == simple_backups)
    {
      CHECK (asprintf (&s, "%s%s", name, suffix) >= 0);
      return s;
    }
  char const *top = NULL;
  size_t top_len = 0;
  for (int i = 0; i < n; i++)
    {
      size_t len;
      char const *d = backup_number (entries[i], name, &len);
      if (d && (len > top_len
                || (len == top_len && memcmp (d, top, len) > 0)))
        top = d, top_len = len;
    }
  if (top)
    {
      /* One more, in decimal: an all-9s number gains a digit.  */
      char *m = malloc (top_len + 2);
      CHECK (m);
      m[0] = '0';
      memcpy (m + 1, top, top_len);
      m[top_len + 1] = '\0';
      size_t i = top_len;
      while (m[i] == '9')
        m[i--] = '0';
      m[i]++;
      bool longer = m[0] != '0';
      CHECK (asprintf (&s, "%s.~%s~", name, m + !longer) >= 0);
      free (m);
      if (!longer)
        return s;
    }
  else if (type == numbered_existing_backups)
    CHECK (asprintf (&s, "%s%s", name, suffix) >= 0);
  else
    CHECK (asprintf (&s, "%s.~1~", name) >= 0);
  if ((long) len_trimmed (s) > name_max - 1)
    {
      size_t keep = (long) nlen < name_max - 2 ? nlen : name_max - 2;
      memcpy (s, name, keep);
      strcpy (s + keep, "~");
    }
  return s;
}

/* Where each run makes its directory, and NAME_MAX there.  */
static char const *tmp_dir;
static long name_max;

/* Choose the place of the runs' directories, once: /dev/shm, where it
   can be written to, else $TMPDIR or /tmp.  */
static void
setup (void)
{
  if (tmp_dir)
    return;
  tmp_dir = getenv ("TMPDIR");
  if (access ("/dev/shm", W_OK) == 0)
    tmp_dir = "/dev/shm";
  else if (!tmp_dir || !*tmp_dir)
    tmp_dir = "/tmp";
  errno = 0;
  name_max = pathconf (tmp_dir, _PC_NAME_MAX);
  CHECK (name_max > 0);
}

/* Set the environment variable VAR to VALUE, or unset it (NULL),
   through putenv with a string of ours, *OWN, freed when replaced
   (setenv would keep every value for good).  */
static void
set_var (char const *var, char const *value, char **own)
{
  char *old = *own;
  *own = NULL;
  if (value)
    {
      CHECK (asprintf (own, "%s=%s", var, value) >= 0);
      CHECK (putenv (*own) == 0);
    }
  else
    CHECK (unsetenv (var) == 0);
  free (old);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static char *vc_own, *sbs_own;
  if (size < 2)
    return 0;
  setup ();
  int flags = data[0], pad = data[1];
  size_t len = size - 2;
  char *buf = malloc (len + 1);
  CHECK (buf);
  memcpy (buf, data + 2, len);
  buf[len] = '\0';
  /* The fields: WORD, VC, SUFFIX, SBS, NAME, entries.  */
  char *field[5 + MAX_ENTRIES];
  int nfields = 0;
  for (char *p = buf; p <= buf + len && nfields < 5 + MAX_ENTRIES;
       p += strlen (p) + 1)
    field[nfields++] = p;
  for (int i = nfields; i < 5; i++)
    field[i] = buf + len;
  char const *word = flags & 1 ? field[0] : NULL;
  char const *vc = flags & 2 ? field[1] : NULL;
  char const *suf = flags & 4 ? field[2] : NULL;
  char const *sbs = flags & 8 ? field[3] : NULL;
  char *name;
  CHECK (asprintf (&name, "%s%*s", field[4], pad, "") >= 0);
  memset (name + strlen (field[4]), 'a', pad);

  /* The directory, NAME and the entries.  */
  char *dir;
  CHECK (asprintf (&dir, "%s/brisk-fuzz-bsuf.XXXXXX", tmp_dir) >= 0);
  CHECK (mkdtemp (dir));
  int dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  CHECK (dfd >= 0);
  char *entries[MAX_ENTRIES];
  int n = 0;
  int fd = (strchr (name, '/') ? -1
            : openat (dfd, name, O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
  bool made = 0 <= fd;
  if (made)
    close (fd);
  for (int i = 5; made && i < nfields; i++)
    {
      char *e;
      if (field[i][0] == '/')
        e = strdup (field[i] + 1);
      else
        CHECK (asprintf (&e, "%s%s", name, field[i]) >= 0);
      CHECK (e);
      /* A '/' makes no name in DIR.  */
      fd = (strchr (e, '/') ? -1
            : openat (dfd, e, O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
      if (fd < 0)
        {
          free (e);
          continue;
        }
      close (fd);
      entries[n++] = e;
    }

  if (made)
    {
      /* As the tools: a fresh process, -S when read, then the word.  */
      set_var ("VERSION_CONTROL", vc, &vc_own);
      set_var ("SIMPLE_BACKUP_SUFFIX", sbs, &sbs_own);
      simple_backup_suffix = NULL;
      if (suf)
        set_simple_backup_suffix (suf);
      argmatch_die = die_hook;
      char *msg = NULL;
      size_t msg_len;
      FILE *err = stderr;
      stderr = open_memstream (&msg, &msg_len);
      CHECK (stderr);
      volatile bool died = false;
      volatile enum backup_type type = no_backups;
      if (setjmp (die_jump) == 0)
        type = xget_version ("backup type", word);
      else
        died = true;
      FILE *mem = stderr;
      stderr = err;
      CHECK (fclose (mem) == 0);

      struct control c = model_control (word, vc);
      CHECK (died == !c.ok);
      if (died)
        CHECK (strcmp (msg, c.message) == 0);
      else
        CHECK (msg_len == 0 && type == c.type);
      if (!died && type != no_backups)
        {
          char *got = find_backup_file_name (dfd, name, type);
          char const *s = model_suffix (suf, sbs);
          CHECK (strcmp (simple_backup_suffix, s) == 0);
          char *exp = model_name (type, name, entries, n, s, name_max);
          if (strcmp (got, exp) != 0)
            {
              fprintf (stderr, "backup of %s: got %s, model %s: differs\n",
                       name, got, exp);
              CHECK (!"the backup name");
            }
          free (got);
          free (exp);
        }
      free (msg);
      free (c.message);
    }

  for (int i = 0; i < n; i++)
    {
      unlinkat (dfd, entries[i], 0);
      free (entries[i]);
    }
  /* An entry may be NAME, or another entry: what is left makes the
     removal of DIR fail.  */
  if (made)
    unlinkat (dfd, name, 0);
  close (dfd);
  CHECK (rmdir (dir) == 0);
  free (dir);
  free (name);
  free (buf);
  return 0;
}
