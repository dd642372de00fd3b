#!/bin/sh
# --check parsing, one odd line per check file: mode marks, spacing, BSD-tag
# variants, CRLF, a missing final newline, blank/comment/garbage lines,
# digests of the wrong length or case or with non-hex, truncated lines, NUL
# bytes, escapes, a very long line, binary garbage; with -w, and with and
# without --strict; compared with GNU.  Every line with $some_sum_tools
# (src/digest/digest.c parses alike for every tool); with the other tools, the
# lines whose verdict hangs on the tool's BSD tag or digest length.
. "$(dirname "$0")/../init.sh"

printf 'content\n' > f
printf 'other\n' > 'a\b'
printf 'nl\n' > "$(printf 'n\nl')"
printf 'paren\n' > 'p)'
printf 'lead\n' > ' f'
printf 'trail\n' > 'f '
make_random_ binary 4096 7
awk 'BEGIN { s = "x"; for (i = 0; i < 17; i++) s = s s; print s }' > long

# line_ NAME TEMPLATE: write NAME.chk from the printf format TEMPLATE, where
# @H@ is f's digest, @T@ the BSD tag, @U@ the digest in upper case, @S@ the
# digest less its last digit, @X@ another tool's tag.
line_ ()
{
  printf "$(printf '%s' "$2" \
    | sed "s/@H@/$h/g; s/@T@/$tag/g; s/@U@/$uh/g; s/@S@/$sh/g;
           s/@X@/$xtag/g")" \
    > "$1.chk" || framework_failure_ "writing $1.chk"
}

for t in $sum_tools; do
  h=$(ref_ $t f | sed 's/ .*//')
  uh=$(printf '%s\n' "$h" | tr a-f A-F)
  sh=$(printf '%s\n' "$h" | sed 's/.$//')
  tag=$(ref_ $t --tag f | sed 's/ .*//')
  case $t in sha1sum) xtag=SHA256 ;; *) xtag=SHA1 ;; esac
  test -n "$h" && test -n "$tag" || framework_failure_ "$t digest of f"

  # The other tools: the lines whose verdict hangs on the tool's tag or
  # digest length.
  case " $some_sum_tools " in
    *" $t "*) ;;
    *)
      line_ bsd '@T@ (f) = @H@\n'
      line_ bsd-lower "$(printf '%s' "$tag" | tr A-Z a-z) (f) = @H@\n"
      line_ bsd-foreign '@X@ (f) = @H@\n'
      line_ short '@S@  f\n'
      line_ long '@H@0  f\n'
      for c in *.chk; do
        twin_ $t -c -w $c || fail=1
      done
      rm -f *.chk
      continue ;;
  esac

  a=$(ref_ $t 'a\b' | sed 's/^.//; s/ .*//')
  line_ ok '@H@  f\n'
  line_ star '@H@ *f\n'
  line_ one-space '@H@ f\n'
  line_ three-spaces '@H@   f\n'
  line_ tab '@H@\tf\n'
  line_ mark-tab '@H@ \tf\n'
  line_ bad-mark '@H@ ?f\n'
  line_ lead-space ' @H@  f\n'
  line_ lead-tab '\t@H@  f\n'
  line_ lead-name '@H@   f\n'
  line_ trail-name '@H@  f \n'
  line_ trail-space '@H@  f\n \n'
  line_ upper '@U@  f\n'
  line_ short '@S@  f\n'
  line_ long '@H@0  f\n'
  line_ double '@H@@H@  f\n'
  line_ nonhex 'g@S@  f\n'
  line_ hash-only '@H@\n'
  line_ hash-space '@H@ \n'
  line_ hash-2space '@H@  \n'
  line_ hash-star '@H@ *\n'
  line_ cut '@S@\n'
  line_ name-only '  f\n'
  line_ crlf '@H@  f\r\n'
  line_ crlf-bsd '@T@ (f) = @H@\r\n'
  line_ cr-only '@H@  f\r'
  line_ crcr '@H@  f\r\r\n'
  line_ no-newline '@H@  f'
  line_ blank '\n'
  line_ blanks '\n\n@H@  f\n\n'
  line_ comment '# @H@  f\n'
  line_ garbage 'garbage\n@H@  f\nmore garbage\n'
  line_ empty ''
  line_ nul '@H@  f\0junk\n'
  line_ nul-first '\0@H@  f\n'
  line_ bsd '@T@ (f) = @H@\n'
  line_ bsd-upper '@T@ (f) = @U@\n'
  line_ bsd-nospace '@T@(f)= @H@\n'
  line_ bsd-noeq-space '@T@ (f)=@H@\n'
  line_ bsd-2space '@T@  (f) = @H@\n'
  line_ bsd-eq-2space '@T@ (f) =  @H@\n'
  line_ bsd-trail '@T@ (f) = @H@ \n'
  line_ bsd-junk '@T@ (f) = @H@ junk\n'
  line_ bsd-short '@T@ (f) = @S@\n'
  line_ bsd-empty-digest '@T@ (f) = \n'
  line_ bsd-empty-name '@T@ () = @H@\n'
  line_ bsd-no-paren '@T@ (f = @H@\n'
  line_ bsd-paren-name '@T@ (p)) = @H@\n'
  line_ bsd-lead-name '@T@ ( f) = @H@\n'
  line_ bsd-foreign '@X@ (f) = @H@\n'
  line_ bsd-lower "$(printf '%s' "$tag" | tr A-Z a-z) (f) = @H@\n"
  line_ bsd-escaped '\\@T@ (f) = @H@\n'
  line_ bsd-escaped-nl '\\@T@ (n\\nl) = @H@\n'
  line_ esc-ok "\\\\$a  a\\\\\\\\b\\n"
  line_ esc-plain "$a  a\\\\b\\n"
  line_ esc-bad '\\@H@  f\\x\n'
  line_ esc-trailing '\\@H@  f\\\n'
  line_ esc-nl '\\@H@  n\\nl\n'
  line_ esc-cr '\\@H@  f\\r\n'
  line_ esc-unneeded '\\@H@  f\n'
  line_ mixed '@H@  f\ngarbage\n@S@  f\n@H@ *f\n\n@T@ (f) = @H@\n'
  cat long ok.chk > long-line.chk
  cp binary binary.chk || framework_failure_ cp

  for c in *.chk; do
    twin_ $t -c -w $c || fail=1
  done
  # Without -w, and with --strict (exit status), on all the lines at once.
  cat *.chk > all-lines && mv all-lines all-lines.chk || framework_failure_ cat
  twin_ $t -c all-lines.chk || fail=1
  twin_ $t -c --strict all-lines.chk || fail=1
  for c in mixed long-line trail-space garbage esc-unneeded; do
    twin_ $t -c $c.chk || fail=1
    twin_ $t -c --strict $c.chk || fail=1
  done
  twin_ $t -c --warn --strict mixed.chk binary.chk garbage.chk || fail=1
  twin_ -i mixed.chk $t -c -w || fail=1
  twin_ -i mixed.chk $t -w -c - || fail=1
  rm -f *.chk
done

Exit $fail
