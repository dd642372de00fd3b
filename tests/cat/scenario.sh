# scenario.sh -- sourced by the cat tests after init.sh and use_tool_ cat.
#
# scene_ SCRIPT: run the shell SCRIPT twice, in two copies of the work
# directory, with GNU's cat and then Brisk's first in PATH (under the name
# "cat"), each under a 10 s timeout; compare their standard error, exit
# status and every file they leave behind (which is how scripts that
# redirect cat's output, e.g. "cat f >> f", are compared).  Standard
# output is the file "out" if the script does not redirect it.  Returns
# 0 if all agree; otherwise prints the differences and returns 1.
scene_ ()
{
  sc_fail_=0
  for sc_side_ in gnu brisk; do
    rm -rf "$cmp_/$sc_side_.d"
    mkdir "$cmp_/$sc_side_.d" && cp -pR . "$cmp_/$sc_side_.d" \
      || framework_failure_ "copying the work directory"
    eval "sc_bin_=\$${sc_side_}_bin_"
    (cd "$cmp_/$sc_side_.d" && PATH=$sc_bin_:$PATH && export PATH \
       && exec timeout 10 sh -c "$1" > out 2> "$cmp_/$sc_side_.err")
    echo "exit status $?" >> "$cmp_/$sc_side_.err"
  done
  compare "$cmp_/gnu.err" "$cmp_/brisk.err" || sc_fail_=1
  for sc_f_ in $(cd "$cmp_/gnu.d" && find . -type f | sort); do
    cmp -s "$cmp_/gnu.d/$sc_f_" "$cmp_/brisk.d/$sc_f_" \
      || { echo "file $sc_f_ differs" >&2; sc_fail_=1; }
  done
  test $sc_fail_ = 0 && return 0
  show_cmd_ "GNU and Brisk differ on" "$1"
  return 1
}
