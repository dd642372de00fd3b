/* prefault-bss.c -- linked into every program of .ci/run's pass 2, the
   build with -fsanitize=address,undefined: map the program's zeroed
   data (.bss) in one call at start-up.

   The sanitizers' run-times are linked in (-static-libasan), and their
   .bss is some 5.5 MB, most of it never written (the table of the stack
   depot).  At exit, LeakSanitizer reads all of a program's data looking
   for pointers, and each page of that .bss it reads for the first time
   is a page fault: some 1,400 of them, 15 ms of a tool's 45 on the
   project's virtual machines, where a fault is dear.  madvise
   (MADV_POPULATE_READ, Linux 5.14) maps the same pages in one system
   call.  Where the kernel lacks it, the call fails and nothing
   changes.  It changes nothing that a program does either: the pages
   read as zeros all the same.  */

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
# define MADV_POPULATE_READ 22
#endif

/* The start and the end of the zeroed data, from the linker.  */
extern char __bss_start[], _end[];

static void __attribute__ ((constructor))
prefault_bss (void)
{
  uintptr_t page = sysconf (_SC_PAGESIZE);
  uintptr_t start = ((uintptr_t) __bss_start + page - 1) & -page;
  uintptr_t end = ((uintptr_t) _end + page - 1) & -page;

  if (start < end)
    madvise ((void *) start, end - start, MADV_POPULATE_READ);
}
