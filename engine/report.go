package engine

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Report is the outcome of a scenario run.
type Report struct {
	Results   []QueryResult `json:"results"`
	Unmodeled []Unmodeled   `json:"unmodeled"`
	Errors    []RunError    `json:"errors"`
	// Notes are state-based actions and one-shot events the engine performed (shown in Text;
	// not part of the JSON shape).
	Notes []Note `json:"-"`
}

// Note is a state-based action the engine performed after a statement.
type Note struct {
	Line int
	Rule string
	Text string
}

// QueryResult answers one "? REF" (Object and Trace) or one "? can REF
// attack|block|tap|untap" (IsCheck, Answer and Reasons).
type QueryResult struct {
	Line    int
	Query   string
	Object  *ObjectView
	Trace   []TraceStep
	IsCheck bool
	Answer  bool
	Reasons []Reason
	// DependsOnUnmodelled quotes the text the engine could not model that
	// may change this answer (filled by dependsOnUnmodelled).
	DependsOnUnmodelled []string
}

// MarshalJSON writes the object shape or the check shape.
func (q QueryResult) MarshalJSON() ([]byte, error) {
	if q.IsCheck {
		rs := q.Reasons
		if rs == nil {
			rs = []Reason{}
		}
		return json.Marshal(struct {
			Line    int      `json:"line"`
			Query   string   `json:"query"`
			Answer  bool     `json:"answer"`
			Reasons []Reason `json:"reasons"`
			Depends []string `json:"depends_on_unmodelled,omitempty"`
		}{q.Line, q.Query, q.Answer, rs, q.DependsOnUnmodelled})
	}
	tr := q.Trace
	if tr == nil {
		tr = []TraceStep{}
	}
	return json.Marshal(struct {
		Line    int         `json:"line"`
		Query   string      `json:"query"`
		Object  *ObjectView `json:"object"`
		Trace   []TraceStep `json:"trace"`
		Depends []string    `json:"depends_on_unmodelled,omitempty"`
	}{q.Line, q.Query, q.Object, tr, q.DependsOnUnmodelled})
}

// UnmarshalJSON reads either shape back (for clients of the JSON output).
func (q *QueryResult) UnmarshalJSON(b []byte) error {
	var raw struct {
		Line    int         `json:"line"`
		Query   string      `json:"query"`
		Object  *ObjectView `json:"object"`
		Trace   []TraceStep `json:"trace"`
		Answer  *bool       `json:"answer"`
		Reasons []Reason    `json:"reasons"`
		Depends []string    `json:"depends_on_unmodelled"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*q = QueryResult{Line: raw.Line, Query: raw.Query, Object: raw.Object, Trace: raw.Trace, Reasons: raw.Reasons, DependsOnUnmodelled: raw.Depends}
	if raw.Answer != nil {
		q.IsCheck, q.Answer = true, *raw.Answer
	}
	return nil
}

// ObjectView is an object's computed characteristics and status.
type ObjectView struct {
	Name       string         `json:"name"`
	Controller string         `json:"controller"`
	Owner      string         `json:"owner"`
	Token      bool           `json:"token"`
	Tapped     bool           `json:"tapped"`
	Supertypes []string       `json:"supertypes"`
	Types      []string       `json:"types"`
	Subtypes   []string       `json:"subtypes"`
	Colors     []string       `json:"colors"`
	Abilities  []string       `json:"abilities"`
	Power      *int           `json:"power"`
	Toughness  *int           `json:"toughness"`
	Counters   map[string]int `json:"counters"`
}

// Reason is one rule that decides a check.
type Reason struct {
	Rule string `json:"rule"`
	Text string `json:"text"`
}

// Unmodeled is text the engine could not turn into effects; it is reported
// and not applied.
type Unmodeled struct {
	Line     int    `json:"line"`
	Source   string `json:"source"`
	Sentence string `json:"sentence"`
}

// RunError is a statement that could not be carried out (unknown card,
// unknown or ambiguous reference, missing target).
type RunError struct {
	Line        int      `json:"line"`
	Message     string   `json:"message"`
	Suggestions []string `json:"suggestions,omitempty"`
}

func (e RunError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Message) }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *state) view(o *Object) *ObjectView {
	c := s.ch[s.slot[o]]
	v := &ObjectView{
		Name: c.Name, Controller: c.Controller.String(), Owner: o.owner.String(), Token: o.token, Tapped: o.tapped,
		Supertypes: nonNil(append([]string(nil), c.Supertypes...)), Types: nonNil(append([]string(nil), c.Types...)),
		Subtypes: nonNil(append([]string(nil), c.Subtypes...)), Colors: nonNil(append([]string(nil), c.Colors...)),
		Abilities: []string{}, Counters: map[string]int{},
	}
	seen := map[string]bool{}
	for _, ai := range c.Abilities {
		if !seen[ai.a.Text] { // redundant instances are listed once
			seen[ai.a.Text] = true
			v.Abilities = append(v.Abilities, ai.a.Text)
		}
	}
	for k, n := range o.counters {
		v.Counters[k] = n
	}
	if c.is("Creature") && !c.PUnknown && !c.TUnknown { // 208.3: a noncreature permanent has no power or toughness; an unknown */* is not shown as a number
		p, t := c.P, c.T
		v.Power, v.Toughness = &p, &t
	}
	return v
}

func (s *state) query(o *Object, st *Stmt) QueryResult {
	i := s.slot[o]
	tr := append([]TraceStep{}, s.trace[i]...)
	// Where several effects apply in one layer, say the timestamps that
	// ordered them (613.7).
	perLayer := map[string]int{}
	for _, t := range tr {
		if t.ts > 0 {
			perLayer[t.Layer]++
		}
	}
	for k := range tr {
		if tr[k].ts > 0 && perLayer[tr[k].Layer] > 1 {
			tr[k].Effect += fmt.Sprintf(" [timestamp %d]", tr[k].ts)
		}
	}
	return s.withDepends(o, QueryResult{Line: st.Line, Query: strings.TrimSpace(strings.TrimPrefix(st.Src, "?")), Object: s.view(o), Trace: tr})
}

// check answers "? can REF attack|block|tap|untap". The scenario happens
// during your turn; blocking is checked as if the object's controller were
// the defending player.
func (s *state) check(o *Object, st *Stmt) QueryResult {
	i := s.slot[o]
	c := s.ch[i]
	creature := c.is("Creature")
	haste := c.hasKeyword("haste")
	var no, yes []Reason
	sick := !o.continuous
	sickText := "it has not been under its controller's control continuously since their most recent turn began"
	if o.continuous {
		sickText = "it has been under its controller's control continuously since their most recent turn began"
	}
	switch st.Check {
	case "attack":
		if !creature {
			no = append(no, Reason{"508.1a", "only creatures can be declared as attackers, and it is not a creature"})
		}
		if c.Controller != You {
			no = append(no, Reason{"508.1a", "the active player declares attackers from the creatures they control; the scenario is your turn and the opponent controls it"})
		}
		if o.tapped {
			no = append(no, Reason{"508.1a", "attacking creatures must be untapped, and it is tapped"})
		}
		if c.is("Battle") {
			no = append(no, Reason{"508.1a", "a creature that is also a battle can't attack"})
		}
		if creature && c.hasKeyword("defender") {
			no = append(no, Reason{"702.3b", "a creature with defender can't attack"})
		}
		for _, r := range s.restrict {
			if r.slot == i && r.op == opCantAttack {
				no = append(no, Reason{"508.1c", fmt.Sprintf("it is affected by a restriction: %s (%s)", r.e.t.Sentence, r.e.name())})
			}
		}
		if creature {
			switch {
			case sick && haste:
				yes = append(yes, Reason{"702.10b", "it has haste, so it can attack even though " + sickText})
			case sick:
				no = append(no, Reason{"302.6", "a creature can't attack unless it has been under its controller's control continuously since their most recent turn began; " + sickText + " (how long it has been a creature does not matter)"})
			default:
				yes = append(yes, Reason{"302.6", sickText + ", so summoning sickness does not stop it (how long it has been a creature does not matter)"})
			}
		}
		if len(no) == 0 {
			yes = append(yes, Reason{"508.1a", "it is an untapped creature its controller, the active player, controls"})
		}
	case "block":
		if !creature {
			no = append(no, Reason{"509.1a", "only creatures can be declared as blockers, and it is not a creature"})
		}
		if o.tapped {
			no = append(no, Reason{"509.1a", "blocking creatures must be untapped, and it is tapped"})
		}
		if c.is("Battle") {
			no = append(no, Reason{"509.1a", "a creature that is also a battle can't block"})
		}
		for _, r := range s.restrict {
			if r.slot == i && r.op == opCantBlock {
				no = append(no, Reason{"509.1b", fmt.Sprintf("it is affected by a restriction: %s (%s)", r.e.t.Sentence, r.e.name())})
			}
		}
		if len(no) == 0 {
			yes = append(yes, Reason{"509.1a", "its controller, as the defending player, may declare it as a blocker: it is an untapped creature"})
			yes = append(yes, Reason{"302.6", "summoning sickness restricts attacking and {T}/{Q} abilities, not blocking"})
		}
	case "tap", "untap":
		sym, rule, kw := "{T}", "107.5", "702.10c"
		if st.Check == "untap" {
			sym, rule = "{Q}", "107.6"
		}
		if st.Check == "tap" && o.tapped {
			no = append(no, Reason{rule, "a permanent that's already tapped can't be tapped again to pay a " + sym + " cost"})
		}
		if st.Check == "untap" && !o.tapped {
			no = append(no, Reason{rule, "a permanent that's already untapped can't be untapped again to pay a " + sym + " cost"})
		}
		switch {
		case !creature:
			yes = append(yes, Reason{"302.6", "it is not a creature, so the " + sym + " restriction for creatures does not apply (even if it came under its controller's control this turn)"})
		case sick && haste:
			yes = append(yes, Reason{kw, "it has haste, so its " + sym + " abilities can be activated even though " + sickText})
		case sick:
			no = append(no, Reason{"302.6", "a creature's " + sym + " ability can't be activated unless it has been under its controller's control continuously since their most recent turn began; " + sickText})
		default:
			yes = append(yes, Reason{"302.6", sickText + ", so it can pay " + sym + " costs"})
		}
		if len(no) == 0 {
			yes = append(yes, Reason{rule, fmt.Sprintf("the %s symbol means \"%s this permanent\"", sym, map[bool]string{true: "Untap", false: "Tap"}[st.Check == "untap"])})
		}
	}
	q := QueryResult{Line: st.Line, Query: strings.TrimSpace(strings.TrimPrefix(st.Src, "?")), IsCheck: true, Answer: len(no) == 0}
	if len(no) > 0 {
		q.Reasons = no
	} else {
		q.Reasons = yes
	}
	return s.withDepends(o, q)
}

// JSON returns the report as JSON: {"results":[...],"unmodeled":[...],"errors":[...]}.
func (r *Report) JSON() ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// Text renders the report for people: plain text with **bold** rule
// numbers, as shown in a terminal or in Discord.
func (r *Report) Text() string {
	var b strings.Builder
	for _, q := range r.Results {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "Line %d: ? %s\n", q.Line, q.Query)
		if q.IsCheck {
			ans := "No."
			if q.Answer {
				ans = "Yes."
			}
			b.WriteString(ans + dependsText(q.DependsOnUnmodelled) + "\n")
			for _, rs := range q.Reasons {
				fmt.Fprintf(&b, "  • **%s** %s\n", rs.Rule, rs.Text)
			}
			continue
		}
		v := q.Object
		b.WriteString(objectLine(v) + dependsText(q.DependsOnUnmodelled) + "\n")
		if len(v.Abilities) > 0 {
			fmt.Fprintf(&b, "  Abilities: %s\n", strings.Join(v.Abilities, "; "))
		}
		if len(v.Counters) > 0 {
			var ks []string
			for k := range v.Counters {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			var cs []string
			for _, k := range ks {
				cs = append(cs, fmt.Sprintf("%d %s", v.Counters[k], k))
			}
			fmt.Fprintf(&b, "  Counters: %s\n", strings.Join(cs, ", "))
		}
		if len(q.Trace) == 0 {
			b.WriteString("  No continuous effects apply: printed characteristics (613.1).\n")
		}
		for _, t := range q.Trace {
			fmt.Fprintf(&b, "  Layer %s, **%s**, %s: %s\n", t.Layer, t.Rule, t.Source, t.Effect)
		}
	}
	if len(r.Notes) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Notes:\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "  after line %d: **%s** %s\n", n.Line, n.Rule, n.Text)
		}
	}
	if len(r.Unmodeled) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Not modelled (reported, not applied):\n")
		for _, u := range r.Unmodeled {
			fmt.Fprintf(&b, "  line %d, %s: %s\n", u.Line, u.Source, u.Sentence)
		}
	}
	if len(r.Errors) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Errors:\n")
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "  line %d: %s\n", e.Line, e.Message)
		}
	}
	if b.Len() == 0 {
		return "No queries: add \"? REF\" or \"? can REF attack\" lines.\n"
	}
	return b.String()
}

func objectLine(v *ObjectView) string {
	var b strings.Builder
	name := v.Name
	if name == "" {
		name = "(no name)"
	}
	b.WriteString(name)
	if v.Power != nil {
		fmt.Fprintf(&b, " %d/%d", *v.Power, *v.Toughness)
	}
	tl := strings.Join(append(append([]string(nil), v.Supertypes...), v.Types...), " ")
	if len(v.Subtypes) > 0 {
		tl += " — " + strings.Join(v.Subtypes, " ")
	}
	fmt.Fprintf(&b, ", %s, %s", tl, colorText(v.Colors))
	if v.Token {
		b.WriteString(", token")
	}
	if v.Tapped {
		b.WriteString(", tapped")
	}
	fmt.Fprintf(&b, "; controller %s, owner %s", v.Controller, v.Owner)
	return b.String()
}

// reRuleID finds CR rule numbers in text ("302.6", "613.4c").
var reRuleID = regexp.MustCompile(`\b[1-9]\d{2}\.\d+[a-z]?\b`)

// Rules returns every CR rule number the report cites (trace steps, check
// reasons, notes, and numbers quoted in their text), sorted and distinct,
// for callers that attach citations and links.
func (r *Report) Rules() []string {
	seen := map[string]bool{}
	add := func(s string) {
		for _, id := range reRuleID.FindAllString(s, -1) {
			seen[id] = true
		}
	}
	for _, q := range r.Results {
		for _, t := range q.Trace {
			add(t.Rule + " " + t.Effect)
		}
		for _, rs := range q.Reasons {
			add(rs.Rule + " " + rs.Text)
		}
	}
	for _, n := range r.Notes {
		add(n.Rule + " " + n.Text)
	}
	for _, e := range r.Errors {
		add(e.Message)
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
