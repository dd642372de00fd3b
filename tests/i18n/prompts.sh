#!/bin/sh
# cp -i and mv -i read the answer in the locale's words, as GNU's do
# (gnulib's yesno, the C library's rpmatch): "j" is yes and "n" no in
# German, "o" yes and "n" no in French, "y" yes in C.  The prompt, the
# exit status and the files left behind are compared with GNU's (a
# declined -i's status with newer GNU's, 1).
. "$(dirname "$0")/../init.sh"
use_tool_ cp
use_tool_ mv
. "$test_dir_/lib.sh"

# asked LOCALE ANSWER TOOL ARG...: run GNU's TOOL and Brisk's, each from
# a fresh pair of files "src" and "dst", with ANSWER on standard input;
# compare standard error, exit status and the files left.
asked ()
{
  ak_l=$1 ak_a=$2
  shift 2
  for ak_who in gnu brisk; do
    rm -rf "$ak_who" && mkdir "$ak_who" && cd "$ak_who" \
      || framework_failure_ "cd $ak_who"
    echo source > src && echo destination > dst \
      && printf '%s\n' "$ak_a" > answer || framework_failure_ "set-up"
    in_locale_ $ak_l run_in_ "$(eval echo \$${ak_who}_bin_)" answer '' \
      "$@" > ../$ak_who.out 2> ../$ak_who.err
    echo "status $?" >> ../$ak_who.out
    for f in src dst; do
      test -f $f && { printf '%s: ' $f; cat $f; }
    done >> ../$ak_who.out
    cd .. || framework_failure_ "cd .."
  done
  # A declined -i exits 1 since GNU 9.2 (9.1: 0); Brisk follows the
  # newest GNU.
  grep -q '^dst: destination$' gnu.out \
    && sed -i 's/^status 0$/status 1/' gnu.out
  compare gnu.err brisk.err && compare gnu.out brisk.out && return 0
  show_cmd_ "GNU and Brisk differ with LC_ALL=$ak_l, answer $ak_a" "$@"
  fail=1
}

for tool in cp mv; do
  for l in $i18n_locales; do
    case $l in
      C) answers='y n j' ;;
      de_*) answers='j n y' ;;
      fr_*) answers='o n j' ;;
      ja_*) answers='y n' ;;
    esac
    for a in $answers; do
      asked $l "$a" $tool -i src dst
    done
  done
done

# The answer changed the files: German "j" replaced dst, as GNU's does.
case " $i18n_locales " in
  *" de_DE.UTF-8 "*)
    asked de_DE.UTF-8 j cp -i src dst
    grep '^dst: source$' brisk.out > /dev/null \
      || { echo "cp -i did not take j for yes in German" >&2; fail=1; } ;;
esac

Exit $fail
