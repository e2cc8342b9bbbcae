package engine

import (
	"regexp"
	"strings"
)

// More of what "for each …" and characteristic-defining abilities count
// (604.3, 613.4c): the colors among permanents (105.1), the colors of the
// affected object, its counters (122.1), the Auras and Equipment attached
// to it (303.4, 301.5), devotion (700.5), "N plus the number of …",
// "twice the number of …", and "the number of A plus the number of B".
// Cards in graveyards and hands are counted by zonecounts.go; what the
// scenario doesn't hold (a hand whose size it hasn't stated, exile, life
// totals, this game's history) is counted as unknown.

// countMore is a count of counts.go.
type countMore struct {
	ColorsAmong *Filter // the number of colors among these permanents
	OwnColors   bool    // the number of the affected object's colors
	AnyCounters bool    // the number of counters of any kind on it
	OnSource    bool    // counters or attachments of the source, not of the affected object
	Attached    []string
	Devotion    string       // a color letter: devotion to it (700.5)
	Sum         []*Filter    // "the number of A plus the number of B"
	Zones       []*zoneCount // counts of cards in graveyards or hands, added to Sum's
	Plus, Times int          // Times*n + Plus (Times 0 is 1)
}

var (
	reCountColorsAmong = regexp.MustCompile(`^color among (.+)$`)
	reCountAttachedTo  = regexp.MustCompile(`^(auras?|equipment)(?: and (auras?|equipment))? attached to (it|~)$`)
	reCountCounterOn   = regexp.MustCompile(`^counter on (it|~)$`)
	// reCountHidden: what a scenario doesn't hold: cards in libraries and
	// exile, life totals, mana and the game's history, and the counts of
	// cards in hands and graveyards zonecounts.go doesn't read.
	// Counters on players are not among them: a scenario states poison
	// counters, and what it can't state is reported, not guessed.
	reCountHidden = regexp.MustCompile(`\b(?:hands?|graveyards?|library|exile|exiled|life|life total|unspent|commander|this turn|this game|turns?|die|dice)\b`)
	reCDAMore     = regexp.MustCompile(`^(~|its)'?s? (power and toughness are each|power is|toughness is) equal to (?:(one|two|three|four|five|\d+) plus |twice )?(?:the number of (.+)|your devotion to (white|blue|black|red|green))$`)
)

// forEachMore reads "for each WHAT" of counts.go.
func forEachMore(what string) (Part, bool) {
	if m := reCountColorsAmong.FindStringSubmatch(what); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return Part{}, false
		}
		return Part{More: &countMore{ColorsAmong: &f}}, true
	}
	if what == "of its colors" {
		return Part{More: &countMore{OwnColors: true}}, true
	}
	if m := reCountCounterOn.FindStringSubmatch(what); m != nil {
		return Part{More: &countMore{AnyCounters: true, OnSource: m[1] == "~"}}, true
	}
	if m := reCountAttachedTo.FindStringSubmatch(what); m != nil && (m[2] != "" || m[3] == "~") {
		var subs []string
		for _, w := range []string{m[1], m[2]} {
			if w == "" {
				continue
			}
			st, _ := nonCreatureSubtypeNoun(w)
			subs = append(subs, st)
		}
		return Part{More: &countMore{Attached: subs, OnSource: m[3] == "~"}}, true
	}
	if z, ok := parseZoneCount(what); ok {
		return Part{More: &countMore{Zones: []*zoneCount{z}}}, true
	}
	if reCountHidden.MatchString(what) {
		return Part{Hidden: what}, true
	}
	return Part{}, false
}

// cdaMore reads what "equal to the number of WHAT" counts when WHAT is no
// filter: "A plus the number of B", or what a scenario doesn't hold.
func cdaMore(what string) (Part, bool) {
	if a, b, ok := strings.Cut(what, " plus the number of "); ok {
		cm := &countMore{}
		for _, w := range []string{a, b} {
			if f, ok := parseFilter(strings.Fields(w)); ok {
				cm.Sum = append(cm.Sum, &f)
			} else if z, ok := parseZoneCount(w); ok {
				cm.Zones = append(cm.Zones, z)
			}
		}
		if len(cm.Sum)+len(cm.Zones) == 2 {
			return Part{More: cm}, true
		}
		if reCountHidden.MatchString(what) {
			return Part{Hidden: what}, true
		}
		return Part{}, false
	}
	if strings.Contains(what, " plus ") || strings.Contains(what, " minus ") {
		return Part{}, false // an arithmetic the count alone would drop
	}
	if p, ok := forEachMore(what); ok && (p.More == nil || len(p.More.Zones) > 0) {
		return p, true // hidden, or a count of cards in graveyards or hands
	}
	return Part{}, false
}

func init() {
	addSentenceRules(sentenceRule{
		// "~'s power and toughness are each equal to 1 plus the number of
		// lands you control", "~'s power is equal to your devotion to red".
		class: "characteristic-defining P/T count",
		re:    reCDAMore,
		need:  []string{" plus ", "twice", "devotion"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			which, layer := c.cdaTarget(t, m[2])
			cm := &countMore{}
			switch {
			case m[3] != "":
				n, ok := number(m[3])
				if !ok {
					return Selector{}, false
				}
				cm.Plus = n
			case strings.Contains(m[0], " twice "):
				cm.Times = 2
			}
			p := Part{Layer: layer, Op: opCDACount, Which: which, More: cm}
			switch {
			case m[5] != "":
				cm.Devotion = colorWords[m[5]]
			default:
				if f, ok := parseFilter(strings.Fields(m[4])); ok {
					cm.Sum = []*Filter{&f}
				} else if x, ok := cdaMore(m[4]); ok && x.Hidden != "" {
					p.Hidden, p.More = x.Hidden, nil
				} else if ok && x.More != nil {
					cm.Sum, cm.Zones = x.More.Sum, x.More.Zones
				} else {
					return Selector{}, false
				}
			}
			t.Parts = []Part{p}
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	})
}

// countMore counts for p on the affected object it (nil for a
// characteristic-defining ability: its source).
func (s *state) countMore(p Part, e *Effect, it *Object) int {
	n, _, _ := s.countMoreK(p, e, it)
	return n
}

// countMoreK is countMore with what a count of cards in graveyards or
// hands found: unknown names what the scenario doesn't hold, details what
// was counted (zonecounts.go).
func (s *state) countMoreK(p Part, e *Effect, it *Object) (int, string, []string) {
	m := p.More
	n := 0
	var details []string
	on := it
	if m.OnSource || on == nil {
		on = e.src
	}
	switch {
	case m.ColorsAmong != nil:
		self := -1
		if i, ok := s.slot[e.src]; ok && e.src != nil {
			self = i
		}
		seen := map[string]bool{}
		for i := range s.objs {
			if s.matches(m.ColorsAmong, i, e.ctrlNow(s), self) {
				for _, c := range s.ch[i].Colors {
					seen[c] = true
				}
			}
		}
		n = len(seen)
	case m.OwnColors:
		if i, ok := s.slot[on]; ok && on != nil {
			n = len(s.ch[i].Colors)
		}
	case m.AnyCounters:
		if on != nil {
			for _, k := range on.counters {
				n += k
			}
		}
	case len(m.Attached) > 0:
		for j, o := range s.objs {
			if on != nil && o.attachedTo == on && o.onBF {
				for _, st := range m.Attached {
					if containsFold(s.ch[j].Subtypes, st) {
						n++
						break
					}
				}
			}
		}
	case m.Devotion != "":
		n = s.devotion(e.ctrlNow(s), m.Devotion)
	case len(m.Sum) > 0 || len(m.Zones) > 0:
		for _, f := range m.Sum {
			n += s.count(f, e)
		}
		its := e.ctrlNow(s)
		if i, ok := s.slot[it]; ok && it != nil {
			its = s.ch[i].Controller
		}
		k, unknown, d := s.countZones(m.Zones, e, its)
		if unknown != "" {
			return 0, unknown, nil
		}
		n, details = n+k, d
	}
	if m.Times > 0 {
		n *= m.Times
	}
	return n + m.Plus, "", details
}
