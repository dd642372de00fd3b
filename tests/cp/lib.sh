# tests/cp/lib.sh -- sourced by the cp tests, instead of tests/init.sh:
# init.sh, then the two cps and the helpers that compare them.
#
# The cp under test is $BRISK_CP (default $BRISK_BIN/cp, Brisk's); the
# reference is GNU's, $GNU_BIN/cp (default /usr/bin/cp).  Running the
# tests with BRISK_CP=/usr/bin/cp compares GNU with itself: every test
# must pass so.  Both are linked as "cp" into the two tool directories
# of init.sh ($gnu_bin_, $brisk_bin_) and run as a bare "cp" with that
# directory first in PATH, so both see argv[0] = "cp" and their
# messages start alike ("cp: ...").
#
# Helpers:
#   cp_twin_ [-i IN] [-u] [-s] [-n] [-g SED] [-D DUMPOPTS] [-p POST] SETUP
#            [--] ARG...
#       for each side (GNU's cp, then the one under test): makes an empty
#       directory $cmp_/t, runs the shell function SETUP in it (in a
#       subshell), ages the tree (tree-dump --age: every time set a
#       moment ago becomes a fixed old time, so the two trees made a
#       moment apart are alike to the nanosecond; a time SETUP sets more
#       than an hour away is kept), runs "cp ARG..." in it, dumps the
#       whole tree, sources and destinations alike (tree-dump DUMPOPTS
#       $cmp_/t; see tests/cp/tree-dump.c), runs the shell function POST
#       in it if given (to unmount, say), and moves it to
#       $cmp_/trees/gnu.N or brisk.N (N counts the runs).  Then
#       compares standard output, standard error, exit status and the
#       two dumps byte for byte, and prints the differences if any.
#       Returns 0 if all agree, 1 if not.
#       Both runs happen at the same absolute path ($cmp_/t), so that
#       absolute names (in symbolic link targets made by SETUP, or in
#       messages) are alike without any rewriting.
#       -s: the lines of standard output and of standard error are
#       sorted before they are compared (those of each command of a
#       batch apart): for recursive copies, whose order is the order in
#       which directories are read, not the same in two runs (GNU's cp
#       reads a directory whole and sorts its entries by inode number).
#       -n: the trees are not compared (where the tool under test
#       leaves on purpose another tree than GNU's, as install after a
#       failure); the test checks them on its own.
#       -g SED: GNU's results (st, out and err) are first edited by the
#       sed script SED, to what GNU says since it changed after 9.1
#       (Brisk follows the newest GNU): e.g. -g '/^0 cp -i f g$/s/0/1/'
#       for a declined -i, which exits 1 since GNU 9.2.  Not when the
#       tool under test is GNU's own ($twin_self_).
#       IN: standard input (a file; relative to the current directory;
#       default /dev/null), e.g. answers to -i.  -u: cp runs as user
#       nobody, group nogroup, no supplementary groups (setpriv), to
#       meet permissions that root would pass; SETUP must leave what
#       cp needs accessible to others.  Run by an ordinary user, cp
#       runs as that user, who meets them alike: a file that cp must
#       not read is one its owner may not read either (mode 0000), and
#       one to be cp's is given to $cp_user_.
#   cp_batch_ [-i IN] [-u] [-s] [-n] [-g SED] [-D DUMPOPTS] [-p POST] SETUP
#             < LINES
#       as cp_twin_, for many cp commands run one after the other in the
#       same tree (far cheaper than a cp_twin_ each): each line of
#       standard input is the argument list of one, split at blanks (no
#       quoting, no globbing; lines starting with "#" are skipped).  The
#       outputs of all, each after a line "== cp ARGS", and each one's
#       exit status are compared, then the tree at the end.  IN, if
#       given, is standard input for each.
#   deep_tree_ DIR LEVELS
#       makes DIR (in the current directory) and a chain of LEVELS
#       directories of 63-byte names below it, each made relative to
#       the one before, so that the path may pass PATH_MAX (the shell's
#       cd cannot go there); at the bottom, file f ("bottom"), its hard
#       link g and a symbolic link s to it.
#   cp_run_ [-i IN] [-u] SIDE ARG...
#       runs "cp ARG..." as SIDE's cp (gnu or brisk) in the current
#       directory, no comparison; returns cp's exit status.
#   cp_dump_ [DUMPOPTS] DIR
#       prints tree-dump's lines for DIR.
#   require_tmpfs_
#       skips the test ("cannot mount a tmpfs here") unless a tmpfs can
#       be mounted; run by an ordinary user, first runs the test again
#       where it can (init.sh's mount_ns_).
#   small_tmpfs_ DIR [SIZE]
#       makes DIR (if missing) and mounts a tmpfs of SIZE (default
#       256k) on it, mode 0755.
#   pseudo_files_
#       sets pseudo_files_ to the names (blank-separated) of the files
#       under /sys and /proc that this machine has, that read alike
#       from one run to the next, whose size stat tells is not their
#       length: 4096 in no block (/sys: they look sparse) or 0 (/proc);
#       skips the test if it has none of them.
#   pseudo_copies_ NAME...
#       checks that the copies of each file of $pseudo_files_ in the
#       tree that the tool under test left at the last cp_batch_ or
#       cp_twin_ hold what cat reads from it, byte for byte: each NAME
#       is a copy's name in that tree, % standing for the file's base
#       name ("%-p", "d/%").  Prints the differences; returns 1 if any.
#
# Variables: $gnu_cp_ (GNU's cp), $BRISK_CP, $tree_dump_ (the program),
# $twin_self_ (non-empty when $BRISK_CP is GNU's own), $cp_user_ (the
# user that -u runs cp as: nobody, or the ordinary user running the
# test).
#
# Another tool that copies files is compared the same way when its test
# sets twin_tool_ to its name before sourcing this file: then "cp" above
# stands for that tool throughout (install's tests set
# twin_tool_=install; the tool under test is $BRISK_INSTALL, default
# $BRISK_BIN/install, and $BRISK_CP is set to it).

twin_tool_=${twin_tool_:-cp}
tt_var_=BRISK_$(echo "$twin_tool_" | tr a-z A-Z)
eval "BRISK_CP=\${$tt_var_-}"

# A relative BRISK_CP is taken from where the test starts; init.sh
# changes directory.
case ${BRISK_CP-} in
  ''|/*) ;;
  *) BRISK_CP=$PWD/$BRISK_CP ;;
esac

. "$(dirname "$0")/../init.sh"

gnu_cp_=$(gnu_tool "$twin_tool_")
"$gnu_cp_" --version 2>/dev/null | sed 1q | grep 'GNU coreutils' >/dev/null \
  || skip_ "$gnu_cp_ is not GNU coreutils' $twin_tool_"
gnu_is_91_= cp_nondir_91_=
"$gnu_cp_" --version | sed 1q | grep ' 9\.1$' >/dev/null && gnu_is_91_=1 \
  || warn_ "$me_: note: GNU is not coreutils 9.1; Brisk targets 9.1"
BRISK_CP=${BRISK_CP:-$BRISK_BIN/$twin_tool_}
test -x "$BRISK_CP" \
  || framework_failure_ "$BRISK_CP missing (build src/$twin_tool_, or set" \
                        "$tt_var_)"
ln -s "$gnu_cp_" "$gnu_bin_/$twin_tool_" \
  && ln -s "$BRISK_CP" "$brisk_bin_/$twin_tool_" \
  || framework_failure_ "ln -s $twin_tool_"

# Non-empty when the tool under test is GNU's own (the suite run
# against GNU): a test then leaves out its checks of what is Brisk's.
twin_self_=
test "$(readlink -f "$BRISK_CP")" != "$(readlink -f "$gnu_cp_")" \
  || twin_self_=1

tree_dump_=${BRISK_BUILDDIR:-$BRISK_BIN/..}/tests/cp/tree-dump
test -x "$tree_dump_" \
  || framework_failure_ "$tree_dump_ missing (make check builds it)"

# The tree and the tools must be reachable by user nobody (cp_twin_ -u):
# mktemp made the temporary directory private.
chmod 755 "$tmp_root_" "$tmp_root_/bin" "$gnu_bin_" "$brisk_bin_" "$cmp_" \
  || framework_failure_ "chmod $tmp_root_"

# cp_run_ -u: as root, cp runs as nobody; as anyone else, as that user.
cp_user_=nobody
test "$(id -u)" = 0 || cp_user_=$(id -un)

# cp_dump_ [DUMPOPTS] DIR: see the head of this file.
cp_dump_ ()
{
  "$tree_dump_" "$@"
}

# deep_tree_ DIR LEVELS: see the head of this file.
deep_tree_ ()
{
  perl -e 'my ($top, $n) = @ARGV;
    mkdir $top and chdir $top or die "$top: $!";
    for (1 .. $n) { my $d = "d" x 63; mkdir $d and chdir $d or die "$_: $!" }
    open (my $f, ">", "f") or die "f: $!";
    print $f "bottom";
    close $f or die "f: $!";
    link ("f", "g") and symlink ("f", "s") or die "link: $!";' "$1" "$2"
}

# require_tmpfs_: skip the test unless a tmpfs can be mounted here (the
# reason tests/may-skip allows the tests that mount one).
require_tmpfs_ ()
{
  # The tool under test, found from the directory the test started in.
  eval "$tt_var_=\$BRISK_CP; export $tt_var_"
  mount_ns_
  mkdir "$cmp_/probe" || framework_failure_ "mkdir $cmp_/probe"
  mount -t tmpfs -o size=256k tmpfs "$cmp_/probe" 2> /dev/null \
    || skip_ "cannot mount a tmpfs here"
  umount "$cmp_/probe" && rmdir "$cmp_/probe" \
    || framework_failure_ "umount $cmp_/probe"
}

# small_tmpfs_ DIR [SIZE]: make DIR if missing, and mount on it a tmpfs
# of SIZE (mount's size=; default 256k), mode 0755: a file system that
# fills up, or another file system to move files to.
small_tmpfs_ ()
{
  { test -d "$1" || mkdir "$1"; } \
    && mount -t tmpfs -o "size=${2-256k},mode=0755" tmpfs "$1"
}

# pseudo_files_: see the head of this file.
pseudo_files_ ()
{
  pseudo_files_=
  for pf_ in /sys/kernel/mm/transparent_hugepage/enabled \
             /sys/kernel/mm/transparent_hugepage/defrag \
             /sys/kernel/mm/transparent_hugepage/hpage_pmd_size \
             /sys/kernel/profiling \
             /sys/module/kernel/parameters/initcall_debug \
             /proc/sys/kernel/ostype /proc/sys/kernel/osrelease; do
    test -e "$pf_" && pseudo_files_="$pseudo_files_ $pf_"
  done
  test -n "$pseudo_files_" \
    || skip_ "none of the /sys and /proc files tried is here"
  case $pseudo_files_ in
    */sys/*) ;;
    *) warn_ "$me_: note: no /sys file here, only /proc ones" ;;
  esac
}

# pseudo_copies_ NAME...: see the head of this file.
pseudo_copies_ ()
{
  pc_ok_=0
  for pc_f_ in $pseudo_files_; do
    pc_b_=$(basename "$pc_f_")
    cat "$pc_f_" > "$cmp_/read" || framework_failure_ "cat $pc_f_"
    for pc_n_ in "$@"; do
      pc_c_=$(printf '%s\n' "$pc_n_" | sed "s|%|$pc_b_|")
      compare "$cmp_/read" "$cmp_/trees/brisk.$cp_n_/$pc_c_" \
        || { echo "$twin_tool_ of $pc_f_ to $pc_c_: not what cat reads"
             pc_ok_=1; }
    done
  done
  return $pc_ok_
}

# cp_run_ [-i IN] [-u] SIDE ARG...: see the head of this file.
cp_run_ ()
{
  cr_in_=/dev/null cr_user_=
  while :; do
    case $1 in
      -i) cr_in_=$2; shift 2 ;;
      -u) cr_user_=1; shift ;;
      *) break ;;
    esac
  done
  cr_dir_=$gnu_bin_
  test "$1" = gnu || cr_dir_=$brisk_bin_
  shift
  (
    PATH=$cr_dir_:$PATH
    if test -n "$cr_user_" && test "$(id -u)" = 0; then
      exec setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$twin_tool_" "$@" < "$cr_in_"
    fi
    exec "$twin_tool_" "$@" < "$cr_in_"
  )
}

# The results of each side go to $cmp_/gnu/ and $cmp_/brisk/ (files out,
# err, st and tree), so that one "diff -r" compares them all: this
# machine is slow to start processes, and every test makes many runs.
# Each side's tree goes to $cmp_/trees/SIDE.N, N counting the runs.
mkdir "$cmp_/gnu" "$cmp_/brisk" "$cmp_/trees" \
  || framework_failure_ "mkdir $cmp_/gnu"
cp_n_=0

# cp_side_ SIDE SETUP POST DUMPOPTS RUNOPTS BATCH ARG...: one side of
# cp_twin_ (BATCH empty: run "cp ARG...") or cp_batch_ (BATCH: the file
# of argument lines); leaves its results in $cmp_/SIDE/.
cp_side_ ()
{
  cs_side_=$1 cs_setup_=$2 cs_post_=$3 cs_dopts_=$4 cs_ropts_=$5
  cs_batch_=$6
  shift 6
  cs_r_=$cmp_/$cs_side_
  (mkdir "$cmp_/t" && cd "$cmp_/t" && "$cs_setup_") \
    || framework_failure_ "$cs_setup_ failed"
  "$tree_dump_" --age "$cmp_/t" || framework_failure_ "tree-dump --age"
  cd "$cmp_/t" || framework_failure_ "cd $cmp_/t"
  if test -z "$cs_batch_"; then
    # shellcheck disable=SC2086
    cp_run_ $cs_ropts_ $cs_side_ "$@" > "$cs_r_/out" 2> "$cs_r_/err"
    echo $? > "$cs_r_/st"
  else
    : > "$cs_r_/out" && : > "$cs_r_/err" && : > "$cs_r_/st" \
      || framework_failure_ "cannot write in $cs_r_"
    cs_ifs_=$IFS
    set -f
    while IFS= read -r cs_line_; do
      case $cs_line_ in '#'*) continue ;; esac
      echo "== $twin_tool_ $cs_line_" >> "$cs_r_/out"
      echo "== $twin_tool_ $cs_line_" >> "$cs_r_/err"
      IFS=' '
      # shellcheck disable=SC2086
      cp_run_ $cs_ropts_ $cs_side_ $cs_line_ >> "$cs_r_/out" 2>> "$cs_r_/err"
      echo "$? $twin_tool_ $cs_line_" >> "$cs_r_/st"
      IFS=$cs_ifs_
    done < "$cs_batch_"
    set +f
  fi
  cd "$tmp_root_/w" || framework_failure_ "cd back"
  if test -n "$cp_notree_"; then
    : > "$cs_r_/tree" || framework_failure_ "cannot write in $cs_r_"
  else
    # shellcheck disable=SC2086
    "$tree_dump_" $cs_dopts_ "$cmp_/t" > "$cs_r_/tree" \
      || framework_failure_ "tree-dump $cmp_/t"
  fi
  test -z "$cs_post_" || (cd "$cmp_/t" && "$cs_post_") \
    || framework_failure_ "$cs_post_ failed"
  # In a subshell cp_n_ starts again: a name may be taken.
  test ! -e "$cmp_/trees/$cs_side_.$cp_n_" \
    || rm -rf "$cmp_/trees/$cs_side_.$cp_n_"
  mv "$cmp_/t" "$cmp_/trees/$cs_side_.$cp_n_" || framework_failure_ "mv"
  if test "$cs_side_" = gnu && test -n "$cp_gnu_sed_" \
     && test -z "$twin_self_"; then
    for cs_f_ in st out err; do
      sed -e "$cp_gnu_sed_" "$cs_r_/$cs_f_" > "$cs_r_/edited" \
        && mv "$cs_r_/edited" "$cs_r_/$cs_f_" \
        || framework_failure_ "sed -e '$cp_gnu_sed_'"
    done
  fi
  # GNU 9.5 and later name the file too, as Brisk does: "cannot
  # overwrite directory 'D' with non-directory 'F'" (tests/cp/dir-nondir.sh
  # asserts it); against 9.1, in the tests that set cp_nondir_91_ (those
  # whose cases meet this refusal), that name is taken off Brisk's.
  if test -n "$cp_nondir_91_" && test "$cs_side_" = brisk \
     && test -n "$gnu_is_91_" && test -z "$twin_self_"; then
    cs_nd_="cannot overwrite directory .* with non-directory"
    sed -e "s/^\(.*: $cs_nd_\) '.*'\$/\1/" "$cs_r_/err" > "$cs_r_/edited" \
      && mv "$cs_r_/edited" "$cs_r_/err" \
      || framework_failure_ "sed $cs_r_/err"
  fi
  test -z "$cp_sort_" || cp_sort_lines_ "$cs_r_/out" "$cs_r_/err"
}

# Perl code run as "perl -e CODE FILE...": sort the lines of each FILE in
# place, those of each command of a batch (after its "== cp" line) apart.
sort_perl_='for my $f (@ARGV) {
  open (my $h, "<", $f) or die "$f: $!";
  my (@out, @part);
  while (my $l = <$h>) {
    if ($l =~ /^== \S+ /) { push @out, sort (@part), $l; @part = (); }
    else { push @part, $l; }
  }
  push @out, sort @part;
  open ($h, ">", $f) or die "$f: $!";
  print $h @out;
  close $h or die "$f: $!";
}'

# cp_sort_lines_ FILE...: see sort_perl_.
cp_sort_lines_ ()
{
  perl -e "$sort_perl_" "$@" || framework_failure_ "sorting $*"
}

# cp_compare_ WHAT: compare the results of the two sides, print the
# differences under the title WHAT if any.
cp_compare_ ()
{
  diff -r "$cmp_/gnu" "$cmp_/brisk" > /dev/null && return 0
  echo "$me_: GNU's $twin_tool_ and the one under test differ: $1" >&2
  for cc_f_ in st out err tree; do
    cmp -s "$cmp_/gnu/$cc_f_" "$cmp_/brisk/$cc_f_" \
      || { echo "-- $cc_f_ (gnu vs under test):" >&2
           compare "$cmp_/gnu/$cc_f_" "$cmp_/brisk/$cc_f_" >&2; }
  done
  echo "-- the trees: $cmp_/trees/gnu.$cp_n_ and brisk.$cp_n_" >&2
  return 1
}

# cp_opts_ OPTION...: parse the options common to cp_twin_ and cp_batch_
# into cp_ropts_, cp_dopts_, cp_post_; sets cp_shift_ to the number of
# arguments they took.
cp_opts_ ()
{
  cp_ropts_= cp_dopts_= cp_post_= cp_sort_= cp_notree_= cp_shift_=0
  cp_gnu_sed_=
  while :; do
    case $1 in
      -n) cp_notree_=1; shift; cp_shift_=$((cp_shift_ + 1)) ;;
      -i) case $2 in
            /*) cp_ropts_="$cp_ropts_ -i $2" ;;
            *) cp_ropts_="$cp_ropts_ -i $PWD/$2" ;;
          esac
          shift 2; cp_shift_=$((cp_shift_ + 2)) ;;
      -u) cp_ropts_="$cp_ropts_ -u"; shift; cp_shift_=$((cp_shift_ + 1)) ;;
      -D) cp_dopts_=$2; shift 2; cp_shift_=$((cp_shift_ + 2)) ;;
      -p) cp_post_=$2; shift 2; cp_shift_=$((cp_shift_ + 2)) ;;
      -s) cp_sort_=1; shift; cp_shift_=$((cp_shift_ + 1)) ;;
      -g) cp_gnu_sed_=$2; shift 2; cp_shift_=$((cp_shift_ + 2)) ;;
      *) break ;;
    esac
  done
}

# cp_twin_ [-i IN] [-u] [-s] [-n] [-g SED] [-D DUMPOPTS] [-p POST] SETUP
#          [--] ARG...: see the head of this file.
cp_twin_ ()
{
  cp_opts_ "$@"
  shift $cp_shift_
  ct_setup_=$1
  shift
  test "${1-}" != -- || shift
  cp_n_=$((cp_n_ + 1))
  cp_side_ gnu "$ct_setup_" "$cp_post_" "$cp_dopts_" "$cp_ropts_" '' "$@"
  cp_side_ brisk "$ct_setup_" "$cp_post_" "$cp_dopts_" "$cp_ropts_" '' "$@"
  cp_compare_ "setup $ct_setup_, $twin_tool_ $*"
}

# cp_batch_ [-i IN] [-u] [-s] [-n] [-g SED] [-D DUMPOPTS] [-p POST] SETUP
#           < LINES:
# see the head of this file.
cp_batch_ ()
{
  cp_opts_ "$@"
  shift $cp_shift_
  cp_n_=$((cp_n_ + 1))
  cat > "$cmp_/batch" || framework_failure_ "cannot write $cmp_/batch"
  cp_side_ gnu "$1" "$cp_post_" "$cp_dopts_" "$cp_ropts_" "$cmp_/batch"
  cp_side_ brisk "$1" "$cp_post_" "$cp_dopts_" "$cp_ropts_" "$cmp_/batch"
  cp_compare_ "setup $1, the batch of $twin_tool_ commands:
$(cat "$cmp_/batch")"
}
