/* copy-report.c -- word the failures of lib/copy-file.c as GNU's cp
   does.  */

#include <config.h>

#include "copy-report.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "error.h"
#include "i18n.h"
#include "quotearg.h"
#include "quoting.h"

/* For each step, GNU's message and whether it names the source (1) or
   the destination (0); the clone message names both.  The formats are
   GNU's msgids, translated where printed ("setting attributes for %s"
   is Brisk's own, and stays English).  */
static struct
{
  char const *format;
  bool names_src;
} const messages[COPY_STEP_COUNT] = {
  [COPY_STEP_OPEN_SRC] = { N_("cannot open %s for reading"), true },
  [COPY_STEP_STAT_SRC] = { N_("cannot fstat %s"), true },
  [COPY_STEP_SRC_REPLACED] = {
    N_("skipping file %s, as it was replaced while being copied"), true },
  [COPY_STEP_CREATE_DST] = { N_("cannot create regular file %s"), false },
  [COPY_STEP_OPEN_DST] = { N_("cannot create regular file %s"), false },
  [COPY_STEP_STAT_DST] = { N_("cannot fstat %s"), false },
  [COPY_STEP_READ] = { N_("error reading %s"), true },
  [COPY_STEP_WRITE] = { N_("error writing %s"), false },
  [COPY_STEP_TIMES] = { N_("preserving times for %s"), false },
  [COPY_STEP_OWNER] = { N_("failed to preserve ownership for %s"), false },
  [COPY_STEP_XATTR] = { N_("setting attributes for %s"), false },
  [COPY_STEP_MODE] = { N_("preserving permissions for %s"), false },
  [COPY_STEP_CLOSE_DST] = { N_("failed to close %s"), false },
};

/* Print the message for REP's failed step, a copy of SRC to DST.
   Return false, for the caller's status.  */
bool
report_copy_failure (struct copy_file_report const *rep,
                     char const *src, char const *dst)
{
  if (rep->step == COPY_STEP_NO_METHOD)
    error (0, rep->err, _("failed to clone %s from %s"), quoteaf_n (0, dst),
           quoteaf_n (1, src));
  else if (rep->step < COPY_STEP_COUNT && messages[rep->step].format)
    error (0, rep->err, _(messages[rep->step].format),
           quoteaf_n (0, messages[rep->step].names_src ? src : dst));
  else
    error (0, rep->err, "%s", quoteaf_n (0, dst));
  return false;
}

/* Print the messages GNU's cp gives for the attributes in REP that
   could not be kept although asked for (PRESERVE) but not required
   (REQUIRE) of the copy DST: none for a file system that cannot hold
   extended attributes, nor for an owner that only root could give.  */
void
report_soft_failures (struct copy_file_report const *rep, char const *dst,
                      unsigned int preserve, unsigned int require)
{
  (void) preserve, (void) require;
  for (int step = 0; step < COPY_STEP_COUNT; step++)
    {
      int err = rep->soft_err[step];
      if (!err || !messages[step].format)
        continue;
      if (step == COPY_STEP_XATTR && (err == ENOTSUP || err == EPERM))
        continue;
      if (step == COPY_STEP_OWNER && (err == EPERM || err == EINVAL))
        continue;
      if (step == COPY_STEP_MODE && err == ENOTSUP)
        continue;
      error (0, err, messages[step].format, quoteaf_n (0, dst));
    }
}

/* GNU's word for WAY as its --debug line's "copy offload" and
   "reflink" fields say it: "yes" where it moved the data, "no" where it
   was not allowed (--reflink=never), "unsupported" where it could not
   serve these files, "avoided" where it was left out on purpose (as
   copy_file_range is when blocks of zeros are to become holes), and
   "unknown" where it was never reached or moved nothing.  */
static char const *
debug_word (enum copy_tried way, bool reflink)
{
  switch (way)
    {
    case COPY_TRIED_USED: return "yes";
    case COPY_TRIED_UNABLE: return "unsupported";
    case COPY_TRIED_AVOIDED: return "avoided";
    case COPY_TRIED_NOT: return reflink ? "no" : "unknown";
    case COPY_TRIED_NOTHING:
    default: return "unknown";
    }
}

/* GNU's "sparse detection" field for the copy DATA: "SEEK_HOLE" where
   the data was found with SEEK_DATA and SEEK_HOLE, "zeros" where blocks
   of zeros were looked for, both, "no", or "unknown" where no rung
   past the clone ran.  */
static char const *
sparse_word (struct copy_result const *data)
{
  if (data->method == COPY_METHOD_CLONE
      || (data->method == COPY_METHOD_NONE
          && data->failure == COPY_FAILED_NONE))
    return "unknown";
  if (data->seek_data)
    return data->zeros ? "SEEK_HOLE + zeros" : "SEEK_HOLE";
  return data->zeros ? "zeros" : "no";
}

/* For --debug, after a copy of a regular file (REP) that got as far
   as its data, copied or not: print GNU's line ("copy offload: yes,
   reflink: unsupported, sparse detection: no") with, last, the rung
   of Brisk's engine that finished the copy (", method:
   copy_file_range").  Nothing for a copy that failed before.  */
void
report_copy_debug (struct copy_file_report const *rep)
{
  struct copy_result const *data = &rep->data;
  if (rep->step != COPY_STEP_NONE && rep->step < COPY_STEP_READ)
    return;
  printf ("copy offload: %s, reflink: %s, sparse detection: %s, "
          "method: %s\n", debug_word (data->range, false),
          debug_word (data->clone, true), sparse_word (data),
          copy_method_name (data->method));
}

/* For --debug: say that the destination DST was left as it was (-n,
   -u, --update=none, -i answered no), as GNU's cp and mv (9.3 and
   later) say.  */
void
report_skipped (char const *dst)
{
  printf (B_("skipped %s\n"), quoteaf_n (0, dst));
}

/* For --context[=CONTEXT] on a system without SELinux: say, as GNU's
   tools do, that a CONTEXT given is ignored (none: nothing to say).  */
void
warn_context_ignored (char const *context)
{
  if (context)
    error (0, 0, _("warning: ignoring --context; it requires an "
           "SELinux-enabled kernel"));
}
