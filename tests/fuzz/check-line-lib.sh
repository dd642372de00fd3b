# tests/fuzz/check-line-lib.sh -- what a *sum tool says of a check-line
# seed, for tests/fuzz/record-check-line (GNU's answers, recorded) and
# tests/fuzz/check-line.sh (ours, compared with them).  Sourced.

# The digest_algos rows (lib/digest-algos.c), in their order: byte 0 of
# a seed chooses one.
check_line_rows='md2 md4 md5 sha1 sha224 sha256 sha384 sha512 crc crc32b
  sm3 bsd sysv blake2b sha3-224 sha3-256 sha3-384 sha3-512 blake3 shake128
  shake256'

# Print the command (a tool and its options, words) that reads the
# check-line seed SEED, or nothing if GNU 9.1 has no answer for it: an
# algorithm GNU lacks (md2, md4, sha3, blake3, shake, or a *sum tool of
# sm3), records cut at NUL bytes (flag 2: GNU's --check reads lines),
# base64 digests (flag 16, GNU 9.2) or -a sha2 (flag 32, GNU 9.9).
# With flag 4, cksum's rules: "cksum" with flag 8, else "cksum -a ALGO".
check_line_tool ()
{
  set -- $(od -An -tu1 -N2 "$1")
  [ $(($2 & (2 | 16 | 32))) -eq 0 ] || return 0
  cl_flags_=$2
  set -- $(($1 % $(echo $check_line_rows | wc -w) + 1)) $check_line_rows
  shift $1
  if [ $((cl_flags_ & 4)) -eq 0 ]; then
    case $1 in
      md5|sha1|sha224|sha256|sha384|sha512) echo "${1}sum" ;;
      blake2b) echo b2sum ;;
    esac
  elif [ $((cl_flags_ & 8)) -ne 0 ]; then
    echo cksum
  else
    case $1 in
      md5|sha1|sha224|sha256|sha384|sha512|sm3|blake2b) echo "cksum -a $1" ;;
    esac
  fi
}

# Print what the TOOL (words: a tool and its options) in the directory
# DIR answers for the check-line seed SEED: its exit status, standard
# output and standard error, for "TOOL -c --warn" on the seed's check
# file (a file, or standard input
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
      $tool -c --warn - < in > ../cl.out 2> ../cl.err || st=$?
    else
      $tool -c --warn in < /dev/null > ../cl.out 2> ../cl.err || st=$?
    fi
    echo "status $st"
  )
  cat cl.out
  echo '-- stderr'
  cat cl.err
  rm -rf cl.d cl.out cl.err
}
