package engine

import (
	"regexp"
	"sort"
	"strings"
)

// CoverageReport says how much of a set of cards' rules text the compiler
// models. Static abilities are what the layer system needs (604.1, 611.3),
// so their sentences are the measure: each is modelled (compiled into
// continuous effects), rejected (a template matched but what it names
// can't be modelled) or unmodelled (no template matches). Lines of other
// kinds are counted by kind; they are listed on objects, not run.
type CoverageReport struct {
	Cards      int            // permanent cards (or faces) compiled
	Lines      map[string]int // lines of rules text by kind
	Sentences  int            // static-ability sentences
	Modelled   int
	Rejected   int
	Unmodelled int
	Classes    []ClassCoverage // per sentence class, most sentences first
	Misses     []CoverageMiss  // every static sentence not modelled, in card order
	Templates  []TemplateCount // templates of the misses, most common first
	// CDAComputed and CDAUnknown count the compiled characteristic-
	// defining abilities that set power or toughness (604.3, 613.4a):
	// those whose value the engine computes from the game, and those
	// whose value reads what a scenario doesn't hold (reported as
	// unknown, CDAUnknownTexts).
	CDAComputed, CDAUnknown int
	CDAUnknownTexts         []string
	// ZoneConds counts the static abilities whose condition reads a
	// graveyard, a hand or a life total and is decided by the game when
	// the scenario holds it (zonecond.go); HiddenConds those whose
	// condition only "(condition holds)" decides.
	ZoneConds, HiddenConds int
}

// ClassCoverage counts the static-ability sentences of one class: the
// template that decided them, or "unmatched" when none did.
type ClassCoverage struct {
	Class      string
	Modelled   int
	Rejected   int
	Unmodelled int
}

// CoverageMiss is one static-ability sentence that was not modelled.
type CoverageMiss struct {
	Card     string
	Line     int // 1-based line of the card's rules text
	Sentence string
	Class    string // the template that matched and rejected it ("" if none)
	Rejected bool
}

// TemplateCount is a normalised sentence (the card's name as ~, numbers as
// N) and how many misses share it.
type TemplateCount struct {
	Template string
	Count    int
	Example  string // one card with it
}

// Percent is the share of static-ability sentences modelled.
func (r CoverageReport) Percent() float64 {
	if r.Sentences == 0 {
		return 100
	}
	return 100 * float64(r.Modelled) / float64(r.Sentences)
}

// isPermanentDef reports a card that is a permanent on the battlefield
// (110.4: artifact, battle, creature, enchantment, land, planeswalker).
func isPermanentDef(d CardDef) bool {
	for _, t := range d.Types {
		switch strings.ToLower(t) {
		case "artifact", "battle", "creature", "enchantment", "land", "planeswalker":
			return true
		}
	}
	return false
}

// Coverage compiles the rules text of every permanent among cards (others
// are skipped) and reports what the compiler made of it.
func Coverage(cards []CardDef) CoverageReport {
	r := CoverageReport{Lines: map[string]int{}}
	classes := map[string]*ClassCoverage{}
	templates := templateTally{}
	for _, d := range cards {
		if !isPermanentDef(d) {
			continue
		}
		r.Cards++
		c := newCompiler() // a fresh compiler: nothing is shared between cards
		cc := c.compileCard(d)
		for _, a := range cc.abilities {
			for _, t := range a.Statics {
				switch {
				case t.Cond == nil:
				case t.Cond.Hidden:
					r.HiddenConds++
				case t.Cond.readsZones():
					r.ZoneConds++
				}
				if !t.CDA || !t.hasLayer(L7a) {
					continue
				}
				hidden := ""
				for _, p := range t.Parts {
					if p.Hidden != "" {
						hidden = p.Hidden
					}
				}
				if hidden == "" {
					r.CDAComputed++
				} else {
					r.CDAUnknown++
					r.CDAUnknownTexts = append(r.CDAUnknownTexts, d.Name+": "+hidden)
				}
			}
		}
		for _, ln := range cc.lines {
			r.Lines[lineKindNames[ln.kind]]++
			for _, s := range ln.sentences {
				r.Sentences++
				class := s.class
				if s.outcome == outUnmatched {
					class = "unmatched"
				}
				cl := classes[class]
				if cl == nil {
					cl = &ClassCoverage{Class: class}
					classes[class] = cl
				}
				switch s.outcome {
				case outModelled:
					r.Modelled++
					cl.Modelled++
					continue
				case outRejected:
					r.Rejected++
					cl.Rejected++
				default:
					r.Unmodelled++
					cl.Unmodelled++
				}
				miss := CoverageMiss{Card: d.Name, Line: ln.n, Sentence: s.orig, Rejected: s.outcome == outRejected}
				if miss.Rejected {
					miss.Class = s.class
				}
				r.Misses = append(r.Misses, miss)
				templates.add(NormaliseTemplate(s.norm), d.Name)
			}
		}
	}
	for _, cl := range classes {
		r.Classes = append(r.Classes, *cl)
	}
	sort.Slice(r.Classes, func(i, j int) bool {
		a, b := r.Classes[i], r.Classes[j]
		na, nb := a.Modelled+a.Rejected+a.Unmodelled, b.Modelled+b.Rejected+b.Unmodelled
		if na != nb {
			return na > nb
		}
		return a.Class < b.Class
	})
	r.Templates = templates.sorted()
	return r
}

// templateTally counts the sentences of each template, with the first
// card that has one.
type templateTally map[string]*TemplateCount

func (t templateTally) add(template, card string) {
	tc := t[template]
	if tc == nil {
		tc = &TemplateCount{Template: template, Example: card}
		t[template] = tc
	}
	tc.Count++
}

// sorted lists the templates, the most common first.
func (t templateTally) sorted() []TemplateCount {
	out := make([]TemplateCount, 0, len(t))
	for _, tc := range t {
		out = append(out, *tc)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Template < out[j].Template
	})
	return out
}

var (
	reTemplateNumber = regexp.MustCompile(`\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|x)\b`)
	reTemplateSpace  = regexp.MustCompile(`\s+`)
)

// NormaliseTemplate turns a sentence whose card name is already "~" into
// its template: lower case, numbers (digits, number words and X) as N,
// without the final period.
func NormaliseTemplate(s string) string {
	s = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(s), "."))
	s = reTemplateNumber.ReplaceAllString(s, "N")
	return reTemplateSpace.ReplaceAllString(s, " ")
}
