/* tee.h -- what the files of tee share.

   Four files, each calling only the ones below it:

     tee.c          main and the options: reads them, sizes the buffer,
                    and runs the pipe path or the read(2) and write(2)
                    loop.  Calls tee-rounds.c and tee-outputs.c.
     tee-rounds.c   the pipe path: the rounds of tee(2) and splice(2)
                    (see its head).  Calls tee-worker.c and
                    tee-outputs.c.
     tee-worker.c   the worker thread, which writes a share of each
                    round (see its head).  Calls tee-outputs.c.
     tee-outputs.c  the outputs: opening and closing them, their
                    failures and how these are reported, watching pipe
                    outputs, the read(2) and write(2) loop, and the
                    moves of bytes from a pipe into an output.  Calls
                    only the C library, gnulib and lib/.

   No variable is shared between the files: the state of a run is one
   struct tee, which main owns and passes down; each part of it says
   which file sets it.  */

#ifndef BRISK_TEE_H
#define BRISK_TEE_H

#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

#include "quotearg.h"
#include "quoting.h"

/* What to do when writing to an output fails, as --output-error says.
   OUTPUT_ERROR_SIGPIPE is the default: SIGPIPE keeps its disposition
   (by default, it kills), and other errors are reported.  */
enum output_error
{
  OUTPUT_ERROR_SIGPIPE,
  OUTPUT_ERROR_WARN,
  OUTPUT_ERROR_WARN_NOPIPE,
  OUTPUT_ERROR_EXIT,
  OUTPUT_ERROR_EXIT_NOPIPE
};

/* How an output is written, from cheapest to most general.  An output
   only ever moves down this list.  */
enum method
{
  BY_TEE,       /* a pipe: tee(2) from the input pipe */
  BY_SPLICE,    /* splice(2) from a pipe */
  BY_WRITE      /* write(2) from the buffer */
};

/* One output: standard output or a FILE operand.  */
struct output
{
  int fd;
  char const *name;     /* as diagnostics show it */
  enum method how;
  bool regular;         /* a regular file: the worker may write it */
  bool pipe_like;       /* a pipe or socket: a write may raise SIGPIPE */
  bool fifo;            /* a pipe: poll(2) tells when its reader is gone */
  bool appending;       /* opened with O_APPEND */
  dev_t dev;            /* the file's device and inode, when REGULAR */
  ino_t ino;
  bool alive;           /* not yet failed */
  int err;              /* errno of a failure not yet reported, or 0 */
};

/* ---- The worker's state, set by tee-worker.c ------------------------- */

/* The worker's share of a round: the outputs it writes, as indices into
   OUTPUTS in output order, N of them; the round's length LEN; and how
   far it got: the outputs before NEXT are done and, if NEXT < N, LEFT
   bytes are still due to outputs[IDX[NEXT]] (0: not begun), at the
   head of the pipe SRC.  COPY_FAILED says that the copy pipe could not
   be filled.  The main thread sets a share up and reads it back only
   while the worker is idle.  tee-rounds.c reads IDX and N, to leave
   those outputs to the worker.  */
struct share
{
  size_t *idx;
  size_t n;
  size_t len;
  size_t next;
  size_t left;
  int src;
  bool copy_failed;
};

/* The hand-over, under LOCK: the main thread sets STATE to WORKER_BUSY
   and signals JOB_COND to post a share, then waits on DONE_COND until
   the worker sets it back to WORKER_IDLE; WORKER_QUIT ends the
   thread.  */
enum worker_state
{
  WORKER_IDLE,
  WORKER_BUSY,
  WORKER_QUIT
};

struct worker
{
  struct share share;
  /* The worker's pipes, each as large as the scratch pipe: the share
     pipe, which the main thread fills with the round, and the copy
     pipe, refilled from it by tee(2); and /dev/null for the worker,
     where the bytes of an output that failed go.  */
  int share_rd;
  int share_wr;
  int copy_rd;
  int copy_wr;
  int share_null;
  /* Whether the worker may be used, whether its thread runs, and the
     thread.  */
  bool usable;
  bool started;
  pthread_t thread;
  enum worker_state state;
  pthread_mutex_t lock;
  pthread_cond_t job_cond;
  pthread_cond_t done_cond;
};

#define WORKER_INITIALIZER \
  { .share_rd = -1, .share_wr = -1, .copy_rd = -1, .copy_wr = -1, \
    .share_null = -1, .state = WORKER_IDLE, \
    .lock = PTHREAD_MUTEX_INITIALIZER, \
    .job_cond = PTHREAD_COND_INITIALIZER, \
    .done_cond = PTHREAD_COND_INITIALIZER }

/* ---- The state of a run ---------------------------------------------- */

struct tee
{
  /* Set by tee.c from the options.  */
  enum output_error output_error;

  /* Every output, standard output first, and how many are alive (set
     by tee-outputs.c).  An output whose FILE could not be opened is
     not in the list.  */
  struct output *outputs;
  size_t n_outputs;
  size_t n_alive;

  /* The buffer for read(2) and write(2): IOBUF_SIZE bytes,
     page-aligned, on the heap (set by tee.c).  */
  char *iobuf;
  size_t iobuf_size;

  /* The pipe path's input pipe: standard input, or the read end of the
     feed pipe.  When there is a feed pipe, FEED_WR is its write end and
     FEED_LEN the bytes of the input it holds; else FEED_WR is -1 (set
     by tee-rounds.c).  */
  int in_fd;
  int feed_wr;
  size_t feed_len;

  /* The scratch pipe of the pipe path (both ends), its capacity in
     bytes, and /dev/null open for writing, where splice(2) drops bytes
     (-1 if that failed: they are then read and dropped).  Set by
     tee-rounds.c; tee-worker.c grows the pipes when it is used.  */
  int scratch_rd;
  int scratch_wr;
  size_t scratch_cap;
  int devnull_fd;

  /* Whether tee watches its pipe outputs while it waits for input, to
     end as soon as none is left (see input_or_gone), and the poll(2)
     array for that: one slot for the input, one per output (set by
     tee.c; input_or_gone stops watching after a failure of poll).  */
  bool pipe_check;
  struct pollfd *watch;

  /* Whether all went well so far: what the exit status says.  */
  bool ok;

  /* Whether output failures are recorded in their output's ERR, to be
     reported in output order once the round is over (while the worker
     thread writes its share), instead of at once (set by
     tee-worker.c).  */
  bool defer_reports;

  /* The worker thread (tee-worker.c).  */
  struct worker w;
};

#define TEE_INITIALIZER \
  { .output_error = OUTPUT_ERROR_SIGPIPE, .ok = true, \
    .in_fd = STDIN_FILENO, .feed_wr = -1, \
    .scratch_rd = -1, .scratch_wr = -1, .devnull_fd = -1, \
    .w = WORKER_INITIALIZER }

/* ---- tee-outputs.c --------------------------------------------------- */

bool exit_mode (struct tee *t);
void report_failure (struct tee *t, struct output const *o, int err);
void output_failed (struct tee *t, struct output *o, int err);
bool wants_pipe_check (struct tee *t, int fd);
bool input_or_gone (struct tee *t, int fd);
void open_outputs (struct tee *t, char **files, size_t nfiles, bool append);
void close_outputs (struct tee *t);
bool appends_twice (struct tee *t);
ssize_t read_some (struct tee *t, int fd, size_t len);
bool copy_read_write (struct tee *t);
void wait_both (int src, int dst);
size_t pipe_capacity (int fd);
void grow_pipe (int fd, size_t size);
size_t make_pipe (int *rd, int *wr, size_t size);
int discard (struct tee *t, int src, size_t len);
int drain (struct tee *t, int src, struct output *o, size_t len);
int fill_pipe (struct tee *t, int wr, size_t len);

/* ---- tee-worker.c ---------------------------------------------------- */

void setup_worker (struct tee *t);
size_t choose_share (struct tee *t, size_t from, size_t last);
int post_share (struct tee *t, size_t len);
int join_share (struct tee *t, bool finish);
void stop_worker (struct tee *t);

/* ---- tee-rounds.c ---------------------------------------------------- */

int copy_pipe (struct tee *t);

#endif
