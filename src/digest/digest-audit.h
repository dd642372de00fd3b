/* digest-audit.h -- the names that check lines list, for --audit=DIR
   of the digest tools' --check: the files of DIR that no line lists
   are new.  */

#ifndef BRISK_DIGEST_AUDIT_H
#define BRISK_DIGEST_AUDIT_H

#include <stdbool.h>

struct digest_audit;

/* An empty set of names.  Exit on memory exhaustion.  */
struct digest_audit *digest_audit_new (void);

/* Note that a check line lists the file NAME (copied).  */
void digest_audit_list (struct digest_audit *a, char const *name);

/* Whether a check line listed the file NAME.  */
bool digest_audit_listed (struct digest_audit const *a, char const *name);

void digest_audit_free (struct digest_audit *a);

#endif
