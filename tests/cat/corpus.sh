# corpus.sh -- sourced by the cat tests: writes the corpus files into the
# current directory.
#   text     ordinary lines, blank runs, tabs, a final line without newline
#   ctrl     every byte 0..255, some runs of blank lines, CR LF line ends
#   crlf     CR LF ends, a lone CR, CR CR LF, CR at the very end
#   blank    only newlines
#   nonl     one line, no newline
#   empty    nothing
printf 'first line\n\n\n\tindented\n  two spaces\n\n\n\n\nlast, no newline' \
  > text || framework_failure_ corpus
perl -e 'binmode STDOUT; print map (chr, 0 .. 255);
  print "\n\n\n\nx\r\n\r\n\n", map (chr, reverse 0 .. 255)' > ctrl \
  || framework_failure_ corpus
printf 'a\r\nb\rc\r\r\n\r\n\n\r\r' > crlf || framework_failure_ corpus
printf '\n\n\n\n' > blank || framework_failure_ corpus
printf 'no newline' > nonl || framework_failure_ corpus
: > empty || framework_failure_ corpus
