/* test-ioblksize.c -- io_blksize on odd st_blksize values,
   io_copy_blksize between regular files, the BRISK_IO_BUFSIZE
   override, and io_read on a file that refuses large reads.

   For every st_blksize in the table (and for no status at all) the
   size must be at least IO_BUFSIZE, at most IO_BUFSIZE_MAX, and a
   multiple of st_blksize when that is sane (positive and not above
   IO_BUFSIZE_MAX); the exact value is checked too.  The override is
   read once per process, so each of its cases runs in a fresh copy of
   this program ("test-ioblksize child VALUE EXPECTED").  A file under
   /proc/sys fails a read of 4 MiB or more with ENOMEM: io_read must
   still return its bytes, as a small read does.  Exits 1 on any
   failure.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ioblksize.h"

static int failures;

/* One case: st_blksize BLK (or no status, if !HAVE_ST) and the size
   io_blksize must return.  */
struct blk_case
{
  int have_st;
  long long blk;
  size_t expect;
};

static const struct blk_case cases[] = {
  { 0, 0, IO_BUFSIZE },
  { 1, 0, IO_BUFSIZE },
  { 1, -1, IO_BUFSIZE },
  { 1, -4096, IO_BUFSIZE },
  { 1, 1, IO_BUFSIZE },
  { 1, 512, IO_BUFSIZE },
  { 1, 4096, IO_BUFSIZE },
  { 1, 3000, 132000 },          /* 44 * 3000 */
  { 1, 100000, 200000 },
  { 1, IO_BUFSIZE, IO_BUFSIZE },
  { 1, IO_BUFSIZE + 1, IO_BUFSIZE + 1 },
  { 1, 1 << 20, 1 << 20 },
  { 1, IO_BUFSIZE_MAX, IO_BUFSIZE_MAX },
  { 1, IO_BUFSIZE_MAX + 1LL, IO_BUFSIZE },
  { 1, 2LL << 30, IO_BUFSIZE }, /* 2 GiB: bogus, ignored */
};

/* Check io_blksize against case C.  */
static void
check_case (const struct blk_case *c)
{
  struct stat st;
  memset (&st, 0, sizeof st);
  st.st_blksize = c->blk;
  if ((long long) st.st_blksize != c->blk)
    return;                     /* does not fit this blksize_t */
  size_t got = io_blksize (c->have_st ? &st : NULL);
  bool sane = c->have_st && 0 < c->blk && c->blk <= IO_BUFSIZE_MAX;
  const char *why = NULL;
  if (got < IO_BUFSIZE)
    why = "below IO_BUFSIZE";
  else if (IO_BUFSIZE_MAX < got)
    why = "above IO_BUFSIZE_MAX";
  else if (sane && got % c->blk != 0)
    why = "not a multiple of st_blksize";
  else if (got != c->expect)
    why = "unexpected value";
  if (why)
    {
      printf ("FAIL: st_blksize %lld%s: got %zu, expected %zu (%s)\n",
              c->blk, c->have_st ? "" : " (no status)", got, c->expect,
              why);
      failures++;
    }
}

/* io_copy_blksize: IO_FILE_BUFSIZE between regular files whose source
   is larger than IO_BUFSIZE, else io_blksize of the larger.  */
static void
check_copy_sizes (void)
{
  struct stat reg, big, fifo, wide;
  memset (&reg, 0, sizeof reg);
  reg.st_mode = S_IFREG | 0644;
  reg.st_blksize = 4096;
  reg.st_size = IO_BUFSIZE;
  big = reg;
  big.st_size = IO_BUFSIZE + 1;
  fifo = reg;
  fifo.st_mode = S_IFIFO | 0644;
  wide = big;
  wide.st_blksize = 2 * IO_FILE_BUFSIZE;
  struct
  {
    struct stat const *src, *dst;
    size_t expect;
  } const t[] = {
    { &reg, &reg, IO_BUFSIZE },
    { &big, &reg, IO_FILE_BUFSIZE },
    { &big, &fifo, IO_BUFSIZE },
    { &fifo, &big, IO_BUFSIZE },
    { &reg, &wide, 2 * IO_FILE_BUFSIZE },
    { &wide, &reg, 2 * IO_FILE_BUFSIZE },
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    {
      size_t got = io_copy_blksize (t[i].src, t[i].dst);
      if (got != t[i].expect)
        {
          printf ("FAIL: io_copy_blksize case %zu: got %zu, expected %zu\n",
                  i, got, t[i].expect);
          failures++;
        }
    }
}

/* In a child: BRISK_IO_BUFSIZE is set; io_blksize must return EXPECT
   (0: the variable is ignored) whatever the status says.  */
static int
child (size_t expect)
{
  struct stat st;
  memset (&st, 0, sizeof st);
  st.st_blksize = 4096;
  size_t a = io_blksize (NULL), b = io_blksize (&st);
  st.st_mode = S_IFREG | 0644;
  st.st_size = 1 << 30;
  size_t c = io_copy_blksize (&st, &st);
  size_t want = expect ? expect : IO_BUFSIZE;
  if (a == want && b == want && c == (expect ? expect : IO_FILE_BUFSIZE)
      && io_bufsize_override () == expect)
    return EXIT_SUCCESS;
  printf ("FAIL: BRISK_IO_BUFSIZE='%s': got %zu and %zu, expected %zu\n",
          getenv ("BRISK_IO_BUFSIZE"), a, b, want);
  return EXIT_FAILURE;
}

/* Run this program (SELF) as a child with BRISK_IO_BUFSIZE=VALUE,
   expecting EXPECT.  */
static void
check_override (const char *self, const char *value, size_t expect)
{
  char arg[32];
  snprintf (arg, sizeof arg, "%zu", expect);
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      setenv ("BRISK_IO_BUFSIZE", value, 1);
      execl (self, self, "child", arg, (char *) NULL);
      perror (self);
      _exit (2);
    }
  int status;
  if (pid < 0 || waitpid (pid, &status, 0) != pid
      || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      printf ("FAIL: override case '%s' (child failed)\n", value);
      failures++;
    }
}

/* Read the start of the file NAME with io_read and a count of COUNT
   into BUF; return the byte count, or -1 (errno set).  */
static ssize_t
read_start (const char *name, char *buf, size_t count)
{
  int fd = open (name, O_RDONLY);
  if (fd < 0)
    return -1;
  ssize_t n = io_read (fd, buf, count);
  int saved_errno = errno;
  close (fd);
  errno = saved_errno;
  return n;
}

/* io_read of a /proc/sys file with counts of 4 KiB, 4 MiB and 8 MiB:
   the same bytes each time, never ENOMEM.  */
static void
check_io_read (void)
{
  static const char name[] = "/proc/sys/kernel/ostype";
  char *big = malloc (IO_BUFSIZE_MAX);
  char small[4096];
  ssize_t want = read_start (name, small, sizeof small);
  if (!big || want <= 0)
    {
      printf ("FAIL: cannot read %s (%s)\n", name, strerror (errno));
      failures++;
      free (big);
      return;
    }
  static const size_t counts[] = { 4 << 20, (4 << 20) + 1, IO_BUFSIZE_MAX };
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
    {
      ssize_t n = read_start (name, big, counts[i]);
      if (n != want || memcmp (big, small, want) != 0)
        {
          printf ("FAIL: io_read (%s, %zu): %zd bytes (%s), expected %zd\n",
                  name, counts[i], n, n < 0 ? strerror (errno) : "",
                  want);
          failures++;
        }
    }
  free (big);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "child") == 0)
    return child (strtoull (argv[2], NULL, 10));

  unsetenv ("BRISK_IO_BUFSIZE");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    check_case (&cases[i]);
  check_copy_sizes ();

  check_override (argv[0], "1", 1);
  check_override (argv[0], "7", 7);
  check_override (argv[0], "65", 65);
  check_override (argv[0], "8388608", IO_BUFSIZE_MAX);
  check_override (argv[0], "8388609", 0);
  check_override (argv[0], "0", 0);
  check_override (argv[0], "", 0);
  check_override (argv[0], "-5", 0);
  check_override (argv[0], "12k", 0);
  check_override (argv[0], " 64", 0);
  check_override (argv[0], "99999999999999999999999", 0);
  check_io_read ();

  if (failures)
    printf ("%d failures\n", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
