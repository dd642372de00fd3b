#!/bin/sh
# Errors writing standard output: /dev/full ("write error: No space left on
# device", exit 1), a closed stdout, a pipe without reader with SIGPIPE
# ignored (EPIPE) and with SIGPIPE default (killed); for short and long
# output, --check output, --status (writes nothing), --help and --version;
# stderr and exit status compared with GNU.
# With $some_sum_tools (md5sum, sha512sum): src/digest.c does this the
# same way for every tool.
. "$(dirname "$0")/../init.sh"

printf 'data\n' > f
# Enough operands that the output passes any stdio buffer many times.
i=0
while test $i -lt 200; do i=$((i + 1)); echo $i > n$i; done
set -- n*

for t in $some_sum_tools; do
  ref_ $t f > one.chk
  ref_ $t "$@" > many.chk
  for out in /dev/full closed epipe sigpipe; do
    twin_ -o $out $t f || fail=1
    twin_ -o $out $t "$@" || fail=1
    twin_ -o $out $t --tag f missing || fail=1
    twin_ -o $out $t -z f || fail=1
    twin_ -o $out $t -c one.chk || fail=1
    twin_ -o $out $t -c many.chk || fail=1
    twin_ -o $out $t -c --quiet one.chk || fail=1
    twin_ -o $out $t -c --status one.chk || fail=1
    twin_ -o $out $t missing || fail=1
    twin_ -o $out $t --bogus || fail=1
    twin_ -o $out -i f $t || fail=1
  done
  # --help and --version texts differ from GNU's, their errors must not.
  for opt in --help --version; do
    for out in /dev/full closed epipe sigpipe; do
      twin_ -o $out $t $opt || fail=1
    done
  done
done

Exit $fail
