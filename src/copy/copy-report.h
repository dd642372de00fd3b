/* copy-report.h -- word the failures of lib/copy-file.c as GNU's cp
   does: the messages every copying tool (cp, and mv and install next)
   prints.  */

#ifndef BRISK_COPY_REPORT_H
#define BRISK_COPY_REPORT_H

#include <stdbool.h>

#include "copy-file.h"

bool report_copy_failure (struct copy_file_report const *rep,
                          char const *src, char const *dst);
void warn_context_ignored (char const *context);
void report_copy_debug (struct copy_file_report const *rep);
void report_skipped (char const *dst);
void report_soft_failures (struct copy_file_report const *rep,
                           char const *dst, unsigned int preserve,
                           unsigned int require);

#endif
