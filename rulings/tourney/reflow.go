package tourney

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The parsed MTR, IPG and JAR come from PDFs and keep some of the PDF's
// layout: lines broken where the page was full ("doesn’t demonstrate
// awareness\nof the trigger’s existence"), a line-end hyphen left with a
// space after it once the line was joined ("previously- unknown",
// "invitation- only"), a doubled full stop ("cards.."), and a registered
// sign read as a half-width katakana (U+FFAE). reflow undoes them when a
// section is stored, so every answer and the search index see the text
// as the document prints it.

// brokenHyphen is a word hyphen followed by the space a joined line break
// left; a suspended hyphen ("pre- and post-game") keeps its space.
var brokenHyphen = regexp.MustCompile(`([\p{L}\d])- (\p{Ll}+)`)

// doubledStop is ".." not part of an ellipsis.
var doubledStop = regexp.MustCompile(`([^.])\.\.([^.]|$)`)

// pageBreak is a blank line between a line that ends mid-clause (a letter
// or a comma) and one that goes on in lowercase.
var pageBreak = regexp.MustCompile(`([\p{L},])[ \t]*\n(?:[ \t]*\n)+[ \t]*(\p{Ll})`)

// listItem is a line that starts a list entry in lowercase ("a) ", "b. ").
var listItem = regexp.MustCompile(`^\p{Ll}[.)]\s`)

func reflow(s string) string {
	if s == "" {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\uFFAE", "®")
	// A page break can fall mid-sentence, leaving a blank line in it.
	s = pageBreak.ReplaceAllString(s, "$1\n$2")
	lines := strings.Split(s, "\n")
	var b strings.Builder
	b.Grow(len(s))
	for i, l := range lines {
		if i > 0 {
			if continues(lines[i-1], l) {
				b.WriteByte(' ')
				l = strings.TrimLeft(l, " \t")
			} else {
				b.WriteByte('\n')
			}
		}
		b.WriteString(l)
	}
	s = b.String()
	s = brokenHyphen.ReplaceAllStringFunc(s, func(m string) string {
		sub := brokenHyphen.FindStringSubmatch(m)
		switch sub[2] {
		case "and", "or", "to", "nor":
			return m
		}
		return strings.Replace(m, "- ", "-", 1)
	})
	return doubledStop.ReplaceAllString(s, "$1.$2")
}

// continues reports whether next is the rest of the sentence on prev,
// broken only by the page width: it starts with a lowercase word (not a
// lettered list item) after a line that does not end a clause.
func continues(prev, next string) bool {
	prev = strings.TrimRight(prev, " \t")
	next = strings.TrimLeft(next, " \t")
	if prev == "" || next == "" || listItem.MatchString(next) {
		return false
	}
	if last, _ := utf8.DecodeLastRuneInString(prev); last == ':' {
		return false
	}
	first, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(first)
}
