## Shell tests of the messages and prompts in the user's language,
## included from tests/local.mk.  Each runs GNU's tool and Brisk's under
## the C locale and under de_DE.UTF-8, fr_FR.UTF-8 and ja_JP.UTF-8
## (which ./bootstrap generates when run as root) and compares them byte
## for byte.  lib.sh is a helper they source, not a test.  potfiles.sh
## checks that po/POTFILES.in names every file with Brisk's own
## messages, and only those.
I18N_TESTS = \
  tests/i18n/messages.sh \
  tests/i18n/potfiles.sh \
  tests/i18n/prompts.sh
