#!/bin/sh
# The C sources keep the project's GNU style: tests/syntax-check finds
# nothing (trailing white space, tabs, long lines, // comments, a name
# touching its opening parenthesis).  Skipped where python3 is missing.
. "$(dirname "$0")/init.sh"

command -v python3 > /dev/null 2>&1 || skip_ "python3 is missing"
top=$(cd "$test_dir_/.." && pwd)
python3 "$top/tests/syntax-check" "$top" > found 2>&1 || fail=1
cat found >&2
Exit $fail
