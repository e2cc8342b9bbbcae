package ask

import (
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// relFinder reads the Rules Enforcement Level a call names: by the level
// itself ("at Competitive REL", "a Regular event") or by the program it
// happens at, as the MTR's Appendix F charts them ("Pro Tour Qualifier",
// "Friday Night Magic") and as earlier editions did ("Grand Prix Trial",
// "PPTQ").
type relFinder struct {
	names, caps *regexp.Regexp
	level       map[string]string // folded program name -> level
}

// relWords name a level outright: the level's own word before "REL",
// "level", "event" or "tournament", or capitalised as the documents write
// it ("a Competitive Legacy event").
var relWords = regexp.MustCompile(`(?i:\b(regular|competitive|comp\.?|professional)[\s-]*(?:rules enforcement|REL|level|events?|tournaments?)\b)|\b(Regular|Competitive|Professional)\b`)

func newRELFinder(lib *tourney.Library) *relFinder {
	f := &relFinder{level: map[string]string{}}
	progs := map[string]string{}
	for name, lvl := range tourney.FormerPrograms {
		progs[name] = lvl
	}
	if lib != nil {
		for name, lvl := range lib.Programs() {
			progs[name] = lvl
		}
	}
	var words, caps []string
	for name, lvl := range progs {
		f.level[strings.ToLower(name)] = lvl
		if strings.IndexFunc(name, unicode.IsLower) < 0 {
			caps = append(caps, regexp.QuoteMeta(name)) // "PPTQ", "FNM": as written
		} else {
			words = append(words, regexp.QuoteMeta(name))
		}
	}
	longestFirst := func(s []string) {
		sort.Slice(s, func(i, j int) bool {
			if len(s[i]) != len(s[j]) {
				return len(s[i]) > len(s[j])
			}
			return s[i] < s[j]
		})
	}
	longestFirst(words)
	longestFirst(caps)
	f.names = regexp.MustCompile(`(?i)\b(` + strings.Join(words, "|") + `)s?\b`)
	f.caps = regexp.MustCompile(`\b(` + strings.Join(caps, "|") + `)s?\b`)
	return f
}

// rel returns the level a call names, "" when it names none or more than
// one.
func (f *relFinder) rel(text string) string {
	if f == nil {
		return ""
	}
	found := map[string]bool{}
	for _, re := range []*regexp.Regexp{f.names, f.caps} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if lvl := f.level[strings.ToLower(m[1])]; lvl != "" {
				found[lvl] = true
			}
		}
	}
	for _, m := range relWords.FindAllStringSubmatch(text, -1) {
		w := strings.ToLower(m[1] + m[2])
		if strings.HasPrefix(w, "comp") {
			w = tourney.Competitive
		}
		found[w] = true
	}
	if len(found) != 1 {
		return ""
	}
	for lvl := range found {
		return lvl
	}
	return ""
}
