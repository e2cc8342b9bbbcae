package commands

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// splitRunes cuts s into pieces of at most max runes, at a blank line when
// there is one in the second half of the piece, else at a line break, else
// at a space, else anywhere.
func splitRunes(s string, max int) []string {
	s = strings.TrimSpace(s)
	var out []string
	for s != "" {
		head, more := runePrefix(s, max)
		if !more {
			out = append(out, s)
			break
		}
		cut := -1
		for _, sep := range []string{"\n\n", "\n", " "} {
			if i := strings.LastIndex(head, sep); i > len(head)/2 {
				cut = i
				break
			}
		}
		if cut < 0 {
			cut = len(head)
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
	}
	return out
}

// runeLen counts runes without converting (an invalid byte counts as one,
// as in a []rune conversion).
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// runePrefix returns the first n runes of s and whether s is longer. It
// slices s rather than converting it: answers are cut and counted on every
// request, and a []rune copy of each was most of what a look-up allocated.
func runePrefix(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false // n bytes are at least n runes
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k], true
		}
		i++
	}
	return s, false
}

// clip shortens s to max runes, marking the cut with an ellipsis.
func clip(s string, max int) string {
	if max <= 0 {
		return ""
	}
	if _, more := runePrefix(s, max); !more {
		return s
	}
	head, _ := runePrefix(s, max-1)
	return head + "…"
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// defuse makes text a user typed safe to repeat in a reply: a masked link
// ("[free nitro](https://…)") stays visible text instead of becoming a
// disguised link, and a code fence cannot break the reply's layout.
// Mentions need nothing here: every reply is sent with no allowed mentions.
var defuse = strings.NewReplacer(`[`, `\[`, `]`, `\]`, "```", "'''")

// quoteTitle makes a question safe to show as a title: besides what defuse
// does, its emphasis marks are escaped, so that a Tarmogoyf told as "*/1+*"
// or a stray "**" or "`" shows as typed instead of turning the title
// italic, bold or code.
var quoteTitle = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`, "`", "\\`", `~`, `\~`, `|`, `\|`, `[`, `\[`, `]`, `\]`)

// hintWords is a query cut to at most n runes for a hint the user may run
// as it is: whole words only, and no ellipsis (which would be searched).
func hintWords(q string, n int) string {
	q = strings.Join(strings.Fields(q), " ")
	head, more := runePrefix(q, n)
	if more && q[len(head)] != ' ' {
		// The cut falls inside a word: it goes.
		if i := strings.LastIndexByte(head, ' '); i > 0 {
			head = head[:i]
		}
	}
	return head
}
