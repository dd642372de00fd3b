#!/bin/sh
# The calls between the files of src/ go one way, as src/local.mk says:
# a tool's main -> its family's mechanisms -> src/shared/ -> lib/.
# From the built objects (nm): which src/ file defines each global
# symbol, and which src/ files use it.  Fails on a circle of files
# (tsort finds it), on a call from src/shared/ up into a family, and on
# a call from one family into another.  Skipped where nm or the objects
# are missing (tools tested from elsewhere).
. "$(dirname "$0")/init.sh"

command -v nm > /dev/null 2>&1 || skip_ "nm is missing"
command -v tsort > /dev/null 2>&1 || skip_ "tsort is missing"
build=${BRISK_BUILDDIR-}
[ -n "$build" ] && [ -d "$build/src" ] || skip_ "no build tree"

top=$(cd "$test_dir_/.." && pwd)

# One line per object: the source it was compiled from, as src/DIR/F.c
# (Automake names a program's object PROG-F.o when the program has
# flags of its own, as every digest tool has: the prefixes are dropped
# until the name is a source's).  Every source is in a folder of src/:
# an object right in src/ is a leftover of a build before the folders.
(cd "$build" && find src -mindepth 2 -name '*.o') | sort > objects
[ -s objects ] || skip_ "no objects under $build/src"

# syms: "D FILE SYM" for a symbol FILE defines, "U FILE SYM" for one it
# uses.
: > syms
while read -r o; do
  dir=${o%/*}
  base=${o##*/}
  base=${base%.o}
  while [ ! -f "$top/$dir/$base.c" ]; do
    case $base in
      *-*) base=${base#*-} ;;
      *) framework_failure_ "no source for $o" ;;
    esac
  done
  file=$dir/$base.c
  nm -P -g "$build/$o" > nm.out || framework_failure_ "nm $o failed"
  awk -v f="$file" '$2 == "U" { print "U", f, $1; next }
                    $2 ~ /^[TDBRCVWGS]$/ { print "D", f, $1 }' nm.out >> syms
done < objects

# edges: "CALLER CALLEE" between two files; a symbol defined in the
# caller's own folder is taken from there (two programs may each define
# one of the same name), else from wherever it is defined.
sort -u syms | awk '
  $1 == "D" { def[$3] = def[$3] " " $2; next }
  { use[++n] = $2 " " $3 }
  END {
    for (i = 1; i <= n; i++) {
      split(use[i], u, " "); caller = u[1]; sym = u[2]
      if (!(sym in def)) continue            # lib/, gnulib, libc
      dir = caller; sub(/\/[^\/]*$/, "", dir)
      k = split(def[sym], d, " "); local = ""
      for (j = 1; j <= k; j++) {
        ddir = d[j]; sub(/\/[^\/]*$/, "", ddir)
        if (ddir == dir) local = local " " d[j]
      }
      if (local != "") k = split(local, d, " ")
      for (j = 1; j <= k; j++)
        if (d[j] != caller) print caller, d[j]
    }
  }' | sort -u > edges
[ -s edges ] || framework_failure_ "no calls found between the files of src/"
echo "calls between the files of src/ (caller callee):" >&2
cat edges >&2

# Up or across: src/shared/ calls no family; a family calls no other.
awk '{ a = $1; b = $2; sub(/\/[^\/]*$/, "", a); sub(/\/[^\/]*$/, "", b)
       if (a == b || b == "src/shared") next
       print "wrong way:", $1, "->", $2 }' edges > wrong
if [ -s wrong ]; then
  cat wrong >&2
  fail=1
fi

# A circle of files.
if ! tsort edges > order 2> loop; then
  echo "a circle of files in src/:" >&2
  cat loop >&2
  fail=1
fi

Exit $fail
