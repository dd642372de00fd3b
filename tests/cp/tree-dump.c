/* tree-dump.c -- print a directory tree as sorted text lines, so that
   two trees (the one GNU's cp left and the one Brisk's left) can be
   compared with cmp.

   Usage: tree-dump [--no-mtime] [--atime] [--blocks] [--no-xattr] DIR
          tree-dump --age DIR

   One line per entry, DIR itself first as ".", sorted by path (bytes):

     PATH type=T mode=MMMM owner=UID:GID nlink=N [link=FIRST]
       [size=S] [blocks=B] [mtime=SEC.NSEC] [atime=SEC.NSEC]
       [sum=HEX | target=PATH | rdev=MAJ:MIN] [xattr:NAME=HEX]...

   all on one line, fields separated by one space.  T is f (regular),
   d, l (symbolic link), p (FIFO), c, b, s (socket).  MODE is octal
   with the setuid, setgid and sticky bits.  link= names, for a
   non-directory with more than one link, the first path (in sort
   order) of its inode within DIR: a stable name for a hard-link group,
   unlike the inode number.  size= is left out for directories, whose
   size depends on the file system's history, not on what they hold.
   sum= is the FNV-1a 64 hash of a regular file's bytes.  xattr: gives
   every extended attribute of the entry itself (never through a
   symbolic link), values in hex, names sorted.

   Paths and symbolic link targets are escaped: bytes below 0x21,
   0x7f, '\\', '=' and bytes that are not part of valid UTF-8 become
   \xHH; so a line holds no blank or newline inside a field.

   Times: a time within an hour of now (either way) prints as "recent":
   a file that cp wrote without preserving times gets the time of the
   run, which differs between two runs; the test trees give every
   entry they create an older time before cp runs (tests/cp/lib.sh).

   --age prints nothing: it sets every time (access and modification)
   within an hour of now, in DIR and below, to fixed times long past
   (mtime 1612325106.123456789, atime 1612300000.987654321), so that
   two trees made alike a moment apart are alike to the nanosecond.

   Reading does not change access times: files and directories are
   opened with O_NOATIME (allowed to root, and to the owner); only a
   symbolic link's access time moves when its target is read.

   The walk changes directory into each directory it reads, so paths
   longer than PATH_MAX are read too.  Run by the owner of a directory
   or file that its owner may not read (not root), it lets the owner
   read it while it reads it, and puts its mode back.  Nothing is
   followed.  Exits 0, or 2 with a message on any error.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

/* One entry of the tree: its escaped path, its status, and the text
   of the fields that need the file itself (sum, target, xattrs).  */
struct entry
{
  char *path;
  struct stat st;
  char *tail;
};

static struct entry *entries;
static size_t n_entries, n_alloc;
static bool show_mtime = true, show_atime, show_blocks, show_xattr = true;
static bool age;
static time_t now;

/* Print "tree-dump: WHAT: strerror (ERR)" and exit 2.  */
static void
die (const char *what, int err)
{
  fprintf (stderr, "tree-dump: %s: %s\n", what, strerror (err));
  exit (2);
}

/* Return a copy of N bytes at P, or exit.  */
static void *
xmemdup (const void *p, size_t n)
{
  void *q = malloc (n ? n : 1);
  if (!q)
    die ("malloc", ENOMEM);
  return memcpy (q, p, n);
}

/* A growing string.  */
struct buf
{
  char *s;
  size_t len, cap;
};

/* Append N bytes at P to B.  */
static void
buf_add (struct buf *b, const char *p, size_t n)
{
  if (b->len + n + 1 > b->cap)
    {
      b->cap = (b->len + n + 1) * 2;
      b->s = realloc (b->s, b->cap);
      if (!b->s)
        die ("realloc", ENOMEM);
    }
  memcpy (b->s + b->len, p, n);
  b->len += n;
  b->s[b->len] = '\0';
}

/* Append the string S to B.  */
static void
buf_str (struct buf *b, const char *s)
{
  buf_add (b, s, strlen (s));
}

/* Return the length of the valid UTF-8 sequence at P (at most N bytes
   long), or 0 if P does not start one.  Overlong forms, surrogates
   and code points past U+10FFFF are invalid.  */
static size_t
utf8_len (const unsigned char *p, size_t n)
{
  size_t len;
  unsigned int min, c;
  if (p[0] < 0x80)
    return 1;
  else if ((p[0] & 0xe0) == 0xc0)
    len = 2, min = 0x80, c = p[0] & 0x1f;
  else if ((p[0] & 0xf0) == 0xe0)
    len = 3, min = 0x800, c = p[0] & 0x0f;
  else if ((p[0] & 0xf8) == 0xf0)
    len = 4, min = 0x10000, c = p[0] & 0x07;
  else
    return 0;
  if (len > n)
    return 0;
  for (size_t i = 1; i < len; i++)
    {
      if ((p[i] & 0xc0) != 0x80)
        return 0;
      c = (c << 6) | (p[i] & 0x3f);
    }
  if (c < min || c > 0x10ffff || (0xd800 <= c && c <= 0xdfff))
    return 0;
  return len;
}

/* Append the N bytes at S to B, escaped (see the head comment).  */
static void
buf_escaped (struct buf *b, const char *s, size_t n)
{
  const unsigned char *p = (const unsigned char *) s;
  size_t i = 0;
  while (i < n)
    {
      size_t len = utf8_len (p + i, n - i);
      if (len == 0 || p[i] <= ' ' || p[i] == 0x7f || p[i] == '\\'
          || p[i] == '=')
        {
          char hex[5];
          snprintf (hex, sizeof hex, "\\x%02x", p[i]);
          buf_str (b, hex);
          i++;
        }
      else
        {
          buf_add (b, s + i, len);
          i += len;
        }
    }
}

/* Append "NAME=" and the N bytes at P in hex to B, after a blank.  */
static void
buf_hex_field (struct buf *b, const char *name, const char *p, size_t n)
{
  buf_str (b, " ");
  buf_str (b, name);
  buf_str (b, "=");
  for (size_t i = 0; i < n; i++)
    {
      char hex[3];
      snprintf (hex, sizeof hex, "%02x", (unsigned char) p[i]);
      buf_add (b, hex, 2);
    }
}

/* Append " sum=HEX", the FNV-1a 64 hash of the regular file NAME in the
   working directory, to B.  */
static void
add_sum (struct buf *b, const char *name)
{
  int fd = open (name,
                 O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_NOATIME);
  if (fd < 0 && errno == EPERM)
    fd = open (name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    die (name, errno);
  uint64_t h = UINT64_C (0xcbf29ce484222325);
  static unsigned char chunk[65536];
  ssize_t n;
  while ((n = read (fd, chunk, sizeof chunk)) != 0)
    {
      if (n < 0)
        die (name, errno);
      for (ssize_t i = 0; i < n; i++)
        h = (h ^ chunk[i]) * UINT64_C (0x100000001b3);
    }
  close (fd);
  char text[32];
  snprintf (text, sizeof text, " sum=%016" PRIx64, h);
  buf_str (b, text);
}

/* Append " target=" and the escaped target of the symbolic link NAME,
   SIZE bytes long by its status, to B.  */
static void
add_target (struct buf *b, const char *name, off_t size)
{
  size_t cap = size > 0 ? (size_t) size + 1 : 256;
  char *t = xmemdup ("", 1);
  ssize_t n;
  for (;;)
    {
      free (t);
      t = malloc (cap);
      if (!t)
        die ("malloc", ENOMEM);
      n = readlink (name, t, cap);
      if (n < 0)
        die (name, errno);
      if ((size_t) n < cap)
        break;
      cap *= 2;
    }
  buf_str (b, " target=");
  buf_escaped (b, t, n);
  free (t);
}

/* Compare two C strings through pointers to them, for qsort.  */
static int
cmp_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Append the extended attributes of NAME (the entry itself) to B, one
   " xattr:NAME=HEX" field each, names sorted.  */
static void
add_xattrs (struct buf *b, const char *name)
{
  ssize_t n = llistxattr (name, NULL, 0);
  if (n < 0 && (errno == ENOTSUP || errno == EOPNOTSUPP))
    return;
  if (n < 0)
    die (name, errno);
  if (n == 0)
    return;
  char *list = malloc (n);
  if (!list)
    die ("malloc", ENOMEM);
  n = llistxattr (name, list, n);
  if (n < 0)
    die (name, errno);
  size_t count = 0;
  for (ssize_t i = 0; i < n; i += strlen (list + i) + 1)
    count++;
  char **names = malloc (count * sizeof *names);
  if (!names)
    die ("malloc", ENOMEM);
  count = 0;
  for (ssize_t i = 0; i < n; i += strlen (list + i) + 1)
    names[count++] = list + i;
  qsort (names, count, sizeof *names, cmp_names);
  for (size_t i = 0; i < count; i++)
    {
      ssize_t vn = lgetxattr (name, names[i], NULL, 0);
      char *v = malloc (vn > 0 ? vn : 1);
      if (vn < 0 || !v
          || (vn = lgetxattr (name, names[i], v, vn)) < 0)
        die (name, errno);
      struct buf key = { 0 };
      buf_str (&key, "xattr:");
      buf_escaped (&key, names[i], strlen (names[i]));
      buf_hex_field (b, key.s, v, vn);
      free (key.s);
      free (v);
    }
  free (names);
  free (list);
}

/* Return true if T is within an hour of now.  */
static bool
is_recent (struct timespec t)
{
  return t.tv_sec > now - 3600 && t.tv_sec < now + 3600;
}

/* Give the entry NAME of the working directory, of status ST, the
   fixed old times in place of any recent one (--age).  */
static void
age_entry (const char *name, const struct stat *st)
{
  struct timespec ts[2] = { st->st_atim, st->st_mtim };
  if (!is_recent (ts[0]) && !is_recent (ts[1]))
    return;
  if (is_recent (ts[0]))
    ts[0] = (struct timespec) { 1612300000, 987654321 };
  if (is_recent (ts[1]))
    ts[1] = (struct timespec) { 1612325106, 123456789 };
  if (utimensat (AT_FDCWD, name, ts, AT_SYMLINK_NOFOLLOW) != 0)
    die (name, errno);
}

/* Append " FIELD=SEC.NSEC" for the time T to B, or " FIELD=recent" if T
   is within an hour of now.  */
static void
add_time (struct buf *b, const char *field, struct timespec t)
{
  char text[64];
  if (is_recent (t))
    snprintf (text, sizeof text, " %s=recent", field);
  else
    snprintf (text, sizeof text, " %s=%jd.%09ld", field,
              (intmax_t) t.tv_sec, t.tv_nsec);
  buf_str (b, text);
}

/* Give the entry NAME of the working directory (status ST) the
   permission bits NEED for its owner, if this process is that owner
   and not root (root needs none): the trees the tests make hold
   directories and files that their owner may not read (mode 0300,
   0311), and the tests run as any user.  Return the mode to put back
   with put_back, or (mode_t) -1 if it was not changed.  */
static mode_t
let_owner (const char *name, const struct stat *st, mode_t need)
{
  if (geteuid () == 0 || st->st_uid != geteuid ()
      || (st->st_mode & need) == need)
    return (mode_t) -1;
  if (chmod (name, (st->st_mode | need) & 07777) != 0)
    die (name, errno);
  return st->st_mode & 07777;
}

/* Give NAME back the MODE that let_owner returned.  */
static void
put_back (const char *name, mode_t mode)
{
  if (mode != (mode_t) -1 && chmod (name, mode) != 0)
    die (name, errno);
}

/* Record the entry NAME of the working directory, at PATH (escaped)
   from the root, with status ST; PATH is kept.  With --age, give it
   old times instead: nothing is kept, the caller keeps PATH.  */
static void
record (const char *name, char *path, const struct stat *st)
{
  if (age)
    {
      age_entry (name, st);
      return;
    }
  struct buf tail = { 0 };
  buf_str (&tail, "");
  if (S_ISREG (st->st_mode))
    {
      mode_t back = let_owner (name, st, S_IRUSR);
      add_sum (&tail, name);
      put_back (name, back);
    }
  else if (S_ISLNK (st->st_mode))
    add_target (&tail, name, st->st_size);
  else if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    {
      char text[64];
      snprintf (text, sizeof text, " rdev=%u:%u", major (st->st_rdev),
                minor (st->st_rdev));
      buf_str (&tail, text);
    }
  if (show_xattr)
    add_xattrs (&tail, name);
  if (n_entries == n_alloc)
    {
      n_alloc = n_alloc ? 2 * n_alloc : 256;
      entries = realloc (entries, n_alloc * sizeof *entries);
      if (!entries)
        die ("realloc", ENOMEM);
    }
  entries[n_entries].path = path;
  entries[n_entries].st = *st;
  entries[n_entries].tail = tail.s;
  n_entries++;
}

/* Return PREFIX "/" NAME, NAME escaped; just NAME if PREFIX is ".".  */
static char *
join (const char *prefix, const char *name)
{
  struct buf b = { 0 };
  buf_str (&b, "");
  if (strcmp (prefix, ".") != 0)
    {
      buf_str (&b, prefix);
      buf_str (&b, "/");
    }
  buf_escaped (&b, name, strlen (name));
  return b.s;
}

/* Record every entry of the working directory, whose escaped path from
   the root is PREFIX, and below it.  Returns to the working directory
   it started in.  */
static void
walk (const char *prefix)
{
  int fd = open (".", O_RDONLY | O_DIRECTORY | O_NOATIME);
  if (fd < 0 && errno == EPERM)
    fd = open (".", O_RDONLY | O_DIRECTORY);
  DIR *d = fd < 0 ? NULL : fdopendir (fd);
  if (!d)
    die (prefix, errno);
  int here = dirfd (d);
  struct dirent *de;
  while ((errno = 0, de = readdir (d)))
    {
      if (!strcmp (de->d_name, ".") || !strcmp (de->d_name, ".."))
        continue;
      struct stat st;
      if (lstat (de->d_name, &st) != 0)
        die (de->d_name, errno);
      char *path = join (prefix, de->d_name);
      record (de->d_name, path, &st);
      if (S_ISDIR (st.st_mode))
        {
          mode_t back = let_owner (de->d_name, &st, S_IRUSR | S_IXUSR);
          if (chdir (de->d_name) != 0)
            die (path, errno);
          walk (path);
          if (fchdir (here) != 0)
            die (prefix, errno);
          put_back (de->d_name, back);
        }
      if (age)
        free (path);
    }
  if (errno)
    die (prefix, errno);
  closedir (d);
}

/* Compare two entries by path, the root "." first, for qsort.  */
static int
cmp_path (const void *a, const void *b)
{
  const char *x = ((const struct entry *) a)->path;
  const char *y = ((const struct entry *) b)->path;
  bool x_root = !strcmp (x, "."), y_root = !strcmp (y, ".");
  if (x_root || y_root)
    return y_root - x_root;
  return strcmp (x, y);
}

/* Compare two entries by device and inode, then path, for qsort.  */
static int
cmp_inode (const void *a, const void *b)
{
  const struct entry *x = *(const struct entry *const *) a;
  const struct entry *y = *(const struct entry *const *) b;
  if (x->st.st_dev != y->st.st_dev)
    return x->st.st_dev < y->st.st_dev ? -1 : 1;
  if (x->st.st_ino != y->st.st_ino)
    return x->st.st_ino < y->st.st_ino ? -1 : 1;
  return strcmp (x->path, y->path);
}

/* Return, for each entry (in path order), the path of the first entry
   of its hard-link group, or NULL where it has none.  */
static const char **
link_groups (void)
{
  const struct entry **by_ino = malloc ((n_entries + 1) * sizeof *by_ino);
  const char **first = calloc (n_entries + 1, sizeof *first);
  if (!by_ino || !first)
    die ("malloc", ENOMEM);
  for (size_t i = 0; i < n_entries; i++)
    by_ino[i] = &entries[i];
  qsort (by_ino, n_entries, sizeof *by_ino, cmp_inode);
  const char *group = NULL;
  for (size_t i = 0; i < n_entries; i++)
    {
      const struct entry *e = by_ino[i];
      if (i == 0 || e->st.st_ino != by_ino[i - 1]->st.st_ino
          || e->st.st_dev != by_ino[i - 1]->st.st_dev)
        group = e->path;
      if (!S_ISDIR (e->st.st_mode) && e->st.st_nlink > 1)
        first[e - entries] = group;
    }
  free (by_ino);
  return first;
}

/* Return the letter for the file type in MODE.  */
static char
type_letter (mode_t mode)
{
  return (S_ISREG (mode) ? 'f' : S_ISDIR (mode) ? 'd' : S_ISLNK (mode) ? 'l'
          : S_ISFIFO (mode) ? 'p' : S_ISCHR (mode) ? 'c' : S_ISBLK (mode)
          ? 'b' : S_ISSOCK (mode) ? 's' : '?');
}

/* Print the line of entry E, whose group's first path is FIRST.  */
static void
print_entry (const struct entry *e, const char *first)
{
  const struct stat *st = &e->st;
  struct buf b = { 0 };
  char text[160];
  buf_str (&b, e->path);
  snprintf (text, sizeof text, " type=%c mode=%04o owner=%ju:%ju nlink=%ju",
            type_letter (st->st_mode), (unsigned int) (st->st_mode & 07777),
            (uintmax_t) st->st_uid, (uintmax_t) st->st_gid,
            (uintmax_t) st->st_nlink);
  buf_str (&b, text);
  if (first)
    {
      buf_str (&b, " link=");
      buf_str (&b, first);
    }
  if (!S_ISDIR (st->st_mode))
    {
      snprintf (text, sizeof text, " size=%jd", (intmax_t) st->st_size);
      buf_str (&b, text);
    }
  if (show_blocks)
    {
      snprintf (text, sizeof text, " blocks=%jd", (intmax_t) st->st_blocks);
      buf_str (&b, text);
    }
  if (show_mtime)
    add_time (&b, "mtime", st->st_mtim);
  if (show_atime)
    add_time (&b, "atime", st->st_atim);
  buf_str (&b, e->tail);
  puts (b.s);
  free (b.s);
}

int
main (int argc, char **argv)
{
  int i;
  for (i = 1; i < argc && argv[i][0] == '-'; i++)
    if (!strcmp (argv[i], "--no-mtime"))
      show_mtime = false;
    else if (!strcmp (argv[i], "--atime"))
      show_atime = true;
    else if (!strcmp (argv[i], "--blocks"))
      show_blocks = true;
    else if (!strcmp (argv[i], "--no-xattr"))
      show_xattr = false;
    else if (!strcmp (argv[i], "--age"))
      age = true;
    else
      break;
  if (i != argc - 1)
    {
      fputs ("usage: tree-dump [--no-mtime] [--atime] [--blocks]"
             " [--no-xattr] DIR\n       tree-dump --age DIR\n", stderr);
      return 2;
    }
  now = time (NULL);
  const char *root = argv[i];
  struct stat st;
  if (lstat (root, &st) != 0)
    die (root, errno);
  if (!S_ISDIR (st.st_mode) || chdir (root) != 0)
    die (root, S_ISDIR (st.st_mode) ? errno : ENOTDIR);
  char *root_path = xmemdup (".", 2);
  record (".", root_path, &st);
  walk (".");
  if (age)
    {
      free (root_path);
      return 0;
    }
  qsort (entries, n_entries, sizeof *entries, cmp_path);
  const char **first = link_groups ();
  for (size_t k = 0; k < n_entries; k++)
    print_entry (&entries[k], first[k]);
  for (size_t k = 0; k < n_entries; k++)
    {
      free (entries[k].path);
      free (entries[k].tail);
    }
  free (entries);
  free ((void *) first);
  if (fflush (stdout) != 0 || ferror (stdout))
    die ("standard output", errno);
  return 0;
}
