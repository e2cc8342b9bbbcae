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
	names, caps *pattern
	level       map[string]string // folded program name -> level
	loose       map[string]string // the same, its words run together
}

// relWords name a level outright: the level's own word before "REL",
// "level", "event" or "tournament", or capitalised as the documents write
// it ("a Competitive Legacy event").
// "Comp" and "Reg" are the judges' short forms ("Comp REL", "reg rel").
// A casual event or tournament (the MTR's other type of sanctioned
// tournament beside rated ones) is run at Regular.
var relWords = mustPattern(`(?i:\b(regular|reg\.?|casual|competitive|comp\.?|professional)[\s-]*(?:rules enforcement|REL|level|events?|tournaments?)\b)|\b(Regular|Competitive|Professional)\b`)

func newRELFinder(lib *tourney.Library) *relFinder {
	f := &relFinder{level: map[string]string{}, loose: map[string]string{}}
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
		f.loose[strings.TrimSuffix(strings.ToLower(strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '–' }), "")), "s")] = lvl
		if strings.IndexFunc(name, unicode.IsLower) < 0 {
			caps = append(caps, regexp.QuoteMeta(name)) // "PPTQ", "FNM": as written
		} else {
			words = append(words, loosePattern(name))
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
	f.names = mustPattern(`(?i)\b(` + strings.Join(words, "|") + `)s?\b`)
	f.caps = mustPattern(`\b(` + strings.Join(caps, "|") + `)s?\b`)
	return f
}

// loosePattern matches a program's name however a call separates its
// words ("Pre-release", "pre release", "prerelease").
func loosePattern(name string) string {
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '–' })
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, `[\s–-]*`)
}

// rel returns the level a call names, "" when it names none or more
// than one. A call that speaks of two levels ("is this different at
// Comp REL than at our reg rel prerelease?") is at the one its program
// runs at, when it names one program.
func (f *relFinder) rel(text string) string {
	if f == nil {
		return ""
	}
	programs, levels := map[string]bool{}, map[string]bool{}
	// Most calls name no program and no level: the expressions' literals
	// pass them over.
	lower := strings.ToLower(text)
	for _, p := range []*pattern{f.names, f.caps} {
		if !p.mayMatch(lower) {
			continue
		}
		for _, m := range p.re.FindAllStringSubmatch(text, -1) {
			if lvl := f.programLevel(m[1]); lvl != "" {
				programs[lvl] = true
			}
		}
	}
	if !relWords.mayMatch(lower) {
		return only(programs)
	}
	for _, m := range relWords.re.FindAllStringSubmatch(text, -1) {
		w := strings.ToLower(m[1] + m[2])
		switch {
		case strings.HasPrefix(w, "comp"):
			w = tourney.Competitive
		case strings.HasPrefix(w, "reg"), w == "casual":
			w = tourney.Regular
		}
		levels[w] = true
	}
	if len(levels) > 1 {
		return only(programs)
	}
	for lvl := range levels {
		programs[lvl] = true
	}
	return only(programs)
}

// only is the one level of a set, "" when it holds none or more.
func only(levels map[string]bool) string {
	if len(levels) != 1 {
		return ""
	}
	for lvl := range levels {
		return lvl
	}
	return ""
}

// programLevel is the level of a program as a call writes its name
// ("pre release" for "Pre-release").
func (f *relFinder) programLevel(name string) string {
	key := strings.ToLower(strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '–' }), ""))
	return f.loose[strings.TrimSuffix(key, "s")]
}
