// Package fold normalises names and terms so that look-ups ignore case,
// accents, ligatures and punctuation: "Æther Vial", "aether vial" and
// "AETHER-VIAL" all fold to "aether vial".
package fold

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ligatures are letters that canonical decomposition leaves alone but that
// players type as two letters.
var ligatures = strings.NewReplacer(
	"æ", "ae", "Æ", "ae", "œ", "oe", "Œ", "oe", "ß", "ss",
	"ø", "o", "Ø", "o", "ł", "l", "Ł", "l", "đ", "d", "Đ", "d", "ı", "i",
)

// Key folds s for exact and prefix matching: lower case, accents removed,
// ligatures expanded, every run of punctuation or space turned into one
// space, apostrophes dropped ("Urza's" -> "urzas"), trimmed.
func Key(s string) string {
	if ascii(s) {
		return asciiKey(s)
	}
	return runeKey(norm.NFD.String(ligatures.Replace(s)))
}

// runeKey is Key after ligatures and accents are taken apart.
func runeKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
			// combining mark left over from decomposition: drop it
		case r == '\'' || r == '’' || r == '‘' || r == 'ʼ':
			// apostrophes join words: "Urza’s" is typed "urzas" or "urza's"
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// asciiKey is Key for a text of ASCII characters only, byte by byte.
func asciiKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
		case c >= 'A' && c <= 'Z':
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c + 'a' - 'A')
		default:
			space = true
		}
	}
	return b.String()
}

// Text folds running text for display-independent comparison: like Key but
// it keeps the characters that carry meaning in rules text ({T}, +1/+1, -).
// Curly quotes become straight ones, dashes become "-", case and accents
// are folded.
func Text(s string) string {
	s = quotes.Replace(s)
	if ascii(s) {
		return strings.ToLower(s)
	}
	s = ligatures.Replace(s)
	s = norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

var quotes = strings.NewReplacer(
	"“", `"`, "”", `"`, "‘", "'", "’", "'", "–", "-", "—", "-", "−", "-",
)

// ascii reports whether s needs no Unicode folding: most rules text is
// ASCII apart from quotes and dashes, and skipping normalisation for it
// keeps index builds fast.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
