/* progress.c -- how far a copy has got: cp -g's one-line display on
   a terminal, and the status line SIGUSR1 (or SIGINFO) asks for; the
   same for the digest tools' -g, of the data hashed.

   Both are fed by the copy engine's progress hook, called after each
   piece of data moved (for the digest tools, progress_add).  The
   display is redrawn at most DRAW_EVERY_NS
   apart (a clock read per piece: no system call, the clock is in the
   vDSO); the signal only sets a flag that the next piece looks at, so
   it costs nothing until it comes.  The total of a tree is counted by
   a thread of its own while the copy starts, so that the copy does not
   wait for the count (the display says "of at least" until it is
   done).  The digest tools' lines may go to the terminal the display
   is on (progress_share_terminal): they are then written out above
   the display, erased first and drawn again under them.  What this
   file may call: the engine's hook (copy-data.h), stdio on stderr and
   on the stream of those lines; never a tool's own files (it is
   shared, in src/shared/, below cp, mv and the digest tools).  */

#include <config.h>

#include "progress.h"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "fpending.h"
#include "i18n.h"
#include "progname.h"
#include "quotearg.h"
#include "quoting.h"
#include "xalloc.h"

/* Redraw the display at most this often: five times a second.  */
enum { DRAW_EVERY_NS = 200000000 };

/* With the display on, copy_file_range moves at most this much a call,
   so that a large file shows its progress (at 1 GB/s, 125 calls a
   second: no cost that can be seen).  */
enum { PIECE_WHEN_SHOWN = 8 << 20 };

static volatile sig_atomic_t status_wanted;
static bool display;
static off_t total_done;
static char const *cur_src, *cur_dst;
static char *last_src;
static size_t last_src_size;

/* The total to copy, as far as counted, and whether the count is
   complete: written by the counting thread, read by the display.  */
static _Atomic off_t total;
static atomic_bool counted = true;
/* Whether a total is kept at all (progress_count, progress_total_open):
   without the display, the digest tools' status line has none.  */
static bool totalled;

/* The counting thread, if one runs, and the flag that stops it.  */
static pthread_t counter;
static bool counter_running;
static atomic_bool stop_counting;

/* The deepest level of directories the count goes into, and whether
   it found a deeper one (and so did not count everything).  */
enum { COUNT_DEPTH_MAX = 256 };
static bool count_cut;

/* What the counting thread counts: the operands, and how to treat
   symbolic links.  */
static char const **count_names;
static int count_n;
static bool count_follow, count_follow_top;
static off_t cur_size, cur_done;
static struct timespec started, last_drawn;
static int drawn_width;

/* The stream whose lines go to the terminal the display is on, or
   NULL (progress_share_terminal).  */
static FILE *shared_lines;

/* The handler of SIGUSR1 and SIGINFO.  */
static void
want_status (int sig)
{
  (void) sig;
  status_wanted = 1;
}

/* Nanoseconds from A to B.  */
static long long
ns_between (struct timespec a, struct timespec b)
{
  return (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
}

/* Write N bytes as a short human size ("3.2 MiB") into BUF (of SIZE
   bytes).  */
static void
format_size (off_t n, char *buf, size_t size)
{
  static char const units[][4] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  double v = n;
  int u = 0;
  while (1024 <= v && u < (int) (sizeof units / sizeof *units) - 1)
    {
      v /= 1024;
      u++;
    }
  snprintf (buf, size, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

static int format_line (char *line, size_t size, struct timespec now);

/* Erase the display, if drawn: the cursor is left at the start of its
   line.  */
static void
erase (void)
{
  if (display && drawn_width)
    {
      fprintf (stderr, "\r%*s\r", drawn_width, "");
      fflush (stderr);
      drawn_width = 0;
    }
}

/* Something is about to be written to the terminal (a diagnostic, or
   lines that share it): erase the display, write out the lines
   waiting above it, and have the display drawn again at the next
   piece hashed or copied, not a redraw period later.  */
void
progress_pause (void)
{
  if (!display)
    return;
  bool was_drawn = drawn_width != 0;
  erase ();
  if (shared_lines)
    fflush (shared_lines);
  if (was_drawn)
    last_drawn = (struct timespec) { 0, 0 };
}

/* Print the status line SIGUSR1 asked for: the file being copied and
   how far it has got.  */
static void
print_status (void)
{
  status_wanted = 0;
  if (!cur_src)
    return;
  /* The lines that share the terminal first, then the status line
     under them; else the display stays, the status line below it.  */
  if (shared_lines)
    progress_pause ();
  if (display && drawn_width)
    fputc ('\n', stderr);
  if (!cur_dst)
    {
      /* The digest tools: the display's line, once.  */
      char line[512];
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      format_line (line, sizeof line, now);
      fprintf (stderr, "%s\n", line);
    }
  else if (0 < cur_size)
    fprintf (stderr, B_("%s -> %s  %d%%\n"), quoteaf_n (0, cur_src),
             quoteaf_n (1, cur_dst),
             (int) (cur_done < cur_size ? cur_done * 100 / cur_size : 100));
  else
    fprintf (stderr, B_("%s -> %s  %jd bytes\n"), quoteaf_n (0, cur_src),
             quoteaf_n (1, cur_dst), (intmax_t) cur_done);
  drawn_width = 0;
}

/* The terminal's width, or 80.  */
static int
term_width (void)
{
  struct winsize ws;
  if (ioctl (STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && 20 <= ws.ws_col)
    return ws.ws_col;
  return 80;
}

/* Write into LINE (of SIZE bytes) the display line at NOW: done of
   the total, the rate, the time left, the current file's name.  Return
   its length.  */
static int
format_line (char *line, size_t size, struct timespec now)
{
  char done_s[32], total_s[32], rate_s[32];
  long long ns = ns_between (started, now);
  double rate = 0 < ns ? total_done / (ns / 1e9) : 0;
  off_t all = total;
  /* Data not in the total (a FIFO's) must not make it look passed.  */
  if (all < total_done)
    all = total_done;
  char const *name = cur_src ? cur_src : last_src ? last_src : "";
  format_size (total_done, done_s, sizeof done_s);
  format_size (all, total_s, sizeof total_s);
  format_size ((off_t) rate, rate_s, sizeof rate_s);
  int n;
  if (!totalled)
    n = snprintf (line, size, B_("%s  %s/s  %s"), done_s, rate_s, name);
  else if (!counted)
    n = snprintf (line, size, B_("%s of at least %s  %s/s  %s"),
                  done_s, total_s, rate_s, name);
  else
    {
      int pct = 0 < all ? (int) (total_done < all
                                 ? total_done * 100 / all : 100) : 0;
      long left = (0 < rate && total_done < all
                   ? (long) ((all - total_done) / rate) : 0);
      n = snprintf (line, size, B_("%s of %s (%d%%)  %s/s  %ld:%02ld "
                    "left  %s"), done_s, total_s, pct, rate_s, left / 60,
                    left % 60, name);
    }
  return n < (int) size ? n : (int) size - 1;
}

/* Draw the display line, over the one drawn before; the lines waiting
   to share its terminal first, above it.  */
static void
draw (struct timespec now)
{
  if (shared_lines && __fpending (shared_lines) != 0)
    progress_pause ();
  char line[512];
  int n = format_line (line, sizeof line, now);
  int width = term_width () - 1;
  if (n > width)
    n = width;
  if (n < 0)
    n = 0;
  fprintf (stderr, "\r%.*s%*s", n, line,
           drawn_width > n ? drawn_width - n : 0, "");
  if (drawn_width > n)
    fprintf (stderr, "\r%.*s", n, line);
  fflush (stderr);
  drawn_width = n;
  last_drawn = now;
}

/* Redraw the display if it is on and is due.  */
static void
maybe_draw (void)
{
  if (!display)
    return;
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  if (DRAW_EVERY_NS <= ns_between (last_drawn, now))
    draw (now);
}

/* BYTES more were copied, or hashed.  Call from the main thread.  */
void
progress_add (off_t bytes)
{
  cur_done += bytes;
  total_done += bytes;
  if (status_wanted)
    print_status ();
  maybe_draw ();
}

/* The engine's hook: BYTES more were copied.  */
static void
progress_hook (void *arg, off_t bytes)
{
  (void) arg;
  progress_add (bytes);
}

/* Catch SIGUSR1 (and SIGINFO): the next piece copied prints the
   status line.  progress_init does this too; a tool that sets its
   copier up late (mv, at its first move across file systems) calls it
   first, so that the signal never ends it.  */
void
progress_catch_status (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = want_status;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
#ifdef SIGINFO
  sigaction (SIGINFO, &sa, NULL);
#endif
}

/* error ()'s hook, called before it prints a diagnostic (after it has
   written standard output out): erase the display first, so that the
   message does not run on from its text, then the program's name, as
   error () prints it.  */
static void
erase_then_progname (void)
{
  progress_pause ();
  fprintf (stderr, "%s: ", program_name);
}

/* Set up without a copy engine (the digest tools, which call
   progress_add): catch SIGUSR1 (and SIGINFO), show the display if
   WANT_DISPLAY and stderr is a terminal.  Return whether it is
   shown.  */
bool
progress_init_plain (bool want_display)
{
  progress_catch_status ();
  display = want_display && isatty (STDERR_FILENO);
  if (display)
    error_print_progname = erase_then_progname;
  clock_gettime (CLOCK_MONOTONIC, &started);
  last_drawn = started;
  return display;
}

/* With the display shown, let the lines of LINES, if it writes to the
   terminal the display is on, share that terminal: the caller buffers
   LINES fully (and writes them out with progress_pause, not fflush,
   while the display is on), and each redraw writes them out first,
   above the display.  Return whether they share it.  */
bool
progress_share_terminal (FILE *lines)
{
  struct stat out, err;
  if (!display || !isatty (fileno (lines))
      || fstat (fileno (lines), &out) != 0
      || fstat (STDERR_FILENO, &err) != 0 || out.st_rdev != err.st_rdev)
    return false;
  shared_lines = lines;
  return true;
}

/* Set up: catch SIGUSR1 (and SIGINFO), show the display if WANT_DISPLAY
   and stderr is a terminal, and hook ENGINE.  */
void
progress_init (bool want_display, struct copy_engine *engine)
{
  progress_init_plain (want_display);
  engine->progress = progress_hook;
  engine->progress_arg = NULL;
  if (display)
    engine->range_chunk = PIECE_WHEN_SHOWN;
}

/* The total is known piece by piece, from the main thread (the sizes
   of the files that check lines list): "of at least" until
   progress_total_close.  Not with progress_count.  */
void
progress_total_open (void)
{
  totalled = true;
  counted = false;
}

/* Add N bytes to the total.  */
void
progress_total_add (off_t n)
{
  total += n;
}

/* The total is complete.  */
void
progress_total_close (void)
{
  counted = true;
}

/* A new file starts: SRC to DST, SIZE bytes (0 if not known).  The
   names must stay valid until the next call.  */
void
progress_file (char const *src, char const *dst, off_t size)
{
  cur_src = src;
  cur_dst = dst;
  cur_size = size;
  cur_done = 0;
  if (status_wanted)
    print_status ();
}

/* The file is done.  */
void
progress_file_done (void)
{
  /* The display goes on naming the last file until the next starts;
     the caller's name does not last that long.  */
  if (display)
    {
      size_t len = strlen (cur_src) + 1;
      if (last_src_size < len)
        {
          free (last_src);
          last_src_size = len;
          last_src = xmalloc (len);
        }
      memcpy (last_src, cur_src, len);
    }
  cur_src = cur_dst = NULL;
  maybe_draw ();
}

/* Wait for the counting thread, if one runs; stop it first if
   STOP.  */
static void
end_count (bool stop)
{
  if (!counter_running)
    return;
  if (stop)
    stop_counting = true;
  pthread_join (counter, NULL);
  counter_running = false;
  stop_counting = false;
}

/* Erase the display, if drawn; stop the count if it still runs.  */
void
progress_finish (void)
{
  end_count (true);
  free (count_names);
  count_names = NULL;
  erase ();
  shared_lines = NULL;
  free (last_src);
  last_src = NULL;
  last_src_size = 0;
}

/* Add to the total the sizes of the regular files under NAME in AT_FD
   (NAME itself if it is one), DEPTH levels down from an operand,
   following symbolic links when FOLLOW (the top one when FOLLOW_TOP),
   until asked to stop.  Each level holds a descriptor open: below
   COUNT_DEPTH_MAX levels, the count stops going down (and the total
   stays "at least"), so that it never takes the descriptors, or the
   stack, that the copy of a very deep tree needs.  */
static void
count_tree (int at_fd, char const *name, int depth, bool follow,
            bool follow_top)
{
  struct stat st;
  if (stop_counting
      || fstatat (at_fd, name, &st,
                  follow_top ? 0 : AT_SYMLINK_NOFOLLOW) < 0)
    return;
  if (S_ISREG (st.st_mode))
    {
      total += st.st_size;
      return;
    }
  if (!S_ISDIR (st.st_mode))
    return;
  if (COUNT_DEPTH_MAX <= depth)
    {
      count_cut = true;
      return;
    }
  int fd = openat (at_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir (fd);
  if (!d)
    {
      if (0 <= fd)
        close (fd);
      return;
    }
  struct dirent *e;
  while ((e = readdir (d)))
    if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0)
      count_tree (dirfd (d), e->d_name, depth + 1, follow, follow);
  closedir (d);
}

/* The counting thread: count every operand, then say the total is
   complete.  */
static void *
count_operands (void *arg)
{
  (void) arg;
  for (int i = 0; i < count_n; i++)
    count_tree (AT_FDCWD, count_names[i], 0, count_follow,
                count_follow_top);
  counted = !count_cut;
  return NULL;
}

/* If the display is shown, add to the total the N operands NAMES (the
   names, not the array, must last until progress_finish), in a thread
   of its own if one can be started, else now; FOLLOW and FOLLOW_TOP as
   for count_tree.  A later call (mv counts each operand as it turns
   out to cross file systems) first waits for the count before.  */
void
progress_count (char const *const *names, int n, bool follow,
                bool follow_top)
{
  if (!display)
    return;
  end_count (false);
  free (count_names);
  count_names = xmemdup (names, n * sizeof *names);
  count_n = n;
  count_follow = follow;
  count_follow_top = follow_top;
  totalled = true;
  counted = false;

  /* The thread takes no signal: the status line is the main thread's
     to print.  */
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  counter_running = pthread_create (&counter, NULL, count_operands,
                                    NULL) == 0;
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (!counter_running)
    count_operands (NULL);
}
