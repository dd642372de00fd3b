/* test-copy-data.c -- the copy engine (lib/copy-data.c), each rung forced in
   turn and the whole ladder, on /tmp and on /dev/shm.

   Sources: empty, 1 byte, sizes around 4 KiB blocks and around the
   read/write buffer (io_blksize), 3 MiB of random bytes, a file with a run
   of written zeros, two sparse files (data at the start, middle and end;
   data then a trailing hole), files under /proc whose size reads as 0 and
   files under /sys whose size reads as 4096 in no block (so that they look
   sparse to the engine) and that read as a few bytes: their copy must hold
   those bytes, not 4096.  Each is copied with each rung alone and with the
   whole ladder; a rung that must serve must copy every byte (compared byte
   by byte, the first difference printed with what was expected and what
   came), leave the destination's offset after the data, and the sparse rung
   must not give the copy more blocks than the source; a rung that may not
   serve must leave the destination untouched.  Also: non-zero source and
   destination offsets, a destination holding old bytes after its offset (no
   hole may be left over them), zeros turned into holes with
   COPY_SPARSE_ALWAYS, /dev/full (a write error, ENOSPC), a directory as
   source (a read error, EISDIR), and the clone cache: FICLONE is asked once
   per pair of devices that cannot clone.  Bounded copies (copy_data_n) with
   each rung: exactly the bytes asked for (fewer at the end of the source),
   both offsets left just after them, old bytes after the destination's
   range kept.  A directory that cannot be used is SKIP.  Exits 1 on any
   failure.

   Not reached here: copy_file_range returning 0 at once for a /proc file
   (the engine then reads); Linux since 5.19 refuses /proc to another file
   system with EXDEV, which hands over to read/write too.  Clone succeeding:
   neither ext4 nor tmpfs can clone, so the clone rung is checked to decline
   cleanly and to be asked once per pair of devices.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "copy-data.h"
#include "ioblksize.h"

static int failures;

/* Copies checked, by the rung that served (COPY_METHOD_NONE: none).  */
static int served[COPY_METHOD_NONE + 1];

/* What a forced rung must do with a source.  */
enum expect
{
  MUST,                         /* serve: return 1 and copy */
  MAY,                          /* serve, or decline leaving no trace */
  NEVER                         /* decline */
};

/* A source file: its label, descriptor, bytes (from offset 0) and
   whether it has holes.  */
struct source
{
  char label[64];
  int fd;
  unsigned char *data;
  size_t size;
  bool sparse;
  bool proc;                    /* a pseudo-file (/proc, /sys): its
                                   size is not its length */
};

/* One copy to check: the ladder allowed, the sparse mode, the offsets,
   and the old bytes of the destination after its offset.  */
struct job
{
  char const *dir;
  enum copy_method first;
  enum copy_method last;
  enum copy_sparse sparse;
  off_t src_off;
  size_t dst_off;
  size_t dst_extra;
  bool onward;                  /* with copy_data_onward */
};

static uint64_t seed = 0x9E3779B97F4A7C15u;

/* Fill the N bytes at P with pseudo-random bytes (xorshift64).  */
static void
fill_random (unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      seed ^= seed << 13;
      seed ^= seed >> 7;
      seed ^= seed << 17;
      p[i] = seed >> 56;
    }
}

/* Report a failure of the check named WHAT on LABEL.  */
static void
failed (char const *label, char const *what)
{
  printf ("FAIL: %s: %s\n", label, what);
  failures++;
}

/* Open a new, already unlinked file in DIR for reading and writing.
   Return its descriptor, or -1 (errno set).  */
static int
temp_file (char const *dir)
{
  char name[256];
  snprintf (name, sizeof name, "%s/test-copy-data-XXXXXX", dir);
  int fd = mkstemp (name);
  if (0 <= fd)
    unlink (name);
  return fd;
}

/* Read the whole of FD from offset 0 with pread into a new buffer; set
   *SIZE.  Return the buffer (never NULL: exits if memory is short).  */
static unsigned char *
slurp (int fd, size_t *size)
{
  size_t cap = 1 << 16, n = 0;
  unsigned char *p = malloc (cap);
  for (ssize_t r; p; n += r)
    {
      if (n == cap)
        p = realloc (p, cap *= 2);
      if (!p || (r = pread (fd, p + n, cap - n, n)) <= 0)
        break;
    }
  if (!p)
    abort ();
  *size = n;
  return p;
}

/* Compare the N_GOT bytes at GOT with the N_EXP at EXP, reporting the
   first difference on LABEL.  Return true if they are equal.  */
static bool
same_bytes (char const *label, unsigned char const *exp, size_t n_exp,
            unsigned char const *got, size_t n_got)
{
  size_t i = 0;
  while (i < n_exp && i < n_got && exp[i] == got[i])
    i++;
  if (i == n_exp && i == n_got)
    return true;
  printf ("FAIL: %s: expected %zu bytes, got %zu", label, n_exp, n_got);
  if (i < n_exp && i < n_got)
    printf ("; first difference at %zu: expected 0x%02x, got 0x%02x", i,
            exp[i], got[i]);
  printf ("\n");
  failures++;
  return false;
}

/* Make a source in DIR labelled LABEL holding SIZE random bytes but
   for ZERO_LEN zeros from ZERO_AT.  Exits on a setup failure.  */
static void
make_plain (struct source *s, char const *dir, char const *label,
            size_t size, size_t zero_at, size_t zero_len)
{
  snprintf (s->label, sizeof s->label, "%s %s", dir, label);
  s->fd = temp_file (dir);
  s->size = size;
  s->data = malloc (size + 1);
  s->sparse = s->proc = false;
  if (s->fd < 0 || !s->data)
    abort ();
  fill_random (s->data, size);
  memset (s->data + zero_at, 0, zero_len);
  if (size && pwrite (s->fd, s->data, size, 0) != (ssize_t) size)
    abort ();
}

/* Make a sparse source in DIR labelled LABEL of SIZE bytes, with 64 KiB
   of random data at each of the N offsets AT.  */
static void
make_sparse (struct source *s, char const *dir, char const *label,
             size_t size, size_t const *at, int n)
{
  make_plain (s, dir, label, 0, 0, 0);
  free (s->data);
  s->size = size;
  s->data = calloc (size, 1);
  if (!s->data || ftruncate (s->fd, size) < 0)
    abort ();
  for (int i = 0; i < n; i++)
    {
      fill_random (s->data + at[i], 1 << 16);
      if (pwrite (s->fd, s->data + at[i], 1 << 16, at[i]) != 1 << 16)
        abort ();
    }
  struct stat st;
  s->sparse = fstat (s->fd, &st) == 0 && st.st_blocks * 512 < st.st_size;
  if (!s->sparse)
    printf ("note: %s: the file system made no holes\n", s->label);
}

/* Make a source of the pseudo-file NAME (under /proc or /sys), whose
   bytes are read now.
   Return false if it cannot be opened.  */
static bool
make_proc (struct source *s, char const *name)
{
  snprintf (s->label, sizeof s->label, "%s", name);
  s->fd = open (name, O_RDONLY);
  if (s->fd < 0)
    return false;
  s->data = slurp (s->fd, &s->size);
  s->sparse = false;
  s->proc = true;
  return true;
}

/* Make J's destination in J->dir: J->dst_off bytes of 'P' then
   J->dst_extra of 'Q', with its offset at J->dst_off.  Return its
   descriptor; the bytes are also put in *OLD (of *OLD_SIZE).  */
static int
make_dest (struct job const *j, unsigned char **old, size_t *old_size)
{
  int fd = temp_file (j->dir);
  *old_size = j->dst_off + j->dst_extra;
  *old = malloc (*old_size + 1);
  if (fd < 0 || !*old)
    abort ();
  memset (*old, 'P', j->dst_off);
  memset (*old + j->dst_off, 'Q', j->dst_extra);
  if ((*old_size && pwrite (fd, *old, *old_size, 0) != (ssize_t) *old_size)
      || lseek (fd, j->dst_off, SEEK_SET) < 0)
    abort ();
  return fd;
}

/* The bytes the copy of S under J must give: the old destination with
   S's bytes from J->src_off written over it at J->dst_off.  Return
   a new buffer and set *SIZE.  */
static unsigned char *
expected_bytes (struct source const *s, struct job const *j,
                unsigned char const *old, size_t old_size, size_t *size)
{
  size_t len = s->size - j->src_off;
  size_t end = j->dst_off + len;
  *size = end < old_size ? old_size : end;
  unsigned char *exp = malloc (*size + 1);
  if (!exp)
    abort ();
  memcpy (exp, old, old_size);
  memcpy (exp + j->dst_off, s->data + j->src_off, len);
  return exp;
}

/* Check the blocks of the copy DST of S under J, labelled LABEL: no
   more than the source's for the sparse rung, fewer when zeros had to
   become holes (ZEROS_TO_HOLES).  */
static void
check_blocks (struct source const *s, int dst, char const *label,
              bool zeros_to_holes)
{
  struct stat ss, ds;
  if (fstat (s->fd, &ss) < 0 || fstat (dst, &ds) < 0)
    abort ();
  if (ds.st_blocks > ss.st_blocks
      || (zeros_to_holes && ds.st_blocks >= ss.st_blocks))
    {
      printf ("FAIL: %s: expected st_blocks %s %lld, got %lld\n", label,
              zeros_to_holes ? "<" : "<=", (long long) ss.st_blocks,
              (long long) ds.st_blocks);
      failures++;
    }
}

/* Check that what RES says each way did (for --debug) agrees with the
   rung that finished the copy under J (LABEL): the rung it names was
   used, a clone counts only when it made the copy, a rung outside the
   ladder was not tried, and the sparse rung found the data with
   SEEK_DATA.  A copy of no byte is let be: a bounded copy of nothing
   names the ladder's first rung without trying it.  */
static void
check_ways (struct copy_result const *res, struct job const *j,
            char const *label)
{
  if (res->clone == COPY_TRIED_USED && res->method != COPY_METHOD_CLONE)
    failed (label, "a clone is marked used but did not make the copy");
  if (res->method == COPY_METHOD_CLONE && res->clone != COPY_TRIED_USED
      && res->bytes)
    failed (label, "the clone made the copy but is not marked used");
  if (res->method == COPY_METHOD_RANGE && res->range != COPY_TRIED_USED
      && res->bytes)
    failed (label, "copy_file_range served but is not marked used");
  if (COPY_METHOD_CLONE < j->first && res->clone != COPY_TRIED_NOT)
    failed (label, "the clone, outside the ladder, is marked tried");
  if (res->method == COPY_METHOD_SPARSE && !res->seek_data && res->bytes)
    failed (label, "the sparse rung served without SEEK_DATA marked");
}

/* Check the outcome R (with RES) of the copy of S to DST under J,
   labelled LABEL, against EXPECT.  */
static void
check_copy (struct source const *s, struct job const *j, int dst,
            int r, struct copy_result const *res, enum expect expect,
            unsigned char const *old, size_t old_size, char const *label)
{
  char what[128];
  if (r < 0 || (r == 0 && expect == MUST) || (r == 1 && expect == NEVER))
    {
      snprintf (what, sizeof what, "expected %s, got %d (%s, errno %s)",
                expect == MUST ? "1" : expect == NEVER ? "0" : "0 or 1",
                r, copy_method_name (res->method), strerror (errno));
      failed (label, what);
      return;
    }
  served[r == 1 ? res->method : COPY_METHOD_NONE]++;
  size_t got_size, exp_size;
  unsigned char *got = slurp (dst, &got_size);
  unsigned char *exp = (r == 0 ? (unsigned char *) old
                        : expected_bytes (s, j, old, old_size, &exp_size));
  same_bytes (label, exp, r == 0 ? old_size : exp_size, got, got_size);
  off_t want_off = r == 0 ? j->dst_off : j->dst_off + s->size - j->src_off;
  off_t got_off = lseek (dst, 0, SEEK_CUR);
  if (got_off != want_off)
    {
      snprintf (what, sizeof what, "expected destination offset %lld, "
                "got %lld", (long long) want_off, (long long) got_off);
      failed (label, what);
    }
  if (r == 1 && (res->method < j->first || j->last < res->method))
    failed (label, "the method reported is outside the ladder allowed");
  if (r == 1)
    check_ways (res, j, label);
  if (r == 1 && res->method == COPY_METHOD_SPARSE && j->src_off == 0
      && j->dst_off == 0 && !s->proc)
    check_blocks (s, dst, label, false);
  free (got);
  if (r == 1)
    free (exp);
}

/* Copy S under J with copy_data (copy_data_onward if J->onward), or
   with copy_data_n of LEN bytes if LEN is not negative, into DST; set
   *RES.  Return what the copy returns.  */
static int
copy_job (struct source const *s, struct job const *j, off_t len, int dst,
          struct copy_result *res)
{
  struct copy_engine e;
  copy_engine_init (&e, j->sparse);
  e.first = j->first;
  e.last = j->last;
  if (lseek (s->fd, j->src_off, SEEK_SET) < 0)
    abort ();
  struct stat src_st, dst_st;
  if (fstat (s->fd, &src_st) != 0 || fstat (dst, &dst_st) != 0)
    abort ();
  int r = (0 <= len
           ? copy_data_n (&e, s->fd, NULL, dst, NULL, len, res)
           : j->onward
           ? copy_data_onward (&e, s->fd, &src_st, dst, &dst_st, res)
           : copy_data (&e, s->fd, NULL, dst, NULL, res));
  int err = errno;
  copy_engine_free (&e);
  errno = err;
  return r;
}

/* Copy S under J and check the result against EXPECT.  */
static void
run_copy (struct source const *s, struct job const *j, enum expect expect)
{
  char label[256];
  snprintf (label, sizeof label, "%s -> %s, %s..%s, sparse %d, "
            "offsets %lld/%zu%s", s->label, j->dir,
            copy_method_name (j->first), copy_method_name (j->last),
            (int) j->sparse, (long long) j->src_off, j->dst_off,
            j->dst_extra ? " (old bytes after)" : "");
  unsigned char *old;
  size_t old_size;
  int dst = make_dest (j, &old, &old_size);
  struct copy_result res;
  int r = copy_job (s, j, -1, dst, &res);
  if (j->onward)
    strncat (label, " (onward)", sizeof label - strlen (label) - 1);
  check_copy (s, j, dst, r, &res, expect, old, old_size, label);
  free (old);
  close (dst);
}

/* What rung M alone must do with S (at offset 0, to an empty file).  */
static enum expect
rung_expect (struct source const *s, enum copy_method m)
{
  switch (m)
    {
    case COPY_METHOD_CLONE:
      return MAY;               /* the file system decides */
    case COPY_METHOD_SPARSE:
      return s->sparse ? MUST : s->proc ? MAY : NEVER;
    case COPY_METHOD_RANGE:
      return s->proc || s->size == 0 ? MAY : MUST;
    default:
      return MUST;
    }
}

/* Copy S to DIR with each rung alone, then with the whole ladder.  */
static void
each_rung (struct source const *s, char const *dir)
{
  struct job j = { .dir = dir, .sparse = COPY_SPARSE_AUTO };
  for (int m = COPY_METHOD_CLONE; m <= COPY_METHOD_READ_WRITE; m++)
    {
      j.first = j.last = m;
      run_copy (s, &j, rung_expect (s, m));
    }
  j.first = COPY_METHOD_CLONE;
  run_copy (s, &j, MUST);
}

/* Copy S (of a few KiB at least) to DIR from source offset 1000 to
   destination offset 500: each rung alone, and the whole ladder; then
   with old bytes after the destination's offset; then the same through
   copy_data_onward.  */
static void
with_offsets (struct source const *s, char const *dir)
{
  struct job j = { .dir = dir, .sparse = COPY_SPARSE_AUTO,
                   .src_off = 1000, .dst_off = 500 };
  for (int m = COPY_METHOD_CLONE; m <= COPY_METHOD_READ_WRITE; m++)
    {
      j.first = j.last = m;
      run_copy (s, &j, m == COPY_METHOD_CLONE ? NEVER : rung_expect (s, m));
    }
  j.first = COPY_METHOD_CLONE;
  run_copy (s, &j, MUST);
  j.dst_extra = s->size + 4096;
  run_copy (s, &j, MUST);
  j.first = j.last = COPY_METHOD_SPARSE;
  run_copy (s, &j, NEVER);

  /* copy_data_onward, as cat uses it: copy_file_range, then
     read/write, from the offsets as they are, old bytes after them or
     not; never the clone or sparse rung.  */
  j.onward = true;
  j.sparse = COPY_SPARSE_NEVER;
  j.first = j.last = COPY_METHOD_CLONE;
  run_copy (s, &j, NEVER);
  j.first = j.last = COPY_METHOD_SPARSE;
  run_copy (s, &j, NEVER);
  j.first = COPY_METHOD_RANGE;
  j.last = COPY_METHOD_READ_WRITE;
  run_copy (s, &j, MUST);
  j.dst_extra = 0;
  run_copy (s, &j, MUST);
  j.first = j.last = COPY_METHOD_READ_WRITE;
  run_copy (s, &j, MUST);
}

/* COPY_SPARSE_ALWAYS on S, whose zeros are written: the read/write
   rung and the whole ladder must make holes of them.  */
static void
zeros_to_holes (struct source const *s, char const *dir)
{
  struct job j = { .dir = dir, .first = COPY_METHOD_READ_WRITE,
                   .last = COPY_METHOD_READ_WRITE,
                   .sparse = COPY_SPARSE_ALWAYS };
  for (int pass = 0; pass < 2; pass++, j.first = COPY_METHOD_CLONE)
    {
      int dst = temp_file (dir);
      struct copy_engine e;
      copy_engine_init (&e, j.sparse);
      e.first = j.first;
      struct copy_result res;
      char label[256];
      snprintf (label, sizeof label, "%s -> %s, %s..read/write, sparse "
                "always", s->label, dir, copy_method_name (j.first));
      lseek (s->fd, 0, SEEK_SET);
      int r = copy_data (&e, s->fd, NULL, dst, NULL, &res);
      copy_engine_free (&e);
      check_copy (s, &j, dst, r, &res, MUST,
                  (unsigned char const *) "", 0, label);
      if (r == 1 && res.method != COPY_METHOD_CLONE)
        check_blocks (s, dst, label, true);
      close (dst);
    }
}

/* Copy a file of DIR to DST_NAME (opened write-only), which must fail
   with a write error and ENOSPC, with the whole ladder and with
   read/write alone.  */
static void
write_error (char const *dir, char const *dst_name)
{
  struct source s;
  make_plain (&s, dir, "3 MiB", 3 << 20, 0, 0);
  for (int m = COPY_METHOD_CLONE; m <= COPY_METHOD_READ_WRITE; m += 3)
    {
      int dst = open (dst_name, O_WRONLY);
      if (dst < 0)
        {
          printf ("SKIP: %s: %s\n", dst_name, strerror (errno));
          break;
        }
      struct copy_engine e;
      copy_engine_init (&e, COPY_SPARSE_AUTO);
      e.first = m;
      struct copy_result res;
      lseek (s.fd, 0, SEEK_SET);
      int r = copy_data (&e, s.fd, NULL, dst, NULL, &res);
      copy_engine_free (&e);
      int err = errno;
      if (r != -1 || res.failure != COPY_FAILED_WRITE || err != ENOSPC)
        {
          printf ("FAIL: %s -> %s from %s: expected -1, a write error, "
                  "ENOSPC; got %d, failure %d (%d is write), %s\n",
                  s.label, dst_name, copy_method_name (m), r,
                  (int) res.failure, (int) COPY_FAILED_WRITE,
                  strerror (err));
          failures++;
        }
      close (dst);
    }
  close (s.fd);
  free (s.data);
}

/* Copy the directory DIR as a source: a read error, EISDIR.  */
static void
read_error (char const *dir)
{
  int src = open (dir, O_RDONLY | O_DIRECTORY);
  int dst = temp_file (dir);
  if (src < 0 || dst < 0)
    abort ();
  struct copy_engine e;
  copy_engine_init (&e, COPY_SPARSE_AUTO);
  struct copy_result res;
  int r = copy_data (&e, src, NULL, dst, NULL, &res);
  copy_engine_free (&e);
  int err = errno;
  if (r != -1 || res.failure != COPY_FAILED_READ || err != EISDIR)
    {
      printf ("FAIL: directory %s as source: expected -1, a read error, "
              "EISDIR; got %d, failure %d (%d is read), %s\n", dir, r,
              (int) res.failure, (int) COPY_FAILED_READ, strerror (err));
      failures++;
    }
  close (src);
  close (dst);
}

/* Copy a 1-byte file from FROM to TO with ENGINE,
   the whole ladder; return the method that served (exits on setup
   failure).  */
static enum copy_method
clone_try (struct copy_engine *engine, char const *from, char const *to)
{
  struct source s;
  make_plain (&s, from, "1 byte", 1, 0, 0);
  int dst = temp_file (to);
  if (dst < 0)
    abort ();
  struct copy_result res;
  if (copy_data (engine, s.fd, NULL, dst, NULL, &res) != 1)
    {
      printf ("FAIL: clone cache: copy from %s to %s: %s\n", from, to,
              strerror (errno));
      failures++;
    }
  close (dst);
  close (s.fd);
  free (s.data);
  return res.method;
}

/* The clone cache: with one engine, copy DIR_A to DIR_A twice, DIR_B
   to DIR_A twice, and DIR_A to DIR_A again; where FICLONE cannot
   serve, it must have been asked once per pair of devices: twice.  */
static void
clone_cache (char const *dir_a, char const *dir_b)
{
  static struct
  {
    int from_b;
    unsigned long attempts;
  } const steps[] = { { 0, 1 }, { 0, 1 }, { 1, 2 }, { 1, 2 }, { 0, 2 } };
  struct copy_engine e;
  copy_engine_init (&e, COPY_SPARSE_AUTO);
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
    {
      char const *from = steps[i].from_b ? dir_b : dir_a;
      if (clone_try (&e, from, dir_a) == COPY_METHOD_CLONE)
        {
          printf ("note: %s -> %s can clone: cache check skipped\n",
                  from, dir_a);
          break;
        }
      if (e.clone_attempts != steps[i].attempts)
        {
          printf ("FAIL: clone cache, copy %zu (%s -> %s): expected %lu "
                  "FICLONE attempts, got %lu\n", i + 1, from, dir_a,
                  steps[i].attempts, e.clone_attempts);
          failures++;
        }
    }
  copy_engine_free (&e);
}

/* Check one bounded copy (copy_data_n) of S under J (the ladder and
   offsets) of LEN bytes, where EXPECT says whether J's ladder must
   serve: the bytes of the destination, the count reported, and both
   offsets, which must be just after the range copied.  */
static void
bounded_copy (struct source const *s, struct job const *j, off_t len,
              enum expect expect)
{
  char label[256];
  snprintf (label, sizeof label, "%s -> %s, %s..%s, copy_data_n of %lld "
            "from %lld to %zu", s->label, j->dir, copy_method_name (j->first),
            copy_method_name (j->last), (long long) len,
            (long long) j->src_off, j->dst_off);
  unsigned char *old;
  size_t old_size;
  int dst = make_dest (j, &old, &old_size);
  struct copy_result res;
  int r = copy_job (s, j, len, dst, &res);
  off_t avail = s->size - j->src_off;
  off_t n = r != 1 ? 0 : len < avail ? len : avail;
  if (r < 0 || (r == 0 && expect == MUST) || (r == 1 && expect == NEVER
                                                && len != 0))
    failed (label, r < 0 ? strerror (errno) : "served or not as expected");
  else if (r == 1 && res.bytes != n)
    failed (label, "the count of bytes copied is wrong");
  size_t got_size;
  unsigned char *got = slurp (dst, &got_size);
  unsigned char *exp = malloc (old_size + n + 1);
  size_t exp_size = j->dst_off + n < old_size ? old_size : j->dst_off + n;
  memcpy (exp, old, old_size);
  memcpy (exp + j->dst_off, s->data + j->src_off, n);
  same_bytes (label, exp, exp_size, got, got_size);
  if (lseek (dst, 0, SEEK_CUR) != (off_t) j->dst_off + n)
    failed (label, "the destination's offset is not after the copy");
  if (lseek (s->fd, 0, SEEK_CUR) != j->src_off + n)
    failed (label, "the source's offset is not after the copy");
  free (exp);
  free (got);
  free (old);
  close (dst);
}

/* Bounded copies of S (of more than 200 KiB) to DIR with each rung
   alone and the whole ladder: nothing, one byte, ranges ending in a
   block, across holes and read/write buffers, up to the end and past
   it, from offsets 0 and 70000, to an empty destination and one with
   old bytes after its offset.  */
static void
bounded (struct source const *s, char const *dir)
{
  off_t const lens[] = { 0, 1, 4095, 70001, 1 << 20, (off_t) s->size,
                         (off_t) s->size + 1 };
  off_t const from[] = { 0, 70000 };
  for (int m = COPY_METHOD_CLONE; m <= COPY_METHOD_NONE; m++)
    for (size_t f = 0; f < sizeof from / sizeof *from; f++)
      for (size_t l = 0; l < sizeof lens / sizeof *lens; l++)
        {
          bool ladder = m == COPY_METHOD_NONE;
          struct job j = { .dir = dir,
                           .first = ladder ? COPY_METHOD_CLONE : m,
                           .last = ladder ? COPY_METHOD_READ_WRITE : m,
                           .sparse = COPY_SPARSE_AUTO, .src_off = from[f],
                           .dst_off = 100 * f };
          enum expect exp = (ladder ? MUST : m == COPY_METHOD_CLONE ? NEVER
                             : rung_expect (s, m));
          bounded_copy (s, &j, lens[l], exp);
          j.dst_extra = 3000;
          if (m != COPY_METHOD_SPARSE)
            bounded_copy (s, &j, lens[l], exp);
        }
}

/* The checks run_checks may run on a source.  */
enum { EACH_RUNG = 1, OFFSETS = 2, ZEROS_TO_HOLES = 4, BOUNDED = 8 };

/* Run the CHECKS on S in DIR, then close and free S.  */
static void
run_checks (struct source *s, char const *dir, int checks)
{
  if (checks & EACH_RUNG)
    each_rung (s, dir);
  if (checks & OFFSETS)
    with_offsets (s, dir);
  if (checks & ZEROS_TO_HOLES)
    zeros_to_holes (s, dir);
  if (checks & BOUNDED)
    bounded (s, dir);
  close (s->fd);
  free (s->data);
}

/* The checks on files of DIR without holes: sizes around blocks and
   around the read/write buffers (io_blksize, and IO_FILE_BUFSIZE for
   larger files), 3 MiB, and runs of written zeros.  */
static void
test_plain (char const *dir)
{
  size_t b = io_blksize (NULL);
  struct
  {
    size_t size, zero_at, zero_len;
    int checks;
  } const t[] = {
    { 0, 0, 0, EACH_RUNG }, { 1, 0, 0, EACH_RUNG },
    { 4095, 0, 0, EACH_RUNG }, { 4096, 0, 0, EACH_RUNG },
    { 4097, 0, 0, EACH_RUNG }, { b - 1, 0, 0, EACH_RUNG },
    { b, 0, 0, EACH_RUNG }, { b + 1, 0, 0, EACH_RUNG },
    { 2 * b + 1, 0, 0, EACH_RUNG }, { IO_FILE_BUFSIZE - 1, 0, 0, EACH_RUNG },
    { IO_FILE_BUFSIZE + 1, 0, 0, EACH_RUNG },
    { 2 * IO_FILE_BUFSIZE + 7, 0, 0, EACH_RUNG },
    { 3 << 20, 0, 0, EACH_RUNG | OFFSETS | BOUNDED },
    { 1 << 20, 1 << 18, 1 << 19, EACH_RUNG | ZEROS_TO_HOLES },
    { 1 << 20, 1 << 18, 3 << 18, ZEROS_TO_HOLES },
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    {
      char label[64];
      int n = snprintf (label, sizeof label, "%zu bytes", t[i].size);
      if (t[i].zero_len)
        snprintf (label + n, sizeof label - n, ", zeros at %zu..%zu",
                  t[i].zero_at, t[i].zero_at + t[i].zero_len);
      struct source s;
      make_plain (&s, dir, label, t[i].size, t[i].zero_at, t[i].zero_len);
      run_checks (&s, dir, t[i].checks);
    }
}

/* The checks on sparse files of DIR and on pseudo-files (/proc, /sys)
   copied to DIR, then the errors.  */
static void
test_holes_proc_errors (char const *dir)
{
  struct source s;
  size_t const mid_end[] = { 0, 2 << 20, (4 << 20) - (1 << 16) };
  make_sparse (&s, dir, "sparse, data at start, middle, end", 4 << 20,
               mid_end, 3);
  run_checks (&s, dir, EACH_RUNG | OFFSETS | BOUNDED);
  size_t const trailing[] = { 0, 1 << 20 };
  make_sparse (&s, dir, "sparse, trailing hole", 3 << 20, trailing, 2);
  run_checks (&s, dir, EACH_RUNG | BOUNDED);

  char const *const procs[] = {
    "/proc/sys/kernel/ostype", "/proc/version",
    "/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/profiling"
  };
  for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++)
    if (make_proc (&s, procs[i]))
      run_checks (&s, dir, EACH_RUNG);
    else
      printf ("SKIP: %s: %s\n", procs[i], strerror (errno));

  write_error (dir, "/dev/full");
  read_error (dir);
}

int
main (void)
{
  char const *const dirs[] = { "/tmp", "/dev/shm" };
  int tested = 0;
  for (int i = 0; i < 2; i++)
    {
      int fd = temp_file (dirs[i]);
      if (fd < 0)
        {
          printf ("SKIP: %s: %s\n", dirs[i], strerror (errno));
          continue;
        }
      close (fd);
      test_plain (dirs[i]);
      test_holes_proc_errors (dirs[i]);
      tested++;
    }
  if (tested == 2)
    clone_cache (dirs[1], dirs[0]);
  printf ("copies checked, by the rung that served:");
  for (int m = 0; m <= COPY_METHOD_NONE; m++)
    printf (" %s %d", copy_method_name (m), served[m]);
  printf ("\n");
  if (failures)
    printf ("%d failure(s)\n", failures);
  else
    printf ("PASS: %d directories\n", tested);
  return failures ? 1 : tested ? 0 : 77;
}
