#!/bin/sh
# tests/gnu/check-gnu with BRISK_GNU_FETCH=no (debian/rules sets it: a
# package build reaches no network): with an empty cache it fetches
# nothing (apt-get, here a stub that notes each call, is never run),
# says so in one line naming the pinned version, exits 1, and leaves
# in the cache only its lock; with a build of the pinned version in
# the cache (its stamp and programs, here stand-ins) --print-bin serves
# that build, again without apt-get.
. "$(dirname "$0")/../init.sh"

check_gnu=$srcdir/gnu/check-gnu
test -f "$check_gnu" || framework_failure_ "$check_gnu missing"
read -r suite version < "$srcdir/gnu/newest" && test -n "$version" \
  || framework_failure_ "tests/gnu/newest: no version"
upstream=${version#*:}
upstream=${upstream%-*}

# A stub apt-get (and apt-cache) first in PATH.
mkdir stub && for p in apt-get apt-cache; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/called"\nexit 1\n' \
    $p "$PWD" > stub/$p && chmod +x stub/$p || exit 99
done || framework_failure_ "make the stubs"

# run_ ARG...: check-gnu ARG... with the stubs and BRISK_GNU_FETCH=no,
# its cache in ./cache; its status in st, its messages in err.
run_ ()
{
  PATH=$PWD/stub:$PATH BRISK_GNU_FETCH=no BRISK_GNU_DIR=$PWD/cache \
    bash "$check_gnu" "$@" > out 2> err
  st=$?
}

run_ --prepare
test $st = 1 || { echo "empty cache: status $st, expected 1"; fail=1; }
grep -x "check-gnu: BRISK_GNU_FETCH=no: coreutils $version is not fetched" \
  err > /dev/null \
  || { echo "empty cache: no message that $version is not fetched:"
       cat err; fail=1; }
test "$(ls -A cache)" = lock \
  || { echo "empty cache: the cache holds $(ls -A cache)"; fail=1; }
test ! -e called || { echo "empty cache: called"; cat called; fail=1; }

# A build in the cache: the stamp and one program.
mkdir -p "cache/coreutils-$upstream/src" \
  && printf '#!/bin/sh\n' > "cache/coreutils-$upstream/src/cp" \
  && chmod +x "cache/coreutils-$upstream/src/cp" \
  && touch "cache/built-$version" || framework_failure_ "make a build"
run_ --print-bin
test $st = 0 && test "$(cat out)" = "$PWD/cache/coreutils-$upstream/bin" \
  && test -x "cache/coreutils-$upstream/bin/cp" \
  || { echo "cached build: status $st, printed $(cat out):"; cat err
       fail=1; }
test ! -e called || { echo "cached build: called"; cat called; fail=1; }

Exit $fail
