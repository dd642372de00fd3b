/* maxrss.c -- run one command and report what it cost: wall time, CPU
   time and peak memory, for bench/cp-compare.

   Usage: bench/maxrss [-o FILE] COMMAND [ARG]...
   Runs COMMAND (looked up in PATH) with its arguments, its standard
   streams this program's, and waits for it with wait4(2).  Then writes
   one line "WALL CPU USER SYS MAXRSS" to FILE (default: standard
   error): the wall seconds from just before the fork to just after the
   wait, on the monotonic clock; the CPU seconds, user + system, of the
   command and of every descendant it waited for; the user and the
   system seconds apart; and the command's peak resident set size in
   KiB (ru_maxrss, the largest of the command's and those descendants').
   The line is written however the command ended.

   Exit status: the command's; 128 + N if signal N ended it; 126 if it
   could not be run, 127 if it was not found; 125 if this program
   failed (bad usage, no fork, FILE not writable).  */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpu-time.h"

/* Exit status for this program's own failures.  */
enum { EXIT_HELPER = 125 };

/* Seconds in TV.  */
static double
seconds (struct timeval tv)
{
  return tv.tv_sec + tv.tv_usec / 1e6;
}

/* Run ARGV[0] with arguments ARGV in a child; wait for it, storing its
   resource usage in *RU and its wait status in *WSTATUS.  Return 0, or
   -1 with errno set if it could not be started or waited for.  A child
   that cannot exec exits 126, or 127 if ARGV[0] does not exist.  */
static int
run (char **argv, struct rusage *ru, int *wstatus)
{
  pid_t pid = fork ();
  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      execvp (argv[0], argv);
      int e = errno;
      fprintf (stderr, "maxrss: %s: %s\n", argv[0], strerror (e));
      _exit (e == ENOENT ? 127 : 126);
    }
  while (wait4 (pid, wstatus, 0, ru) < 0)
    if (errno != EINTR)
      return -1;
  return 0;
}

/* Write the report line for WALL seconds and usage RU to the stream
   OUT.  Return 0, or -1 if it could not be written.  */
static int
report (FILE *out, double wall, const struct rusage *ru)
{
  double user = seconds (ru->ru_utime), sys = seconds (ru->ru_stime);
  fprintf (out, "%.6f %.6f %.6f %.6f %ld\n", wall, user + sys, user, sys,
           ru->ru_maxrss);
  return ferror (out) ? -1 : 0;
}

/* The exit status that passes on the wait status WSTATUS.  */
static int
exit_status_of (int wstatus)
{
  if (WIFEXITED (wstatus))
    return WEXITSTATUS (wstatus);
  if (WIFSIGNALED (wstatus))
    return 128 + WTERMSIG (wstatus);
  return EXIT_HELPER;
}

int
main (int argc, char **argv)
{
  const char *file = NULL;
  int argi = 1;
  if (argi + 1 < argc && strcmp (argv[argi], "-o") == 0)
    {
      file = argv[argi + 1];
      argi += 2;
    }
  if (argi >= argc || argv[argi][0] == '-')
    {
      fprintf (stderr, "Usage: maxrss [-o FILE] COMMAND [ARG]...\n");
      return EXIT_HELPER;
    }

  struct rusage ru;
  int wstatus;
  double t0 = wall_seconds ();
  if (run (argv + argi, &ru, &wstatus) != 0)
    {
      perror ("maxrss: fork or wait4");
      return EXIT_HELPER;
    }
  double wall = wall_seconds () - t0;

  FILE *out = file ? fopen (file, "w") : stderr;
  if (!out || report (out, wall, &ru) != 0
      || (file && fclose (out) != 0))
    {
      perror (file ? file : "maxrss: standard error");
      return EXIT_HELPER;
    }
  return exit_status_of (wstatus);
}
