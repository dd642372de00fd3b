/* stack-room.c -- whether a thread's stack has room for one more level
   of a recursion (see stack-room.h).

   The stack's extent comes from pthread_getattr_np, which for the main
   thread reads it from the process's mappings and its RLIMIT_STACK,
   and for other threads gives the stack they were made with.  A
   recursion then compares its current frame with the lowest address it
   may reach: the bottom of the stack plus a reserve for the calls the
   deepest level makes (the C library, error messages).  Stacks grow
   down on every architecture this is built for on Linux; where the
   extent cannot be had, there is no limit, as before.  */

#include <config.h>

#include "stack-room.h"

#include <pthread.h>

/* Set up ROOM for the calling thread, keeping RESERVE bytes at the
   bottom of its stack free.  */
void
stack_room_init (struct stack_room *room, size_t reserve)
{
  room->floor = 0;
  pthread_attr_t attr;
  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return;
  void *low;
  size_t size;
  if (pthread_attr_getstack (&attr, &low, &size) == 0 && reserve < size)
    room->floor = (uintptr_t) low + reserve;
  pthread_attr_destroy (&attr);
}

/* Whether the calling thread, set up as ROOM, is still above the
   floor that stack_room_init set.  */
bool
stack_room_left (struct stack_room const *room)
{
  return (uintptr_t) __builtin_frame_address (0) > room->floor;
}
