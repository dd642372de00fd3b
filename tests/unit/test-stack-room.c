/* test-stack-room.c -- a recursion that asks stack_room_left before
   each level stops short of the end of its stack, in the main thread
   and in threads with stacks of 128 KiB, 1 MiB and 8 MiB: each
   recursion returns (a crash fails the test), goes deeper on a larger
   stack, and, with a frame of at least FRAME bytes a level, never
   deeper than the stack can hold.  Exits 1 with a message if not.  */

#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "stack-room.h"

enum
{
  FRAME = 1024,
  RESERVE = 64 * 1024
};

static long failures;

/* Go down as long as ROOM allows, each level keeping FRAME bytes of
   its own on the stack; return the number of levels gone down.  */
static long
descend (struct stack_room const *room, long level)
{
  volatile char frame[FRAME];
  memset ((char *) frame, level & 0xff, sizeof frame);
  if (!stack_room_left (room))
    return level;
  long deepest = descend (room, level + 1);
  /* Use the frame after the call, so that the call is no tail call.  */
  return deepest + (frame[level % FRAME] != (char) (level & 0xff));
}

/* The thread body: set up the room, recurse, store the depth in ARG.  */
static void *
run (void *arg)
{
  struct stack_room room;
  stack_room_init (&room, RESERVE);
  if (room.floor == 0)
    {
      printf ("no stack extent known in a thread\n");
      failures++;
    }
  *(long *) arg = descend (&room, 0);
  return NULL;
}

/* Recurse in a thread with a stack of SIZE bytes; return the depth.  */
static long
in_thread (size_t size)
{
  pthread_attr_t attr;
  pthread_t t;
  long depth = -1;
  if (pthread_attr_init (&attr) != 0
      || pthread_attr_setstacksize (&attr, size) != 0
      || pthread_create (&t, &attr, run, &depth) != 0
      || pthread_join (t, NULL) != 0)
    {
      printf ("cannot run a thread with a stack of %zu bytes\n", size);
      failures++;
    }
  pthread_attr_destroy (&attr);
  return depth;
}

int
main (void)
{
  static size_t const sizes[] = { 128 * 1024, 1024 * 1024,
                                  8 * 1024 * 1024 };
  long prev = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
    {
      long depth = in_thread (sizes[i]);
      long most = (long) ((sizes[i] - RESERVE) / FRAME);
      if (depth <= prev || most < depth)
        {
          printf ("stack of %zu bytes: %ld levels (after %ld; at most "
                  "%ld)\n", sizes[i], depth, prev, most);
          failures++;
        }
      prev = depth;
    }
  long main_depth = 0;
  run (&main_depth);
  if (main_depth <= 0)
    {
      printf ("main thread: %ld levels\n", main_depth);
      failures++;
    }
  return failures != 0;
}
