# tests/fuzz/args-lib.sh -- the seeds of the split-args, preserve-list,
# install-mode and backup-suffix fuzz targets (see the head comment of
# each) as command lines, and what split, cp and install answer to
# them: for
# tests/fuzz/record-args (GNU's answers, recorded) and args_check below
# (ours, compared with them).  Sourced.
#
# A record holds on its first line how the seed is run, "KIND ARG...",
# its words quoted for the shell, and then the answer: exit statuses,
# messages, and the files made with their modes.  The command lines are
# made from the seeds when recording only, so that the check runs few
# processes.

# Quote each argument for the shell, in one line.
args_quote ()
{
  for a; do
    printf "'%s' " "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"
  done
}

# The argument in the seed SEED from byte FROM (1-based) on, in
# $seed_arg; return 1 if it holds a NUL byte or a newline, which no
# record line can.
seed_arg ()
{
  [ "$(tail -c +"$2" "$1" | tr -d '\000\n' | wc -c)" \
    -eq "$(tail -c +"$2" "$1" | wc -c)" ] || return 1
  seed_arg=$(tail -c +"$2" "$1")
}

# Print the record line of the split-args seed SEED.  Modes 0 to 4 check
# the argument alone: an extra operand stops split once the options are
# read, so that a valid argument gets the "extra operand" message (and
# -n with a huge N does not run through its chunks).
args_split_line ()
{
  mode=$(($(od -An -tu1 -N1 "$1") % 6))
  if [ $mode -eq 5 ]; then
    args_names_line "$1"
    return
  fi
  seed_arg "$1" 2 || return 2
  case $mode in
    0) args_quote parse -b "$seed_arg" ;;
    1) args_quote parse -a "$seed_arg" ;;
    2) args_quote parse -n "$seed_arg" ;;
    3) args_quote parse -t "$seed_arg" ;;
    4) case $seed_arg in
         *[!0-9]*|'') args_quote start "$seed_arg" ;;
         *) args_quote start "$seed_arg" -"$seed_arg" ;;
       esac ;;
  esac
}

# Print the record line of the split-args seed SEED of mode 5: split
# with its options cuts an input of N bytes (-n N) or of 100 (-b 1,
# enough for -d to widen), one byte a piece.
args_names_line ()
{
  set -- "$1" $(od -An -tu1 -j1 -N3 "$1")
  [ $# -eq 4 ] || return 2
  strings=$(tail -c +5 "$1" | tr '\000' '\n'; echo x)
  [ "$(printf '%s' "$strings" | wc -l)" -eq 2 ] || return 2
  start=$(printf '%s\n' "$strings" | sed -n 1p)
  prefix=$(printf '%s\n' "$strings" | sed -n 2p)
  add=$(printf '%s\n' "$strings" | sed -n 3p | sed 's/x$//')
  bytes=100
  [ "$4" -eq 0 ] || bytes=$4
  set -- "$@" names "$bytes" "$prefix"
  case $(($2 % 3)) in
    1) if [ -n "$start" ]; then set -- "$@" --numeric-suffixes="$start"
       else set -- "$@" -d; fi ;;
    2) if [ -n "$start" ]; then set -- "$@" --hex-suffixes="$start"
       else set -- "$@" -x; fi ;;
  esac
  [ "$3" -eq 0 ] || set -- "$@" -a "$3"
  if [ "$4" -eq 0 ]; then
    set -- "$@" -b 1
  else
    set -- "$@" -n "$4"
  fi
  [ -z "$add" ] || set -- "$@" --additional-suffix="$add"
  shift 4
  args_quote "$@"
}

# Print the record line of the preserve-list seed SEED: --preserve=LIST
# (odd byte 0) or --no-preserve=LIST.
args_preserve_line ()
{
  on=$(od -An -tu1 -N1 "$1")
  seed_arg "$1" 3 || return 2
  opt=--no-preserve
  [ $((on & 1)) -eq 0 ] || opt=--preserve
  args_quote preserve "$opt=$seed_arg"
}

# Print the record line of the install-mode seed SEED.
args_mode_line ()
{
  seed_arg "$1" 1 || return 2
  args_quote mode "$seed_arg"
}

# Print the record line of the backup-suffix seed SEED: its NAME, the
# values of VERSION_CONTROL and SIMPLE_BACKUP_SUFFIX ("=VALUE", or "-"
# if unset), the entries made beside NAME (their number, then each),
# and cp's options (--backup=WORD or -b, --suffix=SUFFIX; -S alone
# stands for -b).  Return 2 if a field holds a newline, or the name
# cannot be made; entries that cannot are left out, as by the target.
args_backup_line ()
{
  set -- "$1" $(od -An -tu1 -N2 "$1")
  [ $# -eq 3 ] || return 2
  [ "$(tail -c +3 "$1" | tr -d '\n' | wc -c)" \
    -eq "$(tail -c +3 "$1" | wc -c)" ] || return 2
  { tail -c +3 "$1" | tr '\000' '\n'; echo; } > fields
  flags=$2
  name=$(field 5)$(printf "%$3s" '' | tr ' ' a)
  args_backup_name "$name" || return 2
  vc=- sbs=-
  [ $((flags & 2)) -eq 0 ] || vc="=$(field 2)"
  [ $((flags & 8)) -eq 0 ] || sbs="=$(field 4)"
  set --
  i=6
  while [ $i -le 13 ] && [ $i -le "$(wc -l < fields)" ]; do
    e=$(field $i)
    case $e in
      /*) e=${e#/} ;;
      *) e=$name$e ;;
    esac
    ! args_backup_name "$e" || set -- "$@" "$e"
    i=$((i + 1))
  done
  set -- "$name" "$vc" "$sbs" $# "$@"
  if [ $((flags & 1)) -ne 0 ]; then
    set -- "$@" --backup="$(field 1)"
  elif [ $((flags & 4)) -eq 0 ]; then
    set -- "$@" -b
  fi
  [ $((flags & 4)) -eq 0 ] || set -- "$@" --suffix="$(field 3)"
  rm -f fields
  args_quote backup "$@"
}

# Print line N of the file "fields".
field () { sed -n "$1p" fields; }

# Return 0 if NAME can name a file in a directory: not empty, . or ..,
# no '/', at most 255 bytes (NAME_MAX here).
args_backup_name ()
{
  case $1 in
    ''|.|..|*/*) return 1 ;;
  esac
  [ "$(printf '%s' "$1" | wc -c)" -le 255 ]
}

# Run the command that follows and print its messages and exit status.
args_cmd ()
{
  st=0
  "$@" 2>&1 || st=$?
  echo "status $st"
}

# The runs of each KIND (see args_answer for where they run).
#   parse OPTION ARG: split OPTION ARG.
#   start FROM [-NUM]: split --numeric-suffixes=FROM, --hex-suffixes=FROM,
#     and -NUM.
#   names BYTES PREFIX OPTION...: split OPTION... on BYTES bytes; the
#     names made.
#   preserve OPTION: cp OPTION from "in" (mode 600); the copy's mode.
#   mode MODE: install -m MODE of a file, install -d -m MODE of a new
#     directory, and of directories of modes 7777 and 0; their modes.
#   backup NAME VC SBS N ENTRY... OPTION...: cp OPTION... of s/NAME
#     into d (run in d), which holds NAME and the N ENTRYs, with
#     VERSION_CONTROL and SIMPLE_BACKUP_SUFFIX set from VC and SBS (or
#     unset); the names in d after.
args_run_parse () { args_cmd split "$1" "$2" in x extra; }
args_run_start ()
{
  args_cmd split --numeric-suffixes="$1" in x extra
  args_cmd split --hex-suffixes="$1" in x extra
  [ $# -eq 1 ] || args_cmd split "$2" in x extra
}
args_run_names ()
{
  bytes=$1 prefix=$2
  shift 2
  head -c "$bytes" /dev/zero > ../names.in || return 1
  args_cmd split "$@" ../names.in "$prefix"
  ls
}
args_run_preserve ()
{
  args_cmd cp "$1" in out
  [ ! -e out ] || stat -c '%a %n' out
}
args_run_mode ()
{
  args_cmd install -m "$1" in f
  args_cmd install -d -m "$1" d
  mkdir -m 7777 e && mkdir -m 0 g || return 1
  args_cmd install -d -m "$1" e g
  stat -c '%a %n' f d e g 2>/dev/null || :
}

args_run_backup ()
{
  name=$1 vc=$2 sbs=$3 n=$4
  shift 4
  mkdir s d && printf new > "s/$name" && printf old > "d/$name" || return 1
  while [ "$n" -gt 0 ]; do
    : > "d/$1" || return 1
    n=$((n - 1))
    shift
  done
  (
    unset VERSION_CONTROL SIMPLE_BACKUP_SUFFIX
    case $vc in
      =*) VERSION_CONTROL=${vc#=} && export VERSION_CONTROL ;;
    esac
    case $sbs in
      =*) SIMPLE_BACKUP_SUFFIX=${sbs#=} && export SIMPLE_BACKUP_SUFFIX ;;
    esac
    # Into ".": GNU 9.1 renames the simple backup of a file in another
    # directory to one in the working directory (the manual, cp's known
    # differences), which this test is not about.
    cd d && args_cmd cp "$@" -- "../s/$name" .
  )
  ls -A d
}

# Print the answer to the record line LINE with the tools of the
# directory DIR first in PATH.  The kinds that make files run in a new
# directory a.d under the current one, holding "in", a file of mode
# 600; the others in the current directory, where they make none.
args_answer ()
{
  dir=$1 line=$2
  printf '%s\n' "$line"
  case $line in
    "'parse' "*|"'start' "*) ;;
    *) rm -rf a.d && mkdir a.d || return 1 ;;
  esac
  (
    if [ -d a.d ]; then
      cd a.d && (umask 077 && printf x > in) || exit 1
    fi
    PATH=$dir:$PATH
    umask 022
    eval "set -- $line"
    kind=$1
    shift
    "args_run_$kind" "$@"
  )
  [ ! -d a.d ] || rm -rf a.d
}

# The version of GNU's newest coreutils, which TESTS/gnu/newest pins
# (9.10); and the folder of the links to its programs that
# tests/gnu/check-gnu builds (it may not be there).
args_newest_version ()
{
  sed -n 's/^[^ ]* \([^-]*\).*/\1/p' "$1/gnu/newest"
}
args_newest_bin ()
{
  an_dir=${BRISK_GNU_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/brisk-gnu}
  echo "$an_dir/coreutils-$(args_newest_version "$1")/bin"
}

# Return 0 if the records of the fuzz target TARGET are GNU's newest
# answers, not 9.1's: split's, whose counts Brisk reads as GNU 9.10
# does (past intmax_t as large as can be, units up to Q, -C's
# "lines").
args_newest () { [ "$1" = split-args ]; }

# Print the record line of the seed SEED of the fuzz target TARGET;
# return 2 if a command line cannot hold the seed.
args_line ()
{
  case $1 in
    split-args) args_split_line "$2" ;;
    preserve-list) args_preserve_line "$2" ;;
    install-mode) args_mode_line "$2" ;;
    backup-suffix) args_backup_line "$2" ;;
  esac
}

# The check of tests/fuzz/args-TARGET.sh: our answers to the records of
# the fuzz target TARGET in tests/fuzz/gnu/args/TARGET against those
# recorded, and GNU's too where GNU coreutils 9.1 is installed (or GNU's
# newest is built, for args_newest's), so that the records cannot go
# stale.  The answers are compared all at once
# (few processes: the machine may be slow to start them), and one by
# one only to name those that differ.  Fail if fewer than MIN were
# compared, or a record has no seed.
args_check ()
{
  target=$1 min=$2
  recs=$srcdir/fuzz/gnu/args/$target
  gnu_dir=
  # GNU's answers are checked against the records in the plain build;
  # a build with the sanitizers (BRISK_SANITIZED) runs ours alone.
  # Those of GNU's newest (args_newest) where make check-gnu built it.
  if [ -n "${BRISK_SANITIZED-}" ]; then
    :
  elif args_newest "$target"; then
    version=$(args_newest_version "$srcdir")
    ! "$(args_newest_bin "$srcdir")/split" --version 2>/dev/null \
        | grep -q "coreutils) $version\$" \
      || gnu_dir=$(args_newest_bin "$srcdir")
  elif "$(gnu_tool split)" --version 2>/dev/null \
         | grep -q 'coreutils) 9\.1$'; then
    gnu_dir=$(dirname "$(gnu_tool split)")
  fi
  cat "$recs"/* > exp || framework_failure_ "no records in $recs"
  n=0
  for rec in "$recs"/*; do
    name=${rec##*/}
    [ -f "$srcdir/fuzz/corpus/$target/$name" ] \
      || { echo "no seed for the record $name"; fail=1; }
    IFS= read -r line < "$rec"
    args_answer "$BRISK_BIN" "$line" > "ours-$name"
    [ -z "$gnu_dir" ] || args_answer "$gnu_dir" "$line" > "gnu-$name"
    n=$((n + 1))
  done
  [ "$n" -ge "$min" ] || { echo "only $n records compared"; fail=1; }
  for who in ours ${gnu_dir:+gnu}; do
    cat "$who"-* > "$who" && cmp -s exp "$who" && continue
    fail=1
    for rec in "$recs"/*; do
      name=${rec##*/}
      compare "$rec" "$who-$name" || echo "differs: $who on $name"
    done
  done
}
