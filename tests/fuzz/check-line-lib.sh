# tests/fuzz/check-line-lib.sh -- what a *sum tool says of a check-line
# seed, for tests/fuzz/record-check-line (GNU's answers, recorded) and
# tests/fuzz/check-line.sh (ours, compared with them).  Sourced.

# The tools of the digest_algos rows, in their order: byte 0 of a seed.
check_line_tools='md2sum md4sum md5sum sha1sum sha224sum sha256sum
  sha384sum sha512sum'

# Print the name of the tool that reads the check-line seed SEED, or
# nothing if GNU has no answer for it: an algorithm GNU lacks (md2,
# md4), or records cut at NUL bytes (flag 2: GNU's --check reads lines).
check_line_tool ()
{
  set -- $(od -An -tu1 -N2 "$1")
  [ $(($2 & 2)) -eq 0 ] || return 0
  case $1 in
    0|1) ;;
    *) set -- "$1" $check_line_tools
       shift $(($1 % 8 + 1))
       echo "$1" ;;
  esac
}

# Print what the TOOL in the directory DIR answers for the check-line
# seed SEED: its exit status, standard output and standard error, for
# "TOOL -c --warn" on the seed's check file (a file, or standard input
# if flag 1 is set), run as TOOL in an empty directory, where no file
# the lines name exists.
check_line_answer ()
{
  dir=$1 tool=$2 seed=$3
  flags=$(od -An -tu1 -j1 -N1 "$seed" | tr -d ' ')
  rm -rf cl.d && mkdir cl.d && tail -c +3 "$seed" > cl.d/in || return 1
  (
    cd cl.d || exit 1
    PATH=$dir:$PATH
    st=0
    if [ $((flags & 1)) -eq 1 ]; then
      "$tool" -c --warn - < in > ../cl.out 2> ../cl.err || st=$?
    else
      "$tool" -c --warn in < /dev/null > ../cl.out 2> ../cl.err || st=$?
    fi
    echo "status $st"
  )
  cat cl.out
  echo '-- stderr'
  cat cl.err
  rm -rf cl.d cl.out cl.err
}
