/* dir-list.h -- read the entries of a directory, from its descriptor,
   into one list, for the tree walks of cp and of the digest tools.
   Never prints, never exits (but for memory exhaustion).  */

#ifndef BRISK_DIR_LIST_H
#define BRISK_DIR_LIST_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One entry: its inode number and type as readdir gave them (d_type,
   DT_UNKNOWN where the file system does not say), and the offset of
   its name in the list's NAMES.  */
struct dir_entry
{
  ino_t ino;
  uint32_t name;
  unsigned char type;
};

/* A directory's entries but "." and "..", as read: ITEMS[N], and
   their names, each null-terminated, in the one buffer NAMES.  One
   buffer rather than a string each: a directory of 10,000 entries
   then costs about a third of the memory (no malloc header, no
   padding).  */
struct dir_list
{
  struct dir_entry *items;
  size_t n;
  char *names;
};

/* Read the entries of the directory open as FD, which this takes and
   closes, into *LIST, in the order readdir gives them.  Return 0, or
   -1 with errno set (*LIST then holds nothing to free).  */
int dir_list_read (int fd, struct dir_list *list);

/* The name of the entry I of LIST.  */
static inline char const *
dir_list_name (struct dir_list const *list, size_t i)
{
  return list->names + list->items[i].name;
}

/* Sort LIST by inode number (the order that reads a disk fastest).  */
void dir_list_sort_by_inode (struct dir_list *list);

/* Sort LIST by name, byte by byte (strcmp: the C locale's order).  */
void dir_list_sort_by_name (struct dir_list *list);

/* Free what LIST holds.  */
void dir_list_free (struct dir_list *list);

#endif
