package engine

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Report is the outcome of a scenario run.
type Report struct {
	Results   []QueryResult `json:"results"`
	Unmodeled []Unmodeled   `json:"unmodeled"`
	Errors    []RunError    `json:"errors"`
	// Notes are state-based actions and one-shot events the engine
	// performed after a statement (704.5f, 704.5m, 704.5n, 704.5q, a
	// destroyed or exiled object).
	Notes []Note `json:"notes"`
}

// Note is a state-based action or one-shot event the engine performed
// after a statement.
type Note struct {
	Line int    `json:"line"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	// Routine: a step of the turn in which nothing happened ("the end
	// step begins", "untaps 0 permanents"), which the brief answer leaves
	// out.
	Routine bool `json:"-"`
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
	// Summary says what the answer means when the question has more than
	// one reading ("Yes, to pay a cost such as convoke ..."); "" if it has one.
	Summary string
	Reasons []Reason
	// DependsOnUnmodelled quotes the text the engine could not model that
	// may change this answer (filled by dependsOnUnmodelled).
	DependsOnUnmodelled []string
	// Info answers a question about the game ("? life", "? stack", "?
	// graveyard", "? turn", "? damage REF"), with Reasons.
	Info *InfoView
	// Player answers "? you" and "? opponent": the effects on that player.
	Player *PlayerView
}

// MarshalJSON writes the object shape or the check shape.
func (q QueryResult) MarshalJSON() ([]byte, error) {
	if q.Info != nil {
		rs := q.Reasons
		if rs == nil {
			rs = []Reason{}
		}
		return json.Marshal(struct {
			Line    int       `json:"line"`
			Query   string    `json:"query"`
			Info    *InfoView `json:"info"`
			Reasons []Reason  `json:"reasons"`
			Depends []string  `json:"depends_on_unmodelled,omitempty"`
		}{q.Line, q.Query, q.Info, rs, q.DependsOnUnmodelled})
	}
	if q.Player != nil {
		return json.Marshal(struct {
			Line   int         `json:"line"`
			Query  string      `json:"query"`
			Player *PlayerView `json:"player"`
		}{q.Line, q.Query, q.Player})
	}
	if q.IsCheck {
		rs := q.Reasons
		if rs == nil {
			rs = []Reason{}
		}
		return json.Marshal(struct {
			Line    int      `json:"line"`
			Query   string   `json:"query"`
			Answer  bool     `json:"answer"`
			Summary string   `json:"summary,omitempty"`
			Reasons []Reason `json:"reasons"`
			Depends []string `json:"depends_on_unmodelled,omitempty"`
		}{q.Line, q.Query, q.Answer, q.Summary, rs, q.DependsOnUnmodelled})
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
		Info    *InfoView   `json:"info"`
		Summary string      `json:"summary"`
		Reasons []Reason    `json:"reasons"`
		Depends []string    `json:"depends_on_unmodelled"`
		Player  *PlayerView `json:"player"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*q = QueryResult{Line: raw.Line, Query: raw.Query, Object: raw.Object, Trace: raw.Trace, Summary: raw.Summary, Reasons: raw.Reasons, DependsOnUnmodelled: raw.Depends, Info: raw.Info, Player: raw.Player}
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
	// Damage marked on it (120.3e) and its part in combat ("attacking
	// opponent", "blocking Bear"), when it has any.
	Damage int    `json:"damage,omitempty"`
	Combat string `json:"combat,omitempty"`
	// Zone: where an object outside the battlefield is ("your
	// graveyard", "the stack"); "" for a permanent.
	Zone string `json:"zone,omitempty"`
}

// HasSubtype reports whether the object has the subtype st. An object that
// is every creature type (702.73a, shown as "All creature types") has each
// creature type, and no land, artifact or enchantment type by it.
func (v *ObjectView) HasSubtype(st string) bool {
	return hasSubtype(v.Subtypes, v.Types, st)
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
	v.Damage = o.damage
	v.Combat = s.g.combatRole(o)
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
// during your turn, so the opponent is the defending player (506.2); for a
// creature you control, blocking is answered for an opponent's turn, and
// the answer says so.
func (s *state) check(o *Object, st *Stmt) QueryResult {
	return s.withDepends(o, s.checkAnswer(o, st))
}

// checkAnswer is check's answer before the unmodelled text it may depend
// on is named.
func (s *state) checkAnswer(o *Object, st *Stmt) QueryResult {
	i := s.slot[o]
	c := s.ch[i]
	creature := c.is("Creature")
	haste := c.hasKeyword("haste") || s.asThoughHaste(i)
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
		if c.Controller != s.g.active {
			no = append(no, Reason{"508.1a", fmt.Sprintf("the active player declares attackers from the creatures they control; it is %s turn and %s it", poss(s.g.active), says(c.Controller, "controls"))})
		}
		if o.tapped {
			no = append(no, Reason{"508.1a", "attacking creatures must be untapped, and it is tapped"})
		}
		if c.is("Battle") {
			no = append(no, Reason{"508.1a", "a creature that is also a battle can't attack"})
		}
		if creature && s.defenderStops(i) {
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
			yes = append(yes, s.undecided(i, "attack")...)
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
		undecided := s.undecided(i, "block")
		if c.Controller == s.g.active && s.g.active == Opponent {
			no = append(no, Reason{"506.2", "it is the opponent's turn: the opponent is the attacking player and only the defending player (you) declares blockers (509.1a)"})
		}
		if c.Controller == You && s.g.active == You {
			// The scenario is your turn: you are the attacking player, and
			// only the defending player's creatures block (506.2, 509.1a).
			// Whether it could block on an opponent's turn is answered, and
			// said to be so.
			turn := Reason{"506.2", "the scenario is your turn: in its combat you are the attacking player and the opponent the defending player, and only the defending player declares blockers (509.1a), so it can't block this turn"}
			if len(no) > 0 {
				q := s.checkResult(st, false, append(no, turn))
				q.Summary = "No: not on this turn, which is yours (506.2), nor on an opponent's turn as things stand."
				return q
			}
			yes = append(yes, Reason{"509.1a", "on an opponent's turn, when you are the defending player, you may declare it as a blocker: it is an untapped creature you control"}, turn)
			yes = append(yes, Reason{"302.6", "summoning sickness restricts attacking and {T}/{Q} abilities, not blocking"})
			q := s.checkResult(st, true, yes)
			q.Summary = "Yes, on an opponent's turn when you are the defending player; not on this turn, which is yours (506.2)."
			return q
		}
		if len(no) == 0 {
			yes = append(yes, undecided...)
		}
		if len(no) == 0 && s.g.active == Opponent {
			yes = append(yes, Reason{"509.1a", "its controller, you, is the defending player on the opponent's turn (506.2) and may declare it as a blocker: it is an untapped creature"})
			yes = append(yes, Reason{"302.6", "summoning sickness restricts attacking and {T}/{Q} abilities, not blocking"})
		} else if len(no) == 0 {
			yes = append(yes, Reason{"509.1a", "its controller, the opponent, is the defending player on your turn (506.2) and may declare it as a blocker: it is an untapped creature"})
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
		case sick && st.Check == "tap" && !o.tapped:
			// 302.6 forbids activating the creature's own {T} abilities;
			// other costs may still tap it (convoke, crew).
			return s.tapSick(c, st, sickText)
		case sick:
			no = append(no, Reason{"302.6", "a creature's " + sym + " ability can't be activated unless it has been under its controller's control continuously since their most recent turn began; " + sickText})
		default:
			yes = append(yes, Reason{"302.6", sickText + ", so it can pay " + sym + " costs"})
		}
		if len(no) == 0 {
			yes = append(yes, Reason{rule, fmt.Sprintf("the %s symbol means \"%s this permanent\"", sym, map[bool]string{true: "Untap", false: "Tap"}[st.Check == "untap"])})
		}
	}
	if len(no) > 0 {
		return s.checkResult(st, false, no)
	}
	return s.checkResult(st, true, yes)
}

func (s *state) checkResult(st *Stmt, answer bool, reasons []Reason) QueryResult {
	return QueryResult{Line: st.Line, Query: strings.TrimSpace(strings.TrimPrefix(st.Src, "?")), IsCheck: true, Answer: answer, Reasons: reasons}
}

// tapSick answers "? can REF tap" for an untapped creature that has not
// been under its controller's control since their turn began and has no
// haste. The question has two readings: 302.6 forbids activating its own
// {T} abilities, but it can still be tapped to pay another cost, such as
// convoke's (702.51a) or a Vehicle's crew cost (702.122a). With no {T}
// ability of its own, only the second reading applies: yes.
func (s *state) tapSick(c *Chars, st *Stmt, sickText string) QueryResult {
	q := s.checkResult(st, false, nil)
	other := []Reason{
		{"702.51a", "its controller can tap it to pay for a spell with convoke (an untapped creature they control, tapped rather than paying mana); summoning sickness doesn't stop that"},
		{"702.122a", "its controller can tap it to pay a Vehicle's crew cost (other untapped creatures they control); summoning sickness doesn't stop that"},
	}
	own := tapAbilities(c, "{T}")
	if len(own) == 0 {
		q.Answer = true
		q.Summary = "Yes, to pay a cost such as convoke or crew. It has no {T} ability of its own; one couldn't be activated this turn (302.6)."
		q.Reasons = append(other, Reason{"302.6", "a creature's {T} ability can't be activated unless it has been under its controller's control continuously since their most recent turn began; " + sickText + ", but it has no {T} ability"})
		return q
	}
	q.Summary = "No, not for its own {T} abilities (302.6); yes, to pay a cost such as convoke or crew."
	q.Reasons = append([]Reason{{"302.6", fmt.Sprintf("a creature's {T} ability can't be activated unless it has been under its controller's control continuously since their most recent turn began; %s, so it can't activate %s", sickText, strings.Join(quoteAll(own), ", "))}}, other...)
	return q
}

// tapAbilities are the activated abilities whose cost includes sym ({T} or
// {Q}).
func tapAbilities(c *Chars, sym string) []string {
	var out []string
	seen := map[string]bool{}
	for _, ai := range c.Abilities {
		if ai.a.Kind == abTriggered || seen[ai.a.Text] {
			continue
		}
		cost, _, ok := strings.Cut(ai.a.Text, ":")
		if ok && strings.Contains(cost, sym) {
			seen[ai.a.Text] = true
			out = append(out, ai.a.Text)
		}
	}
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// JSON returns the report as JSON:
// {"results":[...],"unmodeled":[...],"errors":[...],"notes":[...]}.
// Every list is present, empty when there is nothing to report.
func (r *Report) JSON() ([]byte, error) {
	out := *r
	if out.Notes == nil {
		out.Notes = []Note{}
	}
	return json.MarshalIndent(&out, "", "  ")
}

// Text renders the report for people: plain text with **bold** rule
// numbers, as shown in a terminal or in Discord.
func (r *Report) Text() string {
	var b strings.Builder
	for _, q := range r.Results {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "Line %d: ? %s\n", q.Line, q.Query)
		if q.Info != nil {
			b.WriteString(capitalize(q.Info.Answer) + "." + dependsText(q.DependsOnUnmodelled) + "\n")
			for _, rs := range q.Reasons {
				fmt.Fprintf(&b, "  • **%s** %s\n", rs.Rule, rs.Text)
			}
			continue
		}
		if q.Player != nil {
			fmt.Fprintf(&b, "%s: %d life, %s.\n", capitalize(q.Player.Player), q.Player.Life, countersOf(q.Player.Poison, "poison"))
			if len(q.Player.Effects) == 0 {
				fmt.Fprintf(&b, "No continuous effects apply to %s.\n", q.Player.Player)
			}
			for _, e := range q.Player.Effects {
				fmt.Fprintf(&b, "  **%s** %s: %s\n", e.Rule, e.Source, e.Text)
			}
			continue
		}
		if q.IsCheck {
			b.WriteString(q.checkAnswer() + dependsText(q.DependsOnUnmodelled) + "\n")
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
			fmt.Fprintf(&b, "  Counters: %s\n", counterList(v.Counters))
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

// Brief is the report in a few lines: each query's answer on one line with
// the rules it rests on, then what the engine noted as it ran, then how
// many sentences it could not model. It is what an answer to a question
// shows of a scenario run for it; Text is the whole report.
func (r *Report) Brief() []string {
	var out []string
	for _, q := range r.Results {
		var ans string
		var rules []string
		switch {
		case q.Info != nil:
			ans = capitalize(q.Info.Answer) + "."
		case q.Player != nil:
			ans = fmt.Sprintf("%s: %d life, %s.", capitalize(q.Player.Player), q.Player.Life, countersOf(q.Player.Poison, "poison"))
		case q.IsCheck:
			ans = q.checkAnswer()
		default:
			ans = objectLine(q.Object)
			if len(q.Object.Counters) > 0 {
				ans += "; counters: " + counterList(q.Object.Counters)
			}
			if len(q.Object.Abilities) > 0 {
				ans += "; abilities: " + strings.Join(q.Object.Abilities, "; ")
			}
			for _, t := range q.Trace {
				rules = append(rules, t.Rule)
			}
		}
		for _, rs := range q.Reasons {
			rules = append(rules, rs.Rule)
		}
		var cited []string
		for _, rule := range rules {
			if !slices.Contains(cited, rule) {
				cited = append(cited, rule)
			}
		}
		line := "? " + q.Query + ": " + ans
		if len(cited) > 0 {
			line += " (" + strings.Join(cited[:min(len(cited), 3)], ", ") + ")"
		}
		if len(q.DependsOnUnmodelled) > 0 {
			line += " It depends on text the engine could not model."
		}
		out = append(out, line)
	}
	for _, n := range r.Notes {
		if !n.Routine {
			out = append(out, n.Rule+" "+n.Text)
		}
	}
	switch n := len(r.Unmodeled); n {
	case 0:
	case 1:
		out = append(out, "1 sentence of the cards' text is not modelled (run the lines to see which).")
	default:
		out = append(out, fmt.Sprintf("%d sentences of the cards' text are not modelled (run the lines to see which).", n))
	}
	return out
}

// checkAnswer is a check's answer: its summary, else "Yes." or "No.".
func (q QueryResult) checkAnswer() string {
	switch {
	case q.Summary != "":
		return q.Summary
	case q.Answer:
		return "Yes."
	}
	return "No."
}

// counterList lists counters by kind, in order: "8 loyalty, 1 +1/+1".
func counterList(counters map[string]int) string {
	var ks []string
	for k := range counters {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var cs []string
	for _, k := range ks {
		cs = append(cs, fmt.Sprintf("%d %s", counters[k], k))
	}
	return strings.Join(cs, ", ")
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
	if v.Damage > 0 {
		fmt.Fprintf(&b, ", %d damage marked", v.Damage)
	}
	if v.Combat != "" {
		b.WriteString(", " + v.Combat)
	}
	in := "in "
	if v.Zone == "the stack" {
		in = "on "
	}
	switch {
	case v.Zone != "" && v.Controller == "":
		fmt.Fprintf(&b, "; %s%s, owner %s (a card there has no controller, 108.4)", in, v.Zone, v.Owner)
	case v.Zone != "":
		fmt.Fprintf(&b, "; %s%s, controller %s, owner %s", in, v.Zone, v.Controller, v.Owner)
	default:
		fmt.Fprintf(&b, "; controller %s, owner %s", v.Controller, v.Owner)
	}
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
		if q.Player != nil {
			for _, e := range q.Player.Effects {
				add(e.Rule)
			}
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
