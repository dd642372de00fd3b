/* stack-room.h -- whether a thread's stack has room for one more level
   of a recursion, so that a walk down a very deep tree stops with an
   error instead of overflowing its stack.  Never prints, never
   exits.  */

#ifndef BRISK_STACK_ROOM_H
#define BRISK_STACK_ROOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The lowest address that this thread's recursion may reach, or 0 for
   no limit known.  */
struct stack_room
{
  uintptr_t floor;
};

void stack_room_init (struct stack_room *room, size_t reserve);
bool stack_room_left (struct stack_room const *room);

#endif
